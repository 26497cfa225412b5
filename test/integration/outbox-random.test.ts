/**
 * Randomised reliability: many seeded fault schedules (dropped connections,
 * lost answers, 5xx, latency, reloads in the middle of a flush). After each,
 * the server must hold exactly the expected changes, none twice, and the
 * outbox must be empty. OUTBOX_SCHEDULES sets how many (200 in CI, 1,000 in
 * the benchmark mode); OUTBOX_SEED replays one schedule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../server/http/faults';
import { closeOpenStores, nextStoreId, openOutbox, serverRequests, startOutboxWorld, type OutboxWorld } from './outbox-harness';

const SCHEDULES = Number(process.env.OUTBOX_SCHEDULES ?? 200);
const FIRST_SEED = Number(process.env.OUTBOX_SEED ?? 1);
const ONLY_ONE = process.env.OUTBOX_SEED !== undefined;

let world: OutboxWorld;
beforeAll(async () => {
  world = await startOutboxWorld('admin@demo.fr');
});
afterAll(async () => {
  await closeOpenStores();
  await world.close();
});

async function runSchedule(seed: number): Promise<void> {
  const random = seededRandom(seed);
  let clock = Date.now();
  const now = () => clock;
  const storeId = nextStoreId();
  let tab = await openOutbox(world, storeId, { now, random });
  const prefix = `rnd-${seed}-`;
  const count = 1 + Math.floor(random() * 6);
  const entities = 1 + Math.floor(random() * 3);
  world.server.faults.set({ latency: Math.floor(random() * 15), drop: random() * 0.4, lost: random() * 0.4, error: random() * 0.4, seed });
  const expected: string[] = [];
  for (let i = 0; i < count; i++) {
    const information = `${prefix}${i}`;
    expected.push(information);
    await tab.outbox.enqueue('request.create', { tempId: `e${i % entities}`, information });
  }
  for (let round = 0; round < 40 && (await tab.outbox.count()) > 0; round++) {
    if (random() < 0.15) {
      // The tab is closed in the middle of a flush and opened again.
      const flushing = tab.outbox.flush();
      await new Promise((r) => setTimeout(r, Math.floor(random() * 10)));
      await tab.outbox.stop();
      await tab.store.close();
      await flushing.catch(() => undefined);
      tab = await openOutbox(world, storeId, { now, random });
      await tab.outbox.recover();
    } else {
      await tab.outbox.flush();
    }
    clock += 6 * 60_000;
  }
  world.server.faults.set(null);
  for (let round = 0; round < 20 && (await tab.outbox.count()) > 0; round++) {
    await tab.outbox.flush();
    clock += 6 * 60_000;
  }
  const left = await tab.outbox.all();
  await tab.outbox.stop();
  await tab.store.close();
  expect(left, `seed ${seed}: outbox not empty`).toEqual([]);
  expect(serverRequests(world, prefix).sort(), `seed ${seed}: server changes`).toEqual(expected.sort());
}

describe('randomised fault schedules', () => {
  it(`delivers every change exactly once in ${ONLY_ONE ? 1 : SCHEDULES} schedule(s)`, async () => {
    const seeds = ONLY_ONE ? [FIRST_SEED] : Array.from({ length: SCHEDULES }, (_, i) => FIRST_SEED + i);
    for (const seed of seeds) await runSchedule(seed);
  }, 600_000);
});
