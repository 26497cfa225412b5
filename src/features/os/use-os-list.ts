/**
 * The OS list's data: what the store holds for the chosen places, newest
 * first, read a page at a time (each page one short read after the last shown
 * item, appended; the shown items follow the store's changes without being
 * read again); the next server page (10) is pulled when the user scrolls
 * within 30 px of the end, at least 1000 ms apart (spec part 1 §9).
 * The search filters everything cached, at once, without the network.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { OS_PAGE_SIZE, type OsDoc } from '../../../sync/index';
import { getEngine } from '../../services/engine';
import { handleError } from '../../services/errors';
import { usePagedList, usePull, useSpacedLoads, useWatch } from '../../services/store-hooks';

export function useOsList(places: readonly string[], search: string) {
  const [exhausted, setExhausted] = useState(false);
  // The first page's pull counts as a load: the sentinel, visible at once, waits 1000 ms.
  const lastLoad = useRef(Date.now());
  const nextPage = useRef(2);
  const loading = useRef(false);
  const placesKey = places.join(',');
  const needle = search.trim().toLowerCase();

  useEffect(() => setExhausted(false), [placesKey]);

  // Kept open during a search, so that clearing it shows the same items again at once.
  const paged = usePagedList((engine) => engine.os.openList(places), [placesKey]);
  const found = useWatch<OsDoc[]>((engine) => engine.os.watchSearch(places, needle), [placesKey, needle], []);

  // Page 1 on open, on reconnection and on the tick; later pages only when the user scrolls to them.
  const { refresh, refreshing } = usePull(
    async (engine) => {
      lastLoad.current = Date.now();
      nextPage.current = 2;
      setExhausted((await engine.os.refreshPage(places, 1)) < OS_PAGE_SIZE);
    },
    [placesKey],
  );

  const { more } = paged;
  /** Called when the end of the list comes into view (at least 1000 ms apart, and one page at a time). */
  const loadMore = useSpacedLoads(
    lastLoad,
    useCallback(() => {
      void more();
      if (exhausted || !navigator.onLine || loading.current) return;
      loading.current = true;
      const page = nextPage.current++;
      void getEngine()
        .then((engine) => engine.os.refreshPage(places, page))
        .then((received) => received < OS_PAGE_SIZE && setExhausted(true))
        .catch((error: unknown) => handleError(error, { background: true }))
        .finally(() => {
          loading.current = false;
        });
    }, [more, exhausted, places]),
    !needle,
  );

  const reload = useCallback(async () => {
    setExhausted(false);
    await refresh();
  }, [refresh]);

  const docs = needle ? found.value : paged.items;
  const loaded = needle ? found.loaded : paged.loaded;
  // Offline, only what the store holds can come: no 'more' link for a page that cannot be asked.
  const hasMore = !needle && (!paged.complete || (!exhausted && navigator.onLine));
  return { docs, loaded, loadMore, reload, refreshing, hasMore };
}
