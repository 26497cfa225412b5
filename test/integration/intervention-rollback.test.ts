/**
 * The one rollback in the interventions module (issue 18): a refused step on
 * a request is undone by re-reading the server's copy (it used to be marked
 * stale and left in its optimistic place), the request is no longer pending,
 * and the refused command stays, marked refused; a refused appointment
 * proposal (a creation) goes from the store.
 */
import { describe, expect, it } from 'vitest';
import { pullInterventionDetail, pullInterventionPage } from '../../sync/pull/interventions';
import { appOutboxSuite } from './app-outbox-suite';

const suite = appOutboxSuite('gestionnaire@demo.fr');

describe('interventions: one rollback', () => {
  it('a refused step comes back to the server place; a refused proposal goes', async () => {
    const { db, outbox } = await suite.open({
      refetch: async (collection, id) => collection === 'interventions' && (await pullInterventionDetail(db, suite.world.api, Number(id))) === 'stored',
    });
    await pullInterventionPage(db, suite.world.api, ['waiting'], 1);
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
    await suite.drain(outbox);
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
