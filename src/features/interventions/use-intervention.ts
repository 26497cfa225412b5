/**
 * One intervention and its children as the store holds them, refreshed from
 * the server when the detail opens (and on demand); and the helper screens
 * use to enqueue a command and say at once what happened to it.
 */
import { useEffect, useRef } from 'react';
import { map } from 'rxjs';
import { useSnapshot } from 'valtio';
import {
  pullAppointments,
  pullDebriefings,
  pullInterventionDetail,
  pullMessages,
  roles,
  threadKey,
  type AppointmentDto,
  type CachedDoc,
  type DebriefingDto,
  type InterventionDetailDto,
  type MessageDto,
} from '../../../sync/index';
import { session } from '../../services/session';
import { engineState } from '../../services/engine';
import { usePull, useStoreQuery } from '../../services/store-hooks';

export type Doc<T> = CachedDoc<T>;

/** Temporary ids (local creations) are never asked from the server. */
const serverId = (id: string) => (/^\d+$/.test(id) ? Number(id) : null);

export function useIntervention(id: string) {
  const { user } = useSnapshot(session.state);
  const manager = roles.isManager(user?.roles ?? []);
  const intervention = useStoreQuery(
    (s) => s.db.interventions.findOne(id).$.pipe(map((d) => (d ? (d.toJSON() as unknown as Doc<InterventionDetailDto>) : null))),
    [id],
    null,
  );
  const appointments = useStoreQuery(
    (s) =>
      s.db.appointments
        .find({ selector: { interventionId: id }, sort: [{ date: 'asc' }] })
        .$.pipe(map((ds) => ds.map((d) => d.toJSON() as unknown as Doc<AppointmentDto>))),
    [id],
    [],
  );
  const debriefings = useStoreQuery(
    (s) =>
      s.db.debriefings
        .find({ selector: { interventionId: id }, sort: [{ dateEnd: 'desc' }] })
        .$.pipe(map((ds) => ds.map((d) => d.toJSON() as unknown as Doc<DebriefingDto>))),
    [id],
    [],
  );
  const messages = useStoreQuery(
    (s) =>
      s.db.messages
        .find({ selector: { thread: threadKey('intervention', id) }, sort: [{ date: 'asc' }] })
        .$.pipe(map((ds) => ds.map((d) => d.toJSON() as unknown as Doc<MessageDto>))),
    [id],
    [],
  );
  const { refresh, refreshing } = usePull(
    async (engine) => {
      const n = serverId(id);
      if (n === null || !engine.store) return;
      const { db } = engine.store;
      const found = await pullInterventionDetail(db, engine.api, n);
      if (found === 'removed') return;
      await Promise.all([pullAppointments(db, engine.api, n), pullDebriefings(db, engine.api, n), pullMessages(db, engine.api, n)]);
    },
    [id],
  );
  useRefreshAfterSent(id, refresh);
  return { manager, user, intervention, appointments: appointments.value, debriefings: debriefings.value, messages: messages.value, refresh, refreshing };
}

/** After this request's queued commands have left, pull it again: the server's answer may say more (places, automatic messages). */
function useRefreshAfterSent(id: string, refresh: () => Promise<void>): void {
  const { commands } = useSnapshot(engineState);
  const waiting = commands.filter((c) => c.status !== 'rejected' && (c.entity === `intervention:${id}` || c.entity === `thread:intervention:${id}`)).length;
  const previous = useRef(waiting);
  useEffect(() => {
    if (waiting < previous.current) void refresh();
    previous.current = waiting;
  }, [waiting, refresh]);
}
