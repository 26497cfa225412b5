/**
 * Issue 19, "a started visit whose copy is not on this device": the assignee
 * lost the phone holding their started visit. From another device they read
 * what the server has saved (data, info, fiche, files) and start it again
 * (a resume: accepted, the visit stays started, saves go on). Nobody else may
 * start it or take it over, and a handed-in visit is restarted by no one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenSections, type VisitData } from '../../sync/contract/visit-data';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const I1 = 'inspecteur@demo.fr';
const I2 = 'inspecteur2@demo.fr';
const db = () => api.server.ctx.db;
const visit = (name: string) => (db().prepare(`SELECT id FROM visits WHERE name = ?`).get(name) as { id: number }).id;
const stateOf = (id: number) => db().prepare(`SELECT state, assigned_to FROM visits WHERE id = ?`).get(id) as { state: string; assigned_to: number };

/** The first visible text field of the data, set to `value`. */
function typed(data: VisitData, value: string): { data: VisitData; fieldId: string } {
  for (const form of Object.values(data))
    for (const section of flattenSections(form.sections))
      for (const field of Object.values(section.fields))
        if (field.field_type === 'text' && !field.is_hidden) {
          field.field_value = [value];
          return { data, fieldId: field.id };
        }
  throw new Error('no text field');
}

describe('resuming a started visit on another device', () => {
  it('the assignee downloads what the server saved, starts it again and goes on saving', async () => {
    // inspecteur2's visit started on their first phone, with a save made there.
    const id = visit('Visite technique chaufferie');
    expect(stateOf(id).state).toBe('start');
    const before = (await api.call('GET', `/api/visit/forms-with-data/${id}`, { as: I2 })).body as VisitData;
    const first = typed(structuredClone(before), 'Saisi sur le premier téléphone');
    expect((await api.call('POST', `/api/visit/state/save/${id}`, { as: I2, body: first.data })).status).toBe(200);

    // The new device: every part of the download answers, and carries the first phone's save.
    const data = (await api.call('GET', `/api/visit/forms-with-data/${id}`, { as: I2 })).body as VisitData;
    expect(JSON.stringify(data)).toContain('Saisi sur le premier téléphone');
    expect((await api.call('GET', `/api/visit/informations/${id}`, { as: I2 })).body).toMatchObject({ visit_state: 'start' });
    expect((await api.call('GET', `/api/visit/fiche/${id}`, { as: I2 })).status).toBe(200);
    expect((await api.call('GET', `/api/visit/get-list-files/${id}`, { as: I2 })).status).toBe(200);

    // Started again by its assignee: accepted (it was refused 010003 before), and still started.
    const restarted = await api.call('POST', `/api/visit/state/start/${id}`, { as: I2 });
    expect(restarted.status).toBe(200);
    expect(restarted.body).toEqual({ id, state: 'start' });
    expect(stateOf(id).state).toBe('start');

    // Continued on the new device.
    const next = typed(structuredClone(data), 'Continué sur le nouvel appareil');
    const saved = await api.call('POST', `/api/visit/state/save/${id}`, { as: I2, body: next.data });
    expect(saved.status).toBe(200);
    expect(JSON.stringify((await api.call('GET', `/api/visit/forms-with-data/${id}`, { as: I2 })).body)).toContain('Continué sur le nouvel appareil');
  });

  it('another inspector can neither start nor take over a visit started by its assignee', async () => {
    const id = visit('Visite technique chaufferie');
    const owner = stateOf(id).assigned_to;
    expect((await api.call('POST', `/api/visit/state/start/${id}`, { as: I1 })).body.code).toBe('010004');
    expect((await api.call('POST', `/api/visit/assign/${id}`, { as: I1 })).body.code).toBe('010003');
    expect(stateOf(id)).toEqual({ state: 'start', assigned_to: owner });
  });

  it('a handed-in visit is restarted by no one, its assignee included, and taken over by no one', async () => {
    const id = visit('Contrôle des extincteurs'); // inspecteur2's, terminate
    expect(stateOf(id).state).toBe('terminate');
    const start = await api.call('POST', `/api/visit/state/start/${id}`, { as: I2 });
    expect([start.status, start.body.code]).toEqual([400, '010003']);
    expect((await api.call('POST', `/api/visit/assign/${id}`, { as: I1 })).body.code).toBe('010003');
    expect((await api.call('POST', `/api/visit/assign/${id}`, { as: I2 })).body.code).toBe('010003');
    expect(stateOf(id).state).toBe('terminate');
  });

  it('a paused visit is started again by its assignee only', async () => {
    const id = visit('Audit des façades'); // inspecteur2's, draft
    expect((await api.call('POST', `/api/visit/state/start/${id}`, { as: I1 })).body.code).toBe('010004');
    expect((await api.call('POST', `/api/visit/state/start/${id}`, { as: I2 })).status).toBe(200);
    expect(stateOf(id).state).toBe('start');
  });
});
