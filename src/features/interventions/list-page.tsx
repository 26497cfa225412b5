/**
 * /requests: the intervention list (spec part 1 §2). Status chips preset by
 * `?status=` and remembered, an instant search over what is cached, infinite
 * scroll, refresh, and the add button for managers. It shows what the store
 * holds at once, offline included, and says when it was last refreshed.
 */
import { useEffect, useState } from 'react';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { roles } from '../../../sync/index';
import { filtersFor, parseFilter, placesOf, type ListFilter } from '../../domain/interventions';
import { session, storage } from '../../services/session';
import { useNearBottom } from '../../services/store-hooks';
import { FilterChips } from '../../ui/filter-chips';
import { RefreshButton } from '../../ui/refresh-button';
import { RefreshedAt } from '../../ui/refreshed-at';
import { EmptyOrNotYet } from '../../ui/offline-not-yet';
import { ListSkeleton } from '../../ui/list-skeleton';
import { InterventionCard } from './intervention-card';
import { useInterventionList } from './use-intervention-list';
import { interventionTexts as t } from './texts';
import './interventions.css';

const route = getRouteApi('/requests');

const FILTER_KEY = 'bp-requests-filter';

export function InterventionListPage() {
  const { user } = useSnapshot(session.state);
  const manager = roles.isManager(user?.roles ?? []);
  const search = route.useSearch();
  const navigate = useNavigate();
  const filter = parseFilter(search.status ?? storage.getItem(FILTER_KEY), manager);
  const [query, setQuery] = useState('');
  const { docs, loaded, loadMore, reload, refreshing, refreshAsked, hasMore } = useInterventionList(placesOf(filter), query);
  const sentinel = useNearBottom(loadMore, docs.length);

  useEffect(() => storage.setItem(FILTER_KEY, String(filter)), [filter]);

  const choose = (status: ListFilter) => void navigate({ to: '/requests', search: { status }, replace: true });

  return (
    <div className="page">
      <FilterChips label={t.filterGroup} options={filtersFor(manager).map((f) => ({ key: f.status, label: f.label }))} selected={filter} onSelect={choose} />
      <div className="list-tools">
        <label className="search">
          <span className="sr-only">{t.searchLabel}</span>
          <input type="search" value={query} placeholder={t.searchPlaceholder} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <RefreshButton label={t.refresh} onRefresh={() => void reload()} refreshing={refreshing} asked={refreshAsked} />
        {manager ? (
          <Link to="/requests-create" className="btn btn--primary">
            {t.newRequest}
          </Link>
        ) : null}
      </div>
      <RefreshedAt resource="interventions:list" />
      {loaded && docs.length === 0 ? (
        <EmptyOrNotYet className="empty muted" count={0} resource="interventions:list" empty={query ? t.emptySearch : t.emptyFilter} />
      ) : (
        <ul className="card-list" aria-label={t.listLabel} aria-busy={!loaded}>
          {docs.map((doc) => (
            <li key={doc.id}>
              <InterventionCard item={doc.data} manager={manager} pending={doc.pending} />
            </li>
          ))}
        </ul>
      )}
      {loaded ? null : <ListSkeleton />}
      {/* Only once the store is read: shown before, the row was pushed down the screen as the cards came. */}
      {loaded && hasMore ? (
        <div ref={sentinel} className="list-more">
          <button type="button" className="link-button" onClick={loadMore}>
            {t.more}
          </button>
        </div>
      ) : null}
    </div>
  );
}
