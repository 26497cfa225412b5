/**
 * Visit data for the screens: the list and the local working copies from the
 * store, and the actions (download, start, take over, pause, terminate) as
 * outbox commands, so that each works offline and says what waits to be sent.
 */
import { useEffect, useState } from 'react';
import { map } from 'rxjs';
import { useSnapshot } from 'valtio';
import { downloadVisit, pullVisitList, type VisitData, type VisitListDoc, type VisitLocalCopy } from '../../../sync/index';
import { session } from '../../services/session';
import { engineState, getEngine } from '../../services/engine';
import { handleError } from '../../services/errors';
import { sendCommand } from '../../services/commands';
import { usePull, useStoreQuery } from '../../services/store-hooks';

export function useVisitList() {
  const list = useStoreQuery((s) => s.db.visits.find().$.pipe(map((docs) => docs.map((d) => ({ ...(d.data as unknown as VisitListDoc), pending: d.pending })))), [], [] as (VisitListDoc & { pending: boolean })[]);
  const pull = usePull((engine) => (engine.store ? pullVisitList(engine.store.db, engine.api, false) : Promise.resolve()), []);
  return { ...list, ...pull };
}

export function useLocalCopies(): Map<number, VisitLocalCopy> {
  return useStoreQuery((s) => s.db.visitdata.find().$.pipe(map((docs) => new Map(docs.map((d) => [Number(d.id), d.data as unknown as VisitLocalCopy])))), [], new Map<number, VisitLocalCopy>()).value;
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
      if (copy.failedFiles.length) handleError(new Error(`${copy.failedFiles.length} fichier(s) non téléchargé(s) : réessayez le téléchargement.`));
    } catch (error) {
      handleError(error);
    } finally {
      setProgress(({ [visitId]: _done, ...rest }) => rest);
    }
  };

  const start = (visitId: number) => sendCommand('visit.start', { visitId }, { success: 'Visite démarrée.' });
  const takeOver = (visitId: number) => sendCommand('visit.assign', { visitId, userId }, { success: 'La visite vous est attribuée.' });

  /** Pause (draft) or Terminer: the data, then the fiche, then the files waiting in the dialog. */
  const close = async (visitId: number, mode: 'draft' | 'terminate', copy: VisitLocalCopy, data: VisitData) => {
    const sent = await sendCommand(mode === 'draft' ? 'visit.draft' : 'visit.terminate', { visitId, data }, { noWait: true });
    if (!sent) return false;
    await sendCommand('visit.fiche', { visitId, fiche: copy.fiche }, { noWait: true });
    await sendPendingFiles(visitId);
    return true;
  };

  return { userId, progress, download, start, takeOver, close };
}

/** Queues every file added to the visit's fields and not yet queued (the dialog's send button). */
export async function sendPendingFiles(visitId: number): Promise<number> {
  const engine = await getEngine();
  if (!engine.store) return 0;
  const prefix = `visit-${visitId}-`;
  const waiting = (await engine.store.files.all()).filter((f) => f.id.startsWith(prefix) && !engine.state.commands.some((c) => c.fileIds.includes(f.id)));
  for (const file of waiting) {
    await sendCommand('visit.file', { visitId, fileId: file.id, name: file.id.slice(prefix.length) }, { noWait: true, files: [file] });
  }
  return waiting.length;
}

/**
 * A paused or terminated visit keeps its local copy until every one of its
 * commands has left; then the copy goes and the list is pulled again.
 */
export function useDropSentCopies(copies: Map<number, VisitLocalCopy>): void {
  const { commands } = useSnapshot(engineState);
  useEffect(() => {
    const done = [...copies.entries()].filter(([id, copy]) => copy.closing && !commands.some((c) => c.entity === `visit:${id}`));
    if (done.length === 0) return;
    void getEngine().then(async (engine) => {
      if (!engine.store) return;
      await engine.store.db.visitdata.bulkRemove(done.map(([id]) => String(id)));
      if (navigator.onLine) await pullVisitList(engine.store.db, engine.api, false).catch((error: unknown) => handleError(error, { background: true }));
    });
  }, [copies, commands]);
}
