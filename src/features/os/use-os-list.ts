/**
 * The OS list's data: what the store holds for the chosen places, newest
 * first, `shown` at a time; the next server page (10) is pulled when the user
 * scrolls within 30 px of the end, at least 1000 ms apart (spec part 1 §9).
 * The search filters everything cached, at once, without the network.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RxCollection } from 'rxdb';
import { OS_PAGE_SIZE, osPlaceLabel, pullOsPage, watchFirstPageByPlaces, watchSearch, type CachedDoc, type OsData } from '../../../sync/index';
import { getEngine } from '../../services/engine';
import { handleError } from '../../services/errors';
import { usePull, useStoreQuery } from '../../services/store-hooks';

export type OsListDoc = CachedDoc<OsData> & { place: string; rank: string };

const MIN_LOAD_INTERVAL_MS = 1000;

function matches(doc: OsListDoc, needle: string): boolean {
  const d = doc.data;
  return [d.number, d.realEstate?.name, osPlaceLabel(d.place), d.serviceProviderCompany?.name, d.businessArea?.name].some(
    (v) => typeof v === 'string' && v.toLowerCase().includes(needle),
  );
}

export function useOsList(places: readonly string[], search: string) {
  const [shown, setShown] = useState(OS_PAGE_SIZE);
  const [exhausted, setExhausted] = useState(false);
  // The first page's pull counts as a load: the sentinel, visible at once, waits 1000 ms.
  const lastLoad = useRef(Date.now());
  const nextPage = useRef(2);
  const loading = useRef(false);
  const placesKey = places.join(',');
  const needle = search.trim().toLowerCase();

  useEffect(() => {
    setShown(OS_PAGE_SIZE);
    setExhausted(false);
  }, [placesKey]);

  const { value: docs, loaded } = useStoreQuery<OsListDoc[]>(
    (store) => {
      const collection = store.db.workrequests as unknown as RxCollection<OsListDoc>;
      return needle ? watchSearch(collection, places, (d) => matches(d, needle)) : watchFirstPageByPlaces(collection, places, shown);
    },
    [placesKey, shown, needle],
    [],
  );

  // Page 1 on open, on reconnection and on the tick; later pages only when the user scrolls to them.
  const { refresh, refreshing } = usePull(
    async (engine) => {
      if (!engine.store) return;
      lastLoad.current = Date.now();
      nextPage.current = 2;
      setExhausted((await pullOsPage(engine.store.db, engine.api, places, 1)) < OS_PAGE_SIZE);
    },
    [placesKey],
  );

  /** Called when the end of the list comes into view (at least 1000 ms apart, and one page at a time). */
  const loadMore = useCallback(() => {
    if (needle || loading.current) return;
    if (Date.now() - lastLoad.current < MIN_LOAD_INTERVAL_MS) return;
    lastLoad.current = Date.now();
    setShown((n) => n + OS_PAGE_SIZE);
    if (exhausted || !navigator.onLine) return;
    loading.current = true;
    const page = nextPage.current++;
    void getEngine()
      .then((engine) => (engine.store ? pullOsPage(engine.store.db, engine.api, places, page) : OS_PAGE_SIZE))
      .then((received) => received < OS_PAGE_SIZE && setExhausted(true))
      .catch((error: unknown) => handleError(error, { background: true }))
      .finally(() => {
        loading.current = false;
      });
  }, [needle, exhausted, places]);

  const reload = useCallback(async () => {
    setExhausted(false);
    await refresh();
  }, [refresh]);

  // Offline, only what the store holds can come: no 'more' link for a page that cannot be asked.
  const hasMore = !needle && (docs.length >= shown || (!exhausted && navigator.onLine));
  return { docs, loaded, loadMore, reload, refreshing, hasMore };
}
