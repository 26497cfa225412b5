/**
 * 'Fichiers de la visite': the visit's files on the server and the files
 * added on this device with their state (on the device, queued, uploading
 * with its percent), and the send button for those not yet queued.
 */
import { memo, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { refusalOf, type LocalVisitFile, type VisitFileEntry } from '../../../sync/index';
import { engineState, getEngine } from '../../services/engine';
import { handleError, refusalReason } from '../../services/errors';
import { Button } from '../../ui/controls';
import { ModalDialog } from '../../ui/modal-dialog';
import { sendPendingFiles } from './use-visits';
import { visitTexts as t } from './texts';

/** Memoised: the visit screen draws again at each section change, and this dialog shows none of it. */
export const FilesDialog = memo(function FilesDialog({
  open,
  visitId,
  files,
  onClose,
}: {
  open: boolean;
  visitId: number;
  files: readonly VisitFileEntry[];
  onClose: () => void;
}) {
  const [local, setLocal] = useState<LocalVisitFile[]>([]);
  const { commands, progress } = useSnapshot(engineState);
  useEffect(() => {
    if (!open) return;
    void getEngine()
      .then((engine) => engine.visits.localFiles(visitId))
      .then(setLocal)
      .catch((error: unknown) => handleError(error, { background: true }));
  }, [open, visitId, commands.length]);
  const stateOf = (file: LocalVisitFile) => {
    const command = commands.find((c) => c.fileIds.includes(file.id));
    if (!command) return t.fileNotSent;
    if (progress[command.id] !== undefined) return t.fileSending(progress[command.id]!);
    return command.status === 'rejected' ? t.fileRefused(refusalReason(refusalOf(command))) : t.fileQueued;
  };
  const unsent = local.filter((f) => !commands.some((c) => c.fileIds.includes(f.id))).length;
  return (
    <ModalDialog open={open} title={t.visitFiles} onCancel={onClose}>
      <div className="dialog__body">
        <h3 className="small muted">{t.onServer}</h3>
        {files.length === 0 ? <p className="muted small">{t.noFile}</p> : null}
        <ul className="plain-list">
          {files.map((f) => (
            <li key={f.id}>{f.originalName || f.name}</li>
          ))}
        </ul>
        <h3 className="small muted">{t.addedHere}</h3>
        {local.length === 0 ? <p className="muted small">{t.noPendingFile}</p> : null}
        <ul className="plain-list">
          {local.map((f) => (
            <li key={f.id}>
              {f.name} <span className="muted small">· {stateOf(f)}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="dialog__actions">
        <Button variant="ghost" onClick={onClose}>
          {t.close}
        </Button>
        <Button disabled={unsent === 0} onClick={() => void sendPendingFiles(visitId)}>
          {t.send(unsent)}
        </Button>
      </div>
    </ModalDialog>
  );
});
