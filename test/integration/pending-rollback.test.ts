/**
 * Pending is the outbox's, and a refusal is undone the same way in every
 * module (issue 18), on fake-indexeddb against the in-process server:
 * a document is pending exactly while an unsent command touches it; a refused
 * command is kept as refused and its document comes back to the server's
 * state (re-read, or the copy set aside, or — a creation — gone); the copy a
 * pull set aside is dropped after a success, so a later refusal never brings
 * back an old one.
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../sync/store/database';
import { createOs } from '../../sync/commands/os-operations';
import { pullOsDetail, pullOsPage } from '../../sync/pull/os';
import { readLocal } from '../../sync/store/local';
import { appOutboxSuite } from './app-outbox-suite';

const suite = appOutboxSuite('gt@demo.fr');
const sql = <T>(query: string, ...params: unknown[]) => suite.world.server.ctx.db.prepare(query).get(...params) as T;
const placeOf = (id: number) => sql<{ place: string }>(`SELECT place FROM work_validation_requests WHERE id = ?`, id).place;
const drain = (box: Parameters<typeof suite.drain>[0]) => suite.drain(box);

async function open() {
  const opened = await suite.open({
    // What the OS module does after a refusal: re-read the server's copy.
    refetch: async (collection, id) =>
      collection === 'workrequests' && /^\d+$/.test(id) && (await pullOsDetail(opened.db, suite.world.api, Number(id))) === 'stored',
  });
  return opened;
}

/** An OS of the demo in request_init (a draft GT may complete), stored on the device. */
async function draftOs(db: Store['db']) {
  const row = sql<{ id: number }>(`SELECT id FROM work_validation_requests WHERE place = 'request_init' ORDER BY id LIMIT 1`);
  await pullOsDetail(db, suite.world.api, row.id);
  return String(row.id);
}

const doc = async (db: Store['db'], id: string) => (await db.workrequests.findOne(id).exec())?.toJSON();

describe('pending derived from the outbox, one rollback', () => {
  it('a chain on one OS: pending until its last command leaves; the refused step is undone by the server copy, the command stays refused', async () => {
    const { db, outbox: box } = await open();
    const id = await draftOs(db);
    const before = placeOf(Number(id));
    // A step the server refuses (a code that does not lead anywhere from here), then a message.
    await box.enqueue('os.step', { osId: id, stepCode: 'purchase_order_dt_validated', target: 'closed' });
    await box.enqueue('os.message', { tempId: 'tmp-msg-1', osId: id, messageText: 'Pourquoi ?', author: { id: 1, firstName: 'G', lastName: 'T' } });
    expect((await doc(db, id))?.pending).toBe(true);
    expect((await doc(db, id))?.place).toBe('closed');
    await drain(box);
    const commands = await box.all();
    expect(commands.map((c) => [c.name, c.status])).toEqual([['os.step', 'rejected']]);
    const after = await doc(db, id);
    expect(after?.pending).toBe(false);
    // The optimistic place is gone: the server's copy was read again.
    expect(after?.place).toBe(before);
    expect((after?.data as { stale?: boolean }).stale).toBeUndefined();
    expect(await readLocal(db, `refused:workrequests:${id}`)).toBeNull();
    // The message was sent: its own document is no longer pending.
    expect((await db.messages.findOne('tmp-msg-1').exec())?.pending).toBe(false);
  });

  it('an answer does not overwrite the optimistic effect of a later unsent command on the same OS', async () => {
    const { db, outbox: box } = await open();
    const id = await draftOs(db);
    const other = sql<{ id: number }>(`SELECT id FROM work_validation_requests WHERE id <> ? ORDER BY id LIMIT 1`, Number(id)).id;
    // A refused command elsewhere that the step below waits for: the step stays unsent.
    const blocker = await box.enqueue('os.step', { osId: String(other), stepCode: 'nowhere_validated', target: 'closed' });
    await drain(box);
    // The outbox keeps running: the update's answer arrives while the step is being queued (the race
    // that overwrote the step's place before answers and enqueues took turns).
    const r = sql<{ re: number; ba: number; rt: number; pc: number }>(
      `SELECT real_estate_id AS re, business_area_id AS ba, request_type_id AS rt, provider_company_id AS pc FROM work_validation_requests WHERE id = ?`,
      Number(id),
    );
    const body = {
      information: 'Modifiée',
      realEstatId: r.re,
      businessAreaId: r.ba,
      buildingIdList: [],
      contactId: null,
      serviceProviderCompanyId: r.pc,
      typeId: r.rt,
      price: 100,
    };
    const preview = { realEstate: { id: r.re, name: 'R' }, buildings: [], businessArea: null, requestType: null, serviceProviderCompany: null };
    await box.enqueue('os.update', { osId: id, body, preview });
    const step = await box.enqueue('os.step', { osId: id, stepCode: 'request_completion', target: 'request_completion' }, { dependsOn: blocker });
    await drain(box);
    expect((await box.all()).map((c) => c.name)).toEqual(['os.step', 'os.step']);
    // The update was answered (the server has it), but the step's place stays on screen, pending.
    expect(sql<{ information: string }>(`SELECT information FROM work_validation_requests WHERE id = ?`, Number(id)).information).toBe('Modifiée');
    const mid = await doc(db, id);
    expect(mid?.pending).toBe(true);
    expect(mid?.place).toBe('request_completion');
    expect((await readLocal<{ place: string }>(db, `aside:workrequests:${id}`))?.place).toBe('request_init');
    // Given up: the OS comes back to the server's state, the update included.
    await box.discard(step);
    const end = await doc(db, id);
    expect(end?.pending).toBe(false);
    expect(end?.place).toBe('request_init');
    expect((end?.data as { information: string }).information).toBe('Modifiée');
  });

  it('a refused creation: the card goes, the command stays refused with everything typed; retry shows it again', async () => {
    const { db, outbox: box } = await open();
    // A price the server refuses (negative): the creation is a 4xx.
    const body = {
      information: 'Refusée',
      realEstatId: 1,
      businessAreaId: 1,
      buildingIdList: [],
      contactId: null,
      serviceProviderCompanyId: 1,
      typeId: 1,
      price: -5,
    };
    const preview = { realEstate: { id: 1, name: 'Résidence' }, buildings: [], businessArea: null, requestType: null, serviceProviderCompany: null };
    const [createId] = await createOs(box, { body: body as never, preview, files: [], submit: false });
    const tempId = ((await box.all())[0]!.payload as { tempId: string }).tempId;
    expect((await doc(db, tempId))?.pending).toBe(true);
    await drain(box);
    expect(await doc(db, tempId)).toBeUndefined();
    const [refused] = await box.all();
    expect(refused?.id).toBe(createId);
    expect(refused?.status).toBe('rejected');
    expect((refused?.payload as { body: { information: string } }).body.information).toBe('Refusée');
    await box.retry(createId!);
    box.pause();
    expect((await doc(db, tempId))?.pending).toBe(true);
  });

  it('success drops the copy a pull set aside; a later refusal re-reads the server instead of restoring that old copy', async () => {
    const { db, outbox: box } = await open();
    const id = await draftOs(db);
    await box.enqueue('os.step', { osId: id, stepCode: 'request_completion', target: 'request_completion' });
    // A pull while it waits: the server's copy (still request_init) goes aside.
    await pullOsPage(db, suite.world.api, ['request_init'], 1);
    await pullOsDetail(db, suite.world.api, Number(id));
    expect(await readLocal(db, `aside:workrequests:${id}`)).not.toBeNull();
    await drain(box);
    expect(await readLocal(db, `aside:workrequests:${id}`)).toBeNull();
    expect((await doc(db, id))?.place).toBe('request_completion');
    // Now a refused step: the OS comes back to request_completion (the server's), not to the old request_init.
    await box.enqueue('os.step', { osId: id, stepCode: 'purchase_order_dt_validated', target: 'closed' });
    await drain(box);
    expect((await doc(db, id))?.place).toBe('request_completion');
    expect((await doc(db, id))?.pending).toBe(false);
  });

  it('discarding a waiting command undoes its effect at once', async () => {
    const { db, outbox: box } = await open();
    const id = await draftOs(db);
    const stepId = await box.enqueue('os.step', { osId: id, stepCode: 'request_completion', target: 'request_completion' });
    expect((await doc(db, id))?.place).toBe('request_completion');
    await box.discard(stepId);
    expect((await doc(db, id))?.place).toBe('request_init');
    expect((await doc(db, id))?.pending).toBe(false);
  });
});
