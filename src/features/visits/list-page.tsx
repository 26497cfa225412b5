/**
 * /visites, 'Liste des visites' (spec part 2 §2.2, §4.2): properties with
 * their visits, filters (site, visit name, state, late only) and the
 * my-visits switch, and each visit's actions on this device: download with
 * its percent, start, take over, open. Everything works offline once the list
 * has been seen; what waits to be sent is said on the visit.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { VISIT_STATE_LABELS, type VisitState } from '../../../sync/index';
import { NO_FILTERS, byProperty, filterVisits, startedElsewhere, type VisitFilters } from '../../domain/visits';
import { formatDateTime } from '../../domain/format';
import { engineState } from '../../services/engine';
import { RefreshedAt } from '../../ui/refreshed-at';
import { EmptyOrNotYet } from '../../ui/offline-not-yet';
import { useLocalCopies, useVisitActions, useVisitList } from './use-visits';
import { VisitActionButtons } from './visit-action-buttons';
import { visitTexts as t } from './texts';
import './visits.css';
import { VisitStatePill } from './visit-state-pill';

const route = getRouteApi('/visites');

const NO_GROUPS: ReturnType<typeof byProperty> = [];

export function VisitListPage() {
  const search = route.useSearch();
  const [filters, setFilters] = useState<VisitFilters>({ ...NO_FILTERS, mine: search.mine === 1 });
  const { value: items, loaded } = useVisitList();
  const copies = useLocalCopies();
  const actions = useVisitActions();
  const { commands } = useSnapshot(engineState);
  const startedId = [...copies.entries()].find(([, c]) => c.started)?.[0] ?? null;
  const all = useMemo(() => byProperty(filterVisits(items, filters, actions.userId)), [items, filters, actions.userId]);
  // The rows are drawn in the background (React renders a deferred value in slices of a few ms): the
  // whole list drawn in the task that read the store was Lighthouse's longest task on this screen.
  const groups = useDeferredValue(all, NO_GROUPS);
  const set = (change: Partial<VisitFilters>) => setFilters((f) => ({ ...f, ...change }));

  return (
    <main id="main" className="page visit-page">
      <h1 className="page-title">{t.listTitle}</h1>
      <details className="filters panel">
        <summary>{t.filters}</summary>
        <div className="grid-2">
          <label className="field">
            <span>{t.site}</span>
            <input value={filters.site} onChange={(e) => set({ site: e.target.value })} placeholder={t.sitePlaceholder} />
          </label>
          <label className="field">
            <span>{t.visit}</span>
            <input value={filters.name} onChange={(e) => set({ name: e.target.value })} placeholder={t.visitPlaceholder} />
          </label>
          <label className="field">
            <span>{t.state}</span>
            <select value={filters.state} onChange={(e) => set({ state: e.target.value as VisitState | '' })}>
              <option value="">{t.allStates}</option>
              {Object.entries(VISIT_STATE_LABELS).map(([state, label]) => (
                <option key={state} value={state}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="check">
            <input type="checkbox" checked={filters.lateOnly} onChange={(e) => set({ lateOnly: e.target.checked })} /> {t.lateOnly}
          </label>
        </div>
      </details>
      <label className="switch">
        <input type="checkbox" role="switch" checked={filters.mine} onChange={(e) => set({ mine: e.target.checked })} /> {t.mineOnly}
      </label>
      <RefreshedAt resource="visits:list" />
      {loaded && groups === all ? <EmptyOrNotYet className="empty muted" count={groups.length} resource="visits:list" empty={t.noVisit} /> : null}
      {groups.map(({ property, visits }) => (
        <section key={property.id} className="property" aria-labelledby={`property-${property.id}`}>
          <h2 id={`property-${property.id}`} className="property__name">
            {property.name}
          </h2>
          <p className="muted small">
            {property.address}, {property.postal_code} {property.city}
          </p>
          <ul className="rows">
            {visits.map((visit) => {
              const copy = copies.get(visit.id);
              // A refused command no longer waits: it is in 'Envois en attente' (the top bar's link) until acknowledged.
              const waiting = commands.filter((c) => c.entity === `visit:${visit.id}` && c.status !== 'rejected').length;
              return (
                <li key={visit.id} className="row-card">
                  <div className="row-card__main">
                    <Link to="/visite-detail/$id" params={{ id: String(visit.id) }} search={copy ? { data: true } : {}} className="visit-name">
                      {visit.name}
                    </Link>
                    <VisitStatePill state={visit.state} />
                    {visit.late ? <span className="status-tag status-tag--rejected">{t.late}</span> : null}
                  </div>
                  <p className="muted small">
                    {t.dates(formatDateTime(visit.date_begin.date), formatDateTime(visit.date_end.date))}
                    {copy ? t.downloadedHere : ''}
                    {copy?.started ? t.startedHere : ''}
                    {startedElsewhere(visit, actions.userId, Boolean(copy?.started)) ? t.startedElsewhere : ''}
                  </p>
                  {waiting > 0 ? <p className="small pending-note">{t.waiting(waiting)}</p> : null}
                  <VisitActionButtons visit={visit} copy={copy} startedId={startedId} actions={actions} />
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </main>
  );
}
