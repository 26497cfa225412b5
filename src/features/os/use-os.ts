/**
 * One OS as the store holds it, with its thread, the user and the OS
 * dashboard (whose can-flags decide the actions); refreshed from the server
 * when the detail opens, on demand, and once this OS's queued commands have
 * left (the server's answer may say more: places, automatic messages).
 */
import { useEffect, useRef } from 'react';
import { map } from 'rxjs';
import { useSnapshot } from 'valtio';
import {
  DASHBOARD_OS,
  osThread,
  pullOsDashboard,
  pullOsDetail,
  pullOsMessages,
  pullOsNextSteps,
  watchLocal,
  type CachedDoc,
  type OsDashboard,
  type OsData,
  type OsMessageDto,
} from '../../../sync/index';
import { session } from '../../services/session';
import { engineState } from '../../services/engine';
import { usePull, useStoreQuery } from '../../services/store-hooks';

export type Doc<T> = CachedDoc<T>;

/** Temporary ids (local creations) are never asked from the server. */
const serverId = (id: string) => (/^\d+$/.test(id) ? Number(id) : null);

export function useOs(id: string) {
  const { user } = useSnapshot(session.state);
  const os = useStoreQuery((s) => s.db.workrequests.findOne(id).$.pipe(map((d) => (d ? (d.toJSON() as unknown as Doc<OsData>) : null))), [id], null);
  const messages = useStoreQuery(
    (s) =>
      s.db.messages
        .find({ selector: { thread: osThread(id) }, sort: [{ date: 'asc' }] })
        .$.pipe(map((ds) => ds.map((d) => d.toJSON() as unknown as Doc<OsMessageDto & { failed?: boolean }>))),
    [id],
    [],
  );
  const { value: dashboard } = useStoreQuery((s) => watchLocal<OsDashboard>(s.db, DASHBOARD_OS), [], null);
  const { refresh, refreshing } = usePull(
    async (engine) => {
      const n = serverId(id);
      if (n === null || !engine.store) return;
      const { db } = engine.store;
      const found = await pullOsDetail(db, engine.api, n);
      if (found === 'removed') return;
      await Promise.all([pullOsNextSteps(db, engine.api, n), pullOsMessages(db, engine.api, n), pullOsDashboard(db, engine.api)]);
    },
    [id],
  );
  useRefreshAfterSent(id, refresh);
  return { user, os, messages: messages.value, dashboard, refresh, refreshing };
}

function useRefreshAfterSent(id: string, refresh: () => Promise<void>): void {
  const { commands } = useSnapshot(engineState);
  const waiting = commands.filter((c) => c.status !== 'rejected' && c.entity === `os:${id}`).length;
  const previous = useRef(waiting);
  useEffect(() => {
    if (waiting < previous.current) void refresh();
    previous.current = waiting;
  }, [waiting, refresh]);
}
