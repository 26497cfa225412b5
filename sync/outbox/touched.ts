/**
 * Which local documents the outbox's unsent commands touch, and what happens
 * to them when a command leaves the line (sent, refused or discarded): a
 * document no other unsent command touches is released — pending cleared, or
 * a refusal undone and the server's copy read again (pending-docs.ts). Kept
 * apart from the outbox's send loop, which calls it.
 */
import type { OutboxDoc, Store } from '../store/database';
import type { CommandRegistry, IdMap } from './commands';
import { refetchDoc, releaseDoc, rememberRefusal, resolveKey, setPending, type Refetch } from './pending-docs';

type Command = Pick<OutboxDoc, 'name' | 'payload'>;

export interface TouchedEnv {
  db: Store['db'];
  registry: CommandRegistry;
  readIdMap: () => Promise<IdMap>;
  /** Sent and waiting for their batched removal: no longer unsent. */
  isCompleted: (id: string) => boolean;
  refetch: Refetch;
  /** The outbox's one-at-a-time lane for local effects. */
  exclusive: <T>(run: () => Promise<T>) => Promise<T>;
}

export function touchedDocuments({ db, registry, readIdMap, isCompleted, refetch, exclusive }: TouchedEnv) {
  /** The documents a command touches, with the server's ids where they are known. */
  const touchesOf = (command: Command, ids: IdMap): string[] => (registry[command.name]?.touches?.(command.payload) ?? []).map((key) => resolveKey(key, ids));

  /** Documents touched by unsent commands other than `self` (waiting or in flight, not refused, not sent). */
  async function touchedByOthers(self: string | null): Promise<Set<string>> {
    const ids = await readIdMap();
    const keys = new Set<string>();
    for (const doc of await db.outbox.find().exec()) {
      if (doc.id === self || isCompleted(doc.id) || doc.status === 'rejected') continue;
      for (const key of touchesOf(doc, ids)) keys.add(key);
    }
    return keys;
  }

  /** The command left the line: its documents no other unsent command touches are released; returns those to read again. */
  async function release(command: OutboxDoc, refused: boolean, only?: string[]): Promise<string[]> {
    const keys = only ?? touchesOf(command, await readIdMap());
    if (keys.length === 0) return [];
    const others = await touchedByOthers(command.id);
    const toRead: string[] = [];
    for (const key of keys) {
      if (refused) await rememberRefusal(db, key);
      if (others.has(key)) await setPending(db, key, true);
      else if (await releaseDoc(db, key)) toRead.push(key);
    }
    return toRead;
  }

  /** Documents released: the server's copies are read again, outside the lane (network). */
  async function readAgain(keys: readonly string[]): Promise<void> {
    for (const key of keys) await refetchDoc(db, key, refetch);
  }

  /** A refusal undone, then the server's copies read again. */
  async function releaseRefused(command: OutboxDoc, only?: string[]): Promise<void> {
    await readAgain(await exclusive(() => release(command, true, only)));
  }

  async function markTouched(command: Command): Promise<void> {
    for (const key of touchesOf(command, await readIdMap())) await setPending(db, key, true);
  }

  return { touchesOf, touchedByOthers, release, readAgain, releaseRefused, markTouched };
}
