/**
 * The set-up the module tests share: one reference server and signed-in API
 * client per test file, a fresh store and app outbox per test (closed after
 * it: RxDB allows 13 open collections per process), and a drain that stops
 * once only refused commands are left.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openStore, type Store } from '../../sync/store/database';
import { createOutbox, type Outbox, type OutboxEnv } from '../../sync/outbox/outbox';
import { commandRegistry, type AppRegistry } from '../../sync/commands/registry';
import { nextStoreId, startOutboxWorld, type OutboxWorld } from './outbox-harness';

export function appOutboxSuite(email: string) {
  let world: OutboxWorld;
  let store: Store | null = null;
  let outbox: Outbox<AppRegistry> | null = null;
  beforeAll(async () => {
    world = await startOutboxWorld(email);
  });
  afterEach(async () => {
    await outbox?.stop();
    await store?.close();
    outbox = null;
    store = null;
  });
  afterAll(() => world.close());
  return {
    get world() {
      return world;
    },
    /** A new store and outbox, paused (the test looks at what is shown before anything is sent). */
    async open(extra: Partial<OutboxEnv<AppRegistry>> = {}) {
      store = await openStore(nextStoreId());
      outbox = createOutbox({ store, api: world.api, registry: commandRegistry, ...extra });
      outbox.pause();
      return { db: store.db, outbox };
    },
    /** Sends until nothing but refused commands is left (at most 3 s). */
    async drain(box: Outbox<AppRegistry>): Promise<void> {
      box.resume();
      for (let i = 0; i < 60; i++) {
        await box.flush();
        if ((await box.all()).every((c) => c.status === 'rejected')) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
