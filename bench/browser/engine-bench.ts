/**
 * Runs in Chromium (bundled by bench/engine.ts): the sync engine against
 * baselines on the same machine, same run, real IndexedDB.
 * - query: a filtered first page of 10,000 cached interventions, RxDB vs raw Dexie;
 * - drain: 1,000 queued commands through the outbox vs a plain sequential fetch loop;
 * - pull (engine-pull.ts): every intervention of the list (10,000 generated) walked as the
 *   briefcase walks it into RxDB vs raw fetch + Dexie bulkPut of the same pages, page after page
 *   and asking ahead alike, and the same raw writes in RxDB's own storage layout.
 */
import Dexie from 'dexie';
import { openStore as openStoreIn, removeStore as removeStoreIn, type StoreEnv } from '../../sync/store/database';
import { remoteStorage } from '../../sync/store/remote-storage';
import { createOutbox } from '../../sync/outbox/outbox';
import { testRegistry } from '../../test/integration/generic-request';
import { firstPageByPlaces, rankOf, watchFirstPageByPlaces } from '../../sync/store/queries';
import { firstValueFrom } from 'rxjs';
import type { Store } from '../../sync/store/database';
import type { TokenPair } from '../../sync/contract/core';
import { benchApi, PLACES, timed } from './engine-common';
import { benchPull } from './engine-pull';

/**
 * Where the store runs: in the storage worker as in the app's pages (bench/engine.ts bundles the
 * worker beside the page), or in the page itself (`ENGINE_STORE=page`, for a comparison).
 */
let storeEnv: StoreEnv = {};
const openStore = (userId: number) => openStoreIn(userId, storeEnv);
const removeStore = (userId: number) => removeStoreIn(userId, storeEnv);

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

const QUERY_SAMPLES = 100;

/** A first page of the wanted places from the raw Dexie table: one getAll per place, merged. */
async function rawFirstPage(table: Dexie.Table, wanted: string[], after: string): Promise<unknown[]> {
  const parts = await Promise.all(wanted.map((p) => table.where('[place+rank]').between([p, after], [p, Dexie.maxKey], false, true).limit(10).toArray()));
  return parts
    .flat()
    .sort((a, b) => (a.rank < b.rank ? -1 : 1))
    .slice(0, 10);
}

/**
 * The same page read as RxDB's own Dexie storage reads it (the app's store now reads with getAll): a
 * cursor, one IndexedDB request per document (rxdb/plugins/storage-dexie/dexie-query.js).
 */
async function cursorFirstPage(table: Dexie.Table, wanted: string[], after: string): Promise<unknown[]> {
  const parts = await Promise.all(
    wanted.map(async (p) => {
      const rows: unknown[] = [];
      await table
        .where('[place+rank]')
        .between([p, after], [p, Dexie.maxKey], false, true)
        .until(() => rows.length >= 10)
        .each((row) => void rows.push(row));
      return rows;
    }),
  );
  return parts.flat();
}

/**
 * The first page, RxDB against raw Dexie. The two (and Dexie's cursor read) alternate sample by
 * sample over the same pages, in an order that turns, so that the machine's load and each read's
 * aftermath weigh on all alike; a page takes about a millisecond, hence 100 samples each (the page is
 * cross-origin isolated, bench/engine.ts: its clock counts in 5 µs steps, not tenths of a millisecond).
 */
async function benchQuery(): Promise<Record<string, number>> {
  const docs = makeInterventions(10_000);
  const wanted = ['planning', 'waiting'];
  const store = await openStore(900_001);
  await store.db.interventions.bulkInsert(docs.map(({ createdAt: _c, ...doc }) => doc));
  const raw = new Dexie('bench-raw');
  raw.version(1).stores({ items: 'id, rank, [place+rank]' });
  const table = raw.table('items');
  await table.bulkPut(docs);
  // Each sample asks a slightly different page (a cut-off one hour earlier) so RxDB's query cache
  // cannot answer from memory: the store is really read, as on a screen opened anew.
  const cutoff = (i: number) => new Date(Date.UTC(2027, 2, 1) - i * 3_600_000).toISOString();
  const rx: number[] = [];
  const dexie: number[] = [];
  const cursor: number[] = [];
  const time = async (into: number[], read: () => Promise<unknown[]>, size: number) => {
    const t = performance.now();
    const page = await read();
    into.push(performance.now() - t);
    if (page.length < size) throw new Error(`page of ${page.length}, ${size} expected`);
  };
  const contenders = [
    (after: string) => time(rx, () => firstPageByPlaces(store.db.interventions, wanted, 10, after), 10),
    (after: string) => time(dexie, () => rawFirstPage(table, wanted, after), 10),
    (after: string) => time(cursor, () => cursorFirstPage(table, wanted, after), 10),
  ];
  for (let i = 0; i < QUERY_SAMPLES; i++) {
    const after = rankOf(cutoff(i));
    // The order turns each sample: a read that follows the cursor read pays ~0.5 ms of its
    // aftermath, and in a fixed order RxDB always came right after it (1.54-1.62× against
    // 1.17-1.32× in a probe of the same pages).
    for (let k = 0; k < contenders.length; k++) await contenders[(i + k) % contenders.length]!(after);
  }
  const parts = await queryParts(store.db.interventions, wanted, cutoff);
  // What a list screen pays on opening: the first emission of the live query (RxQuery, documents,
  // change tracking). Each run a different page size, so no query is answered from the cache.
  const live: number[] = [];
  for (let i = 0; i < 30; i++) await time(live, () => firstValueFrom(watchFirstPageByPlaces(store.db.interventions, wanted, 10 + i)), 10 + i);
  await store.close();
  await removeStore(900_001);
  await raw.delete();
  const rxMs = median(rx);
  const dexieMs = median(dexie);
  return {
    samples: QUERY_SAMPLES,
    /** 1 when the page is cross-origin isolated: its clock then counts in 5 µs steps, not 100 µs. */
    isolated: crossOriginIsolated ? 1 : 0,
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
 * The drain, in 6 rounds that alternate the plain loop, the HTTP client alone and the outbox in an order
 * that turns, so that the server's growing tables and the machine's load weigh on all three alike. Each part of
 * the outbox's time is measured: the HTTP client (ky + network + server), the batch removal of
 * sent commands, the reconcile step, the outbox reads, and the time outside the HTTP client's calls.
 * The parts overlap: a command's local effects run while the next command's request is out.
 * `touching`: each command marks a document pending until it is sent (then released), as the
 * app's commands do.
 */
async function benchDrain(token: TokenPair, count: number, { rounds = 6, touching = false } = {}): Promise<Record<string, number>> {
  const { api, tokens } = benchApi(token);
  const parts: Record<string, number> = {};
  // When the last answer came: what the round spends after it is the outbox's own tail (removal of the sent).
  let lastAnswerAt = 0;
  const timedCall = timed(parts, 'httpClientMs', api.call);
  const measuredApi = {
    ...api,
    call: ((...args: Parameters<typeof api.call>) => timedCall(...args).finally(() => (lastAnswerAt = performance.now()))) as typeof api.call,
  };
  const witness = testRegistry['request.create'];
  const registry = {
    ...testRegistry,
    'request.create': {
      ...witness,
      reconcile: timed(parts, 'reconcileMs', witness.reconcile!),
      // A backlog of real writes: each command marks its document pending until it is sent.
      ...(touching ? { touches: (p: { tempId: string }) => [`interventions:${p.tempId}`] } : {}),
    },
  };
  const storeId = touching ? 900_004 : 900_002;
  const store = await openStore(storeId);
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
  let tailMs = 0;
  const contenders = [
    async (from: number, to: number) => void (loopMs += await fetchLoop(tokens.current, from, to)),
    // The HTTP client alone, same requests: what ky and the client's checks add to fetch.
    async (from: number, to: number) => {
      const t = performance.now();
      for (let i = from; i < to; i++) await api.call('POST', 'api/requests', { json: { information: `client-${i}` }, idempotencyKey: crypto.randomUUID() });
      clientMs += performance.now() - t;
    },
    // Queued while "offline", then drained one at a time: the same work as the loop, plus durability.
    async (from: number, to: number) => {
      outbox.pause();
      const te = performance.now();
      for (let i = from; i < to; i++) await outbox.enqueue('request.create', { tempId: `b${i}`, information: `outbox-${i}` });
      enqueueMs += performance.now() - te;
      const t1 = performance.now();
      outbox.resume();
      while ((await outbox.count()) > 0) await outbox.flush();
      const end = performance.now();
      outboxMs += end - t1;
      tailMs += end - lastAnswerAt;
    },
  ];
  // Each round's own ratio: how far the machine moves the figure within one run.
  const roundRatios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const from = round * perRound;
    const to = Math.min(count, from + perRound);
    const [loopBefore, outboxBefore] = [loopMs, outboxMs];
    // The order turns each round: each contender comes first, second and last alike (the server's
    // tables grow, and what one leaves running weighs on the next).
    for (let k = 0; k < contenders.length; k++) await contenders[(round + k) % contenders.length]!(from, to);
    roundRatios.push((outboxMs - outboxBefore) / (loopMs - loopBefore));
  }
  roundRatios.sort((a, b) => a - b);
  await outbox.stop();
  await store.close();
  await removeStore(storeId);
  return {
    commands: count,
    rounds,
    loopMs,
    outboxMs,
    ratio: outboxMs / loopMs,
    roundRatioMin: roundRatios[0]!,
    roundRatioMedian: median(roundRatios),
    roundRatioMax: roundRatios[roundRatios.length - 1]!,
    loopPerCommandMs: loopMs / count,
    outboxPerCommandMs: outboxMs / count,
    clientOnlyMs: clientMs,
    clientOnlyRatio: clientMs / loopMs,
    enqueuePerCommandMs: enqueueMs / count,
    ...parts,
    outsideHttpMs: outboxMs - (parts.httpClientMs ?? 0),
    /** Of that, after each round's last answer: the release and removal of the round's last sent commands. */
    tailMs,
  };
}

/**
 * The first page with the store in its worker (its reads made in the page, sync/store/page-reads.ts),
 * as the app runs it, then with the whole store in the page, in the same run (the goal's baseline,
 * raw Dexie, reads in the page).
 */
async function queryInWorkerAndPage(inWorker: StoreEnv): Promise<Record<string, number>> {
  const worker = await benchQuery();
  storeEnv = {};
  const page = await benchQuery();
  storeEnv = inWorker;
  return { ...worker, inPageRxMedianMs: page.rxMedianMs!, inPageDexieMedianMs: page.dexieMedianMs!, inPageRatio: page.ratio! };
}

declare global {
  interface Window {
    /** `only`: the figures to measure (all by default), for a profile of one. */
    runEngineBench(token: TokenPair, drainCount: number, only?: readonly string[], store?: 'worker' | 'page'): Promise<Record<string, Record<string, number>>>;
  }
}

window.runEngineBench = async (token, drainCount, only, store = 'worker') => {
  const storeEnvOfRun: StoreEnv = store === 'worker' ? { storage: () => remoteStorage(() => new Worker('/storage-worker.js', { type: 'module' })) } : {};
  storeEnv = storeEnvOfRun;
  const figures: Record<string, () => Promise<Record<string, number>>> = {
    query: () => (store === 'worker' ? queryInWorkerAndPage(storeEnvOfRun) : benchQuery()),
    drain: () => benchDrain(token, drainCount),
    // The app's commands: each touches a document, pending until it is sent.
    backlog: () => benchDrain(token, drainCount, { touching: true }),
    pull: () => benchPull(token, { openStore, removeStore }),
  };
  const result: Record<string, Record<string, number>> = {};
  for (const [name, run] of Object.entries(figures)) if (!only || only.includes(name)) result[name] = await run();
  return result;
};
