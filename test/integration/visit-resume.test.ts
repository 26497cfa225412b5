/**
 * Resuming on this device a visit started on another one (issue 19), through
 * the visits facade on fake-indexeddb against the in-process reference
 * server: the assignee's first phone saved part of the visit and is lost; on
 * a new device `engine.visits.resume` downloads what the server saved and
 * starts the visit here, where it is typed in and saved as usual. A download
 * cut midway leaves no copy and queues no start; the next attempt works. A
 * copy downloaded here before the other device started is replaced by the
 * server's newer one. Files that fail leave the visit started with them
 * listed; retrying fetches only them and keeps what was typed meanwhile. A
 * start the server refuses leaves the copy not editable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstValueFrom, filter, type Observable } from 'rxjs';
import type { ReferenceServer } from '../../server/app';
import { listeningServer } from './reference-server';
import { appModules, commandRegistry, createEngine, memoryStore, createSession, type Engine } from '../../sync/index';
import { flattenSections, type VisitData } from '../../sync/contract/visit-data';

let server: ReferenceServer;
let base: string;
beforeAll(async () => {
  ({ server, base } = await listeningServer());
});
afterAll(() => server.app.close());

const db = () => server.ctx.db;
const visitId = (name: string) => (db().prepare(`SELECT id FROM visits WHERE name = ?`).get(name) as { id: number }).id;
const state = (id: number) => (db().prepare(`SELECT state FROM visits WHERE id = ?`).get(id) as { state: string }).state;
const storedData = (id: number) => (db().prepare(`SELECT data FROM visit_data WHERE visit_id = ?`).get(id) as { data: string }).data;

/** Requests whose URL contains this text fail as a cut network would (null: none). */
let cut: string | null = null;
const cuttable: typeof fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (cut && url.includes(cut)) return Promise.reject(new TypeError('Failed to fetch'));
  return fetch(input, init);
};

/** The new device: a fresh store, signed in (RxDB allows 13 open collections per process: one at a time). */
async function newDevice(email: string): Promise<Engine> {
  const session = createSession({ store: memoryStore(), defaultBaseUrl: base, fetch: cuttable });
  const user = await session.login(email, 'demo1234');
  const engine = createEngine({ session, registry: commandRegistry, modules: appModules({ loadUser: () => session.loadUser() }) });
  await engine.attach(user.id);
  return engine;
}

const first = <T>(watch: Observable<T>, check: (value: T) => boolean) => firstValueFrom(watch.pipe(filter(check)));

/** The first visible text field set to `value`. */
function typeInFirstText(forms: VisitData, value: string): VisitData {
  const copy = structuredClone(forms);
  for (const form of Object.values(copy))
    for (const section of flattenSections(form.sections))
      for (const field of Object.values(section.fields))
        if (field.field_type === 'text' && !field.is_hidden) {
          field.field_value = [value];
          return copy;
        }
  throw new Error('no text field in the demo visit');
}

/** What the lost phone saved before it was lost: a save through the API, as its outbox sent it. */
async function savedOnLostPhone(email: string, id: number, text: string): Promise<void> {
  const login = await fetch(`${base}/api/authentication_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  const { token } = (await login.json()) as { token: string };
  const data = typeInFirstText(JSON.parse(storedData(id)) as VisitData, text);
  const saved = await fetch(`${base}/api/visit/state/save/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(data),
  });
  expect(saved.status).toBe(200);
}

describe('resume on this device a visit started on another one', () => {
  it('downloads what the server saved, starts it here, and what is typed here reaches the server', async () => {
    const id = visitId('Visite technique chaufferie'); // inspecteur2's, started
    await savedOnLostPhone('inspecteur2@demo.fr', id, 'Saisi sur le téléphone perdu');
    const engine = await newDevice('inspecteur2@demo.fr');
    try {
      await engine.visits.refreshList();
      await first(engine.visits.watchVisit(id), (v) => v?.visit.state === 'start');

      const seen: number[] = [];
      const ids = await engine.visits.resume(id, (percent) => seen.push(percent));
      expect(seen.at(-1)).toBe(100);
      expect(await engine.outcome(ids, 5000)).toEqual({ outcome: 'sent' });
      const copy = (await first(engine.visits.watchCopies(), (map) => Boolean(map.get(id)?.started))).get(id)!;
      expect(copy).toMatchObject({ started: true, dirty: false, closing: null, failedFiles: [] });

      const held = engine.visits.draft(id);
      await new Promise<void>((resolve) => {
        const done = () => held.draft.getSnapshot().forms && resolve();
        held.draft.subscribe(done);
        done();
      });
      expect(JSON.stringify(held.draft.getSnapshot().forms)).toContain('Saisi sur le téléphone perdu');
      held.draft.update((forms) => typeInFirstText(forms, 'Continué sur le nouvel appareil'));
      expect(await held.draft.save()).toBe(true);
      await expect.poll(() => storedData(id), { timeout: 5000 }).toContain('Continué sur le nouvel appareil');
      expect(state(id)).toBe('start');
      held.release();
    } finally {
      await engine.wipe();
    }
  });

  it('a download cut midway leaves no copy and starts nothing; the next attempt downloads the newer data and starts', async () => {
    const id = visitId('Audit des façades'); // inspecteur2's, paused
    const engine = await newDevice('inspecteur2@demo.fr');
    try {
      // Downloaded here while paused, never started here…
      await engine.visits.refreshList();
      await engine.visits.download(id, () => undefined);
      // …then started on another phone, which saved and was lost.
      db().prepare(`UPDATE visits SET state = 'start' WHERE id = ?`).run(id);
      await savedOnLostPhone('inspecteur2@demo.fr', id, 'Enregistré ailleurs');
      await engine.visits.refreshList();
      await first(engine.visits.watchVisit(id), (v) => v?.visit.state === 'start');

      cut = `/api/visit/informations/${id}`;
      await expect(engine.visits.resume(id, () => undefined)).rejects.toThrow();
      cut = null;
      expect(engine.state.commands).toEqual([]);
      const copies = await firstValueFrom(engine.visits.watchCopies());
      // No half copy: the old copy is still the only one, not started, its data the old data.
      expect(copies.get(id)).toMatchObject({ started: false });

      // The visit's files fail this time: the visit is started all the same, its files listed to retry.
      cut = `/api/visit/download-file/${id}/`;
      const ids = await engine.visits.resume(id, () => undefined);
      cut = null;
      expect(await engine.outcome(ids, 5000)).toEqual({ outcome: 'sent' });
      const started = (await first(engine.visits.watchCopies(), (map) => Boolean(map.get(id)?.started))).get(id)!;
      expect(started.failedFiles).toHaveLength(started.files.length);
      expect(started.files.length).toBeGreaterThan(0);
      const held = engine.visits.draft(id);
      await new Promise<void>((resolve) => {
        const done = () => held.draft.getSnapshot().forms && resolve();
        held.draft.subscribe(done);
        done();
      });
      expect(JSON.stringify(held.draft.getSnapshot().forms)).toContain('Enregistré ailleurs');
      held.draft.update((forms) => typeInFirstText(forms, 'Tapé avant de réessayer les fichiers'));
      await held.draft.flushLocal();

      // 'Réessayer': only the files, and what was typed meanwhile stays.
      const retried = await engine.visits.download(id, () => undefined);
      expect(retried).toMatchObject({ started: true, failedFiles: [] });
      held.release();
      // Let go, the draft reads nothing back and saves what was typed: it reaches the server.
      await expect.poll(() => storedData(id), { timeout: 8000 }).toContain('Tapé avant de réessayer les fichiers');
      const reopened = engine.visits.draft(id);
      await expect.poll(() => JSON.stringify(reopened.draft.getSnapshot().forms), { timeout: 5000 }).toContain('Tapé avant de réessayer les fichiers');
      reopened.release();
    } finally {
      cut = null;
      await engine.wipe();
    }
  });

  it('a start the server refuses (handed in meanwhile) leaves the copy not editable and the row as the server has it', async () => {
    const id = visitId('Visite annuelle des parties communes'); // inspecteur's, to do
    const engine = await newDevice('inspecteur@demo.fr');
    try {
      await engine.visits.refreshList();
      await engine.visits.download(id, () => undefined);
      engine.pause();
      const ids = await engine.visits.start(id);
      expect((await first(engine.visits.watchCopies(), (map) => Boolean(map.get(id)?.started))).get(id)?.started).toBe(true);
      db().prepare(`UPDATE visits SET state = 'terminate' WHERE id = ?`).run(id);
      engine.resume();
      expect(await engine.outcome(ids, 5000)).toMatchObject({ outcome: 'rejected' });
      expect((await first(engine.visits.watchCopies(), (map) => map.get(id)?.started === false)).get(id)?.started).toBe(false);
      expect((await first(engine.visits.watchVisit(id), (v) => v?.visit.state === 'terminate'))?.visit.state).toBe('terminate');
    } finally {
      await engine.wipe();
    }
  });

  it('a cut before anything is stored leaves no copy at all on a fresh device', async () => {
    const id = visitId('Visite technique chaufferie');
    const engine = await newDevice('inspecteur2@demo.fr');
    try {
      await engine.visits.refreshList();
      cut = `/api/visit/get-list-files/${id}`;
      await expect(engine.visits.resume(id, () => undefined)).rejects.toThrow();
      cut = null;
      expect((await firstValueFrom(engine.visits.watchCopies())).has(id)).toBe(false);
      expect(engine.state.commands).toEqual([]);
    } finally {
      cut = null;
      await engine.wipe();
    }
  });
});
