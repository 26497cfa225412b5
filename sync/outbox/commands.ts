/**
 * What a command is: a named, typed user write. Each definition says which
 * entity it touches (FIFO order per entity), how it becomes an HTTP request,
 * its optimistic effect on the local store, and what to do with the answer.
 * Screens never call the API to write: they enqueue commands.
 */
import type { Database } from '../store/database';
import type { FileStore } from '../store/files';

export interface RequestSpec {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  json?: unknown;
  /** A JSON body already written as text: sent as it is. */
  jsonText?: string;
  /** A JSON body kept as a blob in the file store (a visit's forms): its id; sent as it is. */
  jsonFile?: string;
  /** The answer's body is not read: the command has no use for it (see CallOptions.ignoreBody). */
  ignoreAnswer?: boolean;
  /** Multipart upload: the blob id in the file store, sent in field `file` with these extra fields. */
  file?: { id: string; fields?: Record<string, string> };
}

/** Server ids of objects created by earlier commands, by their temporary id. */
export type IdMap = Record<string, string>;

export interface CommandContext {
  db: Database;
  files: FileStore;
  /**
   * True while another unsent command touches the document ('workrequests:12'): an answer must
   * not overwrite the optimistic effect of a later command (store it aside: see pull.ts storeAnswer).
   */
  stillPending(key: string): Promise<boolean>;
}

export interface CommandDefinition<P extends Record<string, unknown> = Record<string, unknown>, R = unknown, N extends string = string> {
  name: N;
  /** French description shown in 'Envois en attente'. */
  label(payload: P): string;
  /** The object the command changes, e.g. 'user:12'; commands of one entity go in order. */
  entity(payload: P): string;
  /** Builds the request; temporary ids of created objects are resolved through ids. */
  request(payload: P, ids: IdMap): RequestSpec;
  /** Optimistic effect, applied once when the command is enqueued. */
  apply?(ctx: CommandContext, payload: P): Promise<void>;
  /** Applied with the server's answer; may return a created object's server id for its temporary id. */
  reconcile?(ctx: CommandContext, payload: P, answer: R): Promise<{ tempId: string; serverId: string } | void>;
  /**
   * The documents the command changes ('interventions:12', 'messages:<temp id>', 'local:user'):
   * pending while it is unsent; undone by the outbox, the same way for every command, if it is
   * refused or discarded (see pending-docs.ts). Temporary ids are resolved once the server's are known.
   */
  touches?(payload: P): string[];
  /** A newer command of the same name and entity replaces a pending older one (repeated visit saves). */
  coalesce?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- heterogeneous payloads: each entry keeps its own type below
export type AnyCommand = CommandDefinition<any, any, string>;
export type CommandRegistry = Record<string, AnyCommand>;

/** The payload type of a definition. */
export type PayloadOf<D> = D extends CommandDefinition<infer P, infer _R, infer _N> ? P : never;

/** A registry as a type: each command's literal name to its definition. */
export type RegistryOf<D extends AnyCommand> = { [C in D as C['name']]: C };

/** Names a registry knows; `enqueue` accepts only these, each with its own payload type. */
export type CommandName<Reg> = Extract<keyof Reg, string>;

/**
 * Declares a command. Curried so the payload and answer types are written out while the name is
 * inferred as a literal: `defineCommand<Payload, Answer>()({ name: 'x.y', … })`. The literal name is
 * what makes a misspelt `enqueue('x.yy', …)` fail to compile.
 */
export function defineCommand<P extends Record<string, unknown>, R = unknown>() {
  return <const N extends string>(definition: CommandDefinition<P, R, N>): CommandDefinition<P, R, N> => definition;
}

/** Builds the name → definition map from a list, typed so that names and payloads are checked. */
export function buildRegistry<const D extends readonly AnyCommand[]>(definitions: D): RegistryOf<D[number]> {
  return Object.fromEntries(definitions.map((d) => [d.name, d])) as RegistryOf<D[number]>;
}
