import { expect } from 'vitest';

/**
 * Polls `check` every 30 ms until it holds, for up to 10 s, then asserts it: the integration files run
 * side by side on this 2-core machine, and a bound of 3 s once ran out under that load.
 */
export async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && !(await check())) await new Promise((r) => setTimeout(r, 30));
  expect(await check()).toBe(true);
}
