/**
 * What the outbox is given (createOutbox) and what an enqueue may add: kept apart from the send
 * loop (outbox.ts) so that each file reads on its own.
 */
import type { ApiClient } from '../api/client';
import type { OutboxDoc, Store } from '../store/database';
import type { StoredFile } from '../store/files';
import type { CommandRegistry } from './commands';
import type { FlushLock } from './locks';
import type { Refetch } from './pending-docs';

export interface OutboxEnv<Reg extends CommandRegistry = CommandRegistry> {
  store: Store;
  api: ApiClient;
  registry: Reg;
  now?: () => number;
  random?: () => number;
  lock?: FlushLock;
  /** How many entities are sent at once. */
  concurrency?: number;
  /** Called when the server refuses a command (the UI tells the user). */
  onRejected?: (command: OutboxDoc) => void;
  /** Called when a command needs the session (401 after the refresh failed). */
  onSessionNeeded?: () => void;
  /** Re-reads the server's copy of a document after a refusal (the modules know how). */
  refetch?: Refetch;
  /** Upload progress of a file command, 0–100 (null when it ends, sent or not). */
  onProgress?: (commandId: string, percent: number | null) => void;
  /**
   * True when the device knows it has no network (the browser's navigator.onLine). Nothing is tried
   * then: each attempt would only fail (and log a network error); the `online` event flushes.
   */
  isOffline?: () => boolean;
  /** The longest an enqueue's `sendAfter` holds the sends (send-holds.ts SEND_HOLD_MAX_MS by default). */
  sendHoldMaxMs?: number;
}

export interface EnqueueOptions {
  files?: Omit<StoredFile, 'createdAt'>[];
  dependsOn?: string | null;
  /**
   * No send starts before this settles (at most `sendHoldMaxMs`): the screen a gesture leads to is
   * painted first, without the upload beside it (send-holds.ts). The command is written at
   * once all the same.
   */
  sendAfter?: Promise<unknown>;
}
