/**
 * A dynamic import asked again after a failure. Chromium 150 (Debian's in December 2026) keeps a
 * dynamic import's failure for the address it asked: the same import fails again with the network
 * back, until the page is loaded again, while a new address is fetched (Chromium 156 fetches the same
 * address again). The modules the failed one imports keep their addresses (a failed static import is
 * not kept), so a module that no other imports statically still runs once.
 */

/** The module a failed dynamic import names in its error (Chromium and Firefox say it; Safari does not). */
export function failedModuleUrl(error: unknown): string | null {
  const named = error instanceof Error ? /dynamically imported module: (\S+)/.exec(error.message) : null;
  return named ? named[1]! : null;
}

/** `url` under a new address for the module map, the same file for the server. */
const retryAddress = (url: string, attempt: number) => `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`;

/** The module at `url` (one that failed), asked under a new address. */
export const importAgain = <M>(url: string, attempt: number) => import(/* @vite-ignore */ retryAddress(url, attempt)) as Promise<M>;
