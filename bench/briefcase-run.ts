/**
 * The briefcase bench's worker (bench/briefcase.ts spawns it: fake-indexeddb
 * replaces IndexedDB for this whole process). In Node, not in a browser: the
 * engine on fake-indexeddb against the reference server in this process,
 * seeded with `--scale` so that the manager is responsible for 1,000 open
 * interventions, every API call delayed 50 ms (FAULTS latency=50).
 *
 * Measures: the first full pass against a bare fetch loop sending the same
 * GETs (same URLs, same token) with the same concurrency (4), run before and
 * after the pass (the mean is the baseline: the server's caches warm up); the
 * requests of a second pass after 10 changes; the store's size. One JSON line
 * on stdout.
 */
import 'fake-indexeddb/auto';
import type { IncomingMessage } from 'node:http';
import { buildServer } from '../server/app';
import { testConfig } from '../server/config';
import { appModules, commandRegistry, createEngine, createSession, memoryStore } from '../sync/index';
import { openStore } from '../sync/store/database';

const SCALE = Number(process.env.BRIEFCASE_SCALE ?? 1066);
const LATENCY_MS = 50;
const CONCURRENCY = 4;
const CHANGES = 10;

const server = await buildServer(testConfig(), { scale: SCALE });
server.faults.set({ latency: LATENCY_MS, drop: 0, lost: 0, error: 0, seed: 1 });
await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
let recording = false;
const urls: string[] = [];
server.app.server.on('request', (request: IncomingMessage) => {
  if (recording && request.method === 'GET') urls.push(request.url ?? '');
});

const sql = <T>(query: string, ...params: unknown[]) => server.ctx.db.prepare(query).all(...params) as T[];
const owner = "(SELECT company_id FROM users WHERE email = 'gestionnaire@demo.fr')";
const openCount = sql<{ n: number }>(`SELECT COUNT(*) AS n FROM intervention_requests WHERE place <> 'closed' AND owner_company_id = ${owner}`)[0]!.n;

const session = createSession({ store: memoryStore(), defaultBaseUrl: base });
const user = await session.login('gestionnaire@demo.fr', 'demo1234');
const engine = createEngine({
  session,
  registry: commandRegistry,
  modules: appModules({ loadUser: () => session.loadUser() }),
  briefcase: { persist: async () => true, network: { isOnline: () => true, onOnline: () => () => undefined } },
});
await engine.attach(user.id);

/** The same GETs as the pass, sent by a bare loop: 4 workers, fetch and read the body, nothing stored. */
async function bareLoop(list: readonly string[]): Promise<number> {
  const token = session.state.tokens!.token;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < list.length) {
      const url = list[next++]!;
      const response = await fetch(`${base}${url}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return performance.now() - started;
}

recording = true;
const firstStart = performance.now();
await engine.briefcase.start(user.roles);
const firstMs = performance.now() - firstStart;
recording = false;
const firstUrls = [...urls];
const state = { ...engine.briefcase.state, counts: { ...engine.briefcase.state.counts } };

const bareBefore = await bareLoop(firstUrls);
const bareAfter = await bareLoop(firstUrls);
const bareMs = (bareBefore + bareAfter) / 2;

// Ten open requests change place (their list items change: the fingerprints differ).
const changed = sql<{ id: number }>(`SELECT id FROM intervention_requests WHERE place = 'waiting' AND owner_company_id = ${owner} LIMIT ${CHANGES}`);
for (const { id } of changed) server.ctx.db.prepare(`UPDATE intervention_requests SET place = 'planning' WHERE id = ?`).run(id);
urls.length = 0;
recording = true;
const secondStart = performance.now();
await engine.briefcase.runNow();
const secondMs = performance.now() - secondStart;
recording = false;
const secondUrls = [...urls];
const listPages = (list: string[]) =>
  list.filter((u) => u.includes('/list/undetailed') || u.includes('/message/user_messages') || u.startsWith('/api/intervention_request/appointments?')).length;

// The store's size: the JSON of every document of every collection (fake-indexeddb has no size).
await engine.detach();
const store = await openStore(user.id);
let storeBytes = 0;
let storeDocs = 0;
for (const collection of Object.values(store.db.collections)) {
  const docs = await collection.find().exec();
  storeDocs += docs.length;
  for (const doc of docs) storeBytes += JSON.stringify(doc.toJSON()).length;
}
await store.close();
await server.app.close();

console.log(
  JSON.stringify({
    openInterventions: openCount,
    first: { ms: Math.round(firstMs), requests: firstUrls.length, listRequests: listPages(firstUrls) },
    bare: { ms: Math.round(bareMs), beforeMs: Math.round(bareBefore), afterMs: Math.round(bareAfter) },
    second: { ms: Math.round(secondMs), requests: secondUrls.length, listRequests: listPages(secondUrls), changes: changed.length },
    store: { docs: storeDocs, jsonBytes: storeBytes, mediaBytes: state.mediaBytes, counts: state.counts },
    lastCompleteAt: state.lastCompleteAt,
  }),
);
process.exit(0);
