/**
 * The visits facade (engine.visits) on fake-indexeddb against the in-process
 * reference server, through the whole engine as the app builds it: the list,
 * one visit and the dashboard pulled and watched; a download with its
 * progress; start; a field photo kept on the device counts as unsent work
 * (named with its visit) until it is queued, and so do answers typed and not
 * saved; Terminer sends data, fiche and photos and the copy goes; a take-over
 * the server refuses brings the row back to the server's state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstValueFrom, filter, type Observable } from 'rxjs';
import type { ReferenceServer } from '../../server/app';
import { listeningServer } from './reference-server';
import { demoPng } from '../../server/seed/images';
import { appModules, commandRegistry, createEngine, memoryStore, createSession, type Engine, type OutboxDoc } from '../../sync/index';
import { flattenSections, type VisitData } from '../../sync/contract/visit-data';
import { sqlOf } from '../sql';
import { until } from './until';

let server: ReferenceServer;
let base: string;
const engines: Engine[] = [];
beforeAll(async () => {
  ({ server, base } = await listeningServer());
});
afterAll(async () => {
  for (const engine of engines) await engine.wipe();
  await server.app.close();
});

const db = () => server.ctx.db;
const { userId } = sqlOf(db);
const visitRow = (id: number) => db().prepare(`SELECT state, assigned_to FROM visits WHERE id = ?`).get(id) as { state: string; assigned_to: number | null };

/** A signed-in engine with the app's modules, its store open. */
async function signedIn(email: string, onRejected?: (command: OutboxDoc) => void): Promise<Engine> {
  const session = createSession({ store: memoryStore(), defaultBaseUrl: base });
  const user = await session.login(email, 'demo1234');
  const engine = createEngine({
    session,
    registry: commandRegistry,
    modules: appModules({ loadUser: () => session.loadUser() }),
    ...(onRejected ? { onRejected } : {}),
  });
  await engine.attach(user.id);
  engines.push(engine);
  return engine;
}

/** The first value of a watch that satisfies `check`. */
const first = <T>(watch: Observable<T>, check: (value: T) => boolean) => firstValueFrom(watch.pipe(filter(check)));

async function drained(engine: Engine): Promise<void> {
  for (let i = 0; i < 100 && engine.state.commands.length > 0; i++) {
    await engine.flush();
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(engine.state.commands).toEqual([]);
}

/** Sets the first visible text field of the forms to `value`. */
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

describe('visits facade', () => {
  let engine: Engine;
  let visitId: number;
  let name: string;
  beforeAll(async () => {
    engine = await signedIn('inspecteur@demo.fr');
    const row = db().prepare(`SELECT id, name FROM visits WHERE assigned_to = ? AND state = 'todo' ORDER BY id LIMIT 1`).get(userId('inspecteur@demo.fr')) as {
      id: number;
      name: string;
    };
    visitId = row.id;
    name = row.name;
  });
  // RxDB allows 13 open collections per process: one signed-in store at a time.
  afterAll(() => engines.splice(engines.indexOf(engine), 1)[0]?.wipe());

  it('pulls and watches the list, one visit and the dashboard', async () => {
    expect(await engine.visits.refreshList()).toBeGreaterThan(0);
    const rows = await first(engine.visits.watchList(), (list) => list.length > 0);
    expect(rows.find((r) => r.visit.id === visitId)).toMatchObject({ visit: { name, state: 'todo' }, pending: false });
    expect(rows.every((r) => typeof r.property.name === 'string')).toBe(true);
    expect((await first(engine.visits.watchVisit(visitId), Boolean))?.visit.name).toBe(name);
    expect(await firstValueFrom(engine.visits.watchVisit(999_999))).toBeNull();
    await engine.visits.refreshDashboard();
    const dashboard = await first(engine.visits.watchDashboard(), Boolean);
    expect(dashboard?.countMyVisitsToDo).toBeGreaterThan(0);
  });

  it('downloads a visit with its progress, then starts it', async () => {
    const seen: number[] = [];
    const copy = await engine.visits.download(visitId, (percent) => seen.push(percent));
    expect(copy.failedFiles).toEqual([]);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const copies = await first(engine.visits.watchCopies(), (map) => map.has(visitId));
    expect(copies.get(visitId)).toMatchObject({ started: false, dirty: false, closing: null, info: { visit_name: name } });
    // Not the forms: the screens read those from the draft.
    expect(copies.get(visitId)).not.toHaveProperty('formsJson');

    const ids = await engine.visits.start(visitId);
    expect(await engine.outcome(ids, 5000)).toEqual({ outcome: 'sent' });
    expect(visitRow(visitId).state).toBe('start');
    expect((await first(engine.visits.watchCopies(), (map) => Boolean(map.get(visitId)?.started))).get(visitId)?.started).toBe(true);
  });

  it('a field photo not queued and answers not saved are unsent work, named with the visit, until queued', async () => {
    const fileName = 'fissure_1700000000000.png';
    const png = new Blob([new Uint8Array(demoPng(7))], { type: 'image/png' });
    await engine.visits.keepFieldPhoto(visitId, fileName, png, 'fissure.png');
    expect(await engine.visits.localFiles(visitId)).toEqual([{ id: `visit-${visitId}-${fileName}`, name: 'fissure.png' }]);

    const held = engine.visits.draft(visitId);
    await new Promise<void>((resolve) => {
      const done = () => held.draft.getSnapshot().forms && resolve();
      held.draft.subscribe(done);
      done();
    });
    held.draft.update((forms) => typeInFirstText(forms, 'Fissure au plafond'));

    const work = await engine.unsentWork();
    expect(work.counts).toMatchObject({ file: 1, 'unsaved-visit': 1 });
    const photo = work.items.find((i) => i.kind === 'file')!;
    expect(photo.label).toContain('fissure.png');
    expect(photo.label).toContain(name);
    expect(photo).toMatchObject({ object: `visit:${visitId}`, fileIds: [`visit-${visitId}-${fileName}`] });
    expect(work.items.find((i) => i.kind === 'unsaved-visit')).toMatchObject({ label: `Visite « ${name} »`, object: `visit:${visitId}` });
    expect(work.fileBytes).toBe(png.size);

    // Saved and queued: the answers and the photo are now commands, no longer listed by the module.
    engine.pause();
    expect(await held.draft.save()).toBe(true);
    expect(await engine.visits.sendFiles(visitId)).toHaveLength(1);
    // The outbox's list reaches the module after its change event.
    await expect.poll(async () => (await engine.unsentWork()).counts).toMatchObject({ file: 0, 'unsaved-visit': 0, command: 2 });
    // Queued once: asking again queues nothing more.
    expect(await engine.visits.sendFiles(visitId)).toEqual([]);
    engine.resume();
    await drained(engine);
    held.release();
    expect(db().prepare(`SELECT COUNT(*) AS n FROM visit_files WHERE visit_id = ? AND name = ?`).get(visitId, fileName)).toEqual({ n: 1 });
    expect((await engine.unsentWork()).total).toBe(0);
  });

  it('Terminer sends the data, the fiche and the waiting photos; the copy goes once they have left', async () => {
    const copies = await first(engine.visits.watchCopies(), (map) => map.has(visitId));
    const copy = copies.get(visitId)!;
    const held = engine.visits.draft(visitId);
    await new Promise<void>((resolve) => {
      const done = () => held.draft.getSnapshot().forms && resolve();
      held.draft.subscribe(done);
      done();
    });
    const forms = held.draft.getSnapshot().forms!;
    held.draft.handOver();
    held.release();
    await engine.visits.keepFieldPhoto(visitId, 'toit_1700000000001.png', new Blob([new Uint8Array(demoPng(9))], { type: 'image/png' }), 'toit.png');
    const ids = await engine.visits.close({ visitId, mode: 'terminate', data: forms, fiche: copy.fiche });
    expect(ids).toHaveLength(3);
    await drained(engine);
    expect(visitRow(visitId).state).toBe('terminate');
    expect(db().prepare(`SELECT COUNT(*) AS n FROM visit_files WHERE visit_id = ? AND name = ?`).get(visitId, 'toit_1700000000001.png')).toEqual({ n: 1 });
    await first(engine.visits.watchCopies(), (map) => !map.has(visitId));
    expect((await first(engine.visits.watchVisit(visitId), (v) => v?.visit.state === 'terminate'))?.visit.state).toBe('terminate');
  });
});

describe('a refused take-over', () => {
  it('returns the row to the server’s state, no longer pending', async () => {
    const engine = await signedIn('inspecteur2@demo.fr');
    const owner = userId('inspecteur@demo.fr');
    const { id } = db().prepare(`SELECT id FROM visits WHERE assigned_to = ? AND state = 'todo' ORDER BY id DESC LIMIT 1`).get(owner) as { id: number };
    await engine.visits.refreshList();
    await first(engine.visits.watchVisit(id), Boolean);
    engine.pause();
    const ids = await engine.visits.takeOver(id);
    const mine = userId('inspecteur2@demo.fr');
    const taken = await first(engine.visits.watchList(), (rows) => rows.some((r) => r.visit.id === id && r.pending));
    expect(taken.find((r) => r.visit.id === id)?.visit.assigned_to).toBe(mine);
    // Meanwhile the colleague ends the visit: the server refuses the take-over.
    db().prepare(`UPDATE visits SET state = 'terminate' WHERE id = ?`).run(id);
    engine.resume();
    expect(await engine.outcome(ids, 5000)).toMatchObject({ outcome: 'rejected' });
    const back = await first(engine.visits.watchList(), (rows) => rows.some((r) => r.visit.id === id && !r.pending));
    expect(back.find((r) => r.visit.id === id)?.visit).toMatchObject({ assigned_to: owner, state: 'terminate' });
    expect(visitRow(id)).toEqual({ state: 'terminate', assigned_to: owner });
  });
});

describe('a refusal is told once', () => {
  /** A take-over of a colleague's visit (the nth, made to do) that the server has meanwhile seen ended: queued paused, refused once sent. */
  async function refusedTakeOver(engine: Engine, nth: number): Promise<string[]> {
    const owner = userId('inspecteur@demo.fr');
    const { id } = db().prepare(`SELECT id FROM visits WHERE assigned_to = ? ORDER BY id LIMIT 1 OFFSET ?`).get(owner, nth) as { id: number };
    db().prepare(`UPDATE visits SET state = 'todo' WHERE id = ?`).run(id);
    await engine.visits.refreshList();
    await first(engine.visits.watchVisit(id), Boolean);
    engine.pause();
    const ids = await engine.visits.takeOver(id);
    db().prepare(`UPDATE visits SET state = 'terminate' WHERE id = ?`).run(id);
    return ids;
  }

  it('by the form that waits for it (withdraw): not by the error handler too; by the handler when nobody waits', async () => {
    const told: string[] = [];
    const engine = await signedIn('inspecteur2@demo.fr', (command) => told.push(command.id));
    const held = await refusedTakeOver(engine, 0);
    engine.resume();
    expect(await engine.outcome(held, 5000, { withdraw: true })).toMatchObject({ outcome: 'rejected' });
    expect(told).toEqual([]);
    expect(engine.state.commands.some((c) => c.id === held[0])).toBe(false);

    const unheld = await refusedTakeOver(engine, 1);
    engine.resume();
    expect(await engine.outcome(unheld, 5000)).toMatchObject({ outcome: 'rejected' });
    expect(told).toEqual([unheld[0]]);
  });

  it('by the error handler when the form stopped waiting first (offline, then sent later)', async () => {
    const told: string[] = [];
    const engine = await signedIn('inspecteur2@demo.fr', (command) => told.push(command.id));
    const ids = await refusedTakeOver(engine, 2);
    expect(await engine.outcome(ids, 0, { withdraw: true })).toEqual({ outcome: 'pending' });
    engine.resume();
    await engine.flush();
    await until(() => told.length > 0);
    expect(told).toEqual([ids[0]]);
    expect(engine.state.commands.find((c) => c.id === ids[0])?.status).toBe('rejected');
  });
});
