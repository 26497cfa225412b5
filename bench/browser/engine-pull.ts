/**
 * The engine bench's pull (bundled with bench/browser/engine-bench.ts): every intervention of the
 * list (10,000 generated) through the briefcase's list walk into RxDB, against raw fetch + Dexie
 * bulkPut of the same pages. The walk asks for the next page while it stores one
 * (sync/pull/prime-list.ts, fetchingAhead); the goal's baseline is the plain loop that does one
 * after the other, and the same raw loop overlapped the same way is measured beside it, so that
 * the engine's own cost shows apart from what the overlap gains.
 */
import Dexie from 'dexie';
import type { ApiClient } from '../../sync/api/client';
import type { TokenPair } from '../../sync/contract/core';
import { interventionPaths } from '../../sync/contract/interventions';
import { fetchInterventionPage, storeInterventionPage } from '../../sync/pull/interventions';
import { fetchingAhead, LIST_PAGES_AHEAD } from '../../sync/pull/prime-list';
import type { FetchedPage } from '../../sync/pull/pull';
import type { Store } from '../../sync/store/database';
import { rankOf } from '../../sync/store/queries';
import { benchApi, PLACES, timed } from './engine-common';

const PULL_PAGE = 500;

export interface PullStores {
  openStore(userId: number): Promise<Store>;
  removeStore(userId: number): Promise<void>;
}

/** A walk of every page: one after the other, or as the briefcase walks them (the next pages asked while one is stored). */
async function walkAll<P extends FetchedPage<unknown>>(
  fetchPage: (page: number) => Promise<P>,
  store: (fetched: P) => Promise<void>,
  ahead: boolean,
): Promise<number> {
  const full = (fetched: P) => fetched.received >= PULL_PAGE;
  const walk = ahead
    ? fetchingAhead(fetchPage, full, () => true, LIST_PAGES_AHEAD)
    : async (page: number, write: typeof store) => {
        const fetched = await fetchPage(page);
        await write(fetched);
        return fetched;
      };
  let pages = 0;
  for (let page = 1; ; page++) {
    pages++;
    if (!full(await walk(page, store))) return pages;
  }
}

/** Every page through the engine's fetcher and store, as the briefcase walks them, into a fresh store, each part's time summed. */
async function enginePull(
  api: ApiClient,
  parts: Record<string, number>,
  stores: PullStores,
  ahead: boolean,
): Promise<{ ms: number; pages: number; stored: number }> {
  const store = await stores.openStore(900_003);
  // The HTTP client (ky + network + server + JSON), RxDB's insert (which hands back the documents
  // already stored, to merge and to skip the unchanged) and upsert, the refreshed mark. They
  // overlap: their sum is more than the walk's time.
  const measuredApi = { ...api, list: timed(parts, 'httpClientMs', api.list) };
  const collection = store.db.interventions;
  collection.bulkInsert = timed(parts, 'bulkInsertMs', collection.bulkInsert.bind(collection)) as typeof collection.bulkInsert;
  collection.bulkUpsert = timed(parts, 'bulkUpsertMs', collection.bulkUpsert.bind(collection)) as typeof collection.bulkUpsert;
  store.db.upsertLocal = timed(parts, 'refreshedMarkMs', store.db.upsertLocal.bind(store.db)) as typeof store.db.upsertLocal;
  const t = performance.now();
  const pages = await walkAll(
    (page) => fetchInterventionPage(measuredApi, PLACES, page, PULL_PAGE),
    (fetched) => storeInterventionPage(store.db, fetched),
    ahead,
  );
  const ms = performance.now() - t;
  const stored = await store.db.interventions.count().exec();
  await store.close();
  await stores.removeStore(900_003);
  return { ms, pages, stored };
}

type RawItem = { id: number; place: string; createdAt: string; number: string };

/**
 * The same pages by plain `fetch` into a raw Dexie table. `plain`: the indexes the list reads and
 * the rows as the screens need them, the goal's baseline. `rxdb`: the rows and indexes RxDB's Dexie
 * storage writes for the same documents (its _deleted, _meta and _rev fields; the schema's indexes
 * prefixed by _deleted and ended by the id, plus its own three), written the same raw way: what the
 * storage layout alone costs, so that the engine's own cost is what remains above it.
 */
async function rawPull(token: TokenPair, parts: Record<string, number>, layout: 'plain' | 'rxdb', ahead: boolean): Promise<{ ms: number; stored: number }> {
  const raw = new Dexie(`bench-raw-pull-${layout}`);
  const rx = layout === 'rxdb';
  raw
    .version(1)
    .stores({ items: rx ? 'id, [_deleted+id], [_deleted+rank+id], [_deleted+place+rank+id], [_meta.lwt+id], _meta.lwt' : 'id, rank, [place+rank]' });
  const table = raw.table('items');
  const prefix = `raw${rx ? 'RxLayout' : ''}${ahead ? 'Ahead' : ''}`;
  const fetchPage = timed(parts, `${prefix}FetchMs`, async (page: number): Promise<FetchedPage<RawItem>> => {
    const query = new URLSearchParams({ itemsPerPage: String(PULL_PAGE), page: String(page), 'order[id]': 'desc' });
    for (const place of PLACES) query.append('place[]', place);
    const res = await fetch(`/${interventionPaths.list}?${query}`, { headers: { accept: 'application/json', authorization: `Bearer ${token.token}` } });
    const items = (await res.json()) as RawItem[];
    return { received: items.length, items, at: Date.now() };
  });
  const row = (i: RawItem) => ({ id: String(i.id), data: i, place: i.place, rank: rankOf(i.createdAt, String(i.id)), number: i.number });
  const rxRow = (i: RawItem, now: number) => ({
    ...row(i),
    pending: false,
    refreshedAt: now,
    _deleted: '0',
    _attachments: {},
    _meta: { lwt: now + Math.random() },
    _rev: `1-${Math.random().toString(36).slice(2, 12)}`,
  });
  const write = timed(parts, `${prefix}BulkPutMs`, async ({ items, at }: FetchedPage<RawItem>) => {
    await table.bulkPut(items.map((i) => (rx ? rxRow(i, at) : row(i))));
  });
  const t = performance.now();
  await walkAll(fetchPage, write, ahead);
  const ms = performance.now() - t;
  const stored = await table.count();
  await raw.delete();
  return { ms, stored };
}

/**
 * The pull, in rounds that rotate which run goes first, so that the machine's load weighs on all
 * alike; each pulls every page into an empty store every round.
 */
export async function benchPull(token: TokenPair, stores: PullStores, rounds = 3): Promise<Record<string, number>> {
  const { api, tokens } = benchApi(token);
  const parts: Record<string, number> = {};
  const totals = { engineMs: 0, engineInTurnMs: 0, rawMs: 0, rawAheadMs: 0, rawRxLayoutAheadMs: 0 };
  let pages = 0;
  let stored = 0;
  const engineRun = (ahead: boolean) => async () => {
    const run = await enginePull(api, ahead ? parts : {}, stores, ahead);
    totals[ahead ? 'engineMs' : 'engineInTurnMs'] += run.ms;
    ({ pages, stored } = run);
  };
  const rawRun = (layout: 'plain' | 'rxdb', ahead: boolean, total: keyof typeof totals) => async () => {
    const run = await rawPull(tokens.current, parts, layout, ahead);
    totals[total] += run.ms;
    if (stored && run.stored !== stored) throw new Error(`pull stored ${stored}, raw ${run.stored}`);
  };
  const runs = [
    engineRun(true),
    engineRun(false),
    rawRun('plain', false, 'rawMs'),
    rawRun('plain', true, 'rawAheadMs'),
    rawRun('rxdb', true, 'rawRxLayoutAheadMs'),
  ];
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < runs.length; k++) await runs[(round + k) % runs.length]!();
  }
  return {
    interventions: stored,
    pages,
    rounds,
    ...totals,
    // The goal's: the engine's walk against the raw loop that fetches, then stores, page after page.
    ratio: totals.engineMs / totals.rawMs,
    // The engine against the raw loop overlapped as it is: what the engine itself costs.
    aheadRatio: totals.engineMs / totals.rawAheadMs,
    layoutRatio: totals.rawRxLayoutAheadMs / totals.rawAheadMs,
    overLayoutRatio: totals.engineMs / totals.rawRxLayoutAheadMs,
    ...parts,
  };
}
