/**
 * "Pending" as the outbox's index of touched documents keeps it (touch-index.ts): a document stays
 * pending while any unsent command touches it, also when that command names it by the temporary
 * id of an offline creation, and the index follows the outbox's changes (a refused command holds
 * nothing, retried it holds again; a command queued by another tab's outbox counts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failureFromResponse } from '../../sync/api/failure';
import type { ApiClient } from '../../sync/api/client';
import { buildRegistry, defineCommand } from '../../sync/outbox/commands';
import { createOutbox } from '../../sync/outbox/outbox';
import type { Database } from '../../sync/store/database';
import { testRegistry } from './generic-request';
import { closeOpenStores, nextStoreId, openOutbox, startOutboxWorld, type OutboxWorld } from './outbox-harness';

let world: OutboxWorld;
beforeAll(async () => {
  world = await startOutboxWorld();
});
afterEach(() => closeOpenStores());
afterAll(() => world.close());

const feedDoc = (id: string, pending: boolean) => ({ id, kind: 'test', sortKey: id, data: {}, pending, refreshedAt: pending ? 0 : 1 });

/** An object created offline: its card is pending under its temporary id, then replaced by the server's. */
const make = defineCommand<{ tempId: string }, { id: number }>()({
  name: 'test.make',
  label: () => 'Création',
  entity: (p) => `make:${p.tempId}`,
  touches: (p) => [`feed:${p.tempId}`],
  request: (p) => ({ method: 'POST', path: 'api/requests', json: { information: `make-${p.tempId}` } }),
  async apply({ db }, p) {
    await db.feed.insert(feedDoc(p.tempId, true));
  },
  async reconcile({ db }, p, answer) {
    await (await db.feed.findOne(p.tempId).exec())?.remove();
    await db.feed.insert(feedDoc(String(answer.id), false));
    return { tempId: p.tempId, serverId: String(answer.id) };
  },
});
/** A change to a document, by whichever id the screen had: the temporary one before the server answered. */
const mark = defineCommand<{ target: string; text: string }>()({
  name: 'test.mark',
  label: () => 'Modification',
  entity: (p) => `mark:${p.text}`,
  touches: (p) => [`feed:${p.target}`],
  request: (p) => ({ method: 'POST', path: 'api/requests', json: { information: p.text } }),
});
const registry = { ...testRegistry, ...buildRegistry([make, mark]) };

/**
 * The API, with the marks answered by `gate.status` while it is set: 503 keeps them unsent (waiting
 * out a backoff), 404 has them refused. Other commands go to the server.
 */
function gatedApi() {
  const gate: { status: number | null } = { status: 503 };
  const api: ApiClient = {
    ...world.api,
    call: ((method, path, options) => {
      const text = (options?.json as { information?: string } | undefined)?.information ?? '';
      if (gate.status && text.startsWith('mark')) return Promise.reject(failureFromResponse(method, path, gate.status, null));
      return world.api.call(method, path, options);
    }) as ApiClient['call'],
  };
  return { api, gate };
}

async function pendingOf(db: Database, id: string): Promise<boolean | undefined> {
  return (await db.feed.findOne(id).exec())?.pending;
}

async function sendAll(outbox: { sendNow(): Promise<void> }, times = 3): Promise<void> {
  for (let i = 0; i < times; i++) await outbox.sendNow();
}

describe('touched documents', () => {
  it('a created document stays pending while a later change names it by its temporary id', async () => {
    const { api, gate } = gatedApi();
    const { store, outbox } = await openOutbox(world, nextStoreId(), { api, registry });
    outbox.pause();
    const created = await outbox.enqueue('test.make', { tempId: 'tmp-card' });
    await outbox.enqueue('test.mark', { target: 'tmp-card', text: 'mark-card' }, { dependsOn: created });
    outbox.resume();
    await outbox.flush();
    const left = await outbox.all();
    expect(left.map((c) => c.name)).toEqual(['test.mark']);
    const serverId = (await store.db.feed.find().exec()).map((d) => d.id).find((id) => id !== 'tmp-card')!;
    expect(await pendingOf(store.db, 'tmp-card')).toBeUndefined();
    expect(await pendingOf(store.db, serverId)).toBe(true);
    gate.status = null;
    await sendAll(outbox);
    expect(await outbox.count()).toBe(0);
    expect(await pendingOf(store.db, serverId)).toBe(false);
  });

  it('a refused change holds nothing; retried, it holds its document again', async () => {
    const { api, gate } = gatedApi();
    const { store, outbox } = await openOutbox(world, nextStoreId(), { api, registry });
    await store.db.feed.insert(feedDoc('42', false));
    gate.status = 404;
    const held = await outbox.enqueue('test.mark', { target: '42', text: 'mark-42' });
    await outbox.flush();
    expect((await outbox.all()).map((c) => c.status)).toEqual(['rejected']);
    expect(await pendingOf(store.db, '42')).toBe(false);
    // Retried while the server holds it back, then another change on the document is sent.
    gate.status = 503;
    outbox.pause();
    await outbox.retry(held);
    await outbox.enqueue('test.mark', { target: '42', text: 'autre-42' });
    outbox.resume();
    await outbox.flush();
    expect((await outbox.all()).map((c) => [c.payload.text, c.status])).toEqual([['mark-42', 'pending']]);
    expect(await pendingOf(store.db, '42')).toBe(true);
    gate.status = null;
    await sendAll(outbox);
    expect(await outbox.count()).toBe(0);
    expect(await pendingOf(store.db, '42')).toBe(false);
  });

  it("another tab's unsent change keeps the document pending when this tab's is sent", async () => {
    const { api, gate } = gatedApi();
    const tabA = await openOutbox(world, nextStoreId(), { api, registry });
    const tabB = createOutbox({ store: tabA.store, api, registry });
    tabB.pause();
    await tabA.store.db.feed.insert(feedDoc('7', false));
    tabA.outbox.pause();
    await tabA.outbox.enqueue('test.mark', { target: '7', text: 'autre-7' });
    await tabB.enqueue('test.mark', { target: '7', text: 'mark-7' });
    tabA.outbox.resume();
    await tabA.outbox.flush();
    expect((await tabA.outbox.all()).map((c) => c.payload.text)).toEqual(['mark-7']);
    expect(await pendingOf(tabA.store.db, '7')).toBe(true);
    gate.status = null;
    await sendAll(tabA.outbox);
    expect(await tabA.outbox.count()).toBe(0);
    expect(await pendingOf(tabA.store.db, '7')).toBe(false);
    await tabB.stop();
  });
});
