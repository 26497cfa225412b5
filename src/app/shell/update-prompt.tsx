/**
 * The update prompt: when a new version is waiting, 'Nouvelle version
 * disponible' is offered; the page reloads only when the user says so (never
 * under unsaved edits). The root layout loads this module (with the worker's
 * registration, sw-updates.ts) once the first screen is up.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { fr } from '../../i18n/fr';
import { Button } from '../../ui/controls';
import { activateUpdate, registerWorker, updates } from './sw-updates';

export function UpdatePrompt() {
  const { waiting } = useSnapshot(updates);
  // Accepted: the engine stands by, then the new version takes over (a photo being downloaded may take
  // a few seconds): both buttons wait, the page reloads by itself.
  const [accepted, setAccepted] = useState(false);
  useEffect(() => registerWorker(), []);
  if (!waiting) return null;
  return (
    <div className="update" role="alertdialog" aria-labelledby="update-title">
      <strong id="update-title">{fr.updateAvailable}</strong>
      <div className="update__actions">
        <Button variant="ghost" disabled={accepted} onClick={() => (updates.waiting = false)}>
          {fr.later}
        </Button>
        <Button
          disabled={accepted}
          aria-busy={accepted}
          onClick={() => {
            setAccepted(true);
            void activateUpdate();
          }}
        >
          {fr.updateNow}
        </Button>
      </div>
    </div>
  );
}
