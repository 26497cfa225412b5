/** Contract tests of the visits module: list, info, forms, state machine and take-over, body checks, files, fiche, dashboard, seed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../server/seed/images';
import { buildBigVisit } from '../../server/modules/visits/checklists';
import { FIELD_TYPES, chooseOption, duplicateSection, flattenSections, type VisitData } from '../../sync/contract/visit-data';
import { multipart, startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const I1 = 'inspecteur@demo.fr';
const I2 = 'inspecteur2@demo.fr';
const db = () => api.server.ctx.db;
const visit = (name: string) => (db().prepare(`SELECT id FROM visits WHERE name = ?`).get(name) as { id: number }).id;
const stateOf = (id: number) => (db().prepare(`SELECT state FROM visits WHERE id = ?`).get(id) as { state: string }).state;
const upload = (id: number, as: string, file: Parameters<typeof multipart>[0], fields: Record<string, string> = {}) => {
  const body = multipart(file, fields);
  return api.call('POST', `/api/visit/files/${id}`, { as, body: body.body, headers: body.headers });
};

describe('seed', () => {
  it('has visits in every state, all 15 field types and iterable sections', async () => {
    expect((db().prepare(`SELECT DISTINCT state FROM visits ORDER BY state`).all() as { state: string }[]).map((r) => r.state)).toEqual([
      'draft',
      'start',
      'terminate',
      'todo',
    ]);
    expect((db().prepare(`SELECT COUNT(*) AS n FROM visits`).get() as { n: number }).n).toBeGreaterThanOrEqual(8);
    const data = (await api.call('GET', `/api/visit/forms-with-data/${visit('Visite préalable à la vente')}`, { as: I1 })).body as VisitData;
    const sections = Object.values(data).flatMap((f) => flattenSections(f.sections));
    const types = new Set(sections.flatMap((s) => Object.values(s.fields).map((f) => f.field_type)));
    expect([...types].sort()).toEqual([...FIELD_TYPES].sort());
    expect(sections.some((s) => s.is_iterable)).toBe(true);
    expect(sections.some((s) => Object.values(s.fields).some((f) => f.field_answer_id !== null))).toBe(true);
  });
});

describe('list, info, forms, dashboard', () => {
  it('lists properties with their visits, mine or all, and counts the same', async () => {
    const all = (await api.call('GET', '/api/visits?assignedToUser=false', { as: I1 })).body as { visits: { state: string; assigned_to: number }[] }[];
    const mine = (await api.call('GET', '/api/visits?assignedToUser=true', { as: I1 })).body as typeof all;
    expect(all[0]).toMatchObject({ name: expect.any(String), address: expect.any(String), postal_code: expect.any(String), city: expect.any(String) });
    const flat = (props: typeof all) => props.flatMap((p) => p.visits);
    expect(flat(mine).length).toBeLessThan(flat(all).length);
    const dash = (await api.call('GET', '/api/visit/dashboards/visit_owners/0', { as: I1 })).body;
    expect(dash.countAllVisitsToDo).toBe(flat(all).filter((v) => v.state !== 'terminate').length);
    expect(dash.countMyVisitsToDo).toBe(flat(mine).filter((v) => v.state !== 'terminate').length);
    expect(dash.canAnswerVisit).toBe(true);
    expect((await api.call('GET', '/api/visits', { as: 'prestataire@demo.fr' })).status).toBe(403);
  });

  it('gives the info and the forms without answers', async () => {
    const id = visit('Visite préalable à la vente');
    expect((await api.call('GET', `/api/visit/informations/${id}`, { as: I1 })).body).toMatchObject({
      visit_name: 'Visite préalable à la vente',
      visit_state: 'draft',
      realestate_city: expect.any(String),
    });
    const blank = (await api.call('GET', `/api/visit/forms/${id}`, { as: I1 })).body as VisitData;
    const fields = Object.values(blank)
      .flatMap((f) => flattenSections(f.sections))
      .flatMap((s) => Object.values(s.fields));
    expect(fields.every((f) => f.field_value.length === 0 && f.field_answer_id === null)).toBe(true);
  });
});

describe('state machine', () => {
  it('start, save, pause, restart, terminate: only by the assignee, only from the right state', async () => {
    const id = visit('Visite annuelle des parties communes');
    expect((await api.call('POST', `/api/visit/state/draft/${id}`, { as: I1, body: {} })).body.code).toBe('010003');
    expect((await api.call('POST', `/api/visit/state/start/${id}`, { as: I2 })).body.code).toBe('010004');
    expect((await api.call('POST', `/api/visit/state/start/${id}`, { as: I1 })).status).toBe(200);
    // Started again by its assignee: a harmless replay (resuming on another device, visits-resume.test.ts).
    expect((await api.call('POST', `/api/visit/state/start/${id}`, { as: I1 })).status).toBe(200);
    const data = (await api.call('GET', `/api/visit/forms-with-data/${id}`, { as: I1 })).body as VisitData;
    const form = Object.values(data)[0]!;
    const section = flattenSections(form.sections).find((s) => Object.values(s.fields).some((f) => f.field_type === 'radio'))!;
    const radio = Object.values(section.fields).find((f) => f.field_type === 'radio')!;
    section.fields[radio.id] = chooseOption(radio, Object.keys(radio.field_choices)[1]!);
    section.complete = true;
    const saved = await api.call('POST', `/api/visit/state/save/${id}`, { as: I1, body: data });
    expect(saved.body.state).toBe('start');
    expect(stateOf(id)).toBe('start');
    const stored = (await api.call('GET', `/api/visit/forms-with-data/${id}`, { as: I1 })).body as VisitData;
    const storedField = flattenSections(Object.values(stored)[0]!.sections).find((s) => s.id === section.id)!.fields[radio.id]!;
    expect(storedField).toMatchObject({ field_value: ['Usure normale'], field_value_note: 70, field_answer_id: expect.any(String) });
    expect((await api.call('POST', `/api/visit/state/draft/${id}`, { as: I1, body: stored })).body.state).toBe('draft');
    expect((await api.call('POST', `/api/visit/state/start/${id}`, { as: I1 })).status).toBe(200);
    expect((await api.call('POST', `/api/visit/state/terminate/${id}`, { as: I1, body: stored })).body.state).toBe('terminate');
  });

  it('rejects unknown forms and fields, accepts duplicated sections and gives them answer ids', async () => {
    const id = visit('Contrôle sécurité incendie');
    await api.call('POST', `/api/visit/state/start/${id}`, { as: I1 });
    const data = (await api.call('GET', `/api/visit/forms-with-data/${id}`, { as: I1 })).body as VisitData;
    expect((await api.call('POST', `/api/visit/state/save/${id}`, { as: I1, body: { nope: {} } })).body.message).toBe('Formulaire inconnu « nope ».');
    const form = Object.values(data)[1]!;
    const iterable = Object.values(form.sections).find((s) => s.is_iterable)!;
    const tampered = structuredClone(data);
    const target = Object.values(tampered)[1]!.sections[iterable.id]!;
    target.fields['intrus'] = { ...Object.values(target.fields)[0]!, id: 'intrus' };
    const refused = await api.call('POST', `/api/visit/state/save/${id}`, { as: I1, body: tampered });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Champ inconnu « intrus »');
    let n = 0;
    const copy = duplicateSection(iterable, 'Extincteur du local vélos', () => `new-${n++}`);
    form.sections[copy.id] = copy;
    const saved = await api.call('POST', `/api/visit/state/save/${id}`, { as: I1, body: data });
    expect(saved.status).toBe(200);
    expect(saved.body.data[form.form_id].sections[copy.id]).toMatchObject({ name: 'Extincteur du local vélos', section_answer_id: expect.any(String) });
  });

  it('keeps section labels edited in edit mode (trimmed, nested ones too); an empty label keeps the old one, a long one is refused', async () => {
    const id = visit('Visite de réception des travaux de toiture');
    expect((await api.call('POST', `/api/visit/state/start/${id}`, { as: I1 })).status).toBe(200);
    const data = (await api.call('GET', `/api/visit/forms-with-data/${id}`, { as: I1 })).body as VisitData;
    const form = Object.values(data)[0]!;
    const top = Object.values(form.sections).find((s) => Object.keys(s.sections).length > 0)!;
    const child = Object.values(top.sections)[0]!;
    const other = Object.values(form.sections).find((s) => s.id !== top.id)!;
    top.name = '  Toiture terrasse nord  ';
    child.name = 'Relevés d’étanchéité';
    other.name = '   ';
    const saved = await api.call('POST', `/api/visit/state/save/${id}`, { as: I1, body: data });
    expect(saved.status).toBe(200);
    const stored = (await api.call('GET', `/api/visit/forms-with-data/${id}`, { as: I1 })).body as VisitData;
    const storedForm = stored[form.form_id]!;
    expect(storedForm.sections[top.id]!.name).toBe('Toiture terrasse nord');
    expect(storedForm.sections[top.id]!.sections[child.id]!.name).toBe('Relevés d’étanchéité');
    expect(storedForm.sections[other.id]!.name).not.toBe('   ');
    expect(storedForm.sections[other.id]!.name.length).toBeGreaterThan(0);
    const long = structuredClone(stored);
    long[form.form_id]!.sections[top.id]!.name = 'x'.repeat(201);
    const refused = await api.call('POST', `/api/visit/state/save/${id}`, { as: I1, body: long });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Le libellé de la section ne doit pas dépasser 200 caractères.');
    // The route's data=true query (spec part 2 §2.2) is harmless on the API path if a client passes it on.
    const withQuery = await api.call('GET', `/api/visit/forms-with-data/${id}?data=true`, { as: I1 });
    expect(withQuery.status).toBe(200);
    expect((withQuery.body as VisitData)[form.form_id]!.sections[top.id]!.name).toBe('Toiture terrasse nord');
  });

  it('take-over: any inspector when not started, never a started visit', async () => {
    const todo = visit('Tournée trimestrielle');
    expect((await api.call('POST', `/api/visit/assign/${todo}`, { as: I1 })).body.assigned_to).toBeGreaterThan(0);
    expect((db().prepare(`SELECT u.email FROM visits v JOIN users u ON u.id = v.assigned_to WHERE v.id = ?`).get(todo) as { email: string }).email).toBe(I1);
    const started = visit('Visite technique chaufferie');
    expect((await api.call('POST', `/api/visit/assign/${started}`, { as: I1 })).body.code).toBe('010003');
  });

  it('stores a big visit (1,000 fields, 200 duplicated sections) and sends it back', async () => {
    const id = visit('Visite d’entrée du nouveau syndic');
    const big = buildBigVisit(`v${id}`);
    db().prepare(`UPDATE visit_data SET data = ? WHERE visit_id = ?`).run(JSON.stringify(big), id);
    await api.call('POST', `/api/visit/state/start/${id}`, { as: I2 });
    const saved = await api.call('POST', `/api/visit/state/save/${id}`, { as: I2, body: big });
    expect(saved.status).toBe(200);
    const fields = Object.values(saved.body.data as VisitData)
      .flatMap((f) => flattenSections(f.sections))
      .flatMap((s) => Object.values(s.fields));
    expect(fields.length).toBeGreaterThanOrEqual(1000);
  });
});

describe('files and fiche', () => {
  it('uploads images under the client’s generated name, once, lists and downloads them; refuses others', async () => {
    const id = visit('Visite préalable à la vente');
    const ok = await upload(id, I1, { name: 'compteur.png', type: 'image/png', data: demoPng(7) }, { name: 'compteur_1732267200123.png' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ name: 'compteur_1732267200123.png', originalName: 'compteur.png', type: 'image/png' });
    expect((await upload(id, I1, { name: 'compteur.png', type: 'image/png', data: demoPng(7) }, { name: 'compteur_1732267200123.png' })).body.id).toBe(
      ok.body.id,
    );
    expect((await upload(id, I1, { name: 'a.txt', type: 'text/plain', data: Buffer.from('x') })).body.message).toBe("Cette extension n'est pas autorisée");
    expect((await upload(id, I1, { name: 'big.png', type: 'image/png', data: Buffer.concat([demoPng(1), Buffer.alloc(5_000_001)]) })).body.message).toBe(
      'Ce fichier est trop lourd',
    );
    expect((await upload(id, I1, null)).status).toBe(400);
    expect((await upload(id, I2, { name: 'x.png', type: 'image/png', data: demoPng(3) })).body.code).toBe('010004');
    const list = (await api.call('GET', `/api/visit/get-list-files/${id}`, { as: I2 })).body as { id: number }[];
    expect(list.map((f) => f.id)).toContain(ok.body.id);
    const download = await api.call('GET', `/api/visit/download-file/${id}/${ok.body.id}`, { as: I1 });
    expect(download.status).toBe(200);
    expect(download.raw.subarray(1, 4).toString()).toBe('PNG');
  });

  it('keeps the fiche as sent, assignee only', async () => {
    const id = visit('Visite préalable à la vente');
    expect((await api.call('POST', `/api/visit/fiche/${id}`, { as: I1, body: { summary: 'Bon état général' } })).body.summary).toBe('Bon état général');
    expect((await api.call('GET', `/api/visit/fiche/${id}`, { as: I2 })).body).toMatchObject({ summary: 'Bon état général', visit_id: id });
    expect((await api.call('POST', `/api/visit/fiche/${id}`, { as: I2, body: { summary: 'x' } })).body.code).toBe('010004');
  });
});
