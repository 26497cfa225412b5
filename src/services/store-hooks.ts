/**
 * React's view of the local store, through the modules' facades: screens
 * subscribe to a facade's observables (`useWatch`) and re-render when the
 * store changes, whether the change came from a pull, from a command's
 * optimistic effect or from another tab. Screens never wait on the network to
 * show something, and never hold the store or the API client.
 */
import { startTransition, useCallback, useEffect, useRef, useState, type DependencyList, type RefObject } from 'react';
import { of, type Observable } from 'rxjs';
import { TICK_MS, type Engine, type PagedList, type PagedState } from '../../sync/index';
import { useStableCallback } from '../ui/use-stable-callback';
import { afterPaint } from '../ui/after-paint';
import { engineState, getEngine } from './engine';
import { handleError } from './errors';
import { useCalmValue } from './use-calm-value';

/** The signed-in user's id once the engine's store is open, else null (the store closing is drawn at once). */
function useOpenStoreUser(): number | null {
  return useCalmValue(
    engineState,
    (s) => (s.ready ? s.userId : null),
    [],
    (user) => user === null,
  );
}

/** The signed-in user's engine with its store open, or null while it opens. */
export function useOpenEngine(): Engine | null {
  const userId = useOpenStoreUser();
  const [engine, setEngine] = useState<Engine | null>(null);
  useEffect(() => {
    if (userId === null) {
      setEngine(null);
      return;
    }
    let live = true;
    void getEngine().then((e) => live && setEngine(e));
    return () => {
      live = false;
    };
  }, [userId]);
  return engine;
}

/**
 * The latest value of a facade's observable (`engine.os.watchDetail(id)`); `initial` until the
 * first emission. `make` is called again when the store opens or a dependency changes.
 */
export function useWatch<T>(make: (engine: Engine) => Observable<T>, deps: DependencyList, initial: T): { value: T; loaded: boolean } {
  const engine = useOpenEngine();
  const [state, setState] = useState<{ value: T; loaded: boolean }>({ value: initial, loaded: false });
  const latestMake = useStableCallback(make);
  useEffect(() => {
    if (!engine) return;
    // Drawn as a transition, like the paged lists below: what the store gives (a screen's first data,
    // a pull's answer, another tab's write) is drawn in slices of a few ms that yield to input; drawn
    // at once, a list's rows made one long task in the middle of a navigation or a visit's pause.
    const subscription = latestMake(engine).subscribe({
      next: (value) => startTransition(() => setState({ value, loaded: true })),
      error: (error: unknown) => handleError(error, { background: true }),
    });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what the query depends on
  }, [engine, ...deps]);
  return state;
}

/**
 * A long list read from the store a page at a time (sync's openPagedList):
 * its state (items newest first, following the store) and `more()` for the
 * next page. `open` is called again when the store or a dependency changes.
 */
export function usePagedList<T>(open: (engine: Engine) => PagedList<T>, deps: DependencyList): PagedState<T> & { more: () => Promise<void> } {
  const engine = useOpenEngine();
  const [state, setState] = useState<PagedState<T>>({ items: [], loaded: false, complete: false });
  const list = useRef<PagedList<T> | null>(null);
  const latestOpen = useStableCallback(open);
  useEffect(() => {
    if (!engine) return;
    const opened = latestOpen(engine);
    list.current = opened;
    // A new page or a change is not urgent: rendered as a transition, React yields to input every few ms
    // (a slow phone scrolling the list kept one task of 50+ ms per page otherwise).
    const subscription = opened.state$.subscribe({
      next: (next) => startTransition(() => setState(next)),
      error: (error: unknown) => handleError(error, { background: true }),
    });
    return () => {
      subscription.unsubscribe();
      opened.close();
      if (list.current === opened) list.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what the list depends on
  }, [engine, ...deps]);
  // A failed read is a background error: the list keeps what it shows.
  const more = useCallback(() => (list.current?.more() ?? Promise.resolve()).catch((error: unknown) => handleError(error, { background: true })), []);
  return { ...state, more };
}

/**
 * A list's "load the next page", at least `minGapMs` apart (spec part 1 §9:
 * 1000 ms): asked too soon, it runs when the time is up rather than being
 * dropped (the end of the list, still in view, would not ask again).
 * `lastLoad` is shared with the pull that loads the first page.
 */
export function useSpacedLoads(lastLoad: RefObject<number>, load: () => void, enabled: boolean, minGapMs = 1000): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Run when the time is up: the load and the switch of that moment, not of when it was asked.
  const runNow = useStableCallback(() => {
    timer.current = undefined;
    if (!enabled) return;
    lastLoad.current = Date.now();
    load();
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    if (!enabled || timer.current !== undefined) return;
    const wait = lastLoad.current + minGapMs - Date.now();
    if (wait <= 0) runNow();
    else timer.current = setTimeout(runNow, wait);
  }, [enabled, lastLoad, minGapMs, runNow]);
}

/** Spec part 1 §8: the next server page is asked when the end of the list is within 30 px. */
export const NEAR_BOTTOM_PX = 30;

/** Where a server-paged list's items come from (one module's facade, for the chosen places). */
export interface ServerPagedSource<T> {
  /** The store's list, read a page at a time, newest first. */
  open: (engine: Engine) => PagedList<T>;
  /** Everything cached that matches `needle` (lower case, never empty). */
  search: (engine: Engine, needle: string) => Observable<T[]>;
  /** Pulls server page `page` into the store; resolves to how many items the server sent. */
  pullPage: (engine: Engine, page: number) => Promise<number>;
  /** The server's page size: a shorter page is the last. */
  pageSize: number;
}

/**
 * A server-paged list (interventions, OS; spec part 1 §8): the screen shows
 * what the store holds. Page 1 is pulled on open, on reconnection, on the
 * tick and on an explicit reload (it replaces: the pull refreshes the first
 * items); later pages only when the end of the list comes near (`loadMore`,
 * from `useNearBottom`), one at a time, at least 1000 ms apart, appended. A
 * page shorter than the page size ends the list until the next reload. `key`
 * names the list (its places): another key starts again from page 1. A
 * search filters everything cached, at once, without the network.
 */
export function useServerPagedList<T>(key: string, search: string, source: ServerPagedSource<T>) {
  const [exhausted, setExhausted] = useState(false);
  // The first page's pull counts as a load: the end of the list, in view at once, waits 1000 ms.
  const lastLoad = useRef(Date.now());
  const nextPage = useRef(2);
  const loading = useRef(false);
  // A page asked for another list (before the filter changed) must not end this one.
  const generation = useRef(0);
  const needle = search.trim().toLowerCase();
  const open = useStableCallback(source.open);
  const find = useStableCallback(source.search);
  const pullPage = useStableCallback(source.pullPage);
  const { pageSize } = source;

  useEffect(() => {
    generation.current += 1;
    setExhausted(false);
  }, [key]);

  // Kept open during a search, so that clearing it shows the same items again at once.
  const paged = usePagedList(open, [key]);
  const found = useWatch<T[]>((engine) => (needle ? find(engine, needle) : of([])), [key, needle], []);

  const { refresh, refreshing, refreshAsked } = usePull(
    async (engine) => {
      lastLoad.current = Date.now();
      nextPage.current = 2;
      const asked = generation.current;
      const received = await pullPage(engine, 1);
      if (asked === generation.current) setExhausted(received < pageSize);
    },
    [key],
  );

  const { more } = paged;
  const loadMore = useSpacedLoads(
    lastLoad,
    useCallback(() => {
      void more();
      if (exhausted || !navigator.onLine || loading.current) return;
      loading.current = true;
      const page = nextPage.current++;
      const asked = generation.current;
      void getEngine()
        .then((engine) => pullPage(engine, page))
        .then((received) => received < pageSize && asked === generation.current && setExhausted(true))
        .catch((error: unknown) => handleError(error, { background: true }))
        .finally(() => {
          loading.current = false;
        });
    }, [more, exhausted, pullPage, pageSize]),
    !needle,
  );

  const reload = useCallback(async () => {
    setExhausted(false);
    await refresh();
  }, [refresh]);

  const docs = needle ? found.value : paged.items;
  const loaded = needle ? found.loaded : paged.loaded;
  // Offline, only what the store holds can come: no 'more' for a page that cannot be asked.
  const hasMore = !needle && (!paged.complete || (!exhausted && navigator.onLine));
  return { docs, loaded, loadMore, reload, refreshing, refreshAsked, hasMore };
}

/**
 * A ref for the element at the end of a list: `onNear` runs when it comes
 * within 30 px of the viewport's bottom. The observer is set up again when
 * `shown` (the number of items shown) changes, so a page that leaves the end
 * still in view asks for the next one (spaced by the caller's 1000 ms).
 */
export function useNearBottom(onNear: () => void, shown: number): (element: HTMLElement | null) => (() => void) | undefined {
  const latest = useStableCallback(onNear);
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element || typeof IntersectionObserver === 'undefined') return undefined;
      const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest(), {
        rootMargin: `0px 0px ${NEAR_BOTTOM_PX}px 0px`,
      });
      observer.observe(element);
      return () => observer.disconnect();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shown` is the reason to observe again
    [latest, shown],
  );
}

/**
 * How the latest pull for the screen's current dependencies ended: not yet ('waiting'), skipped
 * because the device is offline, done, or failed (the failure, already handed to the one error
 * handler). A detail screen tells « not on this device » from « not on the server » by it.
 */
export type PullOutcome = { state: 'waiting' } | { state: 'offline' } | { state: 'done' } | { state: 'failed'; error: unknown };
const WAITING: PullOutcome = { state: 'waiting' };

const sameDeps = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * Runs a pull when the screen opens, when a dependency changes, when the
 * network comes back and every 120 s while visible, online only; failures go to the one error handler as background errors (a screen
 * keeps showing what the store holds). Returns a function for explicit refresh, and how the
 * latest pull for the current dependencies ended (`outcome`; an earlier id's never counts).
 */
export function usePull(
  pull: (engine: Engine) => Promise<unknown>,
  deps: DependencyList,
): { refresh: () => Promise<void>; refreshing: boolean; refreshAsked: boolean; outcome: PullOutcome } {
  const ready = useOpenStoreUser() !== null;
  // Which pull runs: one that came by itself, or the refresh the person asked for (RefreshButton turns only then).
  const [running, setRunning] = useState<false | 'by-itself' | 'asked'>(false);
  const [ended, setEnded] = useState<{ deps: DependencyList; outcome: PullOutcome }>({ deps: [], outcome: WAITING });
  const latestPull = useStableCallback(pull);
  const currentDeps = useRef(deps);
  currentDeps.current = deps;
  const run = useRef(async (explicit: boolean) => {
    const forDeps = currentDeps.current;
    if (!navigator.onLine) {
      setEnded({ deps: forDeps, outcome: { state: 'offline' } });
      return;
    }
    setRunning(explicit ? 'asked' : 'by-itself');
    try {
      await latestPull(await getEngine());
      setEnded({ deps: forDeps, outcome: { state: 'done' } });
    } catch (error) {
      setEnded({ deps: forDeps, outcome: { state: 'failed', error } });
      handleError(error, { background: !explicit });
    } finally {
      setRunning(false);
    }
  });
  useEffect(() => {
    if (!ready) return;
    // After the screen's first paint: building the request is then not part of the navigation's task.
    const cancelFirst = afterPaint(() => void run.current(false));
    // The open screen also follows the network's return and the app's 120 s tick.
    const again = () => document.visibilityState === 'visible' && void run.current(false);
    window.addEventListener('online', again);
    const timer = setInterval(again, TICK_MS);
    return () => {
      cancelFirst();
      window.removeEventListener('online', again);
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what the pull depends on
  }, [ready, ...deps]);
  return {
    refresh: () => run.current(true),
    refreshing: running !== false,
    refreshAsked: running === 'asked',
    outcome: sameDeps(ended.deps, deps) ? ended.outcome : WAITING,
  };
}

/**
 * Pulls again once the queued commands of the given entities have all left (sent or refused):
 * the server's answer may say more than the optimistic effect (places, automatic messages).
 * `entities`: the outbox entities of one object, e.g. ['os:12'] or ['intervention:3', 'thread:intervention:3'].
 */
export function useRefreshAfterSent(entities: readonly string[], refresh: () => Promise<void>): void {
  const waiting = useCalmValue(engineState, (s) => s.commands.filter((c) => c.status !== 'rejected' && entities.includes(c.entity)).length, [
    entities.join(' '),
  ]);
  const previous = useRef(waiting);
  useEffect(() => {
    if (waiting === 0 && previous.current > 0) void refresh();
    previous.current = waiting;
  }, [waiting, refresh]);
}
