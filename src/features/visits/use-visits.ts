/**
 * Visit data for the screens: the list and the local working copies from the
 * store, and the actions (download, start, take over, pause, terminate) as
 * outbox commands, so that each works offline and says what waits to be sent.
 */
import { useState } from 'react';
import { map } from 'rxjs';
import { useSnapshot } from 'valtio';
import {
  closeVisit,
  downloadVisit,
  pullVisitList,
  queueVisitFiles,
  type CloseVisitInput,
  type Engine,
  type VisitData,
  type VisitListDoc,
  type VisitCopyMeta,
} from '../../../sync/index';
import { session } from '../../services/session';
import { getEngine } from '../../services/engine';
import { handleError } from '../../services/errors';
import { runOperation, sendCommand } from '../../services/commands';
import { usePull, useStoreQuery } from '../../services/store-hooks';
import { visitTexts as t } from './texts';

export function useVisitList() {
  const list = useStoreQuery(
    (s) => s.db.visits.find().$.pipe(map((docs) => docs.map((d) => ({ ...(d.data as unknown as VisitListDoc), pending: d.pending })))),
    [],
    [] as (VisitListDoc & { pending: boolean })[],
  );
  const pull = usePull((engine) => (engine.store ? pullVisitList(engine.store.db, engine.api, false) : Promise.resolve()), []);
  return { ...list, ...pull };
}

/**
 * One visit as the list knows it, from the store; the list is pulled only when the store does not
 * have it yet (a detail opened by a link before the list), not at every opening of a detail.
 */
export function useVisitEntry(visitId: number) {
  const entry = useStoreQuery(
    (s) => s.db.visits.findOne(String(visitId)).$.pipe(map((d) => (d ? (d.toJSON().data as unknown as VisitListDoc) : undefined))),
    [visitId],
    undefined as VisitListDoc | undefined,
  );
  const missing = entry.loaded && !entry.value;
  usePull((engine) => (missing && engine.store ? pullVisitList(engine.store.db, engine.api, false) : Promise.resolve()), [missing]);
  return entry;
}

export function useLocalCopies(): Map<number, VisitCopyMeta> {
  return useStoreQuery(
    (s) => s.db.visitdata.find().$.pipe(map((docs) => new Map(docs.map((d) => [Number(d.id), d.data as unknown as VisitCopyMeta])))),
    [],
    new Map<number, VisitCopyMeta>(),
  ).value;
}

export function useVisitActions() {
  const { user } = useSnapshot(session.state);
  const [progress, setProgress] = useState<Record<number, number>>({});
  const userId = user?.id ?? -1;

  const download = async (visitId: number) => {
    try {
      const engine = await getEngine();
      if (!engine.store) return;
      const copy = await downloadVisit(engine.store.db, engine.api, visitId, (percent) => setProgress((p) => ({ ...p, [visitId]: percent })));
      if (copy.failedFiles.length) handleError(new Error(t.filesNotDownloaded(copy.failedFiles.length)));
    } catch (error) {
      handleError(error);
    } finally {
      setProgress(({ [visitId]: _done, ...rest }) => rest);
    }
  };

  const start = (visitId: number) => sendCommand('visit.start', { visitId }, { success: t.started });
  const takeOver = (visitId: number) => sendCommand('visit.assign', { visitId, userId }, { success: t.assigned });

  /** Pause (draft) or Terminer: the data, then the fiche, then the files waiting in the dialog. */
  const close = async (visitId: number, mode: 'draft' | 'terminate', copy: VisitCopyMeta, data: VisitData) => {
    const done = await runOperation(
      (engine, input: CloseVisitInput) => closeVisit(engine, requireFiles(engine), queuedFileIds(engine), input),
      { visitId, mode, data, fiche: copy.fiche },
      { noWait: true },
    );
    return done !== null;
  };

  return { userId, progress, download, start, takeOver, close };
}

const requireFiles = (engine: Engine) => {
  if (!engine.store) throw new Error(t.storeClosed);
  return engine.store.files;
};
const queuedFileIds = (engine: Engine) => new Set(engine.state.commands.flatMap((c) => c.fileIds));

/** Queues every file added to the visit's fields and not yet queued (the dialog's send button). */
export async function sendPendingFiles(visitId: number): Promise<number> {
  const done = await runOperation((engine, id: number) => queueVisitFiles(engine, requireFiles(engine), id, queuedFileIds(engine)), visitId, { noWait: true });
  return done?.ids.length ?? 0;
}
