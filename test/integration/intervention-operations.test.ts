/**
 * The intervention workflows as named operations, on fake-indexeddb against
 * the reference server: each shows its effect in the store at once (pending),
 * then reaches the server once, in order, with objects created offline
 * rewritten to their server ids (photos after their request or debriefing).
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../sync/store/database';
import { createOutbox, type Outbox } from '../../sync/outbox/outbox';
import { commandRegistry, type AppRegistry } from '../../sync/commands/registry';
import { createIntervention, proposeAppointment, saveDebriefing } from '../../sync/commands/intervention-operations';
import { demoPng } from '../../server/seed/images';
import { nextStoreId, startOutboxWorld, type OutboxWorld } from './outbox-harness';

let world: OutboxWorld | null = null;
let store: Store | null = null;
let outbox: Outbox<AppRegistry> | null = null;
afterEach(async () => {
  await outbox?.stop();
  await store?.close();
  await world?.close();
  outbox = null;
  store = null;
  world = null;
});
afterAll(async () => world?.close());

async function open(email: string) {
  world = await startOutboxWorld(email);
  store = await openStore(nextStoreId());
  outbox = createOutbox({ store, api: world.api, registry: commandRegistry });
  // Offline first: the effect is looked at before anything is sent.
  world.server.faults.set({ latency: 0, drop: 1, lost: 0, error: 0, seed: 1 });
  await outbox.start();
  return { w: world, db: store.db, o: outbox };
}

async function online(w: OutboxWorld, o: Outbox<AppRegistry>): Promise<void> {
  w.server.faults.set(null);
  for (let i = 0; i < 100 && (await o.count()) > 0; i++) {
    await o.flush();
    await new Promise((r) => setTimeout(r, 50));
  }
  expect((await o.all()).map((c) => `${c.name} ${c.status} ${c.lastError?.message ?? ''}`)).toEqual([]);
}

const sql = <T>(w: OutboxWorld, query: string, ...params: unknown[]) => w.server.ctx.db.prepare(query).get(...params) as T;
const photo = (n: number) => ({
  id: `photo-${n}`,
  name: `photo-${n}.png`,
  type: 'image/png',
  size: 100,
  blob: new Blob([new Uint8Array(demoPng(n))], { type: 'image/png' }),
});
const providerRequest = (w: OutboxWorld, place: string) =>
  sql<{ id: number }>(
    w,
    `SELECT ir.id FROM intervention_requests ir JOIN users u ON u.company_id = ir.provider_company_id WHERE u.email = 'prestataire@demo.fr' AND ir.place = ? ORDER BY ir.id LIMIT 1`,
    place,
  ).id;

describe('intervention operations', () => {
  it('createIntervention: the request shows at once, then is created once with its two photos', async () => {
    const { w, db, o } = await open('gestionnaire@demo.fr');
    const ref = sql<{ re: number; ba: number; contact: number; name: string }>(
      w,
      `SELECT ir.real_estate_id AS re, ir.business_area_id AS ba, r.main_contact_id AS contact, r.name FROM intervention_requests ir JOIN real_estates r ON r.id = ir.real_estate_id JOIN users u ON u.id = ir.requested_by WHERE u.email = 'gestionnaire@demo.fr' LIMIT 1`,
    );
    const building = sql<{ id: number }>(w, `SELECT id FROM buildings WHERE real_estate_id = ? LIMIT 1`, ref.re).id;
    const body = {
      information: 'Fuite sous évier (opération)',
      realEstatId: ref.re,
      businessAreaId: ref.ba,
      equipmentIdList: [],
      buildingIdList: [building],
      contactId: ref.contact,
    };
    const ids = await createIntervention(o, {
      body,
      preview: { realEstate: { id: ref.re, name: ref.name }, businessArea: { id: ref.ba, name: 'Plomberie' } },
      photos: [photo(1), photo(2)],
    });
    expect(ids).toHaveLength(3);
    const local = await db.interventions.find({ selector: { pending: true } }).exec();
    expect(local.map((d) => d.toJSON().data.information)).toEqual(['Fuite sous évier (opération)']);
    await online(w, o);
    const created = sql<{ id: number; n: number }>(
      w,
      `SELECT ir.id, (SELECT COUNT(*) FROM intervention_media m WHERE m.intervention_id = ir.id) AS n FROM intervention_requests ir WHERE information = ?`,
      body.information,
    );
    expect(created.n).toBe(2);
    expect(sql<{ c: number }>(w, `SELECT COUNT(*) AS c FROM intervention_requests WHERE information = ?`, body.information).c).toBe(1);
    // The temporary card became the server's.
    expect(await db.interventions.findOne(String(created.id)).exec()).not.toBeNull();
  });

  it('proposeAppointment: the first proposal moves a waiting request to planning', async () => {
    const { w, db, o } = await open('prestataire@demo.fr');
    const id = providerRequest(w, 'waiting');
    const date = new Date(Date.now() + 86_400_000).toISOString();
    const dateEnd = new Date(Date.now() + 90_000_000).toISOString();
    expect(await proposeAppointment(o, { interventionId: String(id), place: 'waiting', date, dateEnd, information: 'Passage le matin' })).toHaveLength(2);
    expect((await db.appointments.find({ selector: { interventionId: String(id) } }).exec()).map((a) => a.pending)).toEqual([true]);
    await online(w, o);
    expect(sql<{ place: string }>(w, `SELECT place FROM intervention_requests WHERE id = ?`, id).place).toBe('planning');
    expect(sql<{ c: number }>(w, `SELECT COUNT(*) AS c FROM appointments WHERE intervention_id = ? AND information = 'Passage le matin'`, id).c).toBe(1);
  });

  it('saveDebriefing (finish): created as a draft, its photo, its final status, then the request is done', async () => {
    const { w, db, o } = await open('prestataire@demo.fr');
    const id = providerRequest(w, 'in_progress');
    const input = {
      interventionId: String(id),
      message: 'Joint changé',
      dateBegin: new Date(Date.now() - 7_200_000).toISOString(),
      dateEnd: new Date(Date.now() - 3_600_000).toISOString(),
      photos: [photo(3)],
      ending: 1 as const,
    };
    expect((await saveDebriefing(o, input)).length).toBe(5);
    expect((await db.debriefings.find({ selector: { interventionId: String(id) } }).exec()).some((d) => d.pending)).toBe(true);
    await online(w, o);
    const debriefing = sql<{ id: number; status: number }>(w, `SELECT id, status FROM debriefings WHERE intervention_id = ? AND message = 'Joint changé'`, id);
    expect(debriefing.status).toBe(1);
    expect(sql<{ c: number }>(w, `SELECT COUNT(*) AS c FROM debriefing_media WHERE debriefing_id = ?`, debriefing.id).c).toBe(1);
    expect(sql<{ place: string }>(w, `SELECT place FROM intervention_requests WHERE id = ?`, id).place).toBe('done');
  });
});
