/**
 * What the echopark commands do with the server's answers (issue 19), on
 * fake-indexeddb against the reference server. A creation answered 2xx with
 * data.reason and no id (the seeded closed domain) is a refusal through the
 * outbox's one model: refused with the translated reason, the card created
 * on the device taken back, its photo not sent, nothing on the server. An
 * answer with neither id nor reason is an error: the request is kept and
 * retried, and reaches the server once it answers properly. A progress form
 * whose upload field names a photo taken offline sends the photo first and
 * the form with the photo's server id; a refused photo holds the form back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commandRegistry } from '../../sync/commands/registry';
import { createEchoparkRequest, submitEchoparkForm } from '../../sync/commands/echopark-operations';
import { ECHOPARK_COMMUNITIES, pullEchoparkCreationData, pullEchoparkDetail } from '../../sync/pull/echopark';
import {
  ECHOPARK_REASONS,
  flattenProperties,
  newPhotoRef,
  type EchoparkCommunities,
  type EchoparkCreationData,
  type EchoparkDetail,
  type EchoparkFormPayload,
} from '../../sync/contract/echopark';
import { createApiClient } from '../../sync/api/client';
import { readLocal } from '../../sync/store/local';
import type { Store } from '../../sync/store/database';
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

/** The outbox's clock, moved by the test (backoff waits are read from it). */
const clock = { now: Date.now() };

async function open(api = world.api) {
  return openOutbox<typeof commandRegistry>(world, nextStoreId(), { registry: commandRegistry, api, now: () => clock.now });
}

const photo = (id: string, data = demoPng(5)) => ({
  id,
  name: `${id}.png`,
  type: 'image/png',
  size: data.length,
  blob: new Blob([new Uint8Array(data)], { type: 'image/png' }),
});

/** A creation of the user's current community for a type and domain named as the tunnel shows them. */
async function creation(store: Store, typeName: string, domainName: string, message: string) {
  const data = (await pullEchoparkCreationData(store.db, world.api)) as EchoparkCreationData;
  const [typeId, type] = Object.entries(data.requests).find(([, t]) => t.name === typeName)!;
  const domain = type.domains.find((d) => d.name === domainName)!;
  const property = flattenProperties(data.realEstates).find((p) => p.level === 3)!;
  const communities = (await readLocal<EchoparkCommunities>(store.db, ECHOPARK_COMMUNITIES))!;
  return {
    body: { requestTypeId: Number(typeId), realEstate: property.id, domainTreeId: domain.arboid, message },
    preview: {
      communityId: communities.current!.id,
      domain: { name: domain.name, parentName: null, requestTypeName: type.name, requestTypeId: Number(typeId) },
      realEstate: { id: property.id, name: property.name, label: property.name, city: property.city },
      urgencyName: '',
      requestedBy: { firstName: 'sophie', lastName: 'Moreau', companyName: null },
      stepName: 'Nouvelle demande',
    },
  };
}

describe('echopark creation answers', () => {
  it('a 2xx answer with data.reason and no id is a refusal: translated reason, the card taken back, its photo not sent, nothing on the server', async () => {
    const { store, outbox } = await open();
    const message = 'Tonte de la pelouse (domaine fermé)';
    outbox.pause();
    const [createId, photoId] = await createEchoparkRequest(outbox, {
      ...(await creation(store, 'Espaces verts', 'Tonte', message)),
      photos: [photo('tonte')],
    });
    expect(await store.db.echopark.count().exec()).toBe(1);
    outbox.resume();
    for (let i = 0; i < 5; i++) await outbox.flush();

    const commands = await outbox.all();
    const created = commands.find((c) => c.id === createId)!;
    // Refused, with the reason in French (never « Pas encore envoyée » forever), everything typed kept in the command.
    expect(created).toMatchObject({ status: 'rejected', lastError: { status: 200, message: ECHOPARK_REASONS.echoparkDomainClosed } });
    expect(created.payload).toMatchObject({ body: { message } });
    // Its photo has no request to go to: refused in French, never sent (to 'picture/NaN' or anywhere).
    expect(commands.find((c) => c.id === photoId)).toMatchObject({
      status: 'rejected',
      lastError: { message: "La demande n'a pas été créée sur le serveur : réessayez d'abord la demande, ou abandonnez cet envoi." },
    });
    expect(world.sent.filter((s) => s.startsWith('POST /api/echopark/picture/'))).toEqual([]);
    // The card created on the device goes (the outbox's one rollback): nothing left « Pas encore envoyée ».
    expect(await store.db.echopark.count().exec()).toBe(0);
    expect(count(`SELECT COUNT(*) AS n FROM echopark_requests WHERE message = ?`, message)).toBe(0);
  });

  it('an answer with neither id nor reason is an error: the request is kept and retried, and reaches the server once it answers properly', async () => {
    let broken = true;
    const api = createApiClient({
      baseUrl: () => world.base,
      tokens: { get: () => world.tokens.current, set: (t) => void (world.tokens.current = t) },
      onSessionExpired: () => undefined,
      timeoutMs: 5000,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (broken && request.method === 'POST' && new URL(request.url).pathname === '/api/echopark/requests/')
          return new Response(JSON.stringify({ data: {} }), { status: 200, headers: { 'content-type': 'application/json' } });
        return fetch(request);
      },
    });
    const { store, outbox } = await open(api);
    const message = 'Encombrants devant le hall (réponse sans identifiant)';
    const [createId] = await createEchoparkRequest(outbox, { ...(await creation(store, 'Propreté', 'Encombrants', message)), photos: [] });
    await outbox.flush();
    const kept = (await outbox.all()).find((c) => c.id === createId)!;
    expect(kept).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: { message: 'Réponse du serveur sans numéro de demande : la demande sera renvoyée.' },
    });
    expect(kept.nextAttemptAt).toBeGreaterThan(clock.now);
    // The card stays, pending: the request is not lost.
    expect((await store.db.echopark.find().exec()).map((d) => d.pending)).toEqual([true]);

    broken = false;
    clock.now = kept.nextAttemptAt;
    await outbox.flush();
    expect(await outbox.count()).toBe(0);
    expect(count(`SELECT COUNT(*) AS n FROM echopark_requests WHERE message = ?`, message)).toBe(1);
    const id = (db().prepare(`SELECT id FROM echopark_requests WHERE message = ?`).get(message) as { id: number }).id;
    expect((await store.db.echopark.findOne(String(id)).exec())?.pending).toBe(false);
  });
});

describe('progress form with a photo taken offline', () => {
  /** A request of the user's community at the step with the progress form, pulled into the store. */
  async function formRequest(store: Store) {
    const row = db()
      .prepare(
        `SELECT r.id FROM echopark_requests r JOIN echopark_steps s ON s.id = r.step_id JOIN users u ON u.echopark_main_community_id = r.community_id WHERE u.email = 'echopark@demo.fr' AND s.name = 'Intervention en cours' ORDER BY r.id DESC LIMIT 1`,
      )
      .get() as { id: number };
    await pullEchoparkDetail(store.db, world.api, row.id);
    const detail = (await store.db.echopark.findOne(String(row.id)).exec())!.data as unknown as EchoparkDetail;
    return { id: row.id, detail };
  }

  /** The form's required fields filled, the upload field set to `upload`. */
  function payloadOf(detail: EchoparkDetail, upload: unknown): EchoparkFormPayload {
    const value = (f: EchoparkDetail['form'] extends infer F ? (F extends { groups: { fields: (infer X)[] }[] } ? X : never) : never) =>
      ({ checkbox: true, combo: f.choices[0]?.value, date: '2026-11-20', time: '08:30', integer: 2, textarea: 'Constat', upload })[f.type as string] ?? null;
    const form = detail.form!;
    return {
      requestId: String(detail.id),
      step: detail.step.id,
      form: {
        id: form.id,
        groups: form.groups.map((g) => ({ id: g.id, fields: g.fields.filter((f) => !f.disabled).map((f) => ({ id: f.id, value: value(f) })) })),
      },
    };
  }

  const uploadAnswer = (requestId: number) =>
    (
      db()
        .prepare(`SELECT a.value FROM echopark_form_answers a JOIN echopark_fields f ON f.id = a.field_id WHERE a.request_id = ? AND f.type = 'upload'`)
        .get(requestId) as { value: string } | undefined
    )?.value;

  it('sends the photo first, then the form with the photo’s server id in the upload field', async () => {
    const { store, outbox } = await open();
    const { id, detail } = await formRequest(store);
    const pictures = () => count(`SELECT COUNT(*) AS n FROM echopark_pictures WHERE request_id = ?`, id);
    const before = pictures();
    outbox.pause(); // offline
    const ref = newPhotoRef('constat-offline');
    const ids = await submitEchoparkForm(outbox, {
      requestId: String(id),
      payload: payloadOf(detail, ref),
      photos: [{ ref, photo: photo('constat-offline', demoPng(21)) }],
    });
    expect(ids).toHaveLength(2);
    // On the device at once: the photo waiting, the field holding it.
    const local = (await store.db.echopark.findOne(String(id)).exec())!.data as unknown as EchoparkDetail & { localPictures: { fileId: string }[] };
    expect(local.localPictures.map((p) => p.fileId)).toEqual(['constat-offline']);
    expect(local.form!.groups.flatMap((g) => g.fields).find((f) => f.type === 'upload')!.value).toBe(ref);

    outbox.resume();
    for (let i = 0; i < 5 && (await outbox.count()) > 0; i++) await outbox.flush();
    expect(await outbox.count()).toBe(0);
    expect(pictures()).toBe(before + 1);
    const newest = (db().prepare(`SELECT MAX(id) AS id FROM echopark_pictures WHERE request_id = ?`).get(id) as { id: number }).id;
    expect(uploadAnswer(id)).toBe(String(newest));
  });

  it('a refused photo holds the form back: it is never sent with a field that names nothing', async () => {
    const { store, outbox } = await open();
    const { id, detail } = await formRequest(store);
    const history = () => count(`SELECT COUNT(*) AS n FROM echopark_messages WHERE request_id = ?`, id);
    const before = history();
    const ref = newPhotoRef('not-an-image');
    const [photoId, formId] = await submitEchoparkForm(outbox, {
      requestId: String(id),
      payload: payloadOf(detail, ref),
      photos: [{ ref, photo: photo('not-an-image', Buffer.from('ceci est du texte, pas une image')) }],
    });
    for (let i = 0; i < 5; i++) await outbox.flush();
    const commands = await outbox.all();
    expect(commands.find((c) => c.id === photoId)).toMatchObject({ status: 'rejected', lastError: { status: 400 } });
    expect(commands.find((c) => c.id === formId)).toMatchObject({ status: 'pending', attempts: 0, dependsOn: photoId });
    expect(world.sent.filter((s) => s === 'POST /api/echopark/request/form/')).toHaveLength(1); // the test before's only
    expect(history()).toBe(before);
  });
});
