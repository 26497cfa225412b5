/**
 * Visit data for the screens: the list and the local working copies from the
 * visits facade (engine.visits), and the actions (download, start, resume
 * here a visit started on another device, take over, pause, terminate) as its named operations, so that each works offline and
 * says what waits to be sent.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { VisitCopyMeta, VisitData, VisitListDoc, VisitRow } from '../../../sync/index';
import { session } from '../../services/session';
import { getEngine } from '../../services/engine';
import { handleError } from '../../services/errors';
import { runOperation } from '../../services/commands';
import { usePull, useWatch } from '../../services/store-hooks';
import { visitTexts as t } from './texts';

const NO_ROWS: VisitRow[] = [];
const NO_COPIES = new Map<number, VisitCopyMeta>();

export function useVisitList() {
  const list = useWatch((engine) => engine.visits.watchList(), [], NO_ROWS);
  const pull = usePull((engine) => engine.visits.refreshList(), []);
  return { ...list, ...pull };
}

/**
 * One visit as the list knows it, from the store; the list is pulled only when the store does not
 * have it yet (a detail opened by a link before the list), not at every opening of a detail.
 */
export function useVisitEntry(visitId: number): { value: VisitListDoc | undefined; loaded: boolean } {
  const entry = useWatch((engine) => engine.visits.watchVisit(visitId), [visitId], null);
  const missing = entry.loaded && !entry.value;
  usePull((engine) => (missing ? engine.visits.refreshList() : Promise.resolve()), [missing]);
  return { value: entry.value ?? undefined, loaded: entry.loaded };
}

export function useLocalCopies(): Map<number, VisitCopyMeta> {
  return useWatch((engine) => engine.visits.watchCopies(), [], NO_COPIES).value;
}

export function useVisitActions() {
  const { user } = useSnapshot(session.state);
  const [progress, setProgress] = useState<Record<number, number>>({});
  const userId = user?.id ?? -1;

  const download = async (visitId: number) => {
    try {
      const engine = await getEngine();
      const copy = await engine.visits.download(visitId, (percent) => setProgress((p) => ({ ...p, [visitId]: percent })));
      if (copy.failedFiles.length) handleError(new Error(t.filesNotDownloaded(copy.failedFiles.length)));
    } catch (error) {
      handleError(error);
    } finally {
      setProgress(({ [visitId]: _done, ...rest }) => rest);
    }
  };

  const start = (visitId: number) => runOperation((engine) => engine.visits.start(visitId), { success: t.started });
  /** Downloads what the server saved of my visit started elsewhere, with its percent, and starts it here. */
  const resume = async (visitId: number) => {
    const onProgress = (percent: number) => setProgress((p) => ({ ...p, [visitId]: percent }));
    onProgress(0);
    try {
      await runOperation((engine) => engine.visits.resume(visitId, onProgress), { success: t.resumed });
    } finally {
      setProgress(({ [visitId]: _done, ...rest }) => rest);
    }
  };
  const takeOver = (visitId: number) => runOperation((engine) => engine.visits.takeOver(visitId), { success: t.assigned });

  /**
   * Pause (draft) or Terminer: queues the data, then the fiche, then the files waiting in the dialog;
   * they are sent once `sendAfter` settles (the list the closing leads to is painted).
   */
  const close = async (visitId: number, mode: 'draft' | 'terminate', copy: VisitCopyMeta, data: VisitData, sendAfter?: Promise<unknown>) => {
    const done = await runOperation((engine) => engine.visits.close({ visitId, mode, data, fiche: copy.fiche, sendAfter }), { noWait: true });
    return done !== null;
  };

  return { userId, progress, download, start, resume, takeOver, close };
}

/** Queues every file added to the visit's fields and not yet queued (the dialog's send button). */
export async function sendPendingFiles(visitId: number): Promise<number> {
  const done = await runOperation((engine) => engine.visits.sendFiles(visitId), { noWait: true });
  return done?.ids.length ?? 0;
}
