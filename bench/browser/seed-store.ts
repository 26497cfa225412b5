/**
 * Runs in Chromium on the bench's seeding page (bundled by bench/env.ts, served
 * beside the app): pulls every intervention the token may list, through the
 * engine's own fetcher (500 a page), into the store of `userId` — the database
 * the app opens when that user signs in. So the app starts with a large cache
 * made of real server answers, as after weeks of use.
 */
import { openStore } from '../../sync/store/database';
import { createApiClient } from '../../sync/api/client';
import { pullInterventionPage } from '../../sync/pull/interventions';
import type { TokenPair } from '../../sync/contract/core';

const PLACES = ['start', 'waiting', 'planning', 'planned', 'in_progress', 'debriefing', 'done', 'closed', 'reclaim'];
const PAGE = 500;

declare global {
  interface Window {
    seedInterventions(token: TokenPair, userId: number): Promise<number>;
  }
}

window.seedInterventions = async (token, userId) => {
  const tokens = { current: token };
  const api = createApiClient({
    baseUrl: () => '',
    tokens: { get: () => tokens.current, set: (t) => void (tokens.current = t!) },
    onSessionExpired: () => undefined,
  });
  const store = await openStore(userId);
  for (let page = 1; ; page++) {
    if ((await pullInterventionPage(store.db, api, PLACES, page, PAGE)) < PAGE) break;
  }
  const stored = await store.db.interventions.count().exec();
  await store.close();
  return stored;
};
