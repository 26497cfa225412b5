/**
 * The intervention list's data: what the store holds for the chosen places,
 * newest first, read a page at a time (each page one short read after the
 * last shown item, appended; the shown items follow the store's changes
 * without being read again); the next server page is pulled when the user
 * scrolls near the end (at least 1000 ms apart, spec part 1 §9). A search
 * filters everything cached, at once, without the network.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { of } from 'rxjs';
import { LIST_PAGE_SIZE, type InterventionListDoc } from '../../../sync/index';
import { placeLabel } from '../../domain/interventions';
import { usePagedList, usePull, useSpacedLoads, useWatch } from '../../services/store-hooks';

export type ListDoc = InterventionListDoc;

function matches(doc: ListDoc, needle: string): boolean {
  const d = doc.data;
  return [d.number, d.realEstate?.name, placeLabel(d.place), d.businessArea?.name].some((v) => typeof v === 'string' && v.toLowerCase().includes(needle));
}

export function useInterventionList(places: readonly string[], search: string) {
  const [serverPage, setServerPage] = useState(1);
  const [exhausted, setExhausted] = useState(false);
  const lastLoad = useRef(0);
  const placesKey = places.join(',');
  const needle = search.trim().toLowerCase();

  useEffect(() => {
    setServerPage(1);
    setExhausted(false);
  }, [placesKey]);

  // Kept open during a search, so that clearing it shows the same items again at once.
  const paged = usePagedList((engine) => engine.interventions.openList(places), [placesKey]);
  const found = useWatch<ListDoc[]>(
    (engine) => (needle ? engine.interventions.watchSearch(places, (d) => matches(d, needle)) : of([])),
    [placesKey, needle],
    [],
  );

  const { refresh, refreshing } = usePull(
    async (engine) => {
      lastLoad.current = Date.now();
      const received = await engine.interventions.refreshPage(places, serverPage);
      if (received < LIST_PAGE_SIZE) setExhausted(true);
    },
    [placesKey, serverPage],
  );

  const { more } = paged;
  /** Called when the end of the list comes into view; too soon after the last load, it waits for the 1000 ms. */
  const loadMore = useSpacedLoads(
    lastLoad,
    useCallback(() => {
      void more();
      if (!exhausted && navigator.onLine) setServerPage((p) => p + 1);
    }, [more, exhausted]),
    !needle,
  );

  const reload = useCallback(async () => {
    setServerPage(1);
    setExhausted(false);
    await refresh();
  }, [refresh]);

  const docs = needle ? found.value : paged.items;
  const loaded = needle ? found.loaded : paged.loaded;
  const hasMore = !needle && (!paged.complete || !exhausted);
  return { docs, loaded, loadMore, reload, refreshing, hasMore };
}
