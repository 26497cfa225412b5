/**
 * A visit's forms kept as a blob in the file store beside its small copy
 * document (drafts/visit-forms-store.ts), on fake-indexeddb against the
 * reference server: another tab's draft follows a whole write through the
 * blob; a start or a pause writes the document without any forms in it; a
 * blob no copy points at (a crash between the two writes) is swept once old
 * enough, never while it may still be a write in progress; data the server
 * sends unreadable is refused with a French error and nothing stored.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../sync/store/database';
import { createOutbox, type Outbox } from '../../sync/outbox/outbox';
import { commandRegistry, type AppRegistry } from '../../sync/commands/registry';
import { downloadVisit, type StoredVisitCopy } from '../../sync/pull/visits';
import { openVisitDraft } from '../../sync/drafts/visit-draft';
import { putForms, readForms, sweepForms } from '../../sync/drafts/visit-forms-store';
import type { VisitData } from '../../sync/contract/visit-data';
import { dataOf } from '../../sync/store/plain';
import { nextStoreId, startOutboxWorld, type OutboxWorld } from './outbox-harness';
import { until } from './until';

let world: OutboxWorld;
let store: Store;
let outbox: Outbox<AppRegistry>;
let visitId: number;
beforeAll(async () => {
  world = await startOutboxWorld('inspecteur@demo.fr');
});
afterEach(async () => {
  await outbox.stop();
  await store.close();
});
afterAll(() => world.close());

const sql = <T>(query: string, ...params: unknown[]) => world.server.ctx.db.prepare(query).get(...params) as T;
const stored = async () => dataOf<StoredVisitCopy & { forms?: unknown }>((await store.db.visitdata.findOne(String(visitId)).exec())!);
const blobIds = async () => (await store.files.withPrefix(`visitforms:${visitId}:`)).map((f) => f.id);

async function downloaded(): Promise<void> {
  store = await openStore(nextStoreId());
  outbox = createOutbox({ store, api: world.api, registry: commandRegistry });
  await outbox.start();
  const me = sql<{ id: number }>(`SELECT id FROM users WHERE email = 'inspecteur@demo.fr'`).id;
  visitId = sql<{ id: number }>(`SELECT id FROM visits WHERE assigned_to = ? AND state = 'todo' ORDER BY id LIMIT 1`, me).id;
  await downloadVisit(store.db, store.files, world.api, visitId, () => undefined);
}

const labelled =
  (name: string) =>
  (forms: VisitData): VisitData => {
    const copy = structuredClone(forms);
    const [form] = Object.values(copy);
    const [section] = Object.values(form!.sections);
    section!.name = name;
    return copy;
  };

describe('visit forms beside the copy', () => {
  it('a start and a pause write the copy without its forms, which stay in their blob', async () => {
    await downloaded();
    const forms = (await readForms(store.files, visitId, await stored()))!;
    const blob = (await store.files.get((await blobIds())[0]!))!;
    const { answersBase } = await stored();
    await outbox.enqueue('visit.start', { visitId });
    await until(async () => (await stored()).started);
    expect(JSON.stringify(await stored()).length).toBeLessThan(blob.size / 4);
    expect((await stored()).answersBase).toBe(answersBase);
    const draft = openVisitDraft({ db: store.db, files: store.files, outbox }, visitId);
    await draft.load();
    expect(draft.getSnapshot().forms).toEqual(forms);
    await draft.close();
    outbox.pause();
    await outbox.enqueue('visit.draft', { visitId, dataJson: JSON.stringify(forms) });
    await until(async () => (await stored()).closing === 'draft');
    const paused = await stored();
    expect(paused.formsJson).toBeUndefined();
    expect(paused.forms).toBeUndefined();
    expect(await blobIds()).toEqual([`visitforms:${visitId}:${answersBase}`]);
    world.server.ctx.db.prepare(`UPDATE visits SET state = 'todo' WHERE id = ?`).run(visitId);
  });

  it("a draft left clean follows another tab's whole write, read from its blob", async () => {
    await downloaded();
    const watching = openVisitDraft({ db: store.db, files: store.files, outbox }, visitId);
    const writing = openVisitDraft({ db: store.db, files: store.files, outbox }, visitId);
    await watching.load();
    await writing.load();
    const before = (await stored()).answersBase;
    writing.update(labelled('Local technique renommé'));
    await writing.flushLocal();
    expect((await stored()).answersBase).not.toBe(before);
    await until(() => JSON.stringify(watching.getSnapshot().forms).includes('Local technique renommé'));
    expect(watching.getSnapshot().forms).toEqual(writing.getSnapshot().forms);
    // One blob: the one the copy points at now.
    await until(async () => (await blobIds()).length === 1);
    expect(await blobIds()).toEqual([`visitforms:${visitId}:${(await stored()).answersBase}`]);
    outbox.pause(); // the closing saves stay here: the server's visit is not started
    await writing.close();
    await watching.close();
  });

  /** A visit other than the one downloaded before each test. */
  const otherVisit = () => sql<{ id: number }>(`SELECT id FROM visits WHERE id <> ? ORDER BY id LIMIT 1`, visitId).id;

  it('a visit whose data the server sends unreadable is not stored, with a French error', async () => {
    await downloaded();
    const other = otherVisit();
    const garbled: typeof world.api = {
      ...world.api,
      call: ((method, path, options) =>
        path.startsWith('api/visit/forms-with-data/')
          ? Promise.resolve(new Blob(['<html>Erreur</html>']))
          : world.api.call(method, path, options)) as typeof world.api.call,
    };
    await expect(downloadVisit(store.db, store.files, garbled, other, () => undefined)).rejects.toThrow(
      'Réponse inattendue du serveur pour les données de la visite',
    );
    expect(await store.db.visitdata.findOne(String(other)).exec()).toBeNull();
    expect(await store.files.withPrefix(`visitforms:${other}:`)).toEqual([]);
  });

  it('a download whose every request fails rejects once and leaves nothing: the parts asked for together end handled', async () => {
    await downloaded();
    const other = otherVisit();
    const unreachable: typeof world.api = {
      ...world.api,
      call: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof world.api.call,
      list: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof world.api.list,
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await expect(downloadVisit(store.db, store.files, unreachable, other, () => undefined)).rejects.toThrow('Failed to fetch');
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
    expect(await store.db.visitdata.findOne(String(other)).exec()).toBeNull();
  });

  it('sweeps a blob no copy points at once a minute old, and keeps the one pointed at and a young one', async () => {
    await downloaded();
    const pointed = (await blobIds())[0]!;
    await putForms(store.files, visitId, 'orpheline', new Blob(['{}'], { type: 'application/json' }));
    const copies = [{ id: visitId, stored: await stored() }];
    expect(await sweepForms(store.files, copies)).toBe(0); // may be a write whose document is not written yet
    expect(await sweepForms(store.files, copies, Date.now() + 61_000)).toBe(1);
    expect(await blobIds()).toEqual([pointed]);
  });
});
