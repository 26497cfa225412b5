/**
 * /requests-os: the OS list (spec part 1 §2, §4). Chips 1–7 preset by
 * `?status=` and remembered, the same instant local search as the
 * intervention list, infinite scroll (the next page within 30 px of the
 * bottom), refresh, the add button when the dashboard allows creation, and
 * the drafts kept on this device, each to resume. Reads the store: opens offline.
 */
import { useEffect, useState } from 'react';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { OS_FILTERS, osPlacesOf, parseOsFilter, type OsFilter } from '../../domain/os';
import { storage } from '../../services/session';
import { useNearBottom, usePull, useWatch } from '../../services/store-hooks';
import { FilterChips } from '../../ui/filter-chips';
import { RefreshButton } from '../../ui/refresh-button';
import { RefreshedAt } from '../../ui/refreshed-at';
import { EmptyOrNotYet } from '../../ui/offline-not-yet';
import { ListSkeleton } from '../../ui/list-skeleton';
import { OsCard } from './os-card';
import { useOsList } from './use-os-list';
import { osTexts as t } from './texts';
import './os.css';

const route = getRouteApi('/requests-os');

const FILTER_KEY = 'bp-requests-os-filter';

export function OsListPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const filter = parseOsFilter(search.status ?? storage.getItem(FILTER_KEY));
  const [query, setQuery] = useState('');
  const { docs, loaded, loadMore, reload, refreshing, refreshAsked, hasMore } = useOsList(osPlacesOf(filter), query);
  const { value: dashboard } = useWatch((engine) => engine.os.watchDashboard(), [], null);
  const { value: drafts } = useWatch((engine) => engine.os.watchDrafts(), [], []);
  usePull((engine) => engine.os.refreshDashboard(), []);
  const sentinel = useNearBottom(loadMore, docs.length);

  useEffect(() => {
    storage.setItem(FILTER_KEY, String(filter));
  }, [filter]);
  const choose = (status: OsFilter) => void navigate({ to: '/requests-os', search: { status }, replace: true });

  return (
    <div className="page">
      <FilterChips label={t.filterGroup} options={OS_FILTERS.map((f) => ({ key: f, label: t.filters[f] ?? String(f) }))} selected={filter} onSelect={choose} />
      <div className="list-tools">
        <label className="search">
          <span className="sr-only">{t.searchLabel}</span>
          <input type="search" value={query} placeholder={t.searchPlaceholder} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <RefreshButton label={t.refresh} onRefresh={() => void reload()} refreshing={refreshing} asked={refreshAsked} />
        {dashboard?.canCreateWorkValidationRequest ? (
          <Link to="/requests-os-create" className="btn btn--primary">
            {t.newRequest}
          </Link>
        ) : null}
      </div>
      <RefreshedAt resource="os:list" />
      {drafts.map((draft) => (
        <p key={draft.key} className="alert alert--info os-draft">
          <span>
            {t.localDraft}
            <br />
            <span className="small">{draft.label}</span>
          </span>
          <Link to="/requests-os-create" search={{ draft: draft.key }} className="btn btn--secondary" aria-label={`${t.resumeDraft} : ${draft.label}`}>
            {t.resumeDraft}
          </Link>
        </p>
      ))}
      {loaded && docs.length === 0 ? (
        <EmptyOrNotYet className="empty muted" count={0} resource="os:list" empty={query ? t.emptySearch : t.emptyFilter} />
      ) : (
        <ul className="card-list" aria-label={t.listLabel} aria-busy={!loaded}>
          {docs.map((doc) => (
            <li key={doc.id}>
              <OsCard item={doc.data} pending={doc.pending} />
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
