/**
 * A dynamic import asked again after a failure. Chromium 150 (Debian's in December 2026) keeps a
 * dynamic import's failure for the address it asked, and a failed `<link rel=modulepreload>`'s (or
 * `rel=preload`'s) too: the same import fails again with the network back, until the page is loaded
 * again, while a new address is fetched (Chromium 156 fetches the same address again). The modules
 * the failed one imports keep their addresses (a failed static import is not kept, nor a failed
 * `fetch()`), so a module that no other imports statically still runs once.
 */

/** The module a failed dynamic import names in its error (Chromium and Firefox say it; Safari does not). */
export function failedModuleUrl(error: unknown): string | null {
  const named = error instanceof Error ? /dynamically imported module: (\S+)/.exec(error.message) : null;
  return named ? named[1]! : null;
}

/** `url` under a new address for the module map, the same file for the server. */
const retryAddress = (url: string, attempt: number) => `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`;

/**
 * `load` (one dynamic import) as a function to call again after a failure: each call after a failure
 * asks the failed module under a new address when the error named it, and calls `load` again otherwise.
 */
export function retriedImport<M>(load: () => Promise<M>): () => Promise<M> {
  let failed: { url: string; attempts: number } | null = null;
  return () =>
    (failed ? (import(/* @vite-ignore */ retryAddress(failed.url, failed.attempts)) as Promise<M>) : load()).catch((error: unknown) => {
      const url = failed?.url ?? failedModuleUrl(error);
      if (url) failed = { url, attempts: (failed?.attempts ?? 0) + 1 };
      throw error;
    });
}
