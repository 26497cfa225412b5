/**
 * Eviction's removal of a closed request (sync/pull/prime-*.ts, `forgetClosed*`): two media
 * workers reaching the budget together, or two tabs' passes, may forget the same request at
 * once; neither fails (a document's own `remove()` threw CONFLICT on the second).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, removeStore, type Store } from '../../sync/store/database';
import { forgetClosedIntervention } from '../../sync/pull/prime-interventions';
import { forgetClosedOs } from '../../sync/pull/prime-os';

const USER = 990_021;
let store: Store | null = null;
afterEach(async () => {
  await store?.close();
  await removeStore(USER);
  store = null;
});

const cached = { pending: false, refreshedAt: 1 };

describe('forgetting a closed request', () => {
  it('twice at once: both resolve, the request and its children are gone', async () => {
    store = await openStore(USER);
    const db = store.db;
    await db.interventions.insert({ id: '7', data: { id: 7 }, ...cached, place: 'closed', rank: '2026-01-01', number: 'DI-7' } as never);
    await db.appointments.insert({ id: 'a1', data: {}, ...cached, interventionId: '7', date: '2026-01-02', status: 1 } as never);
    await db.messages.insert({ id: 'm1', data: {}, ...cached, thread: 'intervention:7', date: '2026-01-03' } as never);
    await db.workrequests.insert({ id: '9', data: { id: 9 }, ...cached, place: 'closed', rank: '2026-01-01', number: 'OS-9' } as never);
    await db.messages.insert({ id: 'm2', data: {}, ...cached, thread: 'os:9', date: '2026-01-03' } as never);

    const results = await Promise.all([
      forgetClosedIntervention(db, 'intervention:7'),
      forgetClosedIntervention(db, 'intervention:7'),
      forgetClosedOs(db, 'os:9'),
      forgetClosedOs(db, 'os:9'),
    ]);
    expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(2);
    expect(await db.interventions.findOne('7').exec()).toBeNull();
    expect(await db.appointments.findOne('a1').exec()).toBeNull();
    expect(await db.messages.find().exec()).toEqual([]);
    expect(await db.workrequests.findOne('9').exec()).toBeNull();
  });
});
