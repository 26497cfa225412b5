/**
 * The briefcase's pure rules, without a server: when a task runs again
 * (fingerprint, change date, age, a resumed pass), the limiter's ceiling, and
 * the eviction order (closed objects least recently viewed first, never one
 * with unsent work, never an object a module refuses to forget).
 */
import { describe, expect, it } from 'vitest';
import { isDue } from '../../sync/briefcase/records';
import { createLimiter } from '../../sync/briefcase/limiter';
import { evictOverBudget, mediaToFetch, type MediaIndex } from '../../sync/briefcase/media';

const MIN = 60_000;

describe('briefcase rules', () => {
  it('runs a task again only when new, changed, stale, or a list page', () => {
    const now = 100 * MIN;
    const pass = now - MIN;
    const record = { at: now - 5 * MIN, fingerprint: 'a' };
    expect(isDue({ fingerprint: 'a' }, null, pass, now, 15 * MIN)).toBe(true);
    expect(isDue({ fingerprint: 'a' }, record, pass, now, 15 * MIN)).toBe(false);
    expect(isDue({ fingerprint: 'b' }, record, pass, now, 15 * MIN)).toBe(true);
    expect(isDue({ fingerprint: 'a', always: true }, record, pass, now, 15 * MIN)).toBe(true);
    const old = { at: now - 20 * MIN, fingerprint: 'a' };
    expect(isDue({ fingerprint: 'a' }, old, pass, now, 15 * MIN)).toBe(true);
    // A change date that did not move: nothing to fetch however old the copy.
    expect(isDue({ fingerprint: 'a', authoritative: true }, old, pass, now, 15 * MIN)).toBe(false);
    // Done in the running pass (resumed after a long cut): not again.
    expect(isDue({ fingerprint: 'a' }, old, now - 30 * MIN, now, 15 * MIN)).toBe(false);
  });

  it('keeps at most the limit in flight', async () => {
    const limiter = createLimiter(4);
    let now = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 30 }, () =>
        limiter.run(async () => {
          peak = Math.max(peak, ++now);
          await new Promise((r) => setTimeout(r, 2));
          now--;
        }),
      ),
    );
    expect(peak).toBe(4);
    expect(limiter.peak).toBe(4);
    expect(limiter.sent).toBe(30);
  });

  it('fetches media newest first, each once, not those kept', () => {
    const index: MediaIndex = { 'api/media/1': { path: 'api/media/1', bytes: 5, object: 'x', date: null, at: 1 } };
    const list = mediaToFetch(
      [
        { path: 'api/media/1', date: '2026-01-01', object: 'x' },
        { path: 'api/media/2', date: '2025-01-01', object: 'x' },
        { path: 'api/media/3', date: '2026-06-01', object: 'y' },
        { path: 'api/media/3', date: '2026-06-01', object: 'y' },
      ],
      index,
    );
    expect(list.map((c) => c.path)).toEqual(['api/media/3', 'api/media/2']);
  });

  it('evicts closed objects least recently viewed first, never unsent work', async () => {
    const entry = (path: string, object: string, bytes: number, at: number) => ({ path, object, bytes, date: null, at });
    const index: MediaIndex = {
      a: entry('a', 'intervention:1', 40, 1),
      b: entry('b', 'intervention:2', 40, 2),
      c: entry('c', 'intervention:3', 40, 3),
      d: entry('d', 'intervention:4', 40, 4),
    };
    const forgotten: string[] = [];
    const removed = await evictOverBudget(index, 80, {
      unsent: new Set(['intervention:1']),
      viewed: { 'intervention:2': 50, 'intervention:3': 10 },
      // intervention:4 is open: its module refuses.
      forget: async (o) => (o === 'intervention:4' ? false : (forgotten.push(o), true)),
      drop: async () => undefined,
    });
    // 160 bytes for 80: the closed, not-unsent ones go, least recently viewed first (3 viewed at 10, then 2).
    expect(forgotten).toEqual(['intervention:3', 'intervention:2']);
    expect(removed).toEqual(['c', 'b']);
    expect(Object.keys(index).sort()).toEqual(['a', 'd']);
  });
});
