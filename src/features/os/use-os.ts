/**
 * One OS as the store holds it, with its thread, the user and the OS
 * dashboard (whose can-flags decide the actions); refreshed from the server
 * when the detail opens, on demand, and once this OS's queued commands have
 * left (the server's answer may say more: places, automatic messages).
 */
import { useSnapshot } from 'valtio';
import { session } from '../../services/session';
import { usePull, useRefreshAfterSent, useWatch } from '../../services/store-hooks';

export function useOs(id: string) {
  const { user } = useSnapshot(session.state);
  const os = useWatch((engine) => engine.os.watchDetail(id), [id], null);
  const messages = useWatch((engine) => engine.os.watchMessages(id), [id], []);
  const { value: dashboard, loaded: dashboardLoaded } = useWatch((engine) => engine.os.watchDashboard(), [], null);
  const { refresh, refreshing, refreshAsked, outcome } = usePull(
    async (engine) => {
      await engine.os.refreshDetail(id);
      // Reading the thread marked it read on the server: the nav's unread badge follows now, not at the next 120 s tick.
      await session.loadUnreadCount().catch(() => undefined);
    },
    [id],
  );
  useRefreshAfterSent([`os:${id}`], refresh);
  return { user, os, messages: messages.value, dashboard, dashboardLoaded, refresh, refreshing, refreshAsked, outcome };
}
