/**
 * /requests-os-detail/:id (spec part 1 §2 "OS detail"): header 'N° {number}
 * - {real estate}', the follow-up bar of the price path (steps before the
 * current one done, the role under each), the action card by place and
 * can-flag, and the tabs Description, Suivi, Messages, Documents (only when
 * there are some); `defaultTab` chooses the first. Reads the store: it opens
 * offline, and an action taken offline moves the bar at once, marked.
 */
import { useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { osPlaceLabel, type OsData } from '../../../sync/index';
import { followUp } from '../../domain/os';
import { formatDateTime } from '../../domain/format';
import { Icon } from '../../ui/icons';
import { DetailHeader } from '../../ui/detail-header';
import { Tabs } from '../../ui/tabs';
import { OsPlaceBadge } from './os-card';
import { OsActions } from './os-actions';
import { DescriptionTab, HistoryTab, MessagesTab } from './os-tabs';
import { AddDocuments, DocumentsTab } from './os-documents';
import { useOs } from './use-os';
import { useDetailPresence } from '../../services/detail-presence';
import { osTexts as t } from './texts';
import './os.css';

const route = getRouteApi('/requests-os-detail/$id');

type TabKey = keyof typeof t.tabs;
const ALL_TABS: TabKey[] = ['description', 'suivi', 'messages', 'documents'];
const tabOf = (value: string | undefined): TabKey => ALL_TABS.find((k) => k === value) ?? 'description';

export function OsDetailPage() {
  const { id } = route.useParams();
  const search = route.useSearch();
  const [chosen, setChosen] = useState<TabKey>(tabOf(search.defaultTab));
  const model = useOs(id);
  const doc = model.os.value;
  // Not in the store: online, the server says whether it exists ('Page introuvable' and back); offline, not on this device.
  const presence = useDetailPresence({
    id,
    present: doc !== null,
    loaded: model.os.loaded,
    outcome: model.outcome,
    reread: (engine) => engine.os.watchDetail(id),
    fallback: '/requests-os',
  });

  // The dashboard's can-flags decide the action card above the tabs: drawn before they are read, the
  // card came a moment later and pushed the tabs down (a layout shift of 0.1 measured by Lighthouse).
  if (!doc || !model.dashboardLoaded) {
    return <div className="page">{presence === 'not-on-device' ? <p className="empty muted">{t.unavailable}</p> : <p className="muted">{t.loading}</p>}</div>;
  }
  const os = doc.data;
  const tabs = ALL_TABS.filter((k) => k !== 'documents' || (os.medias?.length ?? 0) > 0);
  const tab = tabs.includes(chosen) ? chosen : 'description';
  return (
    <div className="page">
      <DetailHeader
        title={t.detailTitle(os.number, os.realEstate?.name ?? '')}
        status={
          <>
            <OsPlaceBadge place={os.place} />
            {doc.pending ? <span className="status-tag">{t.pendingChanges}</span> : null}
            <span className="muted">
              {t.createdOn} {formatDateTime(os.createdAt)}
            </span>
          </>
        }
        resource={`os:${id}`}
        refreshLabel={t.refresh}
        refreshing={model.refreshing}
        refreshAsked={model.refreshAsked}
        onRefresh={() => void model.refresh()}
      />

      <FollowUpBar os={os} pending={doc.pending} />
      <OsActions docId={doc.id} os={os} dashboard={model.dashboard} user={model.user} />

      <Tabs
        tabs={tabs.map((k) => ({ key: k, label: t.tabs[k] }))}
        selected={tab}
        onSelect={setChosen}
        label={t.tabList}
        idPrefix="os-"
        fill
        panelClassName="os-tabpanel"
      >
        {tab === 'description' ? (
          <>
            <DescriptionTab os={os} />
            {model.dashboard ? <AddDocuments osId={doc.id} /> : null}
          </>
        ) : null}
        {tab === 'suivi' ? <HistoryTab os={os} osId={doc.id} messages={model.messages} outcome={model.outcome} /> : null}
        {tab === 'messages' ? <MessagesTab osId={doc.id} messages={model.messages} user={model.user} outcome={model.outcome} /> : null}
        {tab === 'documents' ? <DocumentsTab medias={os.medias ?? []} /> : null}
      </Tabs>
    </div>
  );
}

/** The steps of the OS's path, each with its role; done, current or to come (said to screen readers too). */
function FollowUpBar({ os, pending }: { os: OsData; pending: boolean }) {
  const steps = followUp(os.place, os.price);
  return (
    <nav className="os-followup" aria-label={t.followUp}>
      <ol className={`os-steps${pending ? ' os-steps--pending' : ''}`}>
        {steps.map((s, i) => (
          <li key={s.place} className={`os-step os-step--${s.state}`} aria-current={s.state === 'current' ? 'step' : undefined}>
            <span className="os-step__dot" aria-hidden="true">
              {s.state === 'done' ? <Icon name="check" size={14} /> : i + 1}
            </span>
            <span className="os-step__label">{osPlaceLabel(s.place)}</span>
            <span className="os-step__role">{s.role}</span>
            <span className="sr-only">{t[s.state]}</span>
          </li>
        ))}
      </ol>
      {os.place === 'closed' ? <p className="os-followup__closed">{t.closed}</p> : null}
    </nav>
  );
}
