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
});
