/**
 * Service-worker registration and the update prompt: when a new version is
 * waiting, 'Nouvelle version disponible' is offered; the page reloads only
 * when the user says so (never under unsaved edits). The root layout loads
 * this module (with workbox-window) once the first screen is up.
 */
import { useEffect, useState } from 'react';
import { Workbox } from 'workbox-window';
import { fr } from '../../i18n/fr';
import { Button } from '../../ui/controls';

/** The user accepted: let the waiting worker take over, then reload once it controls the page. */
function activateUpdate(workbox: Workbox): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  workbox.messageSkipWaiting();
}

export function UpdatePrompt() {
  const [workbox, setWorkbox] = useState<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV || location.protocol === 'file:') return;
    const wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () => setWaiting(true));
    void wb.register();
    setWorkbox(wb);
    // A long-lived tab looks for updates every hour.
    const timer = setInterval(() => void wb.update(), 3_600_000);
    return () => clearInterval(timer);
  }, []);

  if (waiting && workbox) {
    return (
      <div className="update" role="alertdialog" aria-labelledby="update-title">
        <strong id="update-title">{fr.updateAvailable}</strong>
        <div className="update__actions">
          <Button variant="ghost" onClick={() => setWaiting(false)}>
            {fr.later}
          </Button>
          <Button onClick={() => activateUpdate(workbox)}>{fr.updateNow}</Button>
        </div>
      </div>
    );
  }
  return null;
}
