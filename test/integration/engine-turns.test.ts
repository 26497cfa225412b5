/**
 * The engine's opening and closing take turns: a sign-out in another tab
 * (detach) or on this one (wipe) that lands while the store is still opening
 * closes it once opened. Before, the close ran beside the opening, which then
 * finished and wrote into the store the sign-out had just removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../server/app';
import { listeningServer } from './reference-server';
import { appModules, commandRegistry, createEngine, createSession, memoryStore } from '../../sync/index';
import { openStore, removeStore } from '../../sync/store/database';

let server: ReferenceServer;
let base: string;

beforeAll(async () => {
  ({ server, base } = await listeningServer());
});
afterAll(() => server.app.close());

async function signedIn(email: string) {
  const session = createSession({ store: memoryStore(), defaultBaseUrl: base });
  const user = await session.login(email, 'demo1234');
  const engine = createEngine({ session, registry: commandRegistry, modules: appModules({ loadUser: () => session.loadUser() }) });
  return { engine, userId: user.id };
}

/** The records left in the user's IndexedDB databases, as 'database/store=count'. */
async function recordsOf(userId: number): Promise<string[]> {
  const request = <T>(r: IDBRequest<T>) => new Promise<T>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
  const left: string[] = [];
  for (const { name } of await indexedDB.databases()) {
    if (!name || !(name.includes(`bp-user-${userId}-`) || name === `bp-files-${userId}`)) continue;
    const database = await request(indexedDB.open(name));
    for (const store of Array.from(database.objectStoreNames)) {
      const n = await request(database.transaction(store).objectStore(store).count());
      if (n > 0) left.push(`${name}/${store}=${n}`);
    }
    database.close();
  }
  return left;
}

describe('engine turns', () => {
  it('a detach during the opening leaves the store closed once both are over', async () => {
    const { engine, userId } = await signedIn('gestionnaire@demo.fr');
    await Promise.all([engine.attach(userId), engine.detach()]);
    expect(engine.state.ready).toBe(false);
    expect(engine.state.userId).toBeNull();
    // The next sign-in opens it again, with what the first opening wrote.
    await engine.attach(userId);
    expect(engine.state.ready).toBe(true);
    await engine.wipe();
  });

  it('a wipe during the opening leaves no open store and nothing of the user', async () => {
    const { engine, userId } = await signedIn('gestionnaire2@demo.fr');
    await Promise.all([engine.attach(userId), engine.wipe()]);
    expect(engine.state.ready).toBe(false);
    expect(await recordsOf(userId)).toEqual([]);
  });

  it('a store written after another tab removed it keeps nothing once this tab removes it too', async () => {
    const userId = 990_003;
    const row = (id: string) => ({ id, data: { id }, pending: false, refreshedAt: 1, place: 'planning', rank: id, number: `DI-${id}` });
    const store = await openStore(userId);
    await store.db.interventions.bulkInsert(['1', '2'].map(row));
    await store.db.upsertLocal('pass', { value: 1 });
    // The other tab signs out: the user's data goes while this tab's store is still open...
    await removeStore(userId);
    // ...which writes on (its background pass finishing, a save) before it hears of it.
    await store.db.interventions.bulkInsert(['3', '4'].map(row));
    await store.db.upsertLocal('summary', { value: 2 });
    expect(await recordsOf(userId)).not.toEqual([]);
    await store.close();
    await removeStore(userId);
    expect(await recordsOf(userId)).toEqual([]);
  });
});
