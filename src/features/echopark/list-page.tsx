/**
 * /echopark-requests (spec part 2 §2.1 EchoparkList): the current
 * community's requests from the store (readable offline), a refresh button
 * (the spec's forced reload), the community selector when the user has more
 * than one, a search by number, the filter dialog, and the add button to the
 * tunnel. A switch of community shows the chosen one's cached requests at
 * once and is sent as a command.
 */
import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { activeFilterCount, filterOptions, filterRequests, NO_FILTERS, type ListFilters } from '../../domain/echopark';
import { runOperation } from '../../services/commands';
import { session } from '../../services/session';
import { Icon } from '../../ui/icons';
import { RefreshButton } from '../../ui/refresh-button';
import { RefreshedAt } from '../../ui/refreshed-at';
import { EmptyOrNotYet } from '../../ui/offline-not-yet';
import { FilterDialog } from './filter-dialog';
import { RequestCard } from './request-card';
import { t } from './texts';
import { useEchoparkList } from './use-echopark';
import './echopark.css';

export function EchoparkListPage() {
  const { user } = useSnapshot(session.state);
  const { communities, items, loaded, refresh, refreshing, refreshAsked } = useEchoparkList();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<ListFilters>(NO_FILTERS);
  const [dialog, setDialog] = useState(false);
  const data = useMemo(() => items.map((d) => d.data), [items]);
  const options = useMemo(() => filterOptions(data), [data]);
  const shown = useMemo(() => {
    const keep = new Set(filterRequests(data, search, filters).map((d) => d.id));
    return items.filter((d) => keep.has(d.data.id));
  }, [items, data, search, filters]);
  const count = activeFilterCount(filters);

  const switchTo = (id: number) => {
    if (!user || id === communities?.current?.id) return;
    setFilters(NO_FILTERS);
    void runOperation((e) => e.echopark.switchCommunity({ userId: user.id, communityId: id, previousId: communities?.current?.id ?? null }));
  };

  return (
    <div className="page ep">
      <div className="ep-head">
        <h1 className="ep-title">{t.listTitle}</h1>
        <Link to="/echopark-requests-new" className="btn btn--primary">
          <Icon name="plus" size={20} />
          {t.add}
        </Link>
      </div>
      {communities && communities.communitiesIds.length > 1 ? (
        <div className="field ep-community">
          <label htmlFor="ep-community">{t.community}</label>
          <select id="ep-community" value={communities.current?.id ?? ''} onChange={(e) => switchTo(Number(e.target.value))}>
            {communities.communitiesIds.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {communities.pending ? <p className="field__hint">{t.communityPending}</p> : null}
        </div>
      ) : communities?.current ? (
        <p className="muted ep-community-name">{communities.current.name}</p>
      ) : null}
      <div className="list-tools">
        <label className="search">
          <span className="sr-only">{t.searchNumber}</span>
          <input type="search" inputMode="search" value={search} placeholder={t.searchNumberPlaceholder} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button type="button" className={`btn btn--ghost${count ? ' ep-filter--on' : ''}`} onClick={() => setDialog(true)} aria-haspopup="dialog">
          {count ? t.filtersActive(count) : t.filters}
        </button>
        <RefreshButton label={t.refresh} onRefresh={() => void refresh()} refreshing={refreshing} asked={refreshAsked} />
      </div>
      <RefreshedAt resource="echopark:list" />
      {!loaded ? (
        <p className="muted">{t.loading}</p>
      ) : shown.length === 0 ? (
        items.length > 0 ? (
          // The store has requests: the search or the filters left none out.
          <p className="empty muted">{t.emptySearch}</p>
        ) : (
          <EmptyOrNotYet className="empty muted" count={0} resource="echopark:list" empty={search || count ? t.emptySearch : t.emptyList} loading={t.loading} />
        )
      ) : (
        <ul className="card-list" aria-label={t.requests}>
          {shown.map((doc) => (
            <li key={doc.id}>
              <RequestCard doc={doc} />
            </li>
          ))}
        </ul>
      )}
      <FilterDialog
        open={dialog}
        value={filters}
        options={options}
        onClose={() => setDialog(false)}
        onApply={(next) => {
          setFilters(next);
          setDialog(false);
        }}
      />
    </div>
  );
}
