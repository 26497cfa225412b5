/**
 * /dashboard-visites (spec part 2 §2.2): 'Mes visites' and 'Toutes les
 * visites' with the count of visits to do, and 'Voir les visites' (only with
 * the can-answer flag and a count above 0) setting the list filter.
 */
import { Link } from '@tanstack/react-router';
import { DASHBOARD_VISITS, pullVisitDashboard, watchLocal, type VisitDashboard } from '../../../sync/index';
import { usePull, useStoreQuery } from '../../services/store-hooks';
import { RefreshedAt } from '../../ui/refreshed-at';
import './visits.css';

export function VisitDashboardPage() {
  const { value: d } = useStoreQuery((s) => watchLocal<VisitDashboard>(s.db, DASHBOARD_VISITS), [], null);
  usePull((engine) => (engine.store ? pullVisitDashboard(engine.store.db, engine.api) : Promise.resolve()), []);
  const cards = [
    { key: 'mine', title: 'Mes visites', count: d?.countMyVisitsToDo ?? 0, mine: true },
    { key: 'all', title: 'Toutes les visites', count: d?.countAllVisitsToDo ?? 0, mine: false },
  ];
  return (
    <main id="main" className="page visit-page">
      <h1 className="page-title">Tableau de bord des visites</h1>
      <RefreshedAt resource={DASHBOARD_VISITS} />
      <ul className="cards">
        {cards.map((c) => (
          <li key={c.key}>
            <div className="card card--green">
              <span className="dash-count">{d ? c.count : '…'}</span>
              <span className="card__title">{c.title}</span>
              <span className="card__text">visite{c.count > 1 ? 's' : ''} à faire</span>
              {d?.canAnswerVisit && c.count > 0 ? (
                <Link to="/visites" search={{ mine: c.mine ? 1 : 0 }} className="btn btn--secondary">
                  Voir les visites
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}
