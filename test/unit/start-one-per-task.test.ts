/** Requests of a page load started one per task (sync/yield-to-page.ts), and none once the session is over. */
import { describe, expect, it } from 'vitest';
import { startOnePerTask } from '../../sync/yield-to-page';

describe('startOnePerTask', () => {
  it('starts the first at once and each next one in a later task, returning what they returned', async () => {
    const order: string[] = [];
    // A task of the page's, queued before: it runs between the first start and the next.
    setTimeout(() => order.push('page'), 0);
    const running = startOnePerTask([() => (order.push('a'), 1), () => (order.push('b'), 2)]);
    expect(order).toEqual(['a']);
    await Promise.resolve();
    expect(order).toEqual(['a']);
    expect(await running).toEqual([1, 2]);
    expect(order).toEqual(['a', 'page', 'b']);
  });

  it('starts no more once it is no longer wanted (signed out between two)', async () => {
    let live = true;
    const called: number[] = [];
    const started = await startOnePerTask(
      [
        () => void called.push(1),
        () => {
          called.push(2);
          live = false;
        },
        () => void called.push(3),
      ],
      () => live,
    );
    expect(called).toEqual([1, 2]);
    expect(started).toHaveLength(2);
  });
});
