/**
 * The echopark screens' data, read from the store (so every screen opens
 * offline) and pulled when a screen opens, on demand, and again once the
 * screen's own commands have left: the communities, the current community's
 * list, the creation data, one request.
 */
import { useEffect, useRef, useState } from 'react';
import { map } from 'rxjs';
import { useSnapshot } from 'valtio';
import {
  ECHOPARK_COMMUNITIES,
  echoparkCreationKey,
  pullEchoparkCreationData,
  pullEchoparkDetail,
  pullEchoparkList,
  watchLocal,
  type CachedDoc,
  type EchoparkCommunities,
  type EchoparkCreationData,
  type EchoparkDetail,
  type EchoparkDocData,
  type Engine,
} from '../../../sync/index';
import { engineState } from '../../services/engine';
import { usePull, useStoreQuery } from '../../services/store-hooks';

export type RequestDoc = CachedDoc<EchoparkDocData & Partial<EchoparkDetail>>;
export type Communities = EchoparkCommunities & { pending?: boolean };

export function useCommunities(): Communities | null {
  return useStoreQuery((s) => watchLocal<Communities>(s.db, ECHOPARK_COMMUNITIES), [], null).value;
}

/** Everything an echopark user needs offline: communities, list, creation data. */
async function pullAll(engine: Engine, refresh: boolean): Promise<void> {
  if (!engine.store) return;
  const { db } = engine.store;
  await pullEchoparkList(db, engine.api, refresh);
  await pullEchoparkCreationData(db, engine.api);
}

/** Re-runs `refresh` when the commands of these entities (or of this name) have all left. */
export function useRefreshAfterSent(match: (entity: string, name: string) => boolean, refresh: () => Promise<void>): void {
  const { commands } = useSnapshot(engineState);
  const waiting = commands.filter((c) => c.status !== 'rejected' && match(c.entity, c.name)).length;
  const previous = useRef(waiting);
  useEffect(() => {
    if (waiting === 0 && previous.current > 0) void refresh();
    previous.current = waiting;
  }, [waiting, refresh]);
}

export function useEchoparkList() {
  const communities = useCommunities();
  const current = communities?.current?.id ?? null;
  const list = useStoreQuery(
    (s) =>
      s.db.echopark
        .find({ selector: { communityId: current ?? -1 }, sort: [{ createdAt: 'desc' }] })
        .$.pipe(map((docs) => docs.map((d) => d.toJSON() as unknown as RequestDoc))),
    [current],
    [],
  );
  // requests/0 when the screen opens and on the tick; requests/1 when the user asks (the spec's forced refresh).
  const force = useRef(false);
  // Until the communities are known, 'no request' would be a guess: say it is loading (unless no pull can come).
  const [attempted, setAttempted] = useState(false);
  const pull = usePull(async (engine) => {
    const forced = force.current;
    force.current = false;
    try {
      await pullAll(engine, forced);
    } finally {
      setAttempted(true);
    }
  }, []);
  const refresh = async () => {
    force.current = true;
    await pull.refresh();
  };
  // A community switch or a creation that has left: the server's list and numbers.
  useRefreshAfterSent((_entity, name) => name === 'echopark.community' || name === 'echopark.create' || name === 'echopark.picture', pull.refresh);
  return {
    communities,
    items: list.value,
    loaded: list.loaded && (communities !== null || attempted || !navigator.onLine),
    refresh,
    refreshing: pull.refreshing,
  };
}

export function useCreationData(): { data: EchoparkCreationData | null; loaded: boolean; communities: Communities | null } {
  const communities = useCommunities();
  const current = communities?.current?.id ?? null;
  usePull((engine) => pullAll(engine, false), []);
  const data = useStoreQuery((s) => watchLocal<EchoparkCreationData>(s.db, echoparkCreationKey(current ?? -1)), [current], null);
  return { data: data.value, loaded: data.loaded, communities };
}

/** Temporary ids (requests created offline) are never asked from the server. */
const serverId = (id: string) => (/^\d+$/.test(id) ? Number(id) : null);

export function useEchoparkRequest(id: string) {
  // A request created offline is opened by its temporary id; once sent it lives under its server id.
  const request = useStoreQuery(
    (s) =>
      s.db.echopark
        .findOne({ selector: { $or: [{ id }, { 'data.tempId': id }] } as never })
        .$.pipe(map((d) => (d ? (d.toJSON() as unknown as RequestDoc) : null))),
    [id],
    null,
  );
  const docId = request.value?.id ?? id;
  const { refresh, refreshing } = usePull(
    async (engine) => {
      const n = serverId(docId);
      if (n !== null && engine.store) await pullEchoparkDetail(engine.store.db, engine.api, n);
    },
    [docId],
  );
  useRefreshAfterSent((entity) => entity === `echopark:${id}` || entity === `echopark:${docId}`, refresh);
  return { request: request.value, loaded: request.loaded, refresh, refreshing };
}
