/**
 * The drafts kit and the one list of unsent work (issue 18), on
 * fake-indexeddb: two tunnel drafts of one kind are kept apart (the second
 * never overwrites the first), each with its photos; removing one drops its
 * photos unless an upload took them over, and never fails on a save landing
 * during it (the tunnel's 'Recommencer' waits for its grouped write under way,
 * then drops the draft); and unsent work counts queued and
 * refused commands, drafts and the files they hold, so a sign-out warning and
 * an export can name all of it.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../sync/store/database';
import { draftKit } from '../../sync/drafts/kit';
import { groupedWriter } from '../../sync/drafts/grouped-writer';
import { collectUnsent } from '../../sync/outbox/unsent';
import type { OutboxDoc } from '../../sync/store/database';
import { firstValueFrom } from 'rxjs';
import { buildExport } from '../../sync/outbox/export';

let store: Store | null = null;
let storeId = 9000;
afterEach(async () => {
  await store?.close();
  store = null;
});

/** The kit over one test store. */
const kitOf = (s: Store) =>
  draftKit(
    () => s.db,
    () => s.files,
  );
const photo = (id: string) => ({ id, name: `${id}.png`, type: 'image/png', size: 4, blob: new Blob([new Uint8Array([1, 2, 3, 4])], { type: 'image/png' }) });
const command = (id: string, status: OutboxDoc['status'], fileIds: string[] = []): OutboxDoc => ({
  id,
  seq: 1,
  name: 'os.step',
  entity: 'os:1',
  label: `Commande ${id}`,
  payload: {},
  status,
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
  lastError: null,
  dependsOn: null,
  fileIds,
});

describe('drafts kit and unsent work', () => {
  it('keeps two drafts of one kind apart, each with its photos, and drops one with its photos', async () => {
    store = await openStore(++storeId);
    const s = store;
    const kit = kitOf(s);
    await s.files.put(photo('p1'));
    await s.files.put(photo('p2'));
    await kit.save('os', 'a', { information: 'Fuite' }, { label: "Brouillon d'OS (Tilleuls)", fileIds: ['p1'] });
    await kit.save('os', 'b', { information: 'Porte' }, { label: "Brouillon d'OS (Confluent)", fileIds: ['p2'] });
    await kit.save('echopark', 'c', { message: 'x' }, { label: 'Brouillon de demande echopark' });
    expect((await kit.list('os')).map((d) => d.key).sort()).toEqual(['a', 'b']);
    expect((await kit.read<{ information: string }>('os', 'a'))?.value.information).toBe('Fuite');
    expect((await firstValueFrom(kit.watch('os'))).length).toBe(2);
    await kit.remove('os', 'a');
    expect(await s.files.get('p1')).toBeUndefined();
    await kit.remove('os', 'b', { keepFiles: true });
    expect(await s.files.get('p2')).toBeDefined();
    expect((await kit.list()).map((d) => d.key)).toEqual(['c']);
  });

  it('drops a draft whose grouped write is under way: the write ends first, then the draft and its photos go', async () => {
    store = await openStore(++storeId);
    const s = store;
    const kit = kitOf(s);
    await s.files.put(photo('p1'));
    await s.files.put(photo('p2'));
    const writer = groupedWriter((v: { message: string; fileIds: string[] }) => kit.save('echopark', 'a', v, { label: 'Brouillon', fileIds: v.fileIds }));
    writer.set({ message: 'x', fileIds: ['p1'] });
    await writer.flush();
    // 'Recommencer' while the next write is under way (the tunnel's clear: cancel, then remove).
    writer.set({ message: 'xy', fileIds: ['p1', 'p2'] });
    const writing = writer.flush();
    await writer.cancel();
    await kit.remove('echopark', 'a');
    await writing;
    expect(await kit.list()).toEqual([]);
    expect([await s.files.get('p1'), await s.files.get('p2')]).toEqual([undefined, undefined]);
    // Even unordered, a save landing during the removal does not make it fail (it used to throw CONFLICT).
    await s.files.put(photo('p3'));
    await kit.save('echopark', 'b', { message: 'x' }, { label: 'Brouillon', fileIds: ['p3'] });
    await expect(
      Promise.all([kit.save('echopark', 'b', { message: 'xy' }, { label: 'Brouillon', fileIds: ['p3'] }), kit.remove('echopark', 'b')]),
    ).resolves.toBeDefined();
  });

  it('counts queued and refused commands, drafts and extra items, with the bytes of their files, and exports every file', async () => {
    store = await openStore(++storeId);
    const s = store;
    const kit = kitOf(s);
    await s.files.put(photo('f1'));
    await s.files.put(photo('f2'));
    await kit.save('os', 'a', { information: 'Fuite' }, { label: "Brouillon d'OS (Tilleuls)", fileIds: ['f2'] });
    const commands = [command('c1', 'pending', ['f1']), command('c2', 'rejected')];
    const extra = [{ kind: 'unsaved-visit' as const, label: 'Visite « Hall »', object: 'visit:3', fileIds: [] }];
    const work = await collectUnsent(commands, await kit.list(), extra, s.files);
    expect(work.counts).toEqual({ command: 1, refused: 1, draft: 1, 'unsaved-visit': 1, file: 0 });
    expect(work.total).toBe(4);
    expect(work.fileBytes).toBe(8);
    expect(work.items.map((i) => i.label)).toContain("Brouillon d'OS (Tilleuls)");
    const exported = JSON.parse(await (await buildExport(commands, await kit.list(), work, s.files, { email: 'a@b.fr' })).text()) as {
      drafts: unknown[];
      others: unknown[];
      files: { id: string; base64: string }[];
    };
    expect(exported.files.map((f) => f.id).sort()).toEqual(['f1', 'f2']);
    expect(exported.drafts).toHaveLength(1);
    expect(exported.others).toHaveLength(1);
  });
});
