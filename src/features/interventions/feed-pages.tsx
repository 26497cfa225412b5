/**
 * /messaging (threads of interventions and OS, newest first, page 30, at
 * least 3000 ms between loads; an entry opens the detail on its messages) and
 * /planning (appointments: all, today, next week; an entry opens the detail
 * on the RDV tab). Both show what the store holds, offline included.
 */
import { useCallback, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { map } from 'rxjs';
import { FEED_PAGE_SIZE, pullPlanning, pullThreads, type CachedDoc, type Engine, type PlanningEntry, type ThreadDto } from '../../../sync/index';
import { APPOINTMENT_STATUS_LABELS, planningRange, type PlanningFilter } from '../../domain/interventions';
import { formatDateTime } from '../../domain/format';
import { usePull, useStoreQuery } from '../../services/store-hooks';
import { RefreshedAt } from '../../ui/refreshed-at';
import './interventions.css';

const FEED_INTERVAL_MS = 3000;

/** Pages of a feed: `shown` entries, the next server page at most every 3 s. */
function useFeedPaging(pull: (engine: Engine, page: number) => Promise<number>, resetKey: string) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState(FEED_PAGE_SIZE);
  const [exhausted, setExhausted] = useState(false);
  const last = useRef(0);
  const { refreshing } = usePull(async (engine) => {
    last.current = Date.now();
    if ((await pull(engine, page)) < FEED_PAGE_SIZE) setExhausted(true);
  }, [page, resetKey]);
  const more = useCallback(() => {
    if (Date.now() - last.current < FEED_INTERVAL_MS) return;
    last.current = Date.now();
    setShown((n) => n + FEED_PAGE_SIZE);
    if (!exhausted) setPage((p) => p + 1);
  }, [exhausted]);
  const reset = useCallback(() => {
    setPage(1);
    setShown(FEED_PAGE_SIZE);
    setExhausted(false);
  }, []);
  return { shown, more, reset, refreshing, exhausted };
}

function useFeed<T>(kind: string, shown: number, range?: { after: string; before?: string }) {
  return useStoreQuery(
    (store) => {
      const sortKey = range ? { $gte: range.after, ...(range.before ? { $lt: range.before } : {}) } : undefined;
      return store.db.feed
        .find({ selector: { kind, ...(sortKey ? { sortKey } : {}) }, sort: [{ sortKey: 'asc' }], limit: shown })
        .$.pipe(map((docs) => docs.map((d) => d.toJSON() as unknown as CachedDoc<T>)));
    },
    [kind, shown, range?.after, range?.before],
    [],
  );
}

export function MessagingPage() {
  const paging = useFeedPaging((engine, page) => (engine.store ? pullThreads(engine.store.db, engine.api, page) : Promise.resolve(0)), 'threads');
  const { value: threads, loaded } = useFeed<ThreadDto>('thread', paging.shown);
  return (
    <div className="page page--narrow">
      <RefreshedAt resource="feed:thread" />
      {loaded && threads.length === 0 ? <p className="empty muted">Aucune conversation.</p> : null}
      <ul className="rows">
        {threads.map(({ id, data: t }) => {
          const os = t.type === 'WorkValidationRequest';
          return (
            <li key={id}>
              <Link
                className={`row-card row-card--link${t.isNew ? ' row-card--new' : ''}`}
                to={os ? '/requests-os-detail/$id' : '/requestsdetail/$id'}
                params={{ id: String(t.id) }}
                search={{ defaultTab: 'messages' }}
              >
                <div className="row-card__main">
                  <strong>{t.realEstate?.name ?? (os ? 'OS' : 'Intervention')}</strong>
                  {t.isNew ? <span className="status-tag status-tag--new">Nouveau{t.count ? ` · ${t.count}` : ''}</span> : null}
                  <span className="muted small">{formatDateTime(t.date)}</span>
                </div>
                <p className="muted small">
                  {os ? 'OS' : 'Intervention'}
                  {t.businessArea ? ` · ${t.businessArea}` : ''}
                  {t.author ? ` · ${t.author}` : ''}
                </p>
                <p className="clamp">{t.message}</p>
              </Link>
            </li>
          );
        })}
      </ul>
      {!paging.exhausted || threads.length >= paging.shown ? (
        <div className="list-more">
          <button type="button" className="link-button" onClick={paging.more}>
            Afficher plus
          </button>
        </div>
      ) : null}
    </div>
  );
}

const PLANNING_FILTERS: { key: PlanningFilter; label: string }[] = [
  { key: 'all', label: 'Tous' },
  { key: 'today', label: 'Aujourd’hui' },
  { key: 'nextWeek', label: 'Semaine prochaine' },
];

export function PlanningPage() {
  const [filter, setFilter] = useState<PlanningFilter>('all');
  const range = planningRange(filter);
  const paging = useFeedPaging((engine, page) => (engine.store ? pullPlanning(engine.store.db, engine.api, range, page) : Promise.resolve(0)), filter);
  const { value: entries, loaded } = useFeed<PlanningEntry>('planning', paging.shown, range);
  return (
    <div className="page page--narrow">
      <div className="chips" role="group" aria-label="Période">
        {PLANNING_FILTERS.map((f) => (
          <button
            key={f.key}
            type="button"
            className={`chip${f.key === filter ? ' chip--on' : ''}`}
            aria-pressed={f.key === filter}
            onClick={() => {
              setFilter(f.key);
              paging.reset();
            }}
          >
            {f.label}
          </button>
        ))}
      </div>
      <RefreshedAt resource="feed:planning" />
      {loaded && entries.length === 0 ? <p className="empty muted">Aucun rendez-vous sur cette période.</p> : null}
      <ul className="rows">
        {entries.map(({ id, data: p }) => {
          const c = p.interventionRequest.realEstate?.mainContact;
          return (
            <li key={id}>
              <Link className="row-card row-card--link" to="/requestsdetail/$id" params={{ id: String(p.interventionRequest.id) }} search={{ defaultTab: 'rdv' }}>
                <div className="row-card__main">
                  <strong>{formatDateTime(p.date)}</strong>
                  <span className="status-tag">{APPOINTMENT_STATUS_LABELS[p.status] ?? p.status}</span>
                </div>
                <p>
                  N° {p.interventionRequest.number} · {p.interventionRequest.realEstate?.name}
                </p>
                {c ? <p className="muted small">{[c.address, c.additionalAddress, `${c.postalCode ?? ''} ${c.city ?? ''}`.trim()].filter(Boolean).join(', ')}</p> : null}
                {p.businessArea ? <p className="muted small">{p.businessArea}</p> : null}
              </Link>
            </li>
          );
        })}
      </ul>
      {!paging.exhausted || entries.length >= paging.shown ? (
        <div className="list-more">
          <button type="button" className="link-button" onClick={paging.more}>
            Afficher plus
          </button>
        </div>
      ) : null}
    </div>
  );
}
