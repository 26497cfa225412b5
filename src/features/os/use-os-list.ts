/**
 * The OS list's data: what the store holds for the chosen places, newest
 * first, paged like every server-paged list (services/store-hooks.ts
 * useServerPagedList: page 1 on open, the next server page of 10 when the end
 * of the list comes within 30 px, at least 1000 ms apart, spec part 1 §8).
 * The search filters everything cached, at once, without the network.
 */
import { OS_PAGE_SIZE, type OsDoc } from '../../../sync/index';
import { useServerPagedList } from '../../services/store-hooks';

export function useOsList(places: readonly string[], search: string) {
  return useServerPagedList<OsDoc>(places.join(','), search, {
    open: (engine) => engine.os.openList(places),
    search: (engine, needle) => engine.os.watchSearch(places, needle),
    pullPage: (engine, page) => engine.os.refreshPage(places, page),
    pageSize: OS_PAGE_SIZE,
  });
}
