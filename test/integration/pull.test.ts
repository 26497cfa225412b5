/**
 * Pulling into the store against the reference server: reference data lands
 * in the store (plain and Hydra lists), a complete list removes what the
 * server no longer sends but never a locally changed document, and an answer
 * of the wrong shape is refused without touching the store. A document with
 * local changes pending is never overwritten or removed by a list or a detail
 * pull: the server's copy waits aside and comes back if the change is refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../sync/api/client';
import { openStore, type Store } from '../../sync/store/database';
import { readLocal, refreshedKey } from '../../sync/store/local';
import { pullBuildings, pullBusinessAreas, pullRealEstates } from '../../sync/pull/reference';
import * as v from 'valibot';
import { asCached, pullDetail } from '../../sync/pull/pull';
import { releaseDocs, rememberRefusal } from '../../sync/outbox/pending-docs';
import { dataOf } from '../../sync/store/plain';
import { pullAppointments, pullInterventionDetail, pullInterventionPage } from '../../sync/pull/interventions';
import { isApiFailure } from '../../sync/api/failure';
import { nextStoreId, startOutboxWorld, type OutboxWorld } from './outbox-harness';

let world: OutboxWorld;
let store: Store | null = null;
beforeAll(async () => {
  world = await startOutboxWorld('gestionnaire@demo.fr');
});
afterEach(async () => {
  await store?.close();
  store = null;
});
afterAll(() => world.close());

describe('pull', () => {
  it('stores the real estates and building tree, and records when', async () => {
    store = await openStore(nextStoreId());
    const report = await pullRealEstates(store.db, world.api, true);
    expect(report.stored).toBeGreaterThanOrEqual(6);
    const local = await store.db.reference.find({ selector: { kind: 'realEstate' } }).exec();
    expect(local).toHaveLength(report.stored);
    const first = local[0]!.toJSON().data as { id: number; mainContact: { city: string } };
    expect(first.mainContact.city).toBeTruthy();
    const buildings = await pullBuildings(store.db, world.api, first.id);
    expect(buildings.stored).toBeGreaterThan(3);
    expect(await readLocal<number>(store.db, refreshedKey('reference:realEstate'))).toBeGreaterThan(0);
    // Pulls that ran at once each keep their own time (no read-modify-write of one shared document).
    await Promise.all([pullBusinessAreas(store.db, world.api), pullRealEstates(store.db, world.api, false)]);
    expect(await readLocal<number>(store.db, refreshedKey('reference:businessArea'))).toBeGreaterThan(0);
  });

  it('removes what the server no longer sends, but never a document changed locally', async () => {
    store = await openStore(nextStoreId());
    await store.db.reference.bulkInsert([
      { id: 'businessArea:99999', kind: 'businessArea', name: 'Disparu', data: {}, pending: false, refreshedAt: 1 },
      { id: 'businessArea:99998', kind: 'businessArea', name: 'Créé hors ligne', data: {}, pending: true, refreshedAt: 0 },
    ]);
    const report = await pullBusinessAreas(store.db, world.api);
    expect(report.removed).toBe(1);
    expect(await store.db.reference.findOne('businessArea:99999').exec()).toBeNull();
    expect(await store.db.reference.findOne('businessArea:99998').exec()).not.toBeNull();
  });

  it("an object's children the server no longer sends are removed, whenever they came into the store", async () => {
    store = await openStore(nextStoreId());
    const db = store.db;
    const [first, second] = (
      world.server.ctx.db
        .prepare(
          `SELECT id FROM intervention_requests WHERE owner_company_id = (SELECT company_id FROM users WHERE email = 'gestionnaire@demo.fr') ORDER BY id LIMIT 2`,
        )
        .all() as { id: number }[]
    ).map((r) => r.id);
    const stale = (id: string, interventionId: number) => ({
      id,
      interventionId: String(interventionId),
      date: '2020-01-01',
      status: 1,
      data: {},
      pending: false,
      refreshedAt: 1,
    });
    // Into an empty collection (the pull needs not read it: nothing can be stale).
    await pullAppointments(db, world.api, first!);
    const served = await db.appointments.find({ selector: { interventionId: String(first) } }).exec();
    // Then written by another way (a screen, another tab): the next pulls must still see them.
    await db.appointments.bulkInsert([stale('stale-1', first!), stale('stale-2', second!)]);
    await pullAppointments(db, world.api, first!);
    await pullAppointments(db, world.api, second!);
    expect(await db.appointments.findOne('stale-1').exec()).toBeNull();
    expect(await db.appointments.findOne('stale-2').exec()).toBeNull();
    expect(await db.appointments.find({ selector: { interventionId: String(first) } }).exec()).toHaveLength(served.length);
  });

  it('refuses an answer of the wrong shape and leaves the store as it was', async () => {
    store = await openStore(nextStoreId());
    await pullRealEstates(store.db, world.api, false);
    const before = await store.db.reference.count().exec();
    const broken = createApiClient({
      baseUrl: () => world.base,
      tokens: { get: () => world.tokens.current, set: () => undefined },
      onSessionExpired: () => undefined,
      fetch: async () => new Response(JSON.stringify([{ nom: 'sans id' }, { id: 'x' }]), { status: 200, headers: { 'content-type': 'application/json' } }),
    });
    await expect(pullRealEstates(store.db, broken, false)).rejects.toSatisfy((e) => isApiFailure(e) && e.kind === 'invalid-response');
    const notAList = createApiClient({
      baseUrl: () => world.base,
      tokens: { get: () => world.tokens.current, set: () => undefined },
      onSessionExpired: () => undefined,
      fetch: async () => new Response(JSON.stringify({ erreur: 'pas une liste' }), { status: 200, headers: { 'content-type': 'application/json' } }),
    });
    await expect(pullRealEstates(store.db, notAList, false)).rejects.toSatisfy((e) => isApiFailure(e) && e.kind === 'invalid-response');
    expect(await store.db.reference.count().exec()).toBe(before);
  });

  it('removes a detail answered 404', async () => {
    store = await openStore(nextStoreId());
    await store.db.reference.insert({ id: 'realEstate:424242', kind: 'realEstate', name: 'Vendu', data: {}, pending: false, refreshedAt: 1 });
    const outcome = await pullDetail(store.db, world.api, asCached(store.db.reference), {
      resource: 'realEstate',
      path: 'api/real_estates/424242',
      docId: 'realEstate:424242',
      schema: v.looseObject({ id: v.number(), name: v.string() }),
      toDoc: () => {
        throw new Error('not reached');
      },
    });
    expect(outcome).toBe('removed');
    expect(await store.db.reference.findOne('realEstate:424242').exec()).toBeNull();
  });

  it('never overwrites a pending document, from a list or a detail, and keeps its server copy aside', async () => {
    store = await openStore(nextStoreId());
    await pullInterventionPage(store.db, world.api, ['waiting', 'planning'], 1);
    const doc = (await store.db.interventions.find({ selector: { place: 'waiting' } }).exec())[0]!;
    const id = Number(doc.id);
    // An offline step: the local copy says planning, pending.
    await doc.incrementalPatch({ pending: true, place: 'planning', data: { ...dataOf(doc), place: 'planning' } });
    await pullInterventionPage(store.db, world.api, ['waiting', 'planning'], 1);
    expect(await pullInterventionDetail(store.db, world.api, id)).toBe('kept');
    const after = (await store.db.interventions.findOne(doc.id).exec())!;
    expect(after.pending).toBe(true);
    expect(after.place).toBe('planning');
    // The step was refused and its last command left: the server's copy kept aside comes back.
    await rememberRefusal(store.db, `interventions:${doc.id}`);
    expect(await releaseDocs(store.db, [`interventions:${doc.id}`])).toEqual([]);
    const restored = (await store.db.interventions.findOne(doc.id).exec())!;
    expect(restored.pending).toBe(false);
    expect(restored.place).toBe('waiting');
  });

  it('keeps a pending document whose detail answers 404, and drops one with nothing pending', async () => {
    store = await openStore(nextStoreId());
    const base = { data: { id: 9_999_999 }, refreshedAt: 1, rank: 'z', number: 'X', place: 'waiting' };
    await store.db.interventions.bulkInsert([
      { ...base, id: '9999999', pending: true },
      { ...base, id: '9999998', pending: false },
    ]);
    expect(await pullInterventionDetail(store.db, world.api, 9_999_999)).toBe('kept');
    expect(await pullInterventionDetail(store.db, world.api, 9_999_998)).toBe('removed');
    expect(await store.db.interventions.findOne('9999999').exec()).not.toBeNull();
    expect(await store.db.interventions.findOne('9999998').exec()).toBeNull();
  });
});
