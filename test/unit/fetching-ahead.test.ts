/**
 * The briefcase's list walk asks for the pages after page n while it stores page n
 * (sync/pull/prime-list.ts): the next requests leave before the write ends, each page is asked
 * once and stored in order, none is asked after a short page, and an early request that failed
 * is asked again by its own page.
 */
import { describe, expect, it } from 'vitest';
import { fetchingAhead } from '../../sync/pull/prime-list';
import type { FetchedPage } from '../../sync/pull/pull';

const PAGE = 2;
type Page = FetchedPage<number>;

/** A list of `total` items served PAGE at a time, with a log of what happened in which order. */
function world(total: number) {
  const log: string[] = [];
  const failOnce = new Set<number>();
  const fetchPage = async (page: number): Promise<Page> => {
    log.push(`ask ${page}`);
    await Promise.resolve();
    if (failOnce.delete(page)) throw new Error(`page ${page} lost`);
    const items = Array.from({ length: Math.max(0, Math.min(PAGE, total - (page - 1) * PAGE)) }, (_, i) => (page - 1) * PAGE + i);
    return { received: items.length, items, at: 0 };
  };
  const store = async (fetched: Page) => {
    const first = fetched.items[0] ?? 'none';
    log.push(`store from ${first}`);
    // A write that takes several turns: the next request has time to leave meanwhile.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    log.push(`stored from ${first}`);
  };
  return { log, failOnce, fetchPage, store };
}

const full = (fetched: Page) => fetched.received >= PAGE;

describe('list pages fetched ahead', () => {
  it('asks for the next page before the current one is stored, stores in order, and asks nothing after a short page', async () => {
    const w = world(5);
    const walk = fetchingAhead(w.fetchPage, full, () => true);
    for (let page = 1; ; page++) if ((await walk(page, w.store)).received < PAGE) break;
    expect(w.log).toEqual(['ask 1', 'ask 2', 'store from 0', 'stored from 0', 'ask 3', 'store from 2', 'stored from 2', 'store from 4', 'stored from 4']);
  });

  it('asks `depth` pages at once, each once, stores them in order, and stops asking at the first short page', async () => {
    const w = world(7);
    const walk = fetchingAhead(w.fetchPage, full, () => true, 3);
    for (let page = 1; ; page++) if ((await walk(page, w.store)).received < PAGE) break;
    expect(w.log.filter((line) => line.startsWith('stored'))).toEqual(['stored from 0', 'stored from 2', 'stored from 4', 'stored from 6']);
    // Pages 2 to 4 leave together, before page 1 is stored; 5 and 6, past the end, come back empty.
    expect(w.log.indexOf('ask 4')).toBeLessThan(w.log.indexOf('store from 0'));
    expect(w.log.filter((line) => line.startsWith('ask'))).toEqual(['ask 1', 'ask 2', 'ask 3', 'ask 4', 'ask 5', 'ask 6']);
  });

  it('asks no page ahead when told there is none (the pass stopped, the last page allowed)', async () => {
    const w = world(10);
    const walk = fetchingAhead(w.fetchPage, full, () => false, 3);
    await walk(1, w.store);
    expect(w.log.filter((line) => line.startsWith('ask'))).toEqual(['ask 1']);
  });

  it('an early request that failed fails its own page, which asks again when run again', async () => {
    const w = world(6);
    w.failOnce.add(2);
    const walk = fetchingAhead(w.fetchPage, full, () => true);
    await walk(1, w.store);
    await expect(walk(2, w.store)).rejects.toThrow('page 2 lost');
    const again = await walk(2, w.store);
    expect(again.items).toEqual([2, 3]);
    expect(w.log.filter((line) => line === 'ask 2')).toHaveLength(2);
    expect(w.log.filter((line) => line.startsWith('stored'))).toEqual(['stored from 0', 'stored from 2']);
  });
});
