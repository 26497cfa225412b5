/**
 * Echopark actions and their rules (spec part 2 §4.1, §5): step (required,
 * next steps only, group), message (canMessage, role, group, text), progress
 * form (obligatoire fields, value formats), photos (type by content, size,
 * missing field), debriefing (availability, dates). Each success leaves one
 * history entry of the documented messageType.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestApi, type TestApi } from './harness';
import { demoPng } from '../../server/seed/images';
import {
  ECHOPARK_TEXTS,
  checkFormValue,
  flattenProperties,
  timelineMessages,
  type EchoparkCreationData,
  type EchoparkDetail,
  type EchoparkFormField,
} from '../../sync/contract/echopark';

const ECHO = 'echopark@demo.fr';
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const detail = async (id: number) => (await api.call('GET', `/api/echopark/requests/${id}/details`, { as: ECHO })).body as EchoparkDetail;
const post = (url: string, body: object) => api.call('POST', url, { as: ECHO, body });

/** A fresh request of the current community (Propreté), so that each test owns its object. */
async function newRequest(): Promise<number> {
  const data = (await api.call('GET', '/api/echopark/requests-map', { as: ECHO })).body as EchoparkCreationData;
  const [typeId, type] = Object.entries(data.requests).find(([, t]) => t.name === 'Propreté')!;
  const building = flattenProperties(data.realEstates).find((p) => p.level === 3)!;
  const res = await post('/api/echopark/requests/', {
    requestTypeId: Number(typeId),
    realEstate: building.id,
    domainTreeId: type.domains[0]!.arboid,
    message: 'Dépôt de gravats sur le trottoir.',
  });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

/** Walks a request along the first offered option until it reaches the named step. */
async function advance(id: number, ...names: string[]): Promise<EchoparkDetail> {
  for (const name of names) {
    const option = (await detail(id)).steps.find((s) => s.stepName === name)!;
    const res = await post('/api/echopark/step/', { requestId: id, step: option.stepId, groupe: option.groupId });
    expect(res.status, name).toBe(200);
  }
  return detail(id);
}
const toIntervention = (id: number) => advance(id, 'En qualification', 'Transmise au prestataire', 'Intervention en cours');

const upload = (requestId: number, file: { name: string; type: string; data: Buffer } | null, field = 'file') => {
  const { body, headers } = multipart(file, {}, field);
  return api.call('POST', `/api/echopark/picture/${requestId}`, { as: ECHO, body, headers });
};

describe('step', () => {
  it('requires a step, a next step and one of its groups; a success moves the request and logs type 1', async () => {
    const id = await newRequest();
    const d = await detail(id);
    expect((await post('/api/echopark/step/', { requestId: id, message: 'x' })).body.message).toBe(ECHOPARK_TEXTS.completeRequired);
    expect((await post('/api/echopark/step/', { requestId: id, step: '', groupe: 1 })).body.message).toBe(ECHOPARK_TEXTS.completeRequired);
    expect((await post('/api/echopark/step/', { requestId: id, step: 999999 })).body.code).toBe('010001');
    // A step that exists (seeded ids 1..7) but does not follow 'Nouvelle demande'.
    const notNext = [1, 2, 3, 4, 5, 6, 7].find((s) => s !== d.step.id && !d.steps.some((o) => o.stepId === s))!;
    expect((await post('/api/echopark/step/', { requestId: id, step: notNext, groupe: 1 })).body.code).toBe('010003');
    const option = d.steps.find((s) => s.stepName === 'En qualification')!;
    expect((await post('/api/echopark/step/', { requestId: id, step: option.stepId })).body.message).toBe(ECHOPARK_TEXTS.completeRequired);
    expect((await post('/api/echopark/step/', { requestId: id, step: option.stepId, groupe: 999999 })).status).toBe(400);
    expect((await detail(id)).step.name).toBe('Nouvelle demande');
    const ok = await post('/api/echopark/step/', {
      requestId: `/api/echopark/requests/${id}`,
      step: option.stepId,
      groupe: option.groupId,
      message: 'Je prends.',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ data: { id, message: 'Etape passée avec succès.' } });
    const after = await detail(id);
    expect(after.step).toMatchObject({ id: option.stepId, name: 'En qualification' });
    expect(after.messages[0]).toMatchObject({
      messageType: 1,
      message: 'Je prends.',
      step: { stepName: 'En qualification' },
      group: { groupName: option.groupName },
    });
    expect(after.modifiedAt > d.modifiedAt).toBe(true);
    expect(after.steps.map((s) => s.stepName)).not.toContain('En qualification');
  });

  it('closes a request with type 12; a closed request has no next step and no messaging', async () => {
    const id = await newRequest();
    const d = await advance(id, 'Rejetée');
    expect(d.step.name).toBe('Rejetée');
    expect(d.closed).toBe(1);
    expect(d.steps).toEqual([]);
    expect(d.canMessage).toBe(0);
    expect(d.messages[0]!.messageType).toBe(12);
    expect(timelineMessages(d.messages).map((m) => m.messageType)).toEqual([12, 0]);
  });
});

describe('message', () => {
  it('needs canMessage, a role, a group of that role and a text; logs type 4', async () => {
    const id = await newRequest();
    const d = await detail(id);
    const provider = d.recipients.find((r) => r.roleName === 'Prestataire')!;
    const manager = d.recipients.find((r) => r.roleName === 'Gestionnaire de communauté')!;
    const base = { requestId: id, recipientRoleId: provider.roleId, recipientGroupId: provider.groups[0]!.value, message: 'Merci de passer avant midi.' };
    for (const missing of ['recipientRoleId', 'recipientGroupId', 'message'] as const) {
      const res = await post('/api/echopark/request/message/', { ...base, [missing]: missing === 'message' ? '  ' : null });
      expect(res.status, missing).toBe(400);
      expect(res.body.message).toBe(ECHOPARK_TEXTS.fieldRequired);
    }
    expect((await post('/api/echopark/request/message/', { ...base, recipientGroupId: manager.groups[0]!.value })).status).toBe(400);
    const ok = await post('/api/echopark/request/message/', base);
    expect(ok.status).toBe(201);
    expect(ok.body.data.message).toBe('Message enregistré avec succès.');
    expect((await detail(id)).messages[0]).toMatchObject({
      id: ok.body.data.id,
      messageType: 4,
      role: { roleName: 'Prestataire' },
      group: { groupName: provider.groups[0]!.label },
      message: base.message,
    });
    await advance(id, 'Rejetée');
    expect((await post('/api/echopark/request/message/', base)).body.code).toBe('010004');
  });
});

describe('progress form', () => {
  const valuesFor = (fields: EchoparkFormField[], pictureId: number): Record<string, unknown> => {
    const sample: Record<string, unknown> = {
      checkbox: true,
      combo: '1',
      list: ['1', '2'],
      upload: pictureId,
      date: '2025-03-14',
      timestamp: 1_741_950_000,
      time: '08:45',
      integer: 3,
      number: 2.5,
      textarea: 'Tout est en ordre.',
      text: 'Balayeuse',
      email: 'chef.equipe@technis.fr',
    };
    return Object.fromEntries(fields.map((f) => [f.key, sample[f.type]]));
  };

  it('requires the obligatoire fields, checks each type and saves the values of the current step', async () => {
    const id = await newRequest();
    expect((await post('/api/echopark/request/form/', { requestId: id, step: (await detail(id)).step.id, form: { id: 1 } })).body.code).toBe('010004');
    const d = await toIntervention(id);
    const form = d.form!;
    const fields = form.groups.flatMap((g) => g.fields);
    const picture = await upload(id, { name: 'constat.png', type: 'image/png', data: demoPng(7) });
    const values = valuesFor(fields, picture.body.data.id);
    const send = (extra: Record<string, unknown>, step = d.step.id, formId = form.id) =>
      post('/api/echopark/request/form/', { requestId: id, step, form: { id: formId, ...values, ...extra } });

    expect((await send({}, d.step.id + 1)).body.code).toBe('010003');
    expect((await send({}, d.step.id, form.id + 100)).status).toBe(400);
    const required = fields.filter((f) => f.config.obligatoire === 1 && !f.disabled);
    expect(required.length).toBeGreaterThan(2);
    for (const f of required) {
      const res = await send({ [f.key]: f.type === 'checkbox' ? false : '' });
      expect(res.status, f.key).toBe(400);
      expect(res.body.message).toBe(`Le champ « ${f.label} » est obligatoire.`);
    }
    const byType = (type: string) => fields.find((f) => f.type === type)!.key;
    for (const [type, wrong] of [
      ['email', 'pas-un-mail'],
      ['time', '25:00'],
      ['date', '2025-02-30'],
      ['combo', '42'],
      ['list', ['9']],
      ['integer', 2.5],
      ['number', 'beaucoup'],
      ['timestamp', -5],
    ] as const) {
      expect((await send({ [byType(type)]: wrong })).status, type).toBe(400);
    }
    const other = await newRequest();
    const foreignPicture = (await upload(other, { name: 'autre.png', type: 'image/png', data: demoPng(8) })).body.data.id;
    expect((await send({ [byType('upload')]: foreignPicture })).status).toBe(400);
    expect((await detail(id)).messages.filter((m) => m.messageType === 2)).toHaveLength(0);

    const disabled = fields.find((f) => f.disabled)!;
    const ok = await send({ [disabled.key]: 'tentative' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.message).toBe('Formulaire soumis.');
    const saved = (await detail(id)).form!.groups.flatMap((g) => g.fields);
    for (const f of saved.filter((x) => !x.disabled)) expect(f.value, f.key).toEqual(values[f.key]);
    expect(saved.find((f) => f.id === disabled.id)!.value).toBeNull();
    const after = await detail(id);
    expect(after.messages[0]!.messageType).toBe(2);
    // The history keeps the submission, the timeline does not show it.
    expect(timelineMessages(after.messages).some((m) => m.messageType === 2)).toBe(false);

    // Values may also come inside groups[].fields[].
    const viaGroups = form.groups.map((g) => ({
      id: g.id,
      fields: g.fields.map((f) => ({ id: f.id, value: f.key === byType('text') ? 'Souffleur' : values[f.key] })),
    }));
    expect((await post('/api/echopark/request/form/', { requestId: id, step: d.step.id, form: { id: form.id, groups: viaGroups } })).status).toBe(200);
    expect((await detail(id)).form!.groups.flatMap((g) => g.fields).find((f) => f.type === 'text' && !f.disabled)!.value).toBe('Souffleur');
  });

  it('normalises and checks values with the shared rule', () => {
    const field = (type: EchoparkFormField['type'], obligatoire: 0 | 1 = 0) => ({
      label: 'Champ',
      type,
      choices: [{ value: '1', label: 'Oui' }],
      disabled: false,
      config: { obligatoire },
    });
    expect(checkFormValue(field('integer'), '12')).toEqual({ value: 12 });
    expect(checkFormValue(field('checkbox'), '0')).toEqual({ value: false });
    expect(checkFormValue(field('checkbox', 1), 0)).toHaveProperty('error');
    expect(checkFormValue(field('text'), '')).toEqual({ value: null });
    expect(checkFormValue(field('date'), '2024-02-29')).toEqual({ value: '2024-02-29' });
    expect(checkFormValue(field('date'), '2023-02-29')).toHaveProperty('error');
    expect(checkFormValue(field('list'), ['1', '1'])).toEqual({ value: ['1'] });
  });
});

describe('photos', () => {
  it('accepts png, gif and jpeg by content, logs type 3 and serves them back as base64', async () => {
    const id = await newRequest();
    const png = demoPng(3);
    const res = await upload(id, { name: 'photo.png', type: 'image/png', data: png });
    expect(res.status).toBe(201);
    expect(res.body.data.message).toBe('Image ajoutée.');
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20)]);
    expect((await upload(id, { name: 'photo.gif', type: 'image/gif', data: gif })).status).toBe(201);
    // The declared type is not trusted: the bytes say jpeg.
    expect((await upload(id, { name: 'photo', type: 'application/octet-stream', data: jpeg })).status).toBe(201);
    const d = await detail(id);
    expect(d.pictures.map((p) => p.mime)).toEqual(['image/png', 'image/gif', 'image/jpeg']);
    expect(Buffer.from(d.pictures[0]!.b64, 'base64').equals(png)).toBe(true);
    expect(d.messages.filter((m) => m.messageType === 3)).toHaveLength(3);
    expect((await api.call('GET', `/api/media/${d.pictures[0]!.mediaId}`, { as: 'admin@demo.fr' })).status).toBe(200);
  });

  it('refuses a wrong type, a fake extension, a file too large, a missing field and a closed request', async () => {
    const id = await newRequest();
    const pdf = await upload(id, { name: 'devis.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 devis') });
    expect(pdf.status).toBe(400);
    const fake = await upload(id, { name: 'photo.png', type: 'image/png', data: Buffer.from('ceci est du texte, pas une image') });
    expect(fake.status).toBe(400);
    expect(fake.body.message).toMatch(/extension/);
    const big = Buffer.concat([demoPng(1), Buffer.alloc(5_000_001)]);
    const tooLarge = await upload(id, { name: 'grande.png', type: 'image/png', data: big });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toMatch(/trop lourd/);
    expect((await upload(id, { name: 'photo.png', type: 'image/png', data: demoPng(2) }, 'image')).status).toBe(400);
    expect((await upload(id, null)).status).toBe(400);
    expect((await detail(id)).pictures).toHaveLength(0);
    await advance(id, 'Rejetée');
    expect((await upload(id, { name: 'photo.png', type: 'image/png', data: demoPng(2) })).body.code).toBe('010004');
    expect((await upload(999999, { name: 'photo.png', type: 'image/png', data: demoPng(2) })).status).toBe(404);
  });
});

describe('debriefing', () => {
  it('is refused before the intervention, needs both dates in order, and logs type 5', async () => {
    const id = await newRequest();
    const begin = 1_741_940_000;
    const body = { requestId: id, begin_at: begin, end_at: begin + 5400, comment: 'Gravats évacués en déchetterie.', done: true };
    expect((await post('/api/echopark/debrief/', body)).body.code).toBe('010004');
    const d = await toIntervention(id);
    expect(d.debriefing_available).toBe(1);
    for (const missing of [{ begin_at: null }, { end_at: null }, { begin_at: undefined }]) {
      const res = await post('/api/echopark/debrief/', { ...body, ...missing });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Les dates de début et de fin de compte-rendu sont obligatoires');
    }
    expect((await post('/api/echopark/debrief/', { ...body, end_at: begin - 60 })).status).toBe(400);
    expect((await post('/api/echopark/debrief/', { ...body, etape: d.step.id + 1 })).body.code).toBe('010003');
    const ok = await post('/api/echopark/debrief/', { ...body, etape: d.step.id });
    expect(ok.status).toBe(201);
    expect(ok.body.data.message).toBe('Compte-rendu envoyé.');
    const after = await detail(id);
    expect(after.debriefings[0]).toMatchObject({
      id: ok.body.data.id,
      stepId: d.step.id,
      beginAt: new Date(begin * 1000).toISOString(),
      endAt: new Date((begin + 5400) * 1000).toISOString(),
      done: true,
    });
    expect(after.messages[0]).toMatchObject({ messageType: 5, message: body.comment });
  });
});
