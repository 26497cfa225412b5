/**
 * One value read from a valtio proxy, redrawn in a transition when it changes.
 *
 * valtio's useSnapshot hands React the proxy through useSyncExternalStore, whose updates React
 * always draws at once, in one blocking render (even inside a transition). The engine's opening
 * (engineState.ready) re-rendered that way every store hook of the open screen in the task that
 * opened it: 40-60 ms at 4× CPU slowdown during a page load (issue 22). Read here, the change is
 * drawn as a transition, in slices that yield to the browser. `urgent` names the values drawn at
 * once all the same (the store closing: no screen may keep using it a moment longer).
 */
import { startTransition, useEffect, useState, type DependencyList } from 'react';
import { subscribe } from 'valtio';
import { useStableCallback } from '../ui/use-stable-callback';

export function useCalmValue<S extends object, T>(state: S, read: (state: S) => T, deps: DependencyList = [], urgent: (value: T) => boolean = () => false): T {
  const [value, setValue] = useState(() => read(state));
  const latestRead = useStableCallback(read);
  const isUrgent = useStableCallback(urgent);
  useEffect(() => {
    let last: { value: T } | null = null;
    const update = () => {
      const next = latestRead(state);
      // valtio tells every change of the proxy (an upload's progress too): only a new value is set.
      if (last && Object.is(last.value, next)) return;
      last = { value: next };
      if (isUrgent(next)) setValue(() => next);
      else startTransition(() => setValue(() => next));
    };
    // What changed between the render and this effect, and what `deps` now select.
    update();
    return subscribe(state, update);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what `read` depends on
  }, [state, latestRead, isUrgent, ...deps]);
  return value;
}
