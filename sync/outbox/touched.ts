/**
 * Which local documents the outbox's unsent commands touch, and what happens
 * to them when a command leaves the line (sent, refused or discarded): a
 * document no other unsent command touches is released — pending cleared, or
 * a refusal undone and the server's copy read again (pending-docs.ts). Kept
 * apart from the outbox's send loop, which calls it.
 */
import type { Subscription } from 'rxjs';
import type { OutboxDoc, Store } from '../store/database';
import type { CommandRegistry, IdMap } from './commands';
import { docKey, parseKey, refetchDoc, releaseDocs, rememberRefusal, resolveKey, setPending, type DocKey, type Refetch } from './pending-docs';
import { TouchIndex } from './touch-index';

type Command = Pick<OutboxDoc, 'name' | 'payload'>;

export interface TouchedEnv {
  db: Store['db'];
  registry: CommandRegistry;
  readIdMap: () => Promise<IdMap>;
  /** The temporary ids known to name a server id (the id map read backwards). */
  temporariesOf: (serverId: string) => readonly string[];
  /** Sent and waiting for their batched removal: no longer unsent. */
  isCompleted: (id: string) => boolean;
  refetch: Refetch;
  /** The outbox's one-at-a-time lane for local effects. */
  exclusive: <T>(run: () => Promise<T>) => Promise<T>;
}

export function touchedDocuments({ db, registry, readIdMap, temporariesOf, isCompleted, refetch, exclusive }: TouchedEnv) {
  const namedKeys = (command: Command): string[] => registry[command.name]?.touches?.(command.payload) ?? [];
  /** The documents a command touches, with the server's ids where they are known. */
  const touchesOf = (command: Command, ids: IdMap): string[] => namedKeys(command).map((key) => resolveKey(key, ids));
  const index = new TouchIndex(namedKeys);

  // The outbox is listed again only once it changed (a write of this tab or another's: RxDB's change
  // events carry both). Sending a backlog releases a document per command, and listing the outbox
  // at each release cost 0.3 ms per command (bench engine, backlog).
  let changes = 0;
  let looked = -1;
  let following: Subscription | null = null;
  async function lookAtOutbox(): Promise<void> {
    following ??= db.outbox.$.subscribe(() => changes++);
    if (looked === changes) return;
    const seen = changes;
    index.update(await db.outbox.find().exec());
    looked = seen;
  }
  /** The outbox stopped: its changes are no longer followed (the next look lists it again). */
  function close(): void {
    following?.unsubscribe();
    following = null;
    looked = -1;
  }

  /**
   * As the outbox stands now: does an unsent command other than `self` (waiting or in flight, not
   * refused, not sent) touch this document? A command may name it by a temporary id.
   */
  async function touchedByOthers(self: string | null): Promise<(key: DocKey) => boolean> {
    return othersThan(new Set(self === null ? [] : [self]));
  }

  async function othersThan(selves: ReadonlySet<string>): Promise<(key: DocKey) => boolean> {
    await lookAtOutbox();
    const ids = await readIdMap();
    const holds = (named: DocKey) => {
      for (const id of index.commandsOn(named)) if (!selves.has(id) && !isCompleted(id)) return true;
      return false;
    };
    return (key) => {
      const resolved = resolveKey(key, ids);
      const { collection, id } = parseKey(resolved);
      return holds(resolved) || temporariesOf(id).some((tempId) => holds(docKey(collection, tempId)));
    };
  }

  /**
   * Commands left the line (sent, or one refused): the documents they touch that no other unsent
   * command touches are released, all at once; returns those to read again.
   */
  async function release(commands: readonly OutboxDoc[], refused: boolean, only?: string[]): Promise<string[]> {
    const ids = await readIdMap();
    const keys = [...new Set(only ?? commands.flatMap((command) => touchesOf(command, ids)))];
    if (keys.length === 0) return [];
    const touchedByOther = await othersThan(new Set(commands.map((command) => command.id)));
    const free: string[] = [];
    for (const key of keys) {
      if (refused) await rememberRefusal(db, key);
      if (touchedByOther(key)) await setPending(db, key, true);
      else free.push(key);
    }
    return releaseDocs(db, free);
  }

  /** Documents released: the server's copies are read again, outside the lane (network). */
  async function readAgain(keys: readonly string[]): Promise<void> {
    for (const key of keys) await refetchDoc(db, key, refetch);
  }

  /** A refusal undone, then the server's copies read again. */
  async function releaseRefused(command: OutboxDoc, only?: string[]): Promise<void> {
    await readAgain(await exclusive(() => release([command], true, only)));
  }

  async function markTouched(command: Command): Promise<void> {
    for (const key of touchesOf(command, await readIdMap())) await setPending(db, key, true);
  }

  return { touchesOf, touchedByOthers, release, readAgain, releaseRefused, markTouched, close };
}
