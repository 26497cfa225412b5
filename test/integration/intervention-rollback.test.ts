/**
 * The one rollback in the interventions module (issue 18): a refused step on
 * a request is undone by re-reading the server's copy (it used to be marked
 * stale and left in its optimistic place), the request is no longer pending,
 * and the refused command stays, marked refused; a refused appointment
 * proposal (a creation) goes from the store.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../sync/store/database';
import { createOutbox, type Outbox } from '../../sync/outbox/outbox';
import { commandRegistry, type AppRegistry } from '../../sync/commands/registry';
import { pullInterventionDetail, pullInterventionPage } from '../../sync/pull/interventions';
import { nextStoreId, startOutboxWorld, type OutboxWorld } from './outbox-harness';

let world: OutboxWorld;
let store: Store | null = null;
let outbox: Outbox<AppRegistry> | null = null;
beforeAll(async () => {
  world = await startOutboxWorld('gestionnaire@demo.fr');
});
afterEach(async () => {
  await outbox?.stop();
  await store?.close();
  outbox = null;
  store = null;
});
afterAll(() => world.close());

async function drain(box: Outbox<AppRegistry>): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await box.flush();
    if ((await box.all()).every((c) => c.status === 'rejected')) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('interventions: one rollback', () => {
  it('a refused step comes back to the server place; a refused proposal goes', async () => {
    store = await openStore(nextStoreId());
    const db = store.db;
    outbox = createOutbox({
      store,
      api: world.api,
      registry: commandRegistry,
      refetch: async (collection, id) => collection === 'interventions' && (await pullInterventionDetail(db, world.api, Number(id))) === 'stored',
    });
    await outbox.start();
    await pullInterventionPage(db, world.api, ['waiting'], 1);
    const doc = (await db.interventions.find({ selector: { place: 'waiting' } }).exec())[0]!;
    // 'closed' straight from 'waiting' is not a step the workflow allows: the server refuses it.
    await outbox.enqueue('intervention.step', { interventionId: doc.id, stepCode: 'closed' });
    await outbox.enqueue('appointment.propose', {
      tempId: 'tmp-rdv',
      interventionId: '999999999',
      date: '2020-01-01T10:00:00Z',
      dateEnd: '2020-01-01T11:00:00Z',
      information: '',
    });
    await drain(outbox);
    const after = (await db.interventions.findOne(doc.id).exec())!.toJSON();
    expect(after.place).toBe('waiting');
    expect(after.pending).toBe(false);
    expect((after.data as { stale?: boolean }).stale).toBeUndefined();
    expect(await db.appointments.findOne('tmp-rdv').exec()).toBeNull();
    expect((await outbox.all()).map((c) => [c.name, c.status])).toEqual([
      ['intervention.step', 'rejected'],
      ['appointment.propose', 'rejected'],
    ]);
  });
});
