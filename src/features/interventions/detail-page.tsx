/**
 * /requestsdetail/:id (spec part 1 §2 "Intervention detail"): title
 * 'N° {number} - {real estate}', the status hint of the place for each side,
 * manager, provider and rating panels, the provider's call link and door
 * button, and the tabs Description, Messages, RDV, CR, Medias (`defaultTab`
 * chooses the first). Everything reads the store: it opens offline.
 */
import { useState, type KeyboardEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { placeHint } from '../../domain/interventions';
import { capitalize, formatDateTime, fullName } from '../../domain/format';
import { Icon } from '../../ui/icons';
import { RefreshedAt } from '../../ui/refreshed-at';
import { PlaceBadge } from './intervention-card';
import { useIntervention } from './use-intervention';
import { useDetailPresence } from '../../services/detail-presence';
import { DescriptionTab, MediasTab } from './tab-description';
import { MessagesTab } from './tab-messages';
import { AppointmentsTab, WorkStartedQuestion } from './tab-appointments';
import { DebriefingsTab } from './tab-debriefings';
import { RatingPanel } from './rating-panel';
import { interventionTexts as t } from './texts';
import './interventions.css';

const route = getRouteApi('/requestsdetail/$id');

export const DETAIL_TABS = [
  { key: 'description', label: t.tabs.description },
  { key: 'messages', label: t.tabs.messages },
  { key: 'rdv', label: t.tabs.rdv },
  { key: 'cr', label: t.tabs.cr },
  { key: 'medias', label: t.tabs.medias },
] as const;
export type DetailTab = (typeof DETAIL_TABS)[number]['key'];

const tabOf = (value: string | undefined): DetailTab => DETAIL_TABS.find((d) => d.key === value)?.key ?? 'description';

export function InterventionDetailPage() {
  const { id } = route.useParams();
  const search = route.useSearch();
  const [tab, setTab] = useState<DetailTab>(tabOf(search.defaultTab));
  const model = useIntervention(id);
  const doc = model.intervention.value;
  // Not in the store: online, the server says whether it exists ('Page introuvable' and back); offline, not on this device.
  const presence = useDetailPresence({
    id,
    present: doc !== null,
    loaded: model.intervention.loaded,
    outcome: model.outcome,
    reread: (engine) => engine.interventions.watchDetail(id),
    fallback: '/requests',
  });

  if (!doc) {
    return <div className="page">{presence === 'not-on-device' ? <p className="empty muted">{t.unavailable}</p> : <p className="muted">{t.loading}</p>}</div>;
  }
  const ir = doc.data;
  const hint = placeHint(ir.place, model.manager);
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = DETAIL_TABS.findIndex((d) => d.key === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = DETAIL_TABS[(index + step + DETAIL_TABS.length) % DETAIL_TABS.length]!;
    setTab(next.key);
    document.getElementById(`tab-${next.key}`)?.focus();
  };

  return (
    <div className="page detail">
      <header className="detail__head">
        <h1 className="page-title">{t.detailTitle(ir.number, ir.realEstate?.name ?? '')}</h1>
        <div className="detail__status">
          <PlaceBadge place={ir.place} />
          {doc.pending ? <span className="status-tag">{t.pendingChanges}</span> : null}
          <span className="muted">{t.createdOn(formatDateTime(ir.createdAt))}</span>
        </div>
        {hint ? <p className="alert alert--info">{hint}</p> : null}
        <WorkStartedQuestion intervention={ir} docId={doc.id} appointments={model.appointments} manager={model.manager} />
        <div className="detail__refresh">
          <RefreshedAt resource={`intervention:${id}`} />
          <button type="button" className="icon-button" aria-label={t.refresh} onClick={() => void model.refresh()} disabled={model.refreshing}>
            <Icon name="refresh" className={model.refreshing ? 'spin' : undefined} />
          </button>
        </div>
      </header>

      <div className="detail__panels">
        <section className="panel" aria-labelledby="manager-panel">
          <h2 id="manager-panel" className="panel__title">
            {t.managerPanel}
          </h2>
          <p>
            {ir.requestedBy ? fullName(capitalize(ir.requestedBy.firstName), ir.requestedBy.lastName) : t.dash}
            {ir.ownerCompany?.name ? <span className="muted">{t.ownerCompany(ir.ownerCompany.name)}</span> : null}
          </p>
          {!model.manager && ir.requestedBy?.gsm ? (
            <a className="btn btn--secondary" href={`tel:${ir.requestedBy.gsm}`}>
              {t.call(ir.requestedBy.gsm)}
            </a>
          ) : null}
        </section>
        <section className="panel" aria-labelledby="provider-panel">
          <h2 id="provider-panel" className="panel__title">
            {t.providerPanel}
          </h2>
          <p>{ir.serviceProviderCompany?.name ?? t.notAssigned}</p>
          {!model.manager ? (
            <>
              <button type="button" className="btn btn--ghost" disabled aria-describedby="door-text">
                {t.openDoor}
              </button>
              <p id="door-text" className="muted small">
                {t.doorDisabled}
              </p>
            </>
          ) : null}
        </section>
        {ir.ratingEnabled ? <RatingPanel intervention={ir} docId={doc.id} manager={model.manager} /> : null}
      </div>

      <div className="tabs" role="tablist" aria-label={t.tabList} onKeyDown={onTabKey}>
        {DETAIL_TABS.map((d) => (
          <button
            key={d.key}
            id={`tab-${d.key}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === d.key}
            aria-controls={`panel-${d.key}`}
            tabIndex={tab === d.key ? 0 : -1}
            onClick={() => setTab(d.key)}
          >
            {d.label}
          </button>
        ))}
      </div>
      <section id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="tabpanel">
        {tab === 'description' ? <DescriptionTab intervention={ir} /> : null}
        {tab === 'messages' ? <MessagesTab interventionId={doc.id} messages={model.messages} user={model.user} /> : null}
        {tab === 'rdv' ? <AppointmentsTab intervention={ir} docId={doc.id} appointments={model.appointments} manager={model.manager} /> : null}
        {tab === 'cr' ? <DebriefingsTab intervention={ir} docId={doc.id} debriefings={model.debriefings} manager={model.manager} /> : null}
        {tab === 'medias' ? <MediasTab medias={ir.medias ?? []} /> : null}
      </section>
    </div>
  );
}
