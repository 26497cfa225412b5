/**
 * Randomised reliability: many seeded fault schedules (dropped connections,
 * lost answers, 5xx, latency, reloads in the middle of a flush). After each,
 * the server must hold exactly the expected changes, none twice, and the
 * outbox must be empty. Besides plain creations, schedules mix in a command
 * that depends on a creation (sent after it, with its server id), coalescing
 * saves (the latest always arrives, none twice) and file uploads (each photo
 * attached once), and notes on one stored document of which some the server
 * refuses: in the end no document is pending without an unsent command, a
 * refused note's optimistic value never stays (the server's copy is read
 * again), and only the refused commands remain, marked refused.
 * OUTBOX_SCHEDULES sets how many (200 in CI, 1,000 in the benchmark mode);
 * OUTBOX_SEED replays one schedule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { seededRandom } from '../../server/http/faults';
import { demoPng } from '../../server/seed/images';
import { buildRegistry, defineCommand } from '../../sync/outbox/commands';
import { closeOpenStores, nextStoreId, openOutbox, serverRequests, startOutboxWorld, type OutboxWorld } from './outbox-harness';
import { photoUpload, testRegistry } from './generic-request';

/** Follow-up of a creation: needs its server id (`dependsOn`, temporary id rewritten). */
const followUp = defineCommand<{ parentTempId: string; text: string }>()({
  name: 'test.followUp',
  label: () => 'Suite',
  entity: (p) => `followup:${p.text}`,
  request: (p, ids) => ({ method: 'POST', path: 'api/requests', json: { information: `${p.text} #${ids[p.parentTempId] ?? 'INCONNU'}` } }),
});
/** Repeated saves of one object: a newer pending one replaces the older. */
const save = defineCommand<{ key: string; n: number }>()({
  name: 'test.save',
  label: () => 'Sauvegarde',
  entity: (p) => `save:${p.key}`,
  coalesce: true,
  request: (p) => ({ method: 'POST', path: 'api/requests', json: { information: `${p.key}-v${p.n}` } }),
});
/** An optimistic change of a stored document (the feed collection); `refuse` sends it where the server says 404. */
const note = defineCommand<{ docId: string; n: number; refuse: boolean }>()({
  name: 'test.note',
  label: (p) => `Note ${p.n}`,
  entity: (p) => `note:${p.docId}`,
  touches: (p) => [`feed:${p.docId}`],
  request: (p) => ({ method: 'POST', path: p.refuse ? 'api/refused-by-the-server' : 'api/requests', json: { information: `${p.docId}-note-${p.n}` } }),
  async apply({ db }, p) {
    const doc = await db.feed.findOne(p.docId).exec();
    await doc?.incrementalPatch({ data: { value: p.n } });
  },
});
const registry = { ...testRegistry, ...buildRegistry([followUp, save, photoUpload, note]) };
/** What re-reading the server's copy of a test document gives. */
const SERVER_VALUE = 'server';

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
  const refetch = async (collection: string, id: string) => {
    if (collection !== 'feed') return false;
    await (await tab.store.db.feed.findOne(id).exec())?.incrementalPatch({ data: { value: SERVER_VALUE } });
    return true;
  };
  let tab = await openOutbox(world, storeId, { now, random, registry, refetch });
  const prefix = `rnd-${seed}-`;
  const count = 1 + Math.floor(random() * 6);
  const entities = 1 + Math.floor(random() * 3);
  world.server.faults.set({ latency: Math.floor(random() * 15), drop: random() * 0.4, lost: random() * 0.4, error: random() * 0.4, seed });
  const expected: string[] = [];
  for (let i = 0; i < count; i++) {
    const information = `${prefix}${i}`;
    expected.push(information);
    // The first creation may have a follow-up: its temporary id is its own (the others share a few).
    const parentOfFollowUp = i === 0 && random() < 0.5;
    const created = await tab.outbox.enqueue('request.create', { tempId: parentOfFollowUp ? 'first' : `e${i % entities}`, information });
    if (parentOfFollowUp) await tab.outbox.enqueue('test.followUp', { parentTempId: 'first', text: `${prefix}child` }, { dependsOn: created });
  }
  const saves = random() < 0.5 ? 1 + Math.floor(random() * 4) : 0;
  for (let n = 1; n <= saves; n++) await tab.outbox.enqueue('test.save', { key: `${prefix}save`, n });
  const png = random() < 0.3 ? demoPng(10_000 + seed) : null;
  if (png) {
    const fileId = `${prefix}photo`;
    await tab.outbox.enqueue(
      'test.photo',
      { interventionId: 1, fileId },
      { files: [{ id: fileId, name: 'photo.png', type: 'image/png', size: png.length, blob: new Blob([new Uint8Array(png)], { type: 'image/png' }) }] },
    );
  }
  const notes = random() < 0.6 ? 1 + Math.floor(random() * 4) : 0;
  const noteDoc = `${prefix}doc`;
  const refusals: number[] = [];
  if (notes > 0) {
    await tab.store.db.feed.insert({ id: noteDoc, kind: 'test', sortKey: noteDoc, data: { value: 'initial' }, pending: false, refreshedAt: 1 });
    for (let n = 1; n <= notes; n++) {
      const refuse = random() < 0.35;
      if (refuse) refusals.push(n);
      await tab.outbox.enqueue('test.note', { docId: noteDoc, n, refuse });
    }
  }
  const unsent = async () => (await tab.outbox.all()).filter((c) => c.status !== 'rejected').length;
  for (let round = 0; round < 40 && (await unsent()) > 0; round++) {
    if (random() < 0.15) {
      // The tab is closed in the middle of a flush and opened again.
      const flushing = tab.outbox.flush();
      await new Promise((r) => setTimeout(r, Math.floor(random() * 10)));
      await tab.outbox.stop();
      await tab.store.close();
      await flushing.catch(() => undefined);
      tab = await openOutbox(world, storeId, { now, random, registry, refetch });
      await tab.outbox.recover();
    } else {
      await tab.outbox.flush();
    }
    clock += 6 * 60_000;
  }
  world.server.faults.set(null);
  for (let round = 0; round < 20 && (await unsent()) > 0; round++) {
    await tab.outbox.flush();
    clock += 6 * 60_000;
  }
  const left = await tab.outbox.all();
  const stored = notes > 0 ? (await tab.store.db.feed.findOne(noteDoc).exec())?.toJSON() : null;
  await tab.outbox.stop();
  await tab.store.close();
  expect(
    left.map((c) => [c.name, c.status, (c.payload as { n?: number }).n]),
    `seed ${seed}: only the refused commands stay`,
  ).toEqual(refusals.map((n) => ['test.note', 'rejected', n]));
  if (stored) {
    expect(stored.pending, `seed ${seed}: pending without an unsent command`).toBe(false);
    expect((stored.data as { value: unknown }).value, `seed ${seed}: optimistic state after a refusal`).toBe(refusals.length > 0 ? SERVER_VALUE : notes);
  }
  const arrived = serverRequests(world, prefix);
  const children = arrived.filter((i) => i.startsWith(`${prefix}child`));
  const savesArrived = arrived.filter((i) => i.startsWith(`${prefix}save`));
  const notesArrived = arrived.filter((i) => i.startsWith(`${noteDoc}-note-`));
  expect(arrived.filter((i) => !children.includes(i) && !savesArrived.includes(i) && !notesArrived.includes(i)).sort(), `seed ${seed}: server changes`).toEqual(
    expected.sort(),
  );
  const accepted = Array.from({ length: notes }, (_, i) => i + 1).filter((n) => !refusals.includes(n));
  expect(notesArrived.sort(), `seed ${seed}: accepted notes once`).toEqual(accepted.map((n) => `${noteDoc}-note-${n}`).sort());
  if (children.length > 0) {
    // Sent once, after its parent, with the parent's server id.
    const parent = world.server.ctx.db.prepare(`SELECT id FROM generic_requests WHERE information = ?`).get(`${prefix}0`) as { id: number };
    expect(children, `seed ${seed}: follow-up`).toEqual([`${prefix}child #${parent.id}`]);
  }
  if (saves > 0) {
    // The latest save always arrives; older ones only if they had left before it came; none twice.
    expect(savesArrived, `seed ${seed}: saves`).toContain(`${prefix}save-v${saves}`);
    expect(new Set(savesArrived).size, `seed ${seed}: saves once`).toBe(savesArrived.length);
  }
  if (png) {
    const md5 = createHash('md5').update(png).digest('hex');
    const attached = world.server.ctx.db
      .prepare(`SELECT COUNT(*) AS n FROM intervention_media im JOIN media m ON m.id = im.media_id WHERE m.md5 = ? AND im.intervention_id = 1`)
      .get(md5) as { n: number };
    expect(attached.n, `seed ${seed}: photo attached once`).toBe(1);
  }
}

describe('randomised fault schedules', () => {
  it(`delivers every change exactly once in ${ONLY_ONE ? 1 : SCHEDULES} schedule(s)`, async () => {
    const seeds = ONLY_ONE ? [FIRST_SEED] : Array.from({ length: SCHEDULES }, (_, i) => FIRST_SEED + i);
    for (const seed of seeds) await runSchedule(seed);
  }, 600_000);
});
