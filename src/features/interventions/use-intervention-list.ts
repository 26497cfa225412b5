/**
 * The intervention list's data: what the store holds for the chosen places,
 * newest first, `shown` at a time; the next server page is pulled when the
 * user scrolls near the end (at least 1000 ms apart, spec part 1 §9). A
 * search filters everything cached, at once, without the network.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RxCollection } from 'rxdb';
import { LIST_PAGE_SIZE, pullInterventionPage, watchFirstPageByPlaces, watchSearch, type CachedDoc, type InterventionListItem } from '../../../sync/index';
import { placeLabel } from '../../domain/interventions';
import { usePull, useStoreQuery } from '../../services/store-hooks';

export type ListDoc = CachedDoc<InterventionListItem> & { place: string; rank: string };

const MIN_LOAD_INTERVAL_MS = 1000;

function matches(doc: ListDoc, needle: string): boolean {
  const d = doc.data;
  return [d.number, d.realEstate?.name, placeLabel(d.place), d.businessArea?.name].some((v) => typeof v === 'string' && v.toLowerCase().includes(needle));
}

export function useInterventionList(places: readonly string[], search: string) {
  const [shown, setShown] = useState(LIST_PAGE_SIZE);
  const [serverPage, setServerPage] = useState(1);
  const [exhausted, setExhausted] = useState(false);
  const lastLoad = useRef(0);
  const placesKey = places.join(',');
  const needle = search.trim().toLowerCase();

  useEffect(() => {
    setShown(LIST_PAGE_SIZE);
    setServerPage(1);
    setExhausted(false);
  }, [placesKey]);

  const { value: docs, loaded } = useStoreQuery<ListDoc[]>(
    (store) => {
      const collection = store.db.interventions as unknown as RxCollection<ListDoc>;
      return needle ? watchSearch(collection, places, (d) => matches(d, needle)) : watchFirstPageByPlaces(collection, places, shown);
    },
    [placesKey, shown, needle],
    [],
  );

  const { refresh, refreshing } = usePull(
    async (engine) => {
      const store = engine.store;
      if (!store) return;
      lastLoad.current = Date.now();
      const received = await pullInterventionPage(store.db, engine.api, places, serverPage);
      if (received < LIST_PAGE_SIZE) setExhausted(true);
    },
    [placesKey, serverPage],
  );

  /** Called when the end of the list comes into view. */
  const loadMore = useCallback(() => {
    if (needle) return;
    if (Date.now() - lastLoad.current < MIN_LOAD_INTERVAL_MS) return;
    lastLoad.current = Date.now();
    setShown((n) => n + LIST_PAGE_SIZE);
    if (!exhausted && navigator.onLine) setServerPage((p) => p + 1);
  }, [needle, exhausted]);

  const reload = useCallback(async () => {
    setServerPage(1);
    setExhausted(false);
    await refresh();
  }, [refresh]);

  const hasMore = !needle && (docs.length >= shown || !exhausted);
  return { docs, loaded, loadMore, reload, refreshing, hasMore };
}
