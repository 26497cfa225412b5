/**
 * /dashboard (manager and provider variants, spec part 1 §2 "Intervention
 * dashboard"), /dashboard-add, /tenders and /reporting. The counts come from
 * the last dashboard stored locally, refreshed when the screen opens.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { DASHBOARD_INTERVENTIONS, roles } from '../../../sync/index';
import { dashboardCards, type DashCard } from '../../domain/interventions';
import { session } from '../../services/session';
import { usePull, useWatch } from '../../services/store-hooks';
import { Icon } from '../../ui/icons';
import { RefreshedAt } from '../../ui/refreshed-at';
import { EmptyOrNotYet } from '../../ui/offline-not-yet';
import { prefetchTunnelData } from './use-reference';
import { interventionTexts as t } from './texts';
import './interventions.css';

export function InterventionDashboardPage() {
  const { user } = useSnapshot(session.state);
  const manager = roles.isManager(user?.roles ?? []);
  const { value: dashboard } = useWatch((engine) => engine.interventions.watchDashboard(), [], null);
  const { outcome } = usePull((engine) => engine.interventions.refreshDashboard(manager), [manager]);
  // A manager may create a request later in a basement: the tunnel's data comes down now.
  usePull((engine) => (manager ? prefetchTunnelData(engine) : Promise.resolve()), [manager]);
  // The cards its flags add come first: drawn before the dashboard is known (read from the store, or, never
  // stored, from the server), the others were pushed a row down when it came (Lighthouse: CLS 0.15). Until then
  // grey cards hold their room; a pull that could not end with one (offline, failed) draws those needing no count,
  // and so does a slow one after CARDS_WAIT_MS: 'Ajouter une intervention sous contrat' is not held by a slow network.
  const waited = useWaited(CARDS_WAIT_MS);
  const known = dashboard !== null || outcome.state === 'offline' || outcome.state === 'failed' || waited;
  const cards = dashboardCards(dashboard, manager);
  return (
    <div className="page">
      <h1 className="page-title">{manager ? t.managerDashboardTitle : t.providerDashboardTitle}</h1>
      <RefreshedAt resource={DASHBOARD_INTERVENTIONS} />
      <EmptyOrNotYet count={dashboard ? 1 : 0} resource={DASHBOARD_INTERVENTIONS} empty={null} loading={null} />
      <ul className="cards" aria-busy={!known}>
        {known
          ? cards.map((card) => (
              <li key={card.key}>
                <DashboardCard card={card} />
              </li>
            ))
          : cards.map((card) => <DashboardCardSkeleton key={`skeleton-${card.key}`} />)}
      </ul>
    </div>
  );
}

const CARDS_WAIT_MS = 3_000;

/** True once `ms` have passed since the screen opened. */
function useWaited(ms: number): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return waited;
}

/** A grey card of a real card's size (count, title on two lines, action), not content: hidden from assistive technologies. */
function DashboardCardSkeleton() {
  return (
    <li aria-hidden="true">
      <div className="card dash-skeleton">
        <span className="dash-skeleton__line dash-skeleton__line--count" />
        <span className="dash-skeleton__line" />
        <span className="dash-skeleton__line dash-skeleton__line--mid" />
        <span className="dash-skeleton__line dash-skeleton__line--short" />
      </div>
    </li>
  );
}

function DashboardCard({ card }: { card: DashCard }) {
  const body = (
    <>
      {card.count !== null ? (
        <span className="dash-count">{card.count}</span>
      ) : (
        <Icon name={card.key === 'reporting' ? 'chart' : 'plus'} className="card__icon" />
      )}
      <span className="card__title">{card.title}</span>
      {card.action ? <span className="card__text">{t.cardAction(card.action)}</span> : null}
    </>
  );
  return card.to ? (
    <Link to={card.to.to} search={card.to.search ?? {}} className={`card card--${card.tone}`}>
      {body}
    </Link>
  ) : (
    <div className={`card card--${card.tone}`}>{body}</div>
  );
}

export function DashboardAddPage() {
  const navigate = useNavigate();
  return (
    <div className="page page--narrow">
      <div className="toolbar-row">
        <h1 className="page-title">{t.newRequest}</h1>
        <button type="button" className="icon-button" aria-label={t.close} onClick={() => void navigate({ to: '/dashboard' })}>
          <Icon name="close" />
        </button>
      </div>
      <div className="choice-list">
        <button type="button" className="btn btn--secondary btn--block" disabled>
          {t.tenderSoon}
        </button>
        <Link to="/requests-create" className="btn btn--primary btn--block">
          {t.underContract}
        </Link>
      </div>
    </div>
  );
}

export function TendersPage() {
  const { user } = useSnapshot(session.state);
  return (
    <div className="page page--narrow">
      <p className="muted">{t.noTender}</p>
      {roles.isManager(user?.roles ?? []) ? (
        <Link to="/requests-create" className="btn btn--primary">
          {t.add}
        </Link>
      ) : null}
    </div>
  );
}

export function ReportingPage() {
  return (
    <div className="page">
      <div className="reporting">
        <figure className="panel">
          <img src="/reporting/interventions-par-mois.svg" alt={t.reportingPerMonthAlt} width="640" height="360" />
          <figcaption>{t.reportingPerMonth}</figcaption>
        </figure>
        <figure className="panel">
          <img src="/reporting/delais-par-corps-etat.svg" alt={t.reportingDelayAlt} width="640" height="360" />
          <figcaption>{t.reportingDelay}</figcaption>
        </figure>
      </div>
    </div>
  );
}
