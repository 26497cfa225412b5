/**
 * The echopark operations on fake-indexeddb against the reference server:
 * a request created offline with a photo shows at once, pending, then reaches
 * the server once with its photo and message; a refused creation keeps the
 * command with the translated reason; step, message, progress form and
 * debriefing each reach the server once, and a pull meanwhile never
 * overwrites them; a community switch changes the list.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commandRegistry } from '../../sync/commands/registry';
import {
  createEchoparkRequest,
  moveEchoparkStep,
  sendEchoparkDebrief,
  sendEchoparkMessage,
  submitEchoparkForm,
  switchEchoparkCommunity,
} from '../../sync/commands/echopark-operations';
import { ECHOPARK_COMMUNITIES, pullEchoparkCreationData, pullEchoparkDetail, pullEchoparkList } from '../../sync/pull/echopark';
import { ECHOPARK_REASONS, flattenProperties, type EchoparkCommunities, type EchoparkDetail, type EchoparkFormPayload } from '../../sync/contract/echopark';
import { readLocal } from '../../sync/store/local';
import { demoPng } from '../../server/seed/images';
import { closeOpenStores, nextStoreId, openOutbox, startOutboxWorld, type OutboxWorld } from './outbox-harness';
import { sqlOf } from '../sql';

let world: OutboxWorld;
beforeAll(async () => {
  world = await startOutboxWorld('echopark@demo.fr');
});
afterEach(() => closeOpenStores());
afterAll(() => world.close());

const db = () => world.server.ctx.db;
const { count } = sqlOf(db);

async function open() {
  const opened = await openOutbox<typeof commandRegistry>(world, nextStoreId(), { registry: commandRegistry });
  return opened;
}

/** Sends what is queued, as when the network comes back. */
async function sendAll(outbox: { resume(): void; flush(): Promise<void>; count(): Promise<number> }) {
  outbox.resume();
  for (let i = 0; i < 20 && (await outbox.count()) > 0; i++) await outbox.flush();
}

describe('echopark operations', () => {
  it('creates a request offline with a photo: pending at once, then on the server once with its photo and message', async () => {
    const { store, outbox } = await open();
    const creation = (await pullEchoparkCreationData(store.db, world.api))!;
    const [typeId, type] = Object.entries(creation.requests)[0]!;
    const domain = type.domains[0]!;
    const property = flattenProperties(creation.realEstates).find((p) => p.level === 3)!;
    outbox.pause(); // offline
    const communities = (await readLocal<EchoparkCommunities>(store.db, ECHOPARK_COMMUNITIES))!;
    const photo = { id: 'photo-1', name: 'depot.png', type: 'image/png', size: 100, blob: new Blob([new Uint8Array(demoPng(7))], { type: 'image/png' }) };
    const message = 'Dépôt sauvage créé hors ligne (test)';
    const ids = await createEchoparkRequest(outbox, {
      body: { requestTypeId: Number(typeId), realEstate: property.id, domainTreeId: domain.arboid, message },
      preview: {
        communityId: communities.current!.id,
        domain: { name: domain.name, parentName: null, requestTypeName: type.name, requestTypeId: Number(typeId) },
        realEstate: { id: property.id, name: property.name, label: property.name, city: property.city },
        urgencyName: '',
        requestedBy: { firstName: 'sophie', lastName: 'Moreau', companyName: null },
        stepName: 'Nouvelle demande',
      },
      photos: [photo],
    });
    expect(ids).toHaveLength(2);
    const local = await store.db.echopark.find({ selector: { pending: true } }).exec();
    expect(local).toHaveLength(1);
    expect(local[0]!.data).toMatchObject({ number: '', message, localPictures: [{ fileId: 'photo-1', name: 'depot.png' }] });
    expect(count(`SELECT COUNT(*) AS n FROM echopark_requests WHERE message = ?`, message)).toBe(0);

    await sendAll(outbox);
    expect(count(`SELECT COUNT(*) AS n FROM echopark_requests WHERE message = ? AND property_id = ?`, message, property.id)).toBe(1);
    expect(count(`SELECT COUNT(*) AS n FROM echopark_pictures p JOIN echopark_requests r ON r.id = p.request_id WHERE r.message = ?`, message)).toBe(1);
    const serverId = db().prepare(`SELECT id, number FROM echopark_requests WHERE message = ?`).get(message) as { id: number; number: string };
    const stored = await store.db.echopark.findOne(String(serverId.id)).exec();
    expect(stored?.pending).toBe(false);
    expect(await store.db.echopark.findOne(ids[0]!).exec()).toBeNull();
    await pullEchoparkList(store.db, world.api);
    expect((await store.db.echopark.findOne(String(serverId.id)).exec())?.data.number).toBe(serverId.number);
  });

  it('a refused creation keeps the command with the translated reason, and the card goes', async () => {
    const { store, outbox } = await open();
    const creation = (await pullEchoparkCreationData(store.db, world.api))!;
    const [typeId, type] = Object.entries(creation.requests)[0]!;
    const property = flattenProperties(creation.realEstates)[0]!;
    const preview = {
      communityId: 1,
      domain: { name: 'x', parentName: null, requestTypeName: type.name, requestTypeId: 1 },
      realEstate: { id: property.id, name: property.name, label: property.name, city: null },
      urgencyName: '',
      requestedBy: { firstName: 'a', lastName: 'b', companyName: null },
      stepName: 'Nouvelle demande',
    };
    const [id] = await createEchoparkRequest(outbox, {
      body: { requestTypeId: Number(typeId), realEstate: property.id, domainTreeId: 999_999, message: 'Domaine inconnu' },
      preview,
      photos: [],
    });
    await outbox.flush();
    const [command] = await outbox.all();
    expect(command).toMatchObject({ id, status: 'rejected', lastError: { status: 400, message: ECHOPARK_REASONS.echoparkUnknownDomain } });
    expect(command!.payload).toMatchObject({ body: { message: 'Domaine inconnu' } });
    expect(await store.db.echopark.count().exec()).toBe(0);
  });

  it('step, message, progress form and debriefing reach the server once each; a pull meanwhile keeps them', async () => {
    const { store, outbox } = await open();
    await pullEchoparkList(store.db, world.api);
    const row = db()
      .prepare(
        `SELECT r.id FROM echopark_requests r JOIN echopark_steps s ON s.id = r.step_id JOIN users u ON u.echopark_main_community_id = r.community_id WHERE u.email = 'echopark@demo.fr' AND s.name = 'Intervention en cours' ORDER BY r.id LIMIT 1`,
      )
      .get() as { id: number };
    await pullEchoparkDetail(store.db, world.api, row.id);
    const detail = (await store.db.echopark.findOne(String(row.id)).exec())!.data as unknown as EchoparkDetail & { consigne?: string };
    expect(detail.consigne).toBeTruthy();
    const requestId = String(row.id);
    const history = () => count(`SELECT COUNT(*) AS n FROM echopark_messages WHERE request_id = ?`, row.id);
    const before = history();
    outbox.pause();
    const recipient = detail.recipients[0]!;
    await sendEchoparkMessage(outbox, {
      requestId,
      recipientRoleId: recipient.roleId,
      recipientGroupId: recipient.groups[0]!.value,
      message: 'Message hors ligne',
      roleName: recipient.roleName,
      groupName: recipient.groups[0]!.label,
    });
    const form = detail.form!;
    const fields = form.groups.flatMap((g) => g.fields.filter((f) => !f.disabled).map((f) => ({ group: g.id, f })));
    const value = (type: string, choices: { value: string }[]) =>
      ({
        checkbox: true,
        combo: choices[0]?.value,
        list: [choices[0]?.value],
        upload: detail.pictures[0]?.id ?? null,
        date: '2026-11-20',
        timestamp: 1_790_000_000,
        time: '08:30',
        integer: 2,
        number: 1.5,
        textarea: 'Constat',
        text: 'Nacelle',
        email: 'chef@site.fr',
      })[type];
    const payload: EchoparkFormPayload = {
      requestId,
      step: detail.step.id,
      form: {
        id: form.id,
        groups: form.groups.map((g) => ({
          id: g.id,
          fields: fields.filter((x) => x.group === g.id).map(({ f }) => ({ id: f.id, value: value(f.type, f.choices) })),
        })),
      },
    };
    await submitEchoparkForm(outbox, { requestId, payload });
    const now = Math.floor(Date.now() / 1000);
    await sendEchoparkDebrief(outbox, {
      requestId,
      payload: { requestId, etape: detail.step.id, begin_at: now - 3600, end_at: now, comment: 'CR hors ligne', done: false },
      summary: 'CR hors ligne',
    });
    const next = detail.steps[0]!;
    await moveEchoparkStep(outbox, {
      requestId,
      step: next.stepId,
      groupe: next.groupId,
      message: 'Étape hors ligne',
      stepName: next.stepName,
      groupName: next.groupName,
    });
    const pending = (await store.db.echopark.findOne(requestId).exec())!;
    expect(pending.pending).toBe(true);
    // Pending is the outbox's: four unsent commands touch the request.
    expect((await outbox.all()).filter((c) => c.entity === `echopark:${requestId}`)).toHaveLength(4);
    expect((pending.data as unknown as EchoparkDetail).step.name).toBe(next.stepName);

    // A pull while they wait leaves the local copy alone.
    await pullEchoparkList(store.db, world.api);
    await pullEchoparkDetail(store.db, world.api, row.id);
    expect(((await store.db.echopark.findOne(requestId).exec())!.data as unknown as EchoparkDetail).step.name).toBe(next.stepName);

    await sendAll(outbox);
    expect(history() - before).toBe(4); // message, form, debriefing, step: one history entry each
    expect(count(`SELECT COUNT(*) AS n FROM echopark_messages WHERE request_id = ? AND message = 'Message hors ligne'`, row.id)).toBe(1);
    expect(count(`SELECT COUNT(*) AS n FROM echopark_debriefings WHERE request_id = ? AND comment = 'CR hors ligne'`, row.id)).toBe(1);
    expect(count(`SELECT COUNT(*) AS n FROM echopark_form_answers WHERE request_id = ? AND step_id = ?`, row.id, detail.step.id)).toBeGreaterThanOrEqual(10);
    expect((db().prepare(`SELECT step_id FROM echopark_requests WHERE id = ?`).get(row.id) as { step_id: number }).step_id).toBe(next.stepId);
    const settled = (await store.db.echopark.findOne(requestId).exec())!;
    expect(settled.pending).toBe(false);
  });

  it('switches community: the current one changes at once, the server has it, the list follows', async () => {
    const { store, outbox } = await open();
    await pullEchoparkList(store.db, world.api);
    const communities = (await readLocal<EchoparkCommunities>(store.db, ECHOPARK_COMMUNITIES))!;
    expect(communities.communitiesIds.length).toBe(2);
    const other = communities.communitiesIds.find((c) => c.id !== communities.current!.id)!;
    const userId = (db().prepare(`SELECT id FROM users WHERE email = 'echopark@demo.fr'`).get() as { id: number }).id;
    outbox.pause();
    await switchEchoparkCommunity(outbox, { userId, communityId: other.id, previousId: communities.current!.id });
    expect((await readLocal<EchoparkCommunities>(store.db, ECHOPARK_COMMUNITIES))!.current!.id).toBe(other.id);
    await sendAll(outbox);
    expect((db().prepare(`SELECT echopark_main_community_id AS id FROM users WHERE id = ?`).get(userId) as { id: number }).id).toBe(other.id);
    await pullEchoparkList(store.db, world.api);
    const mine = await store.db.echopark.find({ selector: { communityId: other.id } }).exec();
    expect(mine.length).toBe(count(`SELECT COUNT(*) AS n FROM echopark_requests WHERE community_id = ?`, other.id));
    // Back to the first one, for the other tests of this file.
    await switchEchoparkCommunity(outbox, { userId, communityId: communities.current!.id, previousId: other.id });
    await sendAll(outbox);
  });
});
