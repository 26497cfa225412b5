/**
 * The OS data layer on fake-indexeddb against the in-process reference
 * server: the list and detail pulls fill the store, each named operation
 * (createOs with its photo and first step, saveOs, advanceOs, signOs,
 * refuseOs) shows its effect at once, pending, then reaches the server once
 * in order; a pull never overwrites an OS whose commands are not sent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../sync/store/database';
import { createOutbox, type Outbox } from '../../sync/outbox/outbox';
import { commandRegistry, type AppRegistry } from '../../sync/commands/registry';
import { advanceOs, createOs, dropOsDraft, keepOsDraft, readOsDraft, refuseOs, saveOs, signOs } from '../../sync/commands/os-operations';
import { osPlacesOf } from '../../src/domain/os';
import { pullOsDetail, pullOsNextSteps, pullOsPage, prefetchOsTunnel, OS_REAL_ESTATE_KIND } from '../../sync/pull/os';
import { firstPageByPlaces } from '../../sync/store/queries';
import { demoPng } from '../../server/seed/images';
import { nextStoreId, startOutboxWorld, type OutboxWorld } from './outbox-harness';

let world: OutboxWorld;
let store: Store | null = null;
let outbox: Outbox<AppRegistry> | null = null;
beforeAll(async () => {
  world = await startOutboxWorld('gt@demo.fr');
});
afterEach(async () => {
  await outbox?.stop();
  await store?.close();
  outbox = null;
  store = null;
});
afterAll(() => world.close());

const sql = <T>(query: string, ...params: unknown[]) => world.server.ctx.db.prepare(query).get(...params) as T;
const placeOf = (id: number) => sql<{ place: string }>(`SELECT place FROM work_validation_requests WHERE id = ?`, id).place;

async function open(start = true) {
  store = await openStore(nextStoreId());
  outbox = createOutbox({ store, api: world.api, registry: commandRegistry });
  // Not started: paused, so that what a command shows before it is sent can be looked at.
  if (start) await outbox.start();
  else outbox.pause();
  return { db: store.db, outbox };
}

async function drained(): Promise<void> {
  for (let i = 0; i < 100 && (await outbox!.count()) > 0; i++) {
    await outbox!.flush();
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await outbox!.count()).toBe(0);
}

const refs = () =>
  sql<{ re: number; ba: number; rt: number; pc: number }>(
    `SELECT real_estate_id AS re, business_area_id AS ba, request_type_id AS rt, provider_company_id AS pc FROM work_validation_requests LIMIT 1`,
  );
const body = (information: string, price: number) => {
  const r = refs();
  return { information, realEstatId: r.re, businessAreaId: r.ba, buildingIdList: [], contactId: null, serviceProviderCompanyId: r.pc, typeId: r.rt, price };
};
const preview = { realEstate: { id: 1, name: 'Résidence' }, buildings: [], businessArea: null, requestType: null, serviceProviderCompany: null };

describe('OS data layer', () => {
  it('pulls a filtered page and a detail with its next steps into the store, and the tunnel data', async () => {
    const { db } = await open(false);
    expect(await pullOsPage(db, world.api, osPlacesOf(3), 1)).toBeGreaterThan(0);
    const page = await firstPageByPlaces(db.workrequests as never, osPlacesOf(3), 10);
    expect(page.length).toBeGreaterThan(0);
    expect(page.every((d: { place: string }) => ['purchase_order_dp', 'purchase_order_dt'].includes(d.place))).toBe(true);
    const id = Number((page[0] as { id: string }).id);
    expect(await pullOsDetail(db, world.api, id)).toBe('stored');
    // GT does not act at purchase orders: the server offers no step.
    expect(await pullOsNextSteps(db, world.api, id)).toEqual([]);
    await prefetchOsTunnel(db, world.api);
    for (const kind of ['provider', 'requestType', 'businessArea', OS_REAL_ESTATE_KIND, 'building']) {
      expect(await db.reference.count({ selector: { kind } }).exec(), kind).toBeGreaterThan(0);
    }
  });

  it('createOs: shown at once, pending; then created once with its photo and sent to completion', async () => {
    const { db, outbox: o } = await open(false);
    const photo = { id: 'photo-1', name: 'devis.png', type: 'image/png', size: 100, blob: new Blob([new Uint8Array(demoPng(3))], { type: 'image/png' }) };
    const ids = await createOs(o, { body: body('Opération createOs', 8000), preview, files: [photo], submit: true });
    expect(ids).toHaveLength(3);
    const local = await db.workrequests.find({ selector: { pending: true } }).exec();
    expect(local.map((d) => d.place)).toEqual(['request_completion']);
    o.resume();
    await o.start();
    await drained();
    const row = sql<{ id: number; place: string; n: number }>(
      `SELECT id, place, (SELECT COUNT(*) FROM work_validation_media WHERE request_id = w.id) AS n FROM work_validation_requests w WHERE information = 'Opération createOs'`,
    );
    expect(row).toMatchObject({ place: 'request_completion', n: 1 });
    const stored = await db.workrequests.findOne(String(row.id)).exec();
    expect(stored?.pending).toBe(false);
    expect(stored?.place).toBe('request_completion');
  });

  it('saveOs modifies a draft with PUT; advance, sign and refuse move it as the shared rules say', async () => {
    const { db, outbox: o } = await open();
    await createOs(o, { body: body('Opération brouillon', 9000), preview, files: [], submit: false });
    await drained();
    const id = sql<{ id: number }>(`SELECT id FROM work_validation_requests WHERE information = 'Opération brouillon'`).id;
    expect(placeOf(id)).toBe('request_init');
    await saveOs(o, { osId: String(id), place: 'request_init', body: body('Opération brouillon complétée', 9500), preview, files: [], submit: true });
    await drained();
    expect(sql<{ price: number; place: string }>(`SELECT price, place FROM work_validation_requests WHERE id = ?`, id)).toEqual({
      price: 9500,
      place: 'request_completion',
    });

    // The workflow roles act in turn (the API client signs in as each).
    const as = async (email: string) => {
      world.tokens.current = await world.api.call('POST', 'api/authentication_token', { json: { email, password: 'demo1234' } });
    };
    await as('gl@demo.fr');
    await pullOsDetail(db, world.api, id);
    await advanceOs(o, { osId: String(id), place: 'request_completion', price: 9500, code: 'os_creation' });
    expect((await db.workrequests.findOne(String(id)).exec())?.pending).toBe(true);
    await drained();
    expect(placeOf(id)).toBe('os_creation');
    await as('at@demo.fr');
    await advanceOs(o, { osId: String(id), place: 'os_creation', price: 9500, code: 'n1_signature' });
    await drained();
    await as('gt@demo.fr');
    const author = { id: 0, firstName: 'Antoine', lastName: 'Dubois' };
    await refuseOs(o, { osId: String(id), place: 'n1_signature', price: 9500, reason: 'Devis incomplet', author });
    expect((await db.workrequests.findOne(String(id)).exec())?.place).toBe('request_completion');
    await drained();
    expect(placeOf(id)).toBe('request_completion');
    expect(sql<{ n: number }>(`SELECT COUNT(*) AS n FROM messages WHERE object_kind = 'os' AND object_id = ? AND message_text = 'Devis incomplet'`, id).n).toBe(
      1,
    );
    await as('gl@demo.fr');
    await advanceOs(o, { osId: String(id), place: 'request_completion', price: 9500, code: 'os_creation' });
    await as('at@demo.fr');
    await drained();
    await advanceOs(o, { osId: String(id), place: 'os_creation', price: 9500, code: 'n1_signature' });
    await drained();
    await as('gt@demo.fr');
    await signOs(o, { osId: String(id), place: 'n1_signature', price: 9500 });
    await drained();
    expect(placeOf(id)).toBe('request_intervention_provider');
  });

  it('a pull never overwrites an OS whose step is not sent yet', async () => {
    const { db, outbox: o } = await open(false);
    await pullOsPage(db, world.api, osPlacesOf(4), 1);
    const doc = (await db.workrequests.find({ selector: { place: 'os_creation' } }).exec())[0]!;
    await advanceOs(o, { osId: doc.id, place: 'os_creation', price: doc.data.price as number, code: 'n1_signature' });
    await pullOsPage(db, world.api, osPlacesOf(1), 1);
    await pullOsDetail(db, world.api, Number(doc.id));
    const after = await db.workrequests.findOne(doc.id).exec();
    expect(after?.place).toBe('n1_signature');
    expect(after?.pending).toBe(true);
  });

  it('keeps an incomplete draft on the device, across a reopening of the store, until dropped', async () => {
    const { db } = await open(false);
    await keepOsDraft(db, { provider: { id: 4, name: 'Technis' }, realEstate: { id: 2, name: 'Tour' } });
    const id = store!.userId;
    await store!.close();
    store = await openStore(id);
    expect((await readOsDraft(store.db))?.values).toMatchObject({ realEstate: { id: 2 } });
    await dropOsDraft(store.db);
    expect(await readOsDraft(store.db)).toBeNull();
  });

  it('a draft with only its property is shown in start at once and posted once; saved complete and sent, it becomes a request at completion', async () => {
    const { db } = await open(false);
    const draftBody = { ...body('', 1), businessAreaId: null, serviceProviderCompanyId: null, typeId: null, price: null };
    const [createId] = await createOs(outbox!, { body: draftBody, preview, files: [], submit: false });
    const local = await db.workrequests.findOne({ selector: { pending: true } }).exec();
    expect(local?.place).toBe('start');
    outbox!.resume();
    await outbox!.start();
    await drained();
    expect(createId).toBeTruthy();
    const created = sql<{ id: number; place: string; price: number | null }>(`SELECT id, place, price FROM work_validation_requests ORDER BY id DESC LIMIT 1`);
    expect(created).toMatchObject({ place: 'start', price: null });
    await saveOs(outbox!, { body: body('Complété', 640), preview, files: [], submit: true, osId: String(created.id), place: 'start' });
    await drained();
    expect(placeOf(created.id)).toBe('request_completion');
    expect(sql<{ price: number }>(`SELECT price FROM work_validation_requests WHERE id = ?`, created.id).price).toBe(640);
  });
});
