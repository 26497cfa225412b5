/**
 * The prefetch after sign-in and on each load: what it pulled less than ten minutes ago is not
 * pulled again. A reload used to ask the OS dashboard, the real estates with contract and the
 * echopark communities (twice) and creation data again while the first screen was loading.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../server/app';
import { listeningServer } from './reference-server';
import { appModules, commandRegistry, createEngine, createSession, memoryStore } from '../../sync/index';
import { holdClockPastTokenExpiry, releaseClock } from '../token-clock';

let server: ReferenceServer;
let base: string;

beforeAll(async () => {
  ({ server, base } = await listeningServer());
});
afterAll(() => server.app.close());
afterEach(() => releaseClock());

/** Signed in with every GET the session and engine make recorded (path and query). */
async function signedIn(email: string, unreachable?: string) {
  const asked: string[] = [];
  const session = createSession({
    store: memoryStore(),
    defaultBaseUrl: base,
    fetch: (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname.replace(/^\/api\//, '');
      if (request.method === 'GET') asked.push(path);
      // One resource the network does not reach: refused at once, as a cut connection is.
      if (path === unreachable) return Promise.reject(new TypeError('Failed to fetch'));
      return fetch(input, init);
    },
  });
  const user = await session.login(email, 'demo1234');
  const engine = createEngine({ session, registry: commandRegistry, modules: appModules({ loadUser: () => session.loadUser() }) });
  await engine.attach(user.id);
  return { engine, asked, roles: session.state.user?.roles ?? [] };
}

describe('engine prefetch', () => {
  it('pulls each resource once, not again within ten minutes, and again after', async () => {
    const { engine, asked, roles } = await signedIn('admin@demo.fr');
    asked.length = 0;
    await engine.prefetch(roles);
    const first = [...asked];
    // The admin manages interventions, may create OS and belongs to an echopark community.
    expect(first).toContain('firm/dashboards/firm_owners/0');
    expect(first).toContain('real_estates/with_contract');
    expect(first).toContain('echopark/requests-map');
    // Each asked once: the creation data's own pull of the communities serves the prefetch too.
    expect(first.filter((path) => path === 'echopark/user/me/part')).toHaveLength(1);
    expect(first.filter((path) => path === 'firm/dashboards/firm_owners/0')).toHaveLength(1);

    asked.length = 0;
    await engine.prefetch(roles);
    expect(asked).toEqual([]);

    // Ten minutes later (the access token has expired too: a refresh is asked on the way).
    holdClockPastTokenExpiry(10 * 60);
    await engine.prefetch(roles);
    expect(asked).toEqual(
      expect.arrayContaining(['firm/dashboards/firm_owners/0', 'real_estates/with_contract', 'echopark/user/me/part', 'echopark/requests-map']),
    );
    await engine.wipe();
  });

  it("one module's failure is the prefetch's, and the other modules' requests still leave", async () => {
    const { engine, asked, roles } = await signedIn('admin@demo.fr', 'real_estates/with_contract');
    asked.length = 0;
    // The modules start one per task: a failure that comes while the next ones start is kept for the end
    // (vitest fails the file on an unhandled rejection).
    await expect(engine.prefetch(roles)).rejects.toBeTruthy();
    expect(asked).toEqual(expect.arrayContaining(['real_estates/with_contract', 'firm/dashboards/firm_owners/0', 'echopark/requests-map']));
    await engine.wipe();
  });
});
