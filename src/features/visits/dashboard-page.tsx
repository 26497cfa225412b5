/**
 * /dashboard-visites (spec part 2 §2.2): 'Mes visites' and 'Toutes les
 * visites' with the count of visits to do, and 'Voir les visites' (only with
 * the can-answer flag and a count above 0) setting the list filter. The
 * loader hides 300 ms after the dashboard has loaded (§9).
 */
import { Link } from '@tanstack/react-router';
import { DASHBOARD_VISITS } from '../../../sync/index';
import { usePull, useWatch } from '../../services/store-hooks';
import { RefreshedAt } from '../../ui/refreshed-at';
import { EmptyOrNotYet } from '../../ui/offline-not-yet';
import { DASHBOARD_LOADER_MS, DelayedLoader } from './delayed-loader';
import { visitTexts as t } from './texts';
import './visits.css';

export function VisitDashboardPage() {
  const { value: d, loaded: stored } = useWatch((engine) => engine.visits.watchDashboard(), [], null);
  const { refreshing } = usePull((engine) => engine.visits.refreshDashboard(), []);
  // Loaded: the counts are known (cached or pulled), or there is nothing more to wait for.
  const loaded = stored && (d !== null || !refreshing);
  const cards = [
    { key: 'mine', title: t.myVisits, count: d?.countMyVisitsToDo ?? 0, mine: true },
    { key: 'all', title: t.allVisits, count: d?.countAllVisitsToDo ?? 0, mine: false },
  ];
  return (
    <main id="main" className="page visit-page">
      <DelayedLoader loaded={loaded} delayMs={DASHBOARD_LOADER_MS} label={t.dashboardLoading} />
      <h1 className="page-title">{t.dashboardTitle}</h1>
      <RefreshedAt resource={DASHBOARD_VISITS} />
      <EmptyOrNotYet count={d ? 1 : 0} resource={DASHBOARD_VISITS} empty={null} loading={null} />
      <ul className="cards">
        {cards.map((c) => (
          <li key={c.key}>
            <div className="card card--green">
              <span className="dash-count">{d ? c.count : t.countUnknown}</span>
              <span className="card__title">{c.title}</span>
              <span className="card__text">{t.toDo(c.count)}</span>
              {d?.canAnswerVisit && c.count > 0 ? (
                <Link to="/visites" search={{ mine: c.mine ? 1 : 0 }} className="btn btn--secondary">
                  {t.seeVisits}
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}
