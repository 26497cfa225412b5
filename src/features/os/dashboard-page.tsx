/**
 * /dashboard-os (spec part 1 §2 "OS dashboard"): card 1 totals what waits
 * for the user, one line per can-flag set with a count above 0, each opening
 * the list on its filter, and the tunnel link when creation is allowed; card
 * 2, the reception reports, is fixed at 3 with no action. The counts come
 * from the last dashboard stored; a user who may create OS also gets the
 * tunnel's reference data now, for later offline use.
 */
import { Link } from '@tanstack/react-router';
import { DASHBOARD_OS, PREFETCH_MAX_AGE_MS } from '../../../sync/index';
import { osDashboardLines } from '../../domain/os';
import { usePull, useWatch } from '../../services/store-hooks';
import { Icon } from '../../ui/icons';
import { RefreshedAt } from '../../ui/refreshed-at';
import { EmptyOrNotYet } from '../../ui/offline-not-yet';
import { osTexts as t } from './texts';
import './os.css';

export function OsDashboardPage() {
  const { value: dashboard } = useWatch((engine) => engine.os.watchDashboard(), [], null);
  usePull(async (engine) => {
    const fresh = await engine.os.refreshDashboard();
    // The tunnel must work in a basement later: its data comes down now, unless as fresh as a prefetch's
    // (the tunnel itself always refreshes it).
    if (fresh.canCreateWorkValidationRequest) await engine.os.refreshTunnelData(PREFETCH_MAX_AGE_MS);
  }, []);
  const { total, lines } = osDashboardLines(dashboard);
  return (
    <div className="page">
      <h1 className="page-title">{t.dashboardTitle}</h1>
      <RefreshedAt resource={DASHBOARD_OS} />
      <EmptyOrNotYet count={dashboard ? 1 : 0} resource={DASHBOARD_OS} empty={null} loading={null} />
      <div className="os-dashboard">
        <section className="panel os-dash-card" aria-labelledby="os-dash-total">
          <p className="os-dash-card__total">
            <span className="os-dash-count">{total}</span>
            <span id="os-dash-total" className="os-dash-card__title">
              {t.pendingTotal}
            </span>
          </p>
          {dashboard && lines.length === 0 ? <p className="muted">{t.nothingPending}</p> : null}
          <ul className="os-dash-lines">
            {lines.map((line) => (
              <li key={line.filter}>
                <Link to="/requests-os" search={{ status: line.filter }} className="os-dash-line">
                  <span>{line.label}</span>
                  <span className="os-dash-line__count">{line.count}</span>
                </Link>
              </li>
            ))}
          </ul>
          {dashboard?.canCreateWorkValidationRequest ? (
            <Link to="/requests-os-create" className="btn btn--primary os-dash-card__footer">
              <Icon name="plus" /> {t.newRequest}
            </Link>
          ) : null}
        </section>
        <section className="panel os-dash-card" aria-labelledby="os-dash-reception">
          <p className="os-dash-card__total">
            <span className="os-dash-count">{t.receptionCount}</span>
            <span id="os-dash-reception" className="os-dash-card__title">
              {t.receptionTitle}
            </span>
          </p>
          <p className="muted">{t.receptionText}</p>
        </section>
      </div>
    </div>
  );
}
