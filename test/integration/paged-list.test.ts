/**
 * The long lists' paging over the store (sync/store/paged-list.ts): pages come
 * newest first with no duplicate and no gap, pending local documents among
 * them; a pull that writes while the user scrolls, a local change or a removal
 * shows in what is already listed without reading it again, and an unchanged
 * item keeps its object (the screen does not draw it again).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom, filter } from 'rxjs';
import { openStore, type Store } from '../../sync/store/database';
import { openPagedList, type PagedList, type PagedState } from '../../sync/store/paged-list';
import { rankOf } from '../../sync/store/queries';

interface Doc {
  id: string;
  place: string;
  rank: string;
  number: string;
  pending: boolean;
  refreshedAt: number;
  data: { id: number; place: string; createdAt: string };
}

let storeId = 7000;
let store: Store | null = null;
let list: PagedList<Doc> | null = null;
afterEach(async () => {
  list?.close();
  list = null;
  await store?.close();
  store = null;
});

const DAY = 86_400_000;
const START = Date.parse('2026-01-01T00:00:00Z');

function doc(n: number, place: string, pending = false): Doc {
  const createdAt = new Date(START + n * DAY).toISOString();
  return {
    id: String(n),
    place,
    rank: rankOf(createdAt, String(n)),
    number: `N${n}`,
    pending,
    refreshedAt: pending ? 0 : 1,
    data: { id: n, place, createdAt },
  };
}

async function open(docs: Doc[]) {
  store = await openStore(++storeId);
  if (docs.length) await store.db.interventions.bulkInsert(docs as never);
  return store.db.interventions as never;
}

/** The next state that satisfies `test`. */
const until = (l: PagedList<Doc>, test: (s: PagedState<Doc>) => boolean) => firstValueFrom(l.state$.pipe(filter(test)));
const current = (l: PagedList<Doc>) => until(l, () => true);
const ids = (s: PagedState<Doc>) => s.items.map((d) => d.id);
/** What the store holds for the places, newest first. */
async function expected(places: string[]): Promise<string[]> {
  const all = (await store!.db.interventions.find().exec()).map((d) => d.toJSON() as unknown as Doc);
  return all
    .filter((d) => places.includes(d.place))
    .sort((a, b) => (a.rank < b.rank ? -1 : 1))
    .map((d) => d.id);
}

async function readToEnd(l: PagedList<Doc>): Promise<PagedState<Doc>> {
  for (let i = 0; i < 100 && !(await current(l)).complete; i++) await l.more();
  return current(l);
}

describe('paged list', () => {
  it('reads page after page, newest first, across places, pending local documents included, then says complete', async () => {
    const docs = Array.from({ length: 37 }, (_, i) => doc(i + 1, ['planning', 'waiting', 'done'][i % 3]!, i % 7 === 0));
    const places = ['planning', 'waiting'];
    list = openPagedList<Doc>(await open(docs), places, 10);
    const first = await until(list, (s) => s.loaded);
    const want = await expected(places);
    expect(want).toHaveLength(25);
    expect(ids(first)).toEqual(want.slice(0, 10));
    expect(first.complete).toBe(false);
    expect(first.items.some((d) => d.pending)).toBe(true);
    await list.more();
    const second = await current(list);
    expect(ids(second)).toEqual(want.slice(0, 20));
    // The first page's items are the same objects: only the new page is new.
    second.items.slice(0, 10).forEach((d, i) => expect(d).toBe(first.items[i]));
    await list.more();
    const last = await current(list);
    expect(ids(last)).toEqual(want);
    expect(last.complete).toBe(true);
  });

  it('keeps no gap and no duplicate while a pull writes new and older documents during the scroll', async () => {
    const places = ['planning', 'in_progress'];
    const real = await open(Array.from({ length: 30 }, (_, i) => doc(i * 10, i % 2 ? 'planning' : 'in_progress')));
    // The worst timing, made certain: the page's reads are taken before the pull writes, and
    // answered only after the pull's change events have come.
    let duringRead: (() => Promise<void>) | null = null;
    type Storage = { query: (prepared: unknown) => Promise<unknown> };
    const storage = (real as { storageInstance: Storage }).storageInstance;
    const readThenWrite: Storage = {
      query: async (prepared) => {
        const result = await storage.query(prepared);
        const write = duringRead;
        duringRead = null;
        await write?.();
        return result;
      },
    };
    const collection = new Proxy(real as object, {
      get: (target, key, receiver) => (key === 'storageInstance' ? readThenWrite : Reflect.get(target, key, receiver)),
    });
    list = openPagedList<Doc>(collection as never, places, 8);
    await until(list, (s) => s.loaded);
    let n = 1;
    for (let round = 0; round < 5; round++) {
      // Newer than everything, among what is shown, inside the page being read, older than all, in another place.
      const inPage = 290 - 10 * (8 * (round + 1) + 3) + 5;
      const landed = [
        doc(1000 + round, 'planning'),
        doc(n++ * 10 + 3, 'in_progress'),
        doc(inPage, 'planning'),
        doc(-round - 1, 'planning'),
        doc(500 + round, 'done'),
      ];
      duringRead = async () => {
        const seen = firstValueFrom(store!.db.interventions.eventBulks$);
        await store!.db.interventions.bulkUpsert(landed as never);
        await seen;
      };
      await list.more();
      const state = await current(list);
      expect(new Set(ids(state)).size).toBe(state.items.length);
      // What is shown is exactly the store's newest documents down to the last one shown.
      expect(ids(state)).toEqual((await expected(places)).slice(0, state.items.length));
      // In the first rounds that one lies inside the page just read (the store's first 30 are 290, 280… 0).
      if (round < 3) expect(ids(state)).toContain(String(inPage));
    }
    const end = await readToEnd(list);
    expect(ids(end)).toEqual(await expected(places));
    expect(end.items.map((d) => d.place)).not.toContain('done');
  });

  it('follows changes of listed documents: an edit replaces only that item, leaving the places or a removal drops it, a new one appears', async () => {
    list = openPagedList<Doc>(await open(Array.from({ length: 12 }, (_, i) => doc(i + 1, 'planning'))), ['planning', 'planned'], 5);
    const before = await until(list, (s) => s.loaded);
    const collection = store!.db.interventions;
    const edited = before.items[2]!;
    await collection.upsert({ ...edited, pending: true, number: 'changé' } as never);
    const after = await until(list, (s) => s.items[2]?.number === 'changé');
    expect(after.items[2]!.pending).toBe(true);
    after.items.forEach((d, i) => i !== 2 && expect(d).toBe(before.items[i]));
    // Moved to a place the filter shows: still there; to one it does not: gone.
    await collection.upsert({ ...doc(11, 'planned') } as never);
    expect(ids(await current(list))).toContain('11');
    await collection.upsert({ ...doc(12, 'closed') } as never);
    expect(ids(await until(list, (s) => !ids(s).includes('12')))).toHaveLength(4);
    await (await collection.findOne('10').exec())!.remove();
    await until(list, (s) => !ids(s).includes('10'));
    await collection.insert(doc(99, 'planned', true) as never);
    const last = await until(list, (s) => ids(s).includes('99'));
    expect(ids(last)[0]).toBe('99');
    expect(ids(await readToEnd(list))).toEqual(await expected(['planning', 'planned']));
  });

  it('an empty store or no place is complete at once', async () => {
    list = openPagedList<Doc>(await open([]), ['planning'], 10);
    const state = await until(list, (s) => s.loaded);
    expect(state).toMatchObject({ items: [], complete: true });
    const none = openPagedList<Doc>(store!.db.interventions as never, [], 10);
    expect(await firstValueFrom(none.state$)).toMatchObject({ items: [], loaded: true, complete: true });
    none.close();
  });
});
