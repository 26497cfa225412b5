/**
 * The echopark screens' data, read from the store through the module's
 * facade (so every screen opens offline) and pulled when a screen opens, on
 * demand, and again once the screen's own commands have left: the
 * communities, the current community's list, the creation data, one request.
 */
import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { EchoparkRequestDoc, StoredCommunities } from '../../../sync/index';
import { engineState } from '../../services/engine';
import { usePull, useRefreshAfterSent, useWatch } from '../../services/store-hooks';

export type RequestDoc = EchoparkRequestDoc;
export type Communities = StoredCommunities;

export function useCommunities(): Communities | null {
  return useWatch((engine) => engine.echopark.watchCommunities(), [], null).value;
}

/** The outbox entities of the commands after which the list is pulled again (a switch, a creation, its photos). */
function useListEntities(): string[] {
  const { commands } = useSnapshot(engineState);
  const names = new Set(['echopark.community', 'echopark.create', 'echopark.picture']);
  return [...new Set(commands.filter((c) => names.has(c.name)).map((c) => c.entity))];
}

export function useEchoparkList() {
  const communities = useCommunities();
  const current = communities?.current?.id ?? null;
  const list = useWatch((engine) => engine.echopark.watchList(current), [current], []);
  // requests/0 when the screen opens and on the tick; requests/1 when the user asks (the spec's forced refresh).
  const force = useRef(false);
  // Until the communities are known, 'no request' would be a guess: say it is loading (unless no pull can come).
  const [attempted, setAttempted] = useState(false);
  const pull = usePull(async (engine) => {
    const forced = force.current;
    force.current = false;
    try {
      await engine.echopark.refreshAll(forced);
    } finally {
      setAttempted(true);
    }
  }, []);
  const refresh = async () => {
    force.current = true;
    await pull.refresh();
  };
  // A community switch or a creation that has left: the server's list and numbers.
  useRefreshAfterSent(useListEntities(), pull.refresh);
  return {
    communities,
    items: list.value,
    loaded: list.loaded && (communities !== null || attempted || !navigator.onLine),
    refresh,
    refreshing: pull.refreshing,
    refreshAsked: pull.refreshAsked,
  };
}

export function useCreationData() {
  const communities = useCommunities();
  const current = communities?.current?.id ?? null;
  usePull((engine) => engine.echopark.refreshAll(false), []);
  const data = useWatch((engine) => engine.echopark.watchCreationData(current), [current], null);
  return { data: data.value, loaded: data.loaded, communities };
}

export function useEchoparkRequest(id: string) {
  const request = useWatch((engine) => engine.echopark.watchRequest(id), [id], null);
  const docId = request.value?.id ?? id;
  const { refresh, refreshing, refreshAsked, outcome } = usePull((engine) => engine.echopark.refreshRequest(docId), [docId]);
  useRefreshAfterSent([`echopark:${id}`, `echopark:${docId}`], refresh);
  return { request: request.value, loaded: request.loaded, refresh, refreshing, refreshAsked, outcome };
}
