/**
 * Sent commands on their way out of the store (sync/outbox/sent-commands.ts): their documents are
 * released together, then they are removed; never removed before their release, and kept when the
 * release fails.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, removeStore, type OutboxDoc, type Store } from '../../sync/store/database';
import { sentCommands } from '../../sync/outbox/sent-commands';

const STORE_ID = 910_003;
let store: Store | null = null;
afterEach(async () => {
  await store?.close();
  await removeStore(STORE_ID);
  store = null;
});

async function storedCommands(n: number) {
  store = await openStore(STORE_ID);
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      store!.db.outbox.insert({
        id: `c${i}`,
        seq: i,
        name: 'request.create',
        entity: `request:${i}`,
        label: `Demande ${i}`,
        payload: { tempId: `t${i}` },
        status: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: 0,
        lastError: null,
        dependsOn: null,
        fileIds: [],
      }),
    ),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sent commands', () => {
  it('releases the commands sent in a row together, then removes them', async () => {
    const docs = await storedCommands(5);
    const batches: string[][] = [];
    const sent = sentCommands({
      db: store!.db,
      release: async (commands) => void batches.push(commands.map((c) => c.id)),
      saveIds: async () => undefined,
      removeFiles: async () => undefined,
    });
    for (const doc of docs) sent.add(doc);
    expect(sent.has('c0')).toBe(true);
    expect(batches).toEqual([]);
    // The release window passes: one release for the five.
    await sleep(200);
    expect(batches).toEqual([['c0', 'c1', 'c2', 'c3', 'c4']]);
    expect(await store!.db.outbox.count().exec()).toBe(5);
    await sent.remove();
    expect(await store!.db.outbox.count().exec()).toBe(0);
    expect(sent.has('c0')).toBe(false);
  });

  it('releases before removing, even within the window; the ids are saved before the removal, the files after', async () => {
    const docs = await storedCommands(3);
    const order: string[] = [];
    const sent = sentCommands({
      db: store!.db,
      release: async (commands) => void order.push(`release ${commands.length} with ${await store!.db.outbox.count().exec()} stored`),
      saveIds: async () => void order.push('ids saved'),
      removeFiles: async () => void order.push(`files removed with ${await store!.db.outbox.count().exec()} stored`),
    });
    for (const doc of docs) sent.add(doc);
    await sent.remove();
    expect(order).toEqual(['release 3 with 3 stored', 'ids saved', 'files removed with 0 stored']);
    expect(await store!.db.outbox.count().exec()).toBe(0);
  });

  it('keeps the commands stored when their release fails, and releases them at the next removal', async () => {
    const docs = await storedCommands(2);
    const released: OutboxDoc['id'][] = [];
    let fail = true;
    const sent = sentCommands({
      db: store!.db,
      release: async (commands) => {
        if (fail) throw new Error('store closing');
        released.push(...commands.map((c) => c.id));
      },
      saveIds: async () => undefined,
      removeFiles: async () => undefined,
    });
    for (const doc of docs) sent.add(doc);
    await expect(sent.remove()).rejects.toThrow('store closing');
    expect(await store!.db.outbox.count().exec()).toBe(2);
    fail = false;
    await sent.remove();
    expect(released).toEqual(['c0', 'c1']);
    expect(await store!.db.outbox.count().exec()).toBe(0);
  });

  it('removes a full batch in the background, one removal at a time; a command sent meanwhile goes with the next', async () => {
    const docs = await storedCommands(101);
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const released: string[] = [];
    const sent = sentCommands({
      db: store!.db,
      release: async (commands) => void released.push(...commands.map((c) => c.id)),
      // The id map's write holds the first removal.
      saveIds: () => gate,
      removeFiles: async () => undefined,
    });
    for (const doc of docs.slice(0, 100)) sent.add(doc);
    sent.removeWhenFull();
    await sleep(20);
    // Released, held at the id map's write: the sender did not wait, the commands are still stored.
    expect(released).toHaveLength(100);
    expect(await store!.db.outbox.count().exec()).toBe(101);
    // Sent meanwhile: not removed by the running removal; the next one releases, then removes it.
    sent.add(docs[100]!);
    const next = sent.remove();
    openGate();
    await next;
    expect(released).toHaveLength(101);
    expect(await store!.db.outbox.count().exec()).toBe(0);
  });
});
