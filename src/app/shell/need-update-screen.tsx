/**
 * The need-update notice (spec part 1 §4) with its ways out: « Mettre à
 * jour » asks the service worker for the new version (installed, then the
 * page reloads; or it says plainly that none is available yet, or that the
 * download failed), the work still on this device is counted and can be
 * exported, and « Se déconnecter » asks first like everywhere. The root
 * layout keeps the session's life (tick, queued sends) and the update prompt
 * running under it, so a version the server lowers again or a new worker
 * found in the background lifts the screen. Loaded on demand: it carries the
 * sign-out warning, which the login path does not need.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { UnsentWork } from '../../../sync/index';
import { fr } from '../../i18n/fr';
import { engineState, getEngine } from '../../services/engine';
import { downloadExport } from '../../services/export';
import { handleError } from '../../services/errors';
import { Alert, Button } from '../../ui/controls';
import { UnsentList, useSignOut } from './sign-out-dialog';
import { checkForUpdate, type UpdateCheck } from './sw-updates';
import { needUpdateTexts as t } from './need-update-texts';
import './need-update.css';

type Step = 'idle' | 'checking' | UpdateCheck;

/** The engine's unsent work, read again whenever the outbox changes (a send, a refusal). */
function useUnsentWork(signedIn: boolean): UnsentWork | null {
  const { pending, rejected, ready } = useSnapshot(engineState);
  const [work, setWork] = useState<UnsentWork | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void getEngine()
      .then((engine) => engine.unsentWork())
      .then((w) => live && setWork(w))
      .catch((error: unknown) => handleError(error, { background: true }));
    return () => {
      live = false;
    };
  }, [signedIn, pending, rejected, ready]);
  return work;
}

const MESSAGES: Partial<Record<Step, { tone: 'info' | 'warning' | 'error'; text: string }>> = {
  checking: { tone: 'info', text: t.checking },
  updating: { tone: 'info', text: t.updating },
  none: { tone: 'warning', text: t.none },
  failed: { tone: 'error', text: t.failed },
  unsupported: { tone: 'warning', text: t.unsupported },
};

export function NeedUpdateScreen({ signedIn }: { signedIn: boolean }) {
  const [step, setStep] = useState<Step>('idle');
  const work = useUnsentWork(signedIn);
  const { askSignOut, dialog } = useSignOut();
  const update = async () => {
    setStep('checking');
    setStep(await checkForUpdate().catch((): UpdateCheck => 'failed'));
  };
  const message = MESSAGES[step];
  const busy = step === 'checking' || step === 'updating';
  return (
    <main className="guest" id="main">
      <section className="guest__card need-update" aria-labelledby="need-update-title">
        <h1 id="need-update-title">{fr.updateAvailable}</h1>
        <p role="alert">{fr.needUpdate}</p>
        <Button block disabled={busy} onClick={() => void update()}>
          {t.update}
        </Button>
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        {signedIn ? (
          <>
            <h2 className="need-update__subtitle">{t.unsentTitle}</h2>
            {work && work.total > 0 ? (
              <>
                <UnsentList work={work} />
                <p className="muted small">{t.unsentHint}</p>
                <Button variant="secondary" block onClick={() => void downloadExport().catch(handleError)}>
                  {t.export}
                </Button>
              </>
            ) : (
              <p className="muted">{work ? t.nothingUnsent : t.reading}</p>
            )}
            <Button variant="ghost" block onClick={() => void askSignOut()}>
              {t.signOut}
            </Button>
          </>
        ) : null}
      </section>
      {dialog}
    </main>
  );
}
