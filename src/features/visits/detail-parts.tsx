/**
 * Parts of the visit detail kept apart to keep the screen short: the screen of
 * a visit not downloaded here yet, and 'S'y rendre' (the device's maps app:
 * domain/maps-link). The drawer's tree is in drawer-tree.tsx.
 */
import { Link } from '@tanstack/react-router';
import { type VisitListDoc, type VisitCopyMeta } from '../../../sync/index';
import { startedElsewhere } from '../../domain/visits';
import { mapsLink, mapsPlatform } from '../../domain/maps-link';
import type { useVisitActions } from './use-visits';
import { VisitActionButtons } from './visit-action-buttons';
import { visitTexts as t } from './texts';
import { VisitStatePill } from './visit-state-pill';

/**
 * A visit not downloaded here yet: what the list knows of it (readable offline once the list was
 * pulled), and its own download, start and take-over, so the inspector need not go back to the list.
 */
export function NotOnDevice({
  entry,
  copy,
  startedId,
  loaded,
  actions,
}: {
  entry: VisitListDoc | undefined;
  copy: VisitCopyMeta | undefined;
  startedId: number | null;
  loaded: boolean;
  actions: ReturnType<typeof useVisitActions>;
}) {
  return (
    <main id="main" className="page visit-page stack">
      {entry ? (
        <section className="panel stack" aria-labelledby="visit-title">
          <h1 id="visit-title" className="page-title">
            {entry.visit.name}
          </h1>
          <p className="muted">
            {entry.property.name} · {entry.property.address}, {entry.property.postal_code} {entry.property.city}
          </p>
          <p className="muted small">
            <VisitStatePill state={entry.visit.state} /> {entry.visit.late ? <span className="status-tag status-tag--rejected">{t.late}</span> : null}{' '}
            {t.notYetDownloaded}
            {startedElsewhere(entry.visit, actions.userId, false) ? ` ${t.startedElsewhereDetail}` : ''}
          </p>
          <VisitActionButtons visit={entry.visit} copy={copy} startedId={startedId} actions={actions} />
        </section>
      ) : (
        <p className="muted">{loaded ? t.notDownloaded : t.loading}</p>
      )}
      <Link to="/visites" className="btn btn--secondary">
        {t.visitList}
      </Link>
    </main>
  );
}

/** 'S'y rendre': the address in the device's maps app (geo: on Android, Plans on iOS), a web map elsewhere. */
export function GoThere({ address }: { address: string }) {
  const { href, newTab } = mapsLink(address, mapsPlatform(navigator.userAgent, navigator.maxTouchPoints));
  return (
    <a className="btn btn--ghost" href={href} {...(newTab ? { target: '_blank', rel: 'noreferrer' } : {})}>
      {t.goThere}
    </a>
  );
}
