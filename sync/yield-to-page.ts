/** Lets the page handle input and paint before the caller goes on (its next step is a new task). */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Calls each of `starts` in a task of its own, the first at once, and returns what they returned:
 * started in one task, their preparing (the HTTP client's, the store's reads) made one long task at a
 * page load. Stops once `wanted` says no between two of them.
 */
export async function startOnePerTask<T>(starts: readonly (() => T)[], wanted: () => boolean = () => true): Promise<T[]> {
  const started: T[] = [];
  for (const start of starts) {
    if (started.length > 0) {
      await yieldToPage();
      if (!wanted()) break;
    }
    started.push(start());
  }
  return started;
}
