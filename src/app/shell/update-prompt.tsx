/**
 * The update prompt: when a new version is waiting, 'Nouvelle version
 * disponible' is offered; the page reloads only when the user says so (never
 * under unsaved edits). The root layout loads this module (with the worker's
 * registration, sw-updates.ts) once the first screen is up.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { fr } from '../../i18n/fr';
import { Button } from '../../ui/controls';
import { activateUpdate, registerWorker, updates } from './sw-updates';

export function UpdatePrompt() {
  const { waiting } = useSnapshot(updates);
  useEffect(() => registerWorker(), []);
  if (!waiting) return null;
  return (
    <div className="update" role="alertdialog" aria-labelledby="update-title">
      <strong id="update-title">{fr.updateAvailable}</strong>
      <div className="update__actions">
        <Button variant="ghost" onClick={() => (updates.waiting = false)}>
          {fr.later}
        </Button>
        <Button onClick={() => void activateUpdate()}>{fr.updateNow}</Button>
      </div>
    </div>
  );
}
