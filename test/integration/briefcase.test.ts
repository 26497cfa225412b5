/**
 * The offline briefcase's pass (issue 20) through the whole engine, on
 * fake-indexeddb against the reference server (20 ms of latency, so that
 * requests overlap): every open request's detail and children are fetched
 * with at most 4 requests in flight (measured at the server); a pass cut by
 * the network and then by a reload resumes without fetching again what was
 * done; a second pass after one change fetches the lists and that object
 * only; eviction over budget never touches an object with unsent work; a
 * closed object the server answers 404 for leaves the device.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReferenceServer } from '../../server/app';
import { listeningServer } from './reference-server';
import { appModules, commandRegistry, createEngine, memoryStore, createSession, type Engine } from '../../sync/index';
import { firstValueFrom } from 'rxjs';

let server: ReferenceServer;
let base: string;
/** GET paths (with their query) the server received, and the most in flight at once. */
const seen: string[] = [];
const flight = { now: 0, peak: 0 };
/** GET paths the server answered, and how many closed before it could (cancelled by the client). */
const answered: string[] = [];
let cancelled = 0;
let engine: Engine | null = null;
/** Whether media fetched now stay on the device (the service worker controls the page). */
let mediaKept = true;

beforeAll(async () => {
  ({ server, base } = await listeningServer());
  server.faults.set({ latency: 20, drop: 0, lost: 0, error: 0, seed: 1 });
  server.app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET') return;
    seen.push(request.url ?? '');
    flight.peak = Math.max(flight.peak, ++flight.now);
    response.on('close', () => {
      flight.now--;
      if (response.writableFinished) answered.push(request.url ?? '');
      else cancelled++;
    });
  });
});
afterEach(async () => {
  mediaKept = true;
  await engine?.wipe();
  engine = null;
});
afterAll(() => server.app.close());

const sql = <T>(query: string, ...params: unknown[]) => server.ctx.db.prepare(query).all(...params) as T[];
const reset = () => {
  seen.length = 0;
  answered.length = 0;
  cancelled = 0;
  flight.peak = 0;
};
const paths = (urls = seen) => urls.map((url) => decodeURIComponent(url));

/** A network the test cuts and restores: requests fail as a cut connection does, `online` is told. */
function network() {
  const listeners = new Set<() => void>();
  const net = {
    online: true,
    /** Cut after this many more requests (null: never). */
    cutAfter: null as number | null,
    restore() {
      net.online = true;
      net.cutAfter = null;
      for (const l of listeners) l();
    },
    env: {
      isOnline: () => net.online,
      onOnline: (callback: () => void) => {
        listeners.add(callback);
        return () => listeners.delete(callback);
      },
    },
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      if (net.cutAfter !== null && net.cutAfter-- <= 0) {
        net.online = false;
        return Promise.reject(new TypeError('fetch failed'));
      }
      return fetch(input, init);
    },
  };
  return net;
}

async function signedIn(email: string, net = network(), saveData = false): Promise<{ engine: Engine; roles: string[]; net: ReturnType<typeof network> }> {
  const session = createSession({ store: memoryStore(), defaultBaseUrl: base, fetch: net.fetch });
  const user = await session.login(email, 'demo1234');
  engine = createEngine({
    session,
    registry: commandRegistry,
    modules: appModules({ loadUser: () => session.loadUser() }),
    briefcase: {
      network: net.env,
      retryMs: 60_000,
      persist: async () => true,
      saveData: () => saveData,
      mediaKept: async () => mediaKept,
      onError: () => undefined,
    },
  });
  await engine.attach(user.id);
  return { engine, roles: user.roles, net };
}

const detailPaths = (list: string[]) => list.filter((p) => /^\/api\/intervention_requests\/\d+$/.test(p));
const childOf = (list: string[], id: number) => list.filter((p) => p.includes(`interventionRequest=${id}`));

describe('offline briefcase', () => {
  it('fetches every open request with its children, at most 4 requests in flight, and sums up', async () => {
    const { engine, roles } = await signedIn('gestionnaire@demo.fr');
    reset();
    await engine.briefcase.start(roles);
    const stored = sql<{ id: number; place: string }>(
      `SELECT id, place FROM intervention_requests WHERE owner_company_id = (SELECT company_id FROM users WHERE email = 'gestionnaire@demo.fr')`,
    );
    const openIds = stored.filter((r) => r.place !== 'closed').map((r) => r.id);
    expect(openIds.length).toBeGreaterThan(40);
    const got = paths();
    for (const id of openIds) {
      expect(
        got.filter((p) => p === `/api/intervention_requests/${id}`),
        `détail ${id}`,
      ).toHaveLength(1);
      // Appointments, debriefings and (unless unread) the thread: each once.
      const children = childOf(got, id);
      expect(children.length, `enfants ${id}`).toBeGreaterThanOrEqual(2);
      expect(new Set(children).size).toBe(children.length);
    }
    // No closed request's detail.
    for (const r of stored.filter((s) => s.place === 'closed')) expect(got).not.toContain(`/api/intervention_requests/${r.id}`);
    // Every photo of an open request and of its debriefings, and every document of an OS whose detail came: once each.
    const open = `SELECT id FROM intervention_requests WHERE place != 'closed' AND owner_company_id = (SELECT company_id FROM users WHERE email = 'gestionnaire@demo.fr')`;
    const photos = sql<{ id: number }>(
      `SELECT media_id AS id FROM intervention_media WHERE intervention_id IN (${open})
       UNION SELECT dm.media_id FROM debriefing_media dm JOIN debriefings d ON d.id = dm.debriefing_id WHERE d.intervention_id IN (${open})`,
    );
    const osOpened = got.flatMap((p) => /^\/api\/work_validation_requests\/(\d+)$/.exec(p)?.[1] ?? []).map(Number);
    const documents = sql<{ id: number }>(`SELECT media_id AS id FROM work_validation_media WHERE request_id IN (${osOpened.join(',') || 0})`);
    expect(photos.length).toBeGreaterThan(0);
    expect(documents.length).toBeGreaterThan(0);
    for (const { id } of photos)
      expect(
        got.filter((p) => p === `/api/media/${id}`),
        `photo ${id}`,
      ).toHaveLength(1);
    for (const { id } of documents)
      expect(
        got.filter((p) => p === `/api/work_validation_requests/media/${id}`),
        `document ${id}`,
      ).toHaveLength(1);
    expect(flight.peak).toBeLessThanOrEqual(4);
    expect(flight.peak).toBeGreaterThanOrEqual(3);
    expect(engine.briefcase.stats.peak).toBeLessThanOrEqual(4);
    const state = engine.briefcase.state;
    expect(state.running).toBe(false);
    expect(state.lastCompleteAt).toBeGreaterThan(0);
    expect(state.counts.interventions).toBeGreaterThanOrEqual(stored.length);
    expect(state.counts.os).toBeGreaterThan(0);
    expect(state.mediaBytes).toBeGreaterThan(0);
    expect(state.done).toBe(state.total);
  });

  it('resumes after a network cut and a reload without fetching again what was done', async () => {
    const { engine, roles, net } = await signedIn('gestionnaire@demo.fr');
    reset();
    net.cutAfter = 60;
    const first = engine.briefcase.start(roles);
    await until(() => engine.briefcase.state.paused);
    // The answers that came before the cut are read and stored first: a request the server answered but
    // the client had not yet read when the pass stopped is cancelled, not done, and rightly asked again
    // (that race made this test fail about once in eight). Cancelling in flight: the stand-by test below.
    await until(() => flight.now === 0);
    await new Promise((r) => setTimeout(r, 500));
    // A reload: the pass stops where it is, then starts again with the network back.
    await engine.briefcase.stop();
    await first;
    const before = paths(answered);
    expect(detailPaths(before).length).toBeGreaterThan(0);
    net.restore();
    reset();
    await engine.briefcase.start(roles);
    expect(engine.briefcase.state.lastCompleteAt).toBeGreaterThan(0);
    const after = paths();
    const again = detailPaths(after).filter((p) => before.includes(p));
    expect(again).toEqual([]);
    // Children done before the cut are not asked again either; list pages are (they give the fingerprints).
    const childPaths = (list: string[]) => list.filter((p) => p.includes('interventionRequest='));
    expect(childPaths(after).filter((p) => childPaths(before).includes(p))).toEqual([]);
    expect(after.some((p) => p.startsWith('/api/intervention_requests/list/undetailed'))).toBe(true);
  });

  it('pauses offline and, when the network is back, goes on where it stopped', async () => {
    const { engine, roles, net } = await signedIn('gestionnaire@demo.fr');
    reset();
    net.cutAfter = 40;
    const pass = engine.briefcase.start(roles);
    await until(() => engine.briefcase.state.paused);
    expect(engine.briefcase.state.running).toBe(true);
    net.restore();
    await pass;
    expect(engine.briefcase.state.paused).toBe(false);
    expect(engine.briefcase.state.lastCompleteAt).toBeGreaterThan(0);
    // Every request reached the server once: the one cut never left, nothing done was asked again.
    const got = paths().filter((p) => !p.includes('/list/undetailed') && !p.includes('/message/user_messages'));
    expect(got.length).toBeGreaterThan(100);
    expect(new Set(got).size).toBe(got.length);
  });

  it('downloads no photo when the browser asks to save data', async () => {
    const { engine, roles } = await signedIn('gestionnaire@demo.fr', network(), true);
    reset();
    await engine.briefcase.start(roles);
    expect(engine.briefcase.state.saveData).toBe(true);
    expect(engine.briefcase.state.mediaBytes).toBe(0);
    expect(paths().filter((p) => p.startsWith('/api/media/'))).toEqual([]);
    expect(detailPaths(paths()).length).toBeGreaterThan(40);
    // A reload: the account shows the last complete pass and the counts before any pass runs.
    const { lastCompleteAt, counts } = engine.briefcase.state;
    const userId = engine.state.userId!;
    await engine.detach();
    expect(engine.briefcase.state.lastCompleteAt).toBeNull();
    await engine.attach(userId);
    expect(engine.briefcase.state.lastCompleteAt).toBe(lastCompleteAt);
    expect(engine.briefcase.state.counts).toEqual(counts);
    expect(engine.briefcase.state.running).toBe(false);
  });

  it('a reload within 15 minutes of a complete pass starts none, unless that pass left the media; « Mettre à jour » still runs one', async () => {
    const { engine, roles } = await signedIn('gestionnaire@demo.fr');
    const reload = async () => {
      const userId = engine.state.userId!;
      await engine.detach();
      await engine.attach(userId);
      reset();
      await engine.briefcase.start(roles);
    };
    const listAsked = () => paths().some((p) => p.startsWith('/api/intervention_requests/list/undetailed'));
    // A first visit's pass: no service worker controls the page yet, the media wait.
    mediaKept = false;
    await engine.briefcase.start(roles);
    expect(engine.briefcase.state.lastCompleteAt).toBeGreaterThan(0);
    mediaKept = true;
    await reload();
    expect(listAsked()).toBe(true);
    expect(paths().some((p) => p.startsWith('/api/media/'))).toBe(true);
    const { lastCompleteAt } = engine.briefcase.state;
    await reload();
    expect(paths()).toEqual([]);
    expect(engine.briefcase.state.running).toBe(false);
    expect(engine.briefcase.state.lastCompleteAt).toBe(lastCompleteAt);
    await engine.briefcase.runNow();
    expect(listAsked()).toBe(true);
    expect(engine.briefcase.state.lastCompleteAt).toBeGreaterThan(lastCompleteAt!);
  });

  it('echopark: each open request of the current community once; a later pass only those whose change date moved', async () => {
    const { engine, roles } = await signedIn('echopark@demo.fr');
    reset();
    await engine.briefcase.start(roles);
    const details = (list: string[]) => list.filter((p) => /^\/api\/echopark\/requests\/\d+\/details$/.test(p));
    const first = details(paths());
    expect(first.length).toBeGreaterThan(0);
    expect(new Set(first).size).toBe(first.length);
    expect(engine.briefcase.state.counts.echopark).toBeGreaterThanOrEqual(first.length);
    const id = Number(first[0]!.split('/')[4]);
    server.ctx.db.prepare(`UPDATE echopark_requests SET modified_at = ? WHERE id = ?`).run(new Date().toISOString(), id);
    reset();
    await engine.briefcase.runNow();
    expect(details(paths())).toEqual([`/api/echopark/requests/${id}/details`]);
  });

  it('visits: the list only, never any visit data (the inspector downloads visits himself)', async () => {
    const { engine, roles } = await signedIn('inspecteur@demo.fr');
    reset();
    await engine.briefcase.start(roles);
    const got = paths().map((p) => p.split('?')[0]!);
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((p) => p === '/api/visits')).toBe(true);
    expect(engine.briefcase.state.counts.visits).toBeGreaterThan(0);
  });

  it('a second pass after one change fetches the list pages and that request only', async () => {
    const { engine, roles } = await signedIn('gestionnaire@demo.fr');
    await engine.briefcase.start(roles);
    const [changed] = sql<{ id: number }>(`SELECT id FROM intervention_requests WHERE place = 'waiting' AND number NOT LIKE 'gen-%' LIMIT 1`);
    server.ctx.db.prepare(`UPDATE intervention_requests SET place = 'planning' WHERE id = ?`).run(changed!.id);
    reset();
    await engine.briefcase.runNow();
    const got = paths();
    expect(detailPaths(got)).toEqual([`/api/intervention_requests/${changed!.id}`]);
    const others = got.filter((p) => p.includes('interventionRequest=') && !p.includes(`interventionRequest=${changed!.id}`));
    expect(others).toEqual([]);
    expect(got.filter((p) => /^\/api\/work_validation_requests\/\d+$/.test(p))).toEqual([]);
    expect(got.filter((p) => p.startsWith('/api/media/'))).toEqual([]);
    server.ctx.db.prepare(`UPDATE intervention_requests SET place = 'waiting' WHERE id = ?`).run(changed!.id);
  });

  it('over budget, closed requests leave with their media, never one with unsent work', async () => {
    const { engine, roles } = await signedIn('gestionnaire@demo.fr');
    await engine.briefcase.start(roles);
    const index = await engine.briefcase.mediaIndex();
    const objects = [
      ...new Set(
        Object.values(index)
          .map((e) => e.object)
          .filter((o): o is string => !!o?.startsWith('intervention:')),
      ),
    ];
    expect(objects.length).toBeGreaterThanOrEqual(2);
    const [kept, gone] = objects.map((o) => Number(o.split(':')[1]));
    // Unsent work on `kept`: a message queued while the outbox is paused.
    engine.pause();
    await engine.enqueue('intervention.message', {
      tempId: 'tmp-brief-1',
      interventionId: String(kept),
      messageText: 'Hors ligne',
      author: { id: 1, firstName: 'G', lastName: 'D' },
    });
    const places = sql<{ id: number; place: string }>(`SELECT id, place FROM intervention_requests WHERE id IN (?, ?)`, kept, gone);
    server.ctx.db.prepare(`UPDATE intervention_requests SET place = 'closed' WHERE id IN (?, ?)`).run(kept, gone);
    try {
      await engine.briefcase.setBudget(1);
      await engine.briefcase.runNow();
      expect(await firstValueFrom(engine.interventions.watchDetail(String(gone)))).toBeNull();
      expect(await firstValueFrom(engine.interventions.watchDetail(String(kept)))).not.toBeNull();
      expect((await firstValueFrom(engine.interventions.watchMessages(String(kept)))).length).toBeGreaterThan(0);
      const after = await engine.briefcase.mediaIndex();
      expect(Object.values(after).some((e) => e.object === `intervention:${gone}`)).toBe(false);
      expect(Object.values(after).some((e) => e.object === `intervention:${kept}`)).toBe(true);
    } finally {
      for (const p of places) server.ctx.db.prepare(`UPDATE intervention_requests SET place = ? WHERE id = ?`).run(p.place, p.id);
    }
  });

  it('stands by for a new version: the requests in flight are cancelled, none leaves after, the pass resumes at the next start', async () => {
    const { engine, roles } = await signedIn('gestionnaire@demo.fr');
    // Slow answers: the pass has requests in flight when the update is accepted.
    server.faults.set({ latency: 5_000, drop: 0, lost: 0, error: 0, seed: 1 });
    try {
      reset();
      const pass = engine.briefcase.start(roles);
      await until(() => flight.now >= 1);
      await engine.standBy();
      await pass;
      await until(() => flight.now === 0);
      expect(cancelled).toBeGreaterThanOrEqual(1);
      const sent = seen.length;
      await new Promise((r) => setTimeout(r, 300));
      expect(seen.length).toBe(sent);
      expect(engine.briefcase.state.lastCompleteAt).toBeNull();
    } finally {
      server.faults.set({ latency: 20, drop: 0, lost: 0, error: 0, seed: 1 });
    }
    await engine.briefcase.start(roles);
    expect(engine.briefcase.state.lastCompleteAt).toBeGreaterThan(0);
  });

  it('a closed request the server no longer has (404) leaves the device at the next pass', async () => {
    const { engine, roles } = await signedIn('gestionnaire@demo.fr');
    const [model] = sql<{ id: number }>(`SELECT id FROM intervention_requests WHERE place = 'closed' AND number NOT LIKE 'gen-%' LIMIT 1`);
    const copy = Number(
      server.ctx.db
        .prepare(
          `INSERT INTO intervention_requests (number, place, created_at, real_estate_id, business_area_id, contact_id, information, requested_by, provider_company_id, owner_company_id)
           SELECT 'bc-404', place, created_at, real_estate_id, business_area_id, contact_id, information, requested_by, provider_company_id, owner_company_id FROM intervention_requests WHERE id = ?`,
        )
        .run(model!.id).lastInsertRowid,
    );
    await engine.briefcase.start(roles);
    expect(await firstValueFrom(engine.interventions.watchDetail(String(copy)))).not.toBeNull();
    server.ctx.db.prepare(`DELETE FROM intervention_requests WHERE id = ?`).run(copy);
    reset();
    await engine.briefcase.runNow();
    expect(paths()).toContain(`/api/intervention_requests/${copy}`);
    expect(await firstValueFrom(engine.interventions.watchDetail(String(copy)))).toBeNull();
  });
});

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition jamais remplie');
    await new Promise((r) => setTimeout(r, 20));
  }
}
