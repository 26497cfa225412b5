/**
 * A visit copy is written from its state at the write (sync/store/modify-data.ts), on
 * fake-indexeddb against the in-process reference server: « Démarrer » tapped while a download
 * writes its list of missing files leaves the copy started, with that list. The download read the
 * copy, the start was written, then the download wrote back the copy it had read: the visit showed
 * as not started, its fields closed, while the server had it started (the visit-detail browser test
 * failed so, twice in two days).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../server/app';
import { listeningServer } from './reference-server';
import { openStore, removeStore, type Store } from '../../sync/store/database';
import { createApiClient } from '../../sync/api/client';
import { downloadVisit, type VisitCopyMeta } from '../../sync/pull/visits';
import { visitStart } from '../../sync/commands/visits';
import { dataOf } from '../../sync/store/plain';
import type { TokenPair } from '../../sync/contract/core';
import { sqlOf } from '../sql';

const USER = 990_201;
let server: ReferenceServer;
let store: Store;
let tokens: TokenPair;
let base: string;
beforeAll(async () => {
  ({ server, base } = await listeningServer());
  const login = await fetch(`${base}/api/authentication_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'inspecteur@demo.fr', password: 'demo1234' }),
  });
  tokens = (await login.json()) as TokenPair;
  store = await openStore(USER);
});
afterAll(async () => {
  await store.close();
  await removeStore(USER);
  await server.app.close();
});

describe('visit copy writes', () => {
  it('a start written while a download reads the copy is kept, and so is the download’s file list', async () => {
    const db = () => server.ctx.db;
    const { userId } = sqlOf(db);
    const { id: visitId } = db()
      .prepare(`SELECT id FROM visits WHERE assigned_to = ? AND state = 'todo' ORDER BY id LIMIT 1`)
      .get(userId('inspecteur@demo.fr')) as {
      id: number;
    };
    const api = createApiClient({
      baseUrl: () => base,
      tokens: { get: () => tokens, set: (t) => void (t && (tokens = t)) },
      onSessionExpired: () => undefined,
    });
    const copies = store.db.visitdata;
    // The start lands right after the download's read of the copy it is about to write (its last step).
    const findOne = copies.findOne.bind(copies);
    const wrapped = new WeakSet<object>();
    let startedBetween = false;
    copies.findOne = ((...args: Parameters<typeof findOne>) => {
      const query = findOne(...args);
      if (!wrapped.has(query)) {
        wrapped.add(query);
        const exec = query.exec.bind(query);
        query.exec = (async () => {
          const doc = await exec();
          if (doc && !startedBetween) {
            startedBetween = true;
            await visitStart.apply!({ db: store.db, files: store.files, stillPending: async () => false }, { visitId });
          }
          return doc;
        }) as typeof query.exec;
      }
      return query;
    }) as typeof copies.findOne;
    try {
      const returned = await downloadVisit(store.db, store.files, api, visitId, () => undefined);
      expect(startedBetween).toBe(true);
      expect(returned.started).toBe(true);
    } finally {
      copies.findOne = findOne;
    }
    const stored = dataOf<VisitCopyMeta>((await copies.findOne(String(visitId)).exec())!);
    expect(stored).toMatchObject({ started: true, failedFiles: [] });
  });
});
