/**
 * 'Fichiers de la visite': the visit's files on the server and the files
 * added on this device with their state (on the device, queued, uploading
 * with its percent), and the send button for those not yet queued.
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { VisitFileEntry } from '../../../sync/index';
import { engineState, getEngine } from '../../services/engine';
import { Button } from '../../ui/controls';
import { sendPendingFiles } from './use-visits';

interface LocalFile {
  id: string;
  name: string;
}

export function FilesDialog({ open, visitId, files, onClose }: { open: boolean; visitId: number; files: readonly VisitFileEntry[]; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [local, setLocal] = useState<LocalFile[]>([]);
  const { commands, progress } = useSnapshot(engineState);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    void getEngine().then(async (engine) => setLocal(((await engine.store?.files.all()) ?? []).filter((f) => f.id.startsWith(`visit-${visitId}-`)).map((f) => ({ id: f.id, name: f.name }))));
  }, [open, visitId, commands.length]);
  const stateOf = (file: LocalFile) => {
    const command = commands.find((c) => c.fileIds.includes(file.id));
    if (!command) return 'Sur l’appareil, pas encore envoyé';
    if (progress[command.id] !== undefined) return `Envoi ${progress[command.id]} %`;
    return command.status === 'rejected' ? `Refusé : ${command.lastError?.message ?? ''}` : 'En attente d’envoi';
  };
  const unsent = local.filter((f) => !commands.some((c) => c.fileIds.includes(f.id))).length;
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="files-title" onClose={onClose}>
      <h2 id="files-title">Fichiers de la visite</h2>
      <div className="dialog__body">
        <h3 className="small muted">Sur le serveur</h3>
        {files.length === 0 ? <p className="muted small">Aucun fichier.</p> : null}
        <ul className="plain-list">
          {files.map((f) => (
            <li key={f.id}>{f.originalName || f.name}</li>
          ))}
        </ul>
        <h3 className="small muted">Ajoutés sur cet appareil</h3>
        {local.length === 0 ? <p className="muted small">Aucun fichier en attente.</p> : null}
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
          Fermer
        </Button>
        <Button disabled={unsent === 0} onClick={() => void sendPendingFiles(visitId)}>
          Envoyer{unsent ? ` (${unsent})` : ''}
        </Button>
      </div>
    </dialog>
  );
}
