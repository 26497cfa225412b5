/**
 * Lie-fi: the phone says it is online while nothing gets through, so no `online` event comes when
 * the network is back. A change made then fails for want of network and waits out a backoff; the
 * first answer from the server afterwards (any request of the app) sends it at once.
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

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('engine and the network coming back', () => {
  it('a change that failed for want of network goes with the next answer from the server, before its backoff ends', async () => {
    const gate = { down: false };
    const sent: number[] = [];
    const session = createSession({
      store: memoryStore(),
      defaultBaseUrl: base,
      fetch: (input, init) => {
        if (gate.down) return Promise.reject(new TypeError('Failed to fetch'));
        if (new Request(input, init).method === 'PUT') sent.push(Date.now());
        return fetch(input, init);
      },
    });
    const user = await session.login('gestionnaire@demo.fr', 'demo1234');
    const engine = createEngine({ session, registry: commandRegistry, modules: appModules({ loadUser: () => session.loadUser() }) });
    await engine.attach(user.id);

    gate.down = true;
    await engine.account.update({ userId: user.id, firstname: 'Claire', lastname: 'Réseau', gsm: '0600000000', email: user.email });
    // Three tries failed: the next one is 2 to 4 s away.
    await until(() => (engine.state.commands[0]?.attempts ?? 0) >= 3);
    const command = engine.state.commands[0]!;
    expect(command.lastError?.status).toBeNull();
    expect(session.state.reachable).toBe(false);

    gate.down = false;
    await session.loadUser();
    await until(() => engine.state.commands.length === 0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!).toBeLessThan(command.nextAttemptAt);
    await engine.wipe();
  });
});
