/**
 * The `data` query of /visite-detail/:id and /visite-fiche/:id (spec part 2
 * §2.2: optional, data=true: the visit's data is on this device). The list
 * sets it for a downloaded visit; the detail and the fiche pass it on to each
 * other. Anything else than true is dropped.
 */
export type VisitSearch = { data?: true };

export const visitSearch = (search: { data?: unknown }): VisitSearch => (String(search.data) === 'true' ? { data: true } : {});
