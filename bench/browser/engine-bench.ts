/**
 * Runs in Chromium (bundled by bench/engine.ts): the sync engine against
 * baselines on the same machine, same run, real IndexedDB.
 * - query: a filtered first page of 10,000 cached interventions, RxDB vs raw Dexie;
 * - drain: 1,000 queued commands through the outbox vs a plain sequential fetch loop;
 * - pull: every intervention of the list (10,000 generated) through the engine's fetcher into
 *   RxDB vs raw fetch + Dexie bulkPut of the same pages.
 */
import Dexie from 'dexie';
import { openStore, removeStore } from '../../sync/store/database';
import { createOutbox } from '../../sync/outbox/outbox';
import { createApiClient } from '../../sync/api/client';
import { testRegistry } from '../../test/integration/generic-request';
import { firstPageByPlaces, rankOf, watchFirstPageByPlaces } from '../../sync/store/queries';
import { firstValueFrom } from 'rxjs';
import type { Store } from '../../sync/store/database';
import { pullInterventionPage } from '../../sync/pull/interventions';
import { interventionPaths } from '../../sync/contract/interventions';
import type { TokenPair } from '../../sync/contract/core';

const PLACES = ['start', 'waiting', 'planning', 'planned', 'in_progress', 'debriefing', 'done', 'closed', 'reclaim'];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function makeInterventions(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const createdAt = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
    const place = PLACES[i % PLACES.length]!;
    const data = {
      id: i + 1,
      number: `DI-${100000 + i}`,
      place,
      createdAt,
      realEstate: { id: (i % 9) + 1, name: `Résidence ${i % 9}` },
      businessArea: { id: 3, name: 'Plomberie' },
      information: 'Fuite sur colonne montante, intervention urgente demandée.',
    };
    return { id: String(i + 1), data, pending: false, refreshedAt: Date.now(), place, createdAt, rank: rankOf(createdAt, String(i + 1)), number: data.number };
  });
}

/**
 * Where the RxDB page's time goes, each part alone (medians over 30 different pages): planning the
 * query (normalize + choose the index), the storage's own read (getAll over the index, the
 * documents' revision and meta fields included), and the documents RxDB builds and the plain
 * copies the screens get.
 */
async function queryParts(collection: Store['db']['interventions'], wanted: string[], cutoff: (i: number) => string): Promise<Record<string, number>> {
  const planning: number[] = [];
  const storage: number[] = [];
  const documents: number[] = [];
  const copies: number[] = [];
  for (let i = 0; i < 30; i++) {
    const queries = wanted.map((place) =>
      collection.find({ selector: { place, rank: { $gt: rankOf(cutoff(i)) } } as never, sort: [{ rank: 'asc' } as never], limit: 10 }),
    );
    let t = performance.now();
    // The query's own planning (normalize, the `_deleted` prefix RxDB puts on every index, choice of index).
    const prepared = queries.map((q) => q.getPreparedQuery());
    planning.push(performance.now() - t);
    t = performance.now();
    const results = await Promise.all(prepared.map((q) => collection.storageInstance.query(q)));
    storage.push(performance.now() - t);
    t = performance.now();
    const docs = results.flatMap((r) => collection._docCache.getCachedRxDocuments(r.documents));
    documents.push(performance.now() - t);
    t = performance.now();
    docs.map((d) => d.toJSON());
    copies.push(performance.now() - t);
  }
  return {
    planningMedianMs: median(planning),
    storageReadMedianMs: median(storage),
    documentsMedianMs: median(documents),
    plainCopiesMedianMs: median(copies),
  };
}

async function benchQuery(): Promise<Record<string, number>> {
  const docs = makeInterventions(10_000);
  const wanted = ['planning', 'waiting'];
  const store = await openStore(900_001);
  await store.db.interventions.bulkInsert(docs.map(({ createdAt: _c, ...doc }) => doc));
  const rx: number[] = [];
  // Each run asks a slightly different page (a cut-off one hour earlier) so RxDB's query cache
  // cannot answer from memory: the store is really read, as on a screen opened anew.
  const cutoff = (i: number) => new Date(Date.UTC(2027, 2, 1) - i * 3_600_000).toISOString();
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    const page = await firstPageByPlaces(store.db.interventions, wanted, 10, rankOf(cutoff(i)));
    rx.push(performance.now() - t);
    if (page.length !== 10) throw new Error('rx page size');
  }
  const parts = await queryParts(store.db.interventions, wanted, cutoff);
  // What a list screen pays on opening: the first emission of the live query (RxQuery, documents,
  // change tracking). Each run a different page size, so no query is answered from the cache.
  const live: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    const page = await firstValueFrom(watchFirstPageByPlaces(store.db.interventions, wanted, 10 + i));
    live.push(performance.now() - t);
    if (page.length !== 10 + i) throw new Error('live page size');
  }
  await store.close();
  await removeStore(900_001);

  const raw = new Dexie('bench-raw');
  raw.version(1).stores({ items: 'id, rank, [place+rank]' });
  const table = raw.table('items');
  await table.bulkPut(docs);
  const dexie: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    const parts = await Promise.all(
      wanted.map((p) =>
        table
          .where('[place+rank]')
          .between([p, rankOf(cutoff(i))], [p, Dexie.maxKey], false, true)
          .limit(10)
          .toArray(),
      ),
    );
    const page = parts
      .flat()
      .sort((a, b) => (a.rank < b.rank ? -1 : 1))
      .slice(0, 10);
    dexie.push(performance.now() - t);
    if (page.length !== 10) throw new Error('dexie page size');
  }
  // The same page read as RxDB's own Dexie storage reads it (the app's store now reads with getAll): a cursor, one IndexedDB request per document
  // (rxdb/plugins/storage-dexie/dexie-query.js), where limit().toArray() above is one getAll per place.
  const cursor: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    const parts = await Promise.all(
      wanted.map(async (p) => {
        const rows: unknown[] = [];
        await table
          .where('[place+rank]')
          .between([p, rankOf(cutoff(i))], [p, Dexie.maxKey], false, true)
          .until(() => rows.length >= 10)
          .each((row) => void rows.push(row));
        return rows;
      }),
    );
    cursor.push(performance.now() - t);
    if (parts.flat().length < 10) throw new Error('dexie cursor page size');
  }
  await raw.delete();
  const rxMs = median(rx);
  const dexieMs = median(dexie);
  return {
    rxMedianMs: rxMs,
    dexieMedianMs: dexieMs,
    ratio: rxMs / dexieMs,
    liveFirstEmissionMedianMs: median(live),
    liveRatio: median(live) / dexieMs,
    dexieCursorMedianMs: median(cursor),
    rxVsDexieCursorRatio: rxMs / median(cursor),
    ...parts,
  };
}

/** Times every call of `fn` into `parts[name]` (the bench's own profiler: no production hook). */
function timed<A extends unknown[], R>(parts: Record<string, number>, name: string, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const t = performance.now();
    try {
      return await fn(...args);
    } finally {
      parts[name] = (parts[name] ?? 0) + performance.now() - t;
      parts[`${name}Calls`] = (parts[`${name}Calls`] ?? 0) + 1;
    }
  };
}

async function fetchLoop(token: TokenPair, from: number, to: number): Promise<number> {
  const t0 = performance.now();
  for (let i = from; i < to; i++) {
    // The same requests as the outbox sends, Idempotency-Key included: the ratio is the engine's cost.
    const res = await fetch('/api/requests', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${token.token}`,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ information: `loop-${i}` }),
    });
    if (res.status !== 201) throw new Error(`loop ${res.status}`);
    await res.json();
  }
  return performance.now() - t0;
}

/**
 * The drain, in rounds that alternate the plain loop, the HTTP client alone and the outbox, so
 * that the server's growing tables and the machine's load weigh on all three alike. Each part of
 * the outbox's time is measured: the HTTP client (ky + network + server), the batch removal of
 * sent commands, the reconcile step, the outbox reads, and what is left (JS of the outbox itself).
 */
async function benchDrain(token: TokenPair, count: number, rounds = 5): Promise<Record<string, number>> {
  const tokens = { current: token };
  const api = createApiClient({
    baseUrl: () => '',
    tokens: { get: () => tokens.current, set: (t) => void (tokens.current = t!) },
    onSessionExpired: () => undefined,
  });
  const parts: Record<string, number> = {};
  const measuredApi = { ...api, call: timed(parts, 'httpClientMs', api.call) };
  const registry = {
    ...testRegistry,
    'request.create': { ...testRegistry['request.create'], reconcile: timed(parts, 'reconcileMs', testRegistry['request.create'].reconcile!) },
  };
  const store = await openStore(900_002);
  const outboxCollection = store.db.outbox;
  outboxCollection.bulkRemove = timed(parts, 'batchRemoveMs', outboxCollection.bulkRemove.bind(outboxCollection)) as typeof outboxCollection.bulkRemove;
  const find = outboxCollection.find.bind(outboxCollection);
  store.db.upsertLocal = timed(parts, 'idMapWritesMs', store.db.upsertLocal.bind(store.db)) as typeof store.db.upsertLocal;
  // RxDB hands back the same cached query object for the same selector: time each one once.
  const wrapped = new WeakSet<object>();
  outboxCollection.find = ((...args: Parameters<typeof find>) => {
    const query = find(...args);
    if (!wrapped.has(query)) {
      wrapped.add(query);
      query.exec = timed(parts, 'outboxReadsMs', query.exec.bind(query)) as typeof query.exec;
    }
    return query;
  }) as typeof outboxCollection.find;
  const outbox = createOutbox({ store, api: measuredApi, registry, concurrency: 1 });
  const perRound = Math.ceil(count / rounds);
  let loopMs = 0;
  let clientMs = 0;
  let outboxMs = 0;
  let enqueueMs = 0;
  for (let round = 0; round < rounds; round++) {
    const from = round * perRound;
    const to = Math.min(count, from + perRound);
    loopMs += await fetchLoop(tokens.current, from, to);
    // The HTTP client alone, same requests: what ky and the client's checks add to fetch.
    const t = performance.now();
    for (let i = from; i < to; i++) await api.call('POST', 'api/requests', { json: { information: `client-${i}` }, idempotencyKey: crypto.randomUUID() });
    clientMs += performance.now() - t;
    // Queued while "offline", then drained one at a time: the same work as the loop, plus durability.
    outbox.pause();
    const te = performance.now();
    for (let i = from; i < to; i++) await outbox.enqueue('request.create', { tempId: `b${i}`, information: `outbox-${i}` });
    enqueueMs += performance.now() - te;
    const t1 = performance.now();
    outbox.resume();
    while ((await outbox.count()) > 0) await outbox.flush();
    outboxMs += performance.now() - t1;
  }
  await outbox.stop();
  await store.close();
  await removeStore(900_002);
  const accounted = (parts.httpClientMs ?? 0) + (parts.batchRemoveMs ?? 0) + (parts.idMapWritesMs ?? 0) + (parts.reconcileMs ?? 0) + (parts.outboxReadsMs ?? 0);
  return {
    commands: count,
    rounds,
    loopMs,
    outboxMs,
    ratio: outboxMs / loopMs,
    loopPerCommandMs: loopMs / count,
    outboxPerCommandMs: outboxMs / count,
    clientOnlyMs: clientMs,
    clientOnlyRatio: clientMs / loopMs,
    enqueuePerCommandMs: enqueueMs / count,
    ...parts,
    outboxOwnMs: outboxMs - accounted,
  };
}

const PULL_PAGE = 500;

async function benchPull(token: TokenPair): Promise<Record<string, number>> {
  const tokens = { current: token };
  const api = createApiClient({
    baseUrl: () => '',
    tokens: { get: () => tokens.current, set: (t) => void (tokens.current = t!) },
    onSessionExpired: () => undefined,
  });
  const store = await openStore(900_003);
  const t0 = performance.now();
  let pages = 0;
  for (let page = 1; ; page++) {
    pages++;
    if ((await pullInterventionPage(store.db, api, PLACES, page, PULL_PAGE)) < PULL_PAGE) break;
  }
  const engineMs = performance.now() - t0;
  const stored = await store.db.interventions.count().exec();
  await store.close();
  await removeStore(900_003);

  const raw = new Dexie('bench-raw-pull');
  raw.version(1).stores({ items: 'id, rank, [place+rank]' });
  const table = raw.table('items');
  const t1 = performance.now();
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ itemsPerPage: String(PULL_PAGE), page: String(page), 'order[id]': 'desc' });
    for (const place of PLACES) query.append('place[]', place);
    const res = await fetch(`/${interventionPaths.list}?${query}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${tokens.current.token}` },
    });
    const items = (await res.json()) as { id: number; place: string; createdAt: string; number: string }[];
    await table.bulkPut(items.map((i) => ({ id: String(i.id), data: i, place: i.place, rank: rankOf(i.createdAt, String(i.id)), number: i.number })));
    if (items.length < PULL_PAGE) break;
  }
  const rawMs = performance.now() - t1;
  const rawStored = await table.count();
  await raw.delete();
  if (stored !== rawStored) throw new Error(`pull stored ${stored}, raw ${rawStored}`);
  return { interventions: stored, pages, engineMs, rawMs, ratio: engineMs / rawMs };
}

declare global {
  interface Window {
    runEngineBench(token: TokenPair, drainCount: number): Promise<Record<string, Record<string, number>>>;
  }
}

window.runEngineBench = async (token, drainCount) => ({ query: await benchQuery(), drain: await benchDrain(token, drainCount), pull: await benchPull(token) });
