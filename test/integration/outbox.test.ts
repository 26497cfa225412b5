/**
 * The outbox against the reference server with its fault injection, on
 * fake-indexeddb: exactly-once delivery through dropped connections and lost
 * answers, 5xx bursts, a 401 in the middle, a reload mid-flush, two tabs on
 * one database, a rejected command beside good ones, temporary ids.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryLockManager, webLock } from '../../sync/outbox/locks';
import { buildRegistry, defineCommand } from '../../sync/outbox/commands';
import { photoUpload, testRegistry } from './generic-request';
import { demoPng } from '../../server/seed/images';
import { LOCK_RETRY_MS, createOutbox, type Outbox } from '../../sync/outbox/outbox';
import { closeOpenStores, nextStoreId, openOutbox, serverRequests, startOutboxWorld, type OutboxWorld } from './outbox-harness';
import { until } from './until';

let world: OutboxWorld;
beforeAll(async () => {
  world = await startOutboxWorld();
});
afterEach(async () => {
  world.server.faults.set(null);
  await closeOpenStores();
});
afterAll(() => world.close());

/** A clock the test moves by hand, so backoff waits take no real time. */
function fakeClock() {
  let t = Date.now();
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** Queues a command and tries it once under these faults: it then waits out its backoff (the clock does not move). */
async function queueUnder(
  outbox: { enqueue: Outbox<typeof testRegistry>['enqueue']; flush(): Promise<void> },
  faults: { drop?: number; error?: number },
  tempId: string,
  information: string,
) {
  world.server.faults.set({ latency: 0, drop: faults.drop ?? 0, lost: 0, error: faults.error ?? 0, seed: 1 });
  await outbox.enqueue('request.create', { tempId, information });
  await outbox.flush();
  world.server.faults.set(null);
}

async function drain(outbox: { flush(): Promise<void>; count(): Promise<number> }, clock: { advance(ms: number): void }, rounds = 60) {
  for (let i = 0; i < rounds && (await outbox.count()) > 0; i++) {
    await outbox.flush();
    clock.advance(6 * 60_000);
  }
}

describe('outbox delivery', () => {
  it('keeps commands while the server is unreachable, then sends each once', async () => {
    const clock = fakeClock();
    const { store, outbox } = await openOutbox(world, nextStoreId(), { now: clock.now });
    world.server.faults.set({ latency: 0, drop: 1, lost: 0, error: 0, seed: 1 });
    await outbox.enqueue('request.create', { tempId: 't1', information: 'offline-a' });
    await outbox.enqueue('request.create', { tempId: 't2', information: 'offline-b' });
    await outbox.flush();
    const waiting = await outbox.all();
    expect(waiting).toHaveLength(2);
    expect(waiting.every((c) => c.status === 'pending' && c.attempts === 1 && c.lastError !== null)).toBe(true);
    world.server.faults.set(null);
    await drain(outbox, clock);
    expect(await outbox.count()).toBe(0);
    expect(serverRequests(world, 'offline-')).toEqual(['offline-a', 'offline-b']);
    await store.close();
  });

  it('sendNow (the user asked) sends a command waiting out its backoff at once; flush leaves it waiting', async () => {
    const clock = fakeClock();
    const { store, outbox } = await openOutbox(world, nextStoreId(), { now: clock.now });
    await queueUnder(outbox, { drop: 1 }, 't1', 'now-a');
    await outbox.flush();
    expect(await outbox.count()).toBe(1);
    await outbox.sendNow();
    expect(await outbox.count()).toBe(0);
    expect(serverRequests(world, 'now-')).toEqual(['now-a']);
    await store.close();
  });

  it('lost answers: the change is applied once thanks to the Idempotency-Key', async () => {
    const clock = fakeClock();
    const { store, outbox } = await openOutbox(world, nextStoreId(), { now: clock.now });
    world.server.faults.set({ latency: 0, drop: 0, lost: 1, error: 0, seed: 3 });
    await outbox.enqueue('request.create', { tempId: 't', information: 'lost-1' });
    await outbox.flush();
    expect(serverRequests(world, 'lost-1')).toHaveLength(1);
    expect(await outbox.count()).toBe(1);
    world.server.faults.set(null);
    await drain(outbox, clock);
    expect(serverRequests(world, 'lost-1')).toHaveLength(1);
    expect(await outbox.count()).toBe(0);
    await store.close();
  });

  it('retries through a burst of 5xx', async () => {
    const clock = fakeClock();
    const { store, outbox } = await openOutbox(world, nextStoreId(), { now: clock.now });
    world.server.faults.set({ latency: 0, drop: 0, lost: 0, error: 1, seed: 5 });
    await outbox.enqueue('request.create', { tempId: 't', information: 'burst-1' });
    for (let i = 0; i < 3; i++) {
      await outbox.flush();
      clock.advance(6 * 60_000);
    }
    expect((await outbox.all())[0]?.attempts).toBe(3);
    expect((await outbox.all())[0]?.lastError?.status).toBeGreaterThanOrEqual(500);
    world.server.faults.set(null);
    await drain(outbox, clock);
    expect(serverRequests(world, 'burst-1')).toHaveLength(1);
    await store.close();
  });

  it('a 401 whose refresh fails pauses without counting an attempt; after sign-in it resumes', async () => {
    const clock = fakeClock();
    const sessionNeeded: number[] = [];
    const { store, outbox } = await openOutbox(world, nextStoreId(), { now: clock.now, onSessionNeeded: () => sessionNeeded.push(1) });
    const good = world.tokens.current;
    world.tokens.current = { token: 'expiré', refresh_token: 'révoqué' };
    await outbox.enqueue('request.create', { tempId: 't', information: 'auth-1' });
    await outbox.flush();
    expect(outbox.paused).toBe(true);
    expect(sessionNeeded).toHaveLength(1);
    const [command] = await outbox.all();
    expect(command).toMatchObject({ status: 'pending', attempts: 0 });
    world.tokens.current = good;
    outbox.resume();
    await drain(outbox, clock);
    expect(serverRequests(world, 'auth-1')).toHaveLength(1);
    await store.close();
  });

  it('survives a reload in the middle of a flush', async () => {
    const clock = fakeClock();
    const id = nextStoreId();
    const first = await openOutbox(world, id, { now: clock.now });
    world.server.faults.set({ latency: 150, drop: 0, lost: 0, error: 0, seed: 1 });
    await first.outbox.enqueue('request.create', { tempId: 'a', information: 'reload-a' });
    await first.outbox.enqueue('request.create', { tempId: 'b', information: 'reload-b' });
    const flushing = first.outbox.flush();
    await new Promise((r) => setTimeout(r, 40));
    // The tab dies: the store closes under the flush.
    await first.store.close();
    await flushing.catch(() => undefined);
    world.server.faults.set(null);
    const second = await openOutbox(world, id, { now: clock.now });
    await second.outbox.recover();
    await drain(second.outbox, clock);
    expect(serverRequests(world, 'reload-').sort()).toEqual(['reload-a', 'reload-b']);
    expect(await second.outbox.count()).toBe(0);
    await second.store.close();
  });

  it('a photo sent just before the tab dies is sent again from its file, not refused', async () => {
    const registry = { ...testRegistry, ...buildRegistry([photoUpload]) };
    const id = nextStoreId();
    const first = await openOutbox(world, id, { registry });
    // The answer came, then the tab died before the sent command left the store.
    first.store.db.outbox.bulkRemove = (() => Promise.reject(new Error('store closing'))) as never;
    const blob = new Blob([new Uint8Array(demoPng(7))], { type: 'image/png' });
    await first.outbox.enqueue(
      'test.photo',
      { interventionId: 1, fileId: 'crash-photo' },
      { files: [{ id: 'crash-photo', name: 'photo.png', type: 'image/png', size: blob.size, blob }] },
    );
    await first.outbox.flush();
    expect(await first.outbox.count()).toBe(1);
    expect(await first.store.files.get('crash-photo')).toBeDefined();
    await first.store.close();
    // Started again: the command is sent again with its file (the server answers it from its idempotency record).
    const second = await openOutbox(world, id, { registry });
    await second.outbox.recover();
    await second.outbox.flush();
    expect(await second.outbox.all()).toEqual([]);
    expect(await second.store.files.get('crash-photo')).toBeUndefined();
  });

  it('two tabs on one database: one flushes, each command is sent once', async () => {
    const clock = fakeClock();
    const locks = memoryLockManager();
    // RxDB's open-source build allows 13 open collections per process: the two "tabs" share one
    // database instance, as two browser tabs share one IndexedDB, each with its own outbox runner.
    const tabA = await openOutbox(world, nextStoreId(), { now: clock.now, lock: webLock('outbox', locks) });
    const tabB = {
      store: tabA.store,
      outbox: createOutbox({ store: tabA.store, api: world.api, registry: testRegistry, now: clock.now, lock: webLock('outbox', locks) }),
    };
    world.sent.length = 0;
    world.server.faults.set({ latency: 30, drop: 0, lost: 0, error: 0, seed: 1 });
    for (let i = 0; i < 4; i++) await tabA.outbox.enqueue('request.create', { tempId: `a${i}`, information: `tabs-${i}` });
    await Promise.all([tabA.outbox.flush(), tabB.outbox.flush(), tabB.outbox.flush()]);
    world.server.faults.set(null);
    await drain(tabA.outbox, clock);
    await drain(tabB.outbox, clock);
    expect(serverRequests(world, 'tabs-')).toHaveLength(4);
    expect(world.sent.filter((s) => s === 'POST /api/requests')).toHaveLength(4);
    await tabA.store.close();
  });

  it('a tab that found the sending lock held sends on its own once it is free (a reload during a send)', async () => {
    const locks = memoryLockManager();
    const { store, outbox } = await openOutbox(world, nextStoreId(), { lock: webLock('outbox', locks) });
    world.sent.length = 0;
    // The page left by a reload still holds the lock while this one queues and tries to send.
    let release = () => undefined as void;
    const held = locks.request('outbox', { ifAvailable: false }, () => new Promise<void>((r) => (release = r)));
    await outbox.enqueue('request.create', { tempId: 'l', information: 'verrou-libre' });
    await new Promise((r) => setTimeout(r, 200));
    expect(await outbox.count()).toBe(1);
    release();
    await held;
    // No enqueue, focus or reconnection after this: the retry alone sends it.
    await expect.poll(() => outbox.count(), { timeout: LOCK_RETRY_MS * 3, interval: 100 }).toBe(0);
    expect(serverRequests(world, 'verrou-')).toEqual(['verrou-libre']);
    await store.close();
  });

  it('after a network error a command goes once the server answers again, not at the end of its backoff; one waiting after a 5xx keeps its wait', async () => {
    const clock = fakeClock();
    const { store, outbox } = await openOutbox(world, nextStoreId(), { now: clock.now });
    await queueUnder(outbox, { drop: 1 }, 'net-1', 'reseau-1');
    await queueUnder(outbox, { error: 1 }, 'err-1', 'serveur-1');
    // The clock has not moved: both wait out their backoff, a flush sends nothing.
    await outbox.flush();
    expect(serverRequests(world, 'reseau-')).toEqual([]);
    await outbox.reconnected();
    expect(serverRequests(world, 'reseau-')).toEqual(['reseau-1']);
    expect(serverRequests(world, 'serveur-')).toEqual([]);
    expect((await outbox.all()).map((c) => [c.payload.information, c.lastError?.status])).toEqual([['serveur-1', 503]]);
    await store.close();
  });

  it('a refused command is shown as rejected and never blocks the others', async () => {
    const clock = fakeClock();
    const rejected: string[] = [];
    const { store, outbox } = await openOutbox(world, nextStoreId(), { now: clock.now, onRejected: (c) => rejected.push(c.lastError?.message ?? '') });
    const bad = await outbox.enqueue('request.create', { tempId: 'x', information: 'refus-bad', requestTypeId: 99999 });
    await outbox.enqueue('request.create', { tempId: 'y', information: 'refus-good' });
    await drain(outbox, clock);
    const left = await outbox.all();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ id: bad, status: 'rejected' });
    expect(left[0]?.lastError?.message).toBe('Type de demande inconnu');
    expect(rejected).toEqual(['Type de demande inconnu']);
    expect(serverRequests(world, 'refus-')).toEqual(['refus-good']);
    await outbox.retry(bad);
    await drain(outbox, clock);
    expect((await outbox.all())[0]?.status).toBe('rejected');
    await outbox.discard(bad);
    expect(await outbox.count()).toBe(0);
    await store.close();
  });

  it('a command given up while another context writes it (a drain counting an attempt) is still removed', async () => {
    const clock = fakeClock();
    const { store, outbox } = await openOutbox(world, nextStoreId(), { now: clock.now });
    outbox.pause();
    const id = await outbox.enqueue('request.create', { tempId: 'z', information: 'abandon-1' });
    const doc = (await store.db.outbox.findOne(id).exec())!;
    await Promise.all([outbox.discard(id), doc.incrementalPatch({ attempts: 1, lastError: { status: null, message: 'Aucune connexion internet' } })]);
    expect(await outbox.count()).toBe(0);
    await store.close();
  });

  it('a command that needs an object created earlier waits for it and gets its server id', async () => {
    const clock = fakeClock();
    const followUp = defineCommand<{ requestTempId: string; text: string }>()({
      name: 'test.followUp',
      label: () => 'Suite',
      entity: (p) => `request:${p.requestTempId}:notes`,
      request: (p, ids) => ({ method: 'POST', path: 'api/requests', json: { information: `${p.text} #${ids[p.requestTempId] ?? 'INCONNU'}` } }),
    });
    const { store, outbox } = await openOutbox(world, nextStoreId(), { now: clock.now, registry: { ...testRegistry, ...buildRegistry([followUp]) } });
    world.server.faults.set({ latency: 0, drop: 1, lost: 0, error: 0, seed: 1 });
    const create = await outbox.enqueue('request.create', { tempId: 'tmp-42', information: 'parent-42' });
    await outbox.enqueue('test.followUp', { requestTempId: 'tmp-42', text: 'enfant' }, { dependsOn: create });
    await outbox.flush();
    expect((await outbox.all()).find((c) => c.name === 'test.followUp')?.attempts).toBe(0);
    world.server.faults.set(null);
    await drain(outbox, clock);
    const parentId = world.server.ctx.db.prepare(`SELECT id FROM generic_requests WHERE information = 'parent-42'`).get() as { id: number };
    expect(serverRequests(world, 'enfant')).toEqual([`enfant #${parentId.id}`]);
    await store.close();
  });

  it('coalesces repeated saves of one object to the latest', async () => {
    const clock = fakeClock();
    const save = defineCommand<{ visitId: string; n: number }>()({
      name: 'test.save',
      label: () => 'Sauvegarde',
      entity: (p) => `visit:${p.visitId}`,
      coalesce: true,
      request: (p) => ({ method: 'POST', path: 'api/requests', json: { information: `save-${p.visitId}-${p.n}` } }),
    });
    const { store, outbox } = await openOutbox(world, nextStoreId(), { now: clock.now, registry: { ...testRegistry, ...buildRegistry([save]) } });
    world.server.faults.set({ latency: 0, drop: 1, lost: 0, error: 0, seed: 1 });
    for (let n = 1; n <= 5; n++) await outbox.enqueue('test.save', { visitId: 'v9', n });
    expect(await outbox.count()).toBe(1);
    world.server.faults.set(null);
    await drain(outbox, clock);
    expect(serverRequests(world, 'save-v9')).toEqual(['save-v9-5']);
    await store.close();
  });
});

describe('sends held by a screen (sendAfter)', () => {
  it('a command queued with sendAfter is on disk at once, and nothing is sent before it settles, not even on a flush', async () => {
    const { store, outbox } = await openOutbox(world, nextStoreId());
    let shown!: () => void;
    const sendAfter = new Promise<void>((resolve) => (shown = resolve));
    await outbox.enqueue('request.create', { tempId: 'h1', information: 'held-a' }, { sendAfter });
    await outbox.enqueue('request.create', { tempId: 'h2', information: 'held-b' });
    await outbox.flush();
    expect((await outbox.all()).map((c) => [c.status, c.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    expect(serverRequests(world, 'held-')).toEqual([]);
    shown();
    await until(async () => (await outbox.count()) === 0);
    expect(serverRequests(world, 'held-')).toEqual(['held-a', 'held-b']);
    await store.close();
  });

  it('a sendAfter that never settles holds the sends no longer than sendHoldMaxMs', async () => {
    const { store, outbox } = await openOutbox(world, nextStoreId(), { sendHoldMaxMs: 300 });
    await outbox.enqueue('request.create', { tempId: 'h3', information: 'held-never' }, { sendAfter: new Promise(() => undefined) });
    await outbox.flush();
    expect(serverRequests(world, 'held-never')).toEqual([]);
    await until(async () => (await outbox.count()) === 0);
    expect(serverRequests(world, 'held-never')).toEqual(['held-never']);
    await store.close();
  });
});
