/**
 * Lists, as API Platform answers them. The reference server answers a plain
 * JSON array when the client sends `Accept: application/json` and a Hydra
 * collection for `Accept: application/ld+json`. The client accepts both, so it
 * works unchanged against either kind of backend configuration.
 */
export interface HydraCollection<T> {
  '@context'?: string;
  '@id'?: string;
  '@type'?: string;
  'hydra:member': T[];
  'hydra:totalItems': number;
}

export type Collection<T> = T[] | HydraCollection<T>;

/** The items of a list answer, whichever form it has; null when the body is not a list. */
export function collectionItems<T>(body: unknown): { items: T[]; total: number | null } | null {
  if (Array.isArray(body)) return { items: body as T[], total: null };
  if (body && typeof body === 'object' && Array.isArray((body as HydraCollection<T>)['hydra:member'])) {
    const hydra = body as HydraCollection<T>;
    return { items: hydra['hydra:member'], total: typeof hydra['hydra:totalItems'] === 'number' ? hydra['hydra:totalItems'] : null };
  }
  return null;
}
