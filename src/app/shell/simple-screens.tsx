/** Small full screens of the shell: need-update notice, not found, module not yet available. */
import { Link } from '@tanstack/react-router';
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
