/** Small full screens of the shell: need-update notice, not found, a screen that failed, module not yet available. */
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { fr } from '../../i18n/fr';

/** The need-update notice alone: shown while the full screen (need-update-screen.tsx) loads. */
export function NeedUpdateNotice() {
  return (
    <main className="guest" id="main">
      <section className="guest__card" role="alert">
        <h1>{fr.updateAvailable}</h1>
        <p>{fr.needUpdate}</p>
      </section>
    </main>
  );
}

export function NotFoundScreen() {
  return (
    <div className="page empty">
      <h2>{fr.notFoundTitle}</h2>
      <p>{fr.notFoundText}</p>
      <Link to="/" className="btn btn--primary">
        {fr.goHome}
      </Link>
    </div>
  );
}

/**
 * A screen that could not be drawn (its code did not come before the network went, or a fault):
 * said in French with a way on, in place of the router's English default. « Réessayer » draws it
 * again (a failed chunk is fetched again); the error itself is logged by React.
 */
export function ScreenFailed({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <div className="page empty" role="alert">
      <h2>{fr.screenFailedTitle}</h2>
      <p>{fr.screenFailedText}</p>
      <div className="empty__actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          {fr.retryScreen}
        </button>
        <Link to="/" className="btn btn--secondary">
          {fr.goHome}
        </Link>
      </div>
    </div>
  );
}

/** Routes of modules that later issues build: said plainly, never faked. */
export function ComingSoonScreen() {
  return (
    <div className="page empty">
      <p>{fr.comingSoon}</p>
      <Link to="/" className="btn btn--secondary">
        {fr.goHome}
      </Link>
    </div>
  );
}
