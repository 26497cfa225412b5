/**
 * Named operations: what a user does in one gesture (create a request with its
 * photos, finish a debriefing, close a visit) is often several outbox commands
 * on one entity queue, in order. An operation is a plain function of `sync/`
 * over the typed outbox, so the sequence lives in one place, is tested in Node
 * on fake-indexeddb, and a screen only calls it. It returns the ids of the
 * commands it queued, in order; the last one is the one a screen waits for.
 */
import type { EnqueueOptions } from '../outbox/outbox';
import type { StoredFile } from '../store/files';
import type { AppCommandName, AppPayload } from './registry';

/** The part of the engine (or a test's outbox) an operation needs. */
export interface OperationOutbox {
  enqueue<N extends AppCommandName>(name: N, payload: AppPayload<N>, options?: EnqueueOptions): Promise<string>;
}

/** A file picked by the user, kept in the blob store until its upload command leaves. */
export type PickedFile = Omit<StoredFile, 'createdAt'>;

export type Operation<I> = (outbox: OperationOutbox, input: I) => Promise<string[]>;

/** A temporary id for an object created offline; rewritten with the server id once known. */
export const tempId = () => `tmp-${crypto.randomUUID()}`;
