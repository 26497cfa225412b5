/**
 * The query parameters each route accepts (spec part 1 §2 and part 2 §2), as
 * the routes' `validateSearch`: whatever the address bar holds, a screen reads
 * only these keys with these types, and anything else is dropped rather than
 * trusted. The router parses `?status=1` to a number and `?data=true` to a
 * boolean; a hand-typed address may give strings, so both are accepted.
 * Kept tiny and free of a schema library: the login route's one is on the
 * first screen's path.
 */
type Raw = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);

const whole = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};

/** Keeps only the keys whose value survived: no `?key=undefined` in the next address. */
function defined<T extends Raw>(values: T): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<{ [K in keyof T]: Exclude<T[K], undefined> }>;
}

/** /login?redirect=… : where to go once signed in (checked again by safeRedirect before use). */
export const loginSearch = (search: Raw): { redirect?: string } => defined({ redirect: text(search.redirect) });

/** /requests?status=N and /requests-os?status=N: the list filter (its rule checks the number). */
export const listSearch = (search: Raw): { status?: number } => defined({ status: whole(search.status) });

/** /requestsdetail/:id?defaultTab=… and the OS detail: the tab opened first. */
export const detailSearch = (search: Raw): { defaultTab?: string } => defined({ defaultTab: text(search.defaultTab) });

/** /visites?mine=1: the 'my visits' filter on. */
export const visitListSearch = (search: Raw): { mine?: 0 | 1 } => {
  const mine = whole(search.mine);
  return mine === undefined ? {} : { mine: mine === 1 ? 1 : 0 };
};

/**
 * /visite-detail/:id and /visite-fiche/:id (spec part 2 §2.2: optional, data=true: the visit's
 * data is on this device). The list sets it for a downloaded visit; the detail and the fiche pass
 * it on to each other. Anything else than true is dropped.
 */
export type VisitSearch = { data?: true };
export const visitSearch = (search: Raw): VisitSearch => (String(search.data) === 'true' ? { data: true } : {});

/** /requests-os-create?id=… (edit an OS of the store, by its document id) or ?draft=<key> (resume a draft kept on the device). */
export const osCreateSearch = (search: Raw): { id?: string; draft?: string } => {
  const id = text(search.id);
  const draft = text(search.draft);
  return defined({ id: id && id.length <= 100 ? id : undefined, draft: draft && /^[\w-]{1,60}$/.test(draft) ? draft : undefined });
};
