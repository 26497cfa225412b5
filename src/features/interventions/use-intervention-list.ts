/**
 * The intervention list's data: what the store holds for the chosen places,
 * newest first, paged like every server-paged list (services/store-hooks.ts
 * useServerPagedList: page 1 on open, the next server page of 10 when the
 * end of the list comes near, at least 1000 ms apart, spec part 1 §8). A
 * search filters everything cached, at once, without the network.
 */
import { LIST_PAGE_SIZE, type InterventionListDoc } from '../../../sync/index';
import { placeLabel } from '../../domain/interventions';
import { useServerPagedList } from '../../services/store-hooks';

export type ListDoc = InterventionListDoc;

function matches(doc: ListDoc, needle: string): boolean {
  const d = doc.data;
  return [d.number, d.realEstate?.name, placeLabel(d.place), d.businessArea?.name].some((v) => typeof v === 'string' && v.toLowerCase().includes(needle));
}

export function useInterventionList(places: readonly string[], search: string) {
  return useServerPagedList<ListDoc>(places.join(','), search, {
    open: (engine) => engine.interventions.openList(places),
    search: (engine, needle) => engine.interventions.watchSearch(places, (d) => matches(d, needle)),
    pullPage: (engine, page) => engine.interventions.refreshPage(places, page),
    pageSize: LIST_PAGE_SIZE,
  });
}
