import { expect, vi } from 'vitest';

/**
 * Waits until `check` holds, polled every 30 ms for up to 10 s (vitest's `waitFor` with a longer
 * bound than its 1 s default): the integration files run side by side on this 2-core machine, and a
 * bound of 3 s once ran out under that load.
 */
export function until(check: () => Promise<boolean> | boolean): Promise<void> {
  return vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 10_000, interval: 30 });
}
