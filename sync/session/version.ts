/**
 * The version gate (spec part 1 §4): the app may run when its built-in version
 * is at or above the server's minVersionToUse, compared as dot-separated
 * numbers ("1.0.10" is above "1.0.9"). Missing parts count as 0.
 */
export const APP_VERSION = '1.0.2';

export function compareVersions(a: string, b: string): number {
  const pa = a
    .trim()
    .split('.')
    .map((p) => Number.parseInt(p, 10) || 0);
  const pb = b
    .trim()
    .split('.')
    .map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/** False only when the server asks for a newer version than this app's. */
export function isVersionAllowed(minVersionToUse: string | null, appVersion = APP_VERSION): boolean {
  if (!minVersionToUse) return true;
  return compareVersions(appVersion, minVersionToUse) >= 0;
}
