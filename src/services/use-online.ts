/**
 * Online as the user should see it: the browser says so (navigator.onLine, following its events)
 * and the last request did not fail for want of network (session.state.reachable).
 */
import { useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { session } from './session';

const subscribe = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};

export function useOnline(): boolean {
  const browserOnline = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const { reachable } = useSnapshot(session.state);
  return browserOnline && reachable;
}
