/**
 * /messaging (threads of interventions and OS, newest first, page 30, the
 * next page when scrolled near the bottom, at least 3000 ms between loads; an
 * entry opens the detail on its messages) and /planning (appointments: all,
 * today, next week, paged the same way; an entry opens the detail on the RDV
 * tab). Both show what the store holds, offline included.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { FEED_PAGE_SIZE, type Engine, type PlanningEntry, type ThreadDto } from '../../../sync/index';
import { APPOINTMENT_STATUS_LABELS, planningRange, type PlanningFilter } from '../../domain/interventions';
import { formatDateTime } from '../../domain/format';
import { usePull, useWatch } from '../../services/store-hooks';
import { RefreshedAt } from '../../ui/refreshed-at';
import { EmptyOrNotYet } from '../../ui/offline-not-yet';
import { FilterChips } from '../../ui/filter-chips';
import { interventionTexts as t } from './texts';
import './interventions.css';

const FEED_INTERVAL_MS = 3000;

/** Pages of a feed: `shown` entries, the next server page at most every 3 s. */
function useFeedPaging(pull: (engine: Engine, page: number) => Promise<number>, resetKey: string) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState(FEED_PAGE_SIZE);
  const [exhausted, setExhausted] = useState(false);
  const last = useRef(0);
  // Opening the screen (or another filter) counts as a load: the next one comes 3 s later at the earliest.
  useEffect(() => {
    last.current = Date.now();
  }, [resetKey]);
  const { refreshing } = usePull(
    async (engine) => {
      last.current = Date.now();
      if ((await pull(engine, page)) < FEED_PAGE_SIZE) setExhausted(true);
    },
    [page, resetKey],
  );
  /** Shows the next page, or returns how long to wait (ms) before it may. */
  const more = useCallback(() => {
    const wait = FEED_INTERVAL_MS - (Date.now() - last.current);
    if (wait > 0) return wait;
    last.current = Date.now();
    setShown((n) => n + FEED_PAGE_SIZE);
    if (!exhausted) setPage((p) => p + 1);
    return 0;
  }, [exhausted]);
  const reset = useCallback(() => {
    setPage(1);
    setShown(FEED_PAGE_SIZE);
    setExhausted(false);
  }, []);
  return { shown, more, reset, refreshing, exhausted };
}

/**
 * A ref for an element at the end of a list: while it is within 400 px of the
 * viewport, `more` is called, and called again when it asks to wait (or every
 * 3 s) as long as the end stays in sight.
 */
function useEndOfList(more: () => number, enabled: boolean) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const latest = useRef(more);
  useEffect(() => {
    latest.current = more;
  });
  useEffect(() => {
    if (!node || !enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inSight = false;
    const tick = () => {
      if (!inSight) return;
      timer = setTimeout(tick, latest.current() || FEED_INTERVAL_MS);
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        inSight = entry?.isIntersecting ?? false;
        clearTimeout(timer);
        tick();
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [node, enabled]);
  return setNode;
}

function useFeed<T>(kind: 'thread' | 'planning', shown: number, range?: { after: string; before?: string }) {
  return useWatch((engine) => engine.interventions.watchFeed<T>(kind, shown, range), [kind, shown, range?.after, range?.before], []);
}

export function MessagingPage() {
  const paging = useFeedPaging((engine, page) => engine.interventions.refreshThreads(page), 'threads');
  const { value: threads, loaded } = useFeed<ThreadDto>('thread', paging.shown);
  return (
    <div className="page page--narrow">
      <RefreshedAt resource="feed:thread" />
      {loaded ? <EmptyOrNotYet className="empty muted" count={threads.length} resource="feed:thread" empty={t.noThread} /> : null}
      <ul className="rows">
        {threads.map(({ id, data: th }) => {
          const os = th.type === 'WorkValidationRequest';
          return (
            <li key={id}>
              <Link
                className={`row-card${th.isNew ? ' row-card--new' : ''}`}
                to={os ? '/requests-os-detail/$id' : '/requestsdetail/$id'}
                params={{ id: String(th.id) }}
                search={{ defaultTab: 'messages' }}
              >
                <div className="row-card__main">
                  <strong>{th.realEstate?.name ?? (os ? t.threadOs : t.threadIntervention)}</strong>
                  {th.isNew ? <span className="status-tag status-tag--new">{t.threadNew(th.count)}</span> : null}
                  <span className="muted small">{formatDateTime(th.date)}</span>
                </div>
                <p className="muted small">{t.threadMeta(os ? t.threadOs : t.threadIntervention, th.businessArea, th.author)}</p>
                <p className="clamp">{th.message}</p>
              </Link>
            </li>
          );
        })}
      </ul>
      <ListEnd enabled={loaded && threads.length >= paging.shown} more={paging.more} loading={paging.refreshing} />
    </div>
  );
}

/** The end of a full page of a feed: scrolled into sight, it shows (and pulls) the next page. */
function ListEnd({ enabled, more, loading }: { enabled: boolean; more: () => number; loading: boolean }) {
  const ref = useEndOfList(more, enabled);
  return (
    <div ref={ref} className="list-more muted small" role="status">
      {enabled && loading ? t.loading : null}
    </div>
  );
}

const PLANNING_FILTERS: { key: PlanningFilter; label: string }[] = [
  { key: 'all', label: t.planningFilters.all },
  { key: 'today', label: t.planningFilters.today },
  { key: 'nextWeek', label: t.planningFilters.nextWeek },
];

export function PlanningPage() {
  const [filter, setFilter] = useState<PlanningFilter>('all');
  const range = planningRange(filter);
  const paging = useFeedPaging((engine, page) => engine.interventions.refreshPlanning(range, page), filter);
  const { value: entries, loaded } = useFeed<PlanningEntry>('planning', paging.shown, range);
  return (
    <div className="page page--narrow">
      <FilterChips
        label={t.planningGroup}
        options={PLANNING_FILTERS}
        selected={filter}
        onSelect={(key) => {
          setFilter(key);
          paging.reset();
        }}
      />
      <RefreshedAt resource="feed:planning" />
      {loaded ? <EmptyOrNotYet className="empty muted" count={entries.length} resource="feed:planning" empty={t.noAppointmentInRange} /> : null}
      <ul className="rows">
        {entries.map(({ id, data: p }) => {
          const c = p.interventionRequest.realEstate?.mainContact;
          return (
            <li key={id}>
              <Link className="row-card" to="/requestsdetail/$id" params={{ id: String(p.interventionRequest.id) }} search={{ defaultTab: 'rdv' }}>
                <div className="row-card__main">
                  <strong>{formatDateTime(p.date)}</strong>
                  <span className="status-tag">{APPOINTMENT_STATUS_LABELS[p.status] ?? p.status}</span>
                </div>
                <p>{t.planningTitle(p.interventionRequest.number, p.interventionRequest.realEstate?.name)}</p>
                {c ? (
                  <p className="muted small">{[c.address, c.additionalAddress, `${c.postalCode ?? ''} ${c.city ?? ''}`.trim()].filter(Boolean).join(', ')}</p>
                ) : null}
                {p.businessArea ? <p className="muted small">{p.businessArea}</p> : null}
              </Link>
            </li>
          );
        })}
      </ul>
      <ListEnd enabled={loaded && entries.length >= paging.shown} more={paging.more} loading={paging.refreshing} />
    </div>
  );
}
