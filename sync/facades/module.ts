/**
 * How a module plugs into the engine. The engine stays generic (store,
 * outbox, session, unsent work); each module (OS, interventions, echopark,
 * visits, account, reference data) brings its facade — the one door screens
 * use: typed `watch…` queries, `refresh…` pulls, named operations, drafts —
 * and, where it needs them, how to re-read the server's copy of a document
 * after a refusal, what to do once the store opens, and what unsent work it
 * knows beyond the outbox. Screens never hold `db` or `api`.
 */
import type { ApiClient } from '../api/client';
import type { UserData } from '../contract/core';
import type { OperationOutbox } from '../commands/operation';
import type { Database, OutboxDoc } from '../store/database';
import type { FileStore } from '../store/files';
import type { CollectionName } from '../store/schemas';
import type { DraftKit } from '../drafts/kit';
import type { PrimePass } from '../briefcase/types';

/** What a module's facade works with; `db()` and `files()` throw NoLocalStore when no store is open. */
export interface ModuleContext {
  db(): Database;
  files(): FileStore;
  api: ApiClient;
  outbox: OperationOutbox;
  drafts: DraftKit;
  user(): UserData | null;
  /** A detail was opened ('intervention:12'): the briefcase evicts least recently viewed objects first. */
  viewed(object: string): void;
}

/** Something not yet on the server, as the sign-out warning and the export list it. */
export interface UnsentItem {
  kind: 'command' | 'refused' | 'draft' | 'unsaved-visit' | 'file';
  /** French, names the object: « Brouillon d'OS (Résidence Les Tilleuls) ». */
  label: string;
  /** The object it belongs to ('os:tmp-…', 'visit:12'), for grouping. */
  object: string;
  /** Blob-store ids of the files it holds (exported with it). */
  fileIds: string[];
}

/**
 * What a prefetch pulled less than this ago is not asked again: a reload, or the next screen opened
 * from a link, would otherwise pull and write it again while the first screen settles.
 */
export const PREFETCH_MAX_AGE_MS = 10 * 60_000;

/** A module as the engine holds it while a user is signed in: its facade and its hooks. */
export interface ModuleInstance<F = unknown> {
  facade: F;
  /**
   * Re-reads the server's copy of a document (after a refusal), by collection; 'local' for local
   * documents ('user', 'echopark:communities'): answer false for an id the module does not own.
   */
  refetch?: Partial<Record<CollectionName | 'local', (id: string) => Promise<void | boolean>>>;
  /** Runs once the user's store is open. */
  start?(): Promise<void>;
  /** Runs before the outbox stops (the store closes): drafts queue what was typed. */
  stop?(): Promise<void>;
  /** The page is hiding: grouped writes go to disk now. */
  flush?(): Promise<void>;
  /** Follows the outbox's commands (every change). */
  onCommands?(commands: readonly OutboxDoc[]): void;
  /** Unsent work this module holds outside the outbox and the drafts kit (a visit's unsaved copy…). */
  unsent?(): Promise<UnsentItem[]>;
  /**
   * After sign-in, what the user's roles will need offline (a tunnel's reference data…), so that a
   * user who signs in and goes down to the basement finds it (spec part 1 §4 "Session and version").
   * What was pulled less than PREFETCH_MAX_AGE_MS ago is not pulled again.
   */
  prefetch?(roles: readonly string[]): Promise<void>;
  /**
   * The offline briefcase (issue 20): queues on the pass everything the user's roles open in this
   * module (list pages, then each open object's detail and children, its media); resolves once its
   * tasks are done. A module the roles do not open queues nothing.
   */
  prime?(roles: readonly string[], pass: PrimePass): Promise<void>;
  /**
   * Removes a closed object of this module ('intervention:12') and what hangs on it, to bring the
   * briefcase under its budget; false when the object is not the module's, not closed, or pending.
   */
  forget?(object: string): Promise<boolean>;
}

/** A module: built once per engine from the context (its facade is stable; the store is read lazily). */
export type EngineModule<F = unknown> = (ctx: ModuleContext) => ModuleInstance<F>;

/** The facades of a set of modules, by name. */
export type FacadesOf<M extends Record<string, EngineModule>> = { [K in keyof M]: ReturnType<M[K]>['facade'] };
