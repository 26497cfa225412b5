/**
 * One intervention and its children as the store holds them, refreshed from
 * the server when the detail opens (and on demand); and the helper screens
 * use to enqueue a command and say at once what happened to it.
 */
import { useSnapshot } from 'valtio';
import { roles, type CachedDoc } from '../../../sync/index';
import { session } from '../../services/session';
import { usePull, useRefreshAfterSent, useWatch } from '../../services/store-hooks';

export type Doc<T> = CachedDoc<T>;

export function useIntervention(id: string) {
  const { user } = useSnapshot(session.state);
  const manager = roles.isManager(user?.roles ?? []);
  const intervention = useWatch((engine) => engine.interventions.watchDetail(id), [id], null);
  const appointments = useWatch((engine) => engine.interventions.watchAppointments(id), [id], []);
  const debriefings = useWatch((engine) => engine.interventions.watchDebriefings(id), [id], []);
  const messages = useWatch((engine) => engine.interventions.watchMessages(id), [id], []);
  const { refresh, refreshing, refreshAsked, outcome } = usePull(
    async (engine) => {
      await engine.interventions.refreshDetail(id);
      // Reading the thread marked it read on the server: the nav's unread badge follows now, not at the next 120 s tick.
      await session.loadUnreadCount().catch(() => undefined);
    },
    [id],
  );
  // After this request's queued commands have left, pull it again: the server's answer may say more.
  useRefreshAfterSent([`intervention:${id}`, `thread:intervention:${id}`], refresh);
  return {
    manager,
    user,
    intervention,
    appointments: appointments.value,
    appointmentsLoaded: appointments.loaded,
    debriefings: debriefings.value,
    messages: messages.value,
    refresh,
    refreshing,
    refreshAsked,
    outcome,
  };
}
