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
  /** Multipart upload: the blob id in the file store, sent in field `file` with these extra fields. */
  file?: { id: string; fields?: Record<string, string> };
}

/** Server ids of objects created by earlier commands, by their temporary id. */
export type IdMap = Record<string, string>;

export interface CommandContext {
  db: Database;
  files: FileStore;
}

export interface CommandDefinition<P extends Record<string, unknown> = Record<string, unknown>, R = unknown> {
  name: string;
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
  /** Undoes the optimistic effect after a rejection or a discard (usually by pulling the truth again). */
  rollback?(ctx: CommandContext, payload: P): Promise<void>;
  /** A newer command of the same name and entity replaces a pending older one (repeated visit saves). */
  coalesce?: boolean;
}

export type CommandRegistry = Record<string, CommandDefinition<any, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- heterogeneous payloads

export function defineCommand<P extends Record<string, unknown>, R = unknown>(definition: CommandDefinition<P, R>): CommandDefinition<P, R> {
  return definition;
}
