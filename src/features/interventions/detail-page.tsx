/**
 * /requestsdetail/:id (spec part 1 §2 "Intervention detail"): title
 * 'N° {number} - {real estate}', the status hint of the place for each side,
 * manager, provider and rating panels, the provider's call link and door
 * button, and the tabs Description, Messages, RDV, CR, Medias (`defaultTab`
 * chooses the first). Everything reads the store: it opens offline.
 */
import { useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { placeHint } from '../../domain/interventions';
import { capitalize, formatDateTime, fullName } from '../../domain/format';
import { DetailHeader } from '../../ui/detail-header';
import { Tabs } from '../../ui/tabs';
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

  // The appointments decide the provider's « work started? » question above the panels: drawn before they
  // are read, it came a moment later and pushed the panels down (a layout shift of 0.12 measured by Lighthouse).
  if (!doc || !model.appointmentsLoaded) {
    return <div className="page">{presence === 'not-on-device' ? <p className="empty muted">{t.unavailable}</p> : <p className="muted">{t.loading}</p>}</div>;
  }
  const ir = doc.data;
  const hint = placeHint(ir.place, model.manager);
  return (
    <div className="page detail">
      <DetailHeader
        title={t.detailTitle(ir.number, ir.realEstate?.name ?? '')}
        status={
          <>
            <PlaceBadge place={ir.place} />
            {doc.pending ? <span className="status-tag">{t.pendingChanges}</span> : null}
            <span className="muted">{t.createdOn(formatDateTime(ir.createdAt))}</span>
          </>
        }
        resource={`intervention:${id}`}
        refreshLabel={t.refresh}
        refreshing={model.refreshing}
        refreshAsked={model.refreshAsked}
        onRefresh={() => void model.refresh()}
      >
        {hint ? <p className="alert alert--info">{hint}</p> : null}
        <WorkStartedQuestion intervention={ir} docId={doc.id} appointments={model.appointments} manager={model.manager} />
      </DetailHeader>

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

      <Tabs tabs={DETAIL_TABS} selected={tab} onSelect={setTab} label={t.tabList}>
        {tab === 'description' ? <DescriptionTab intervention={ir} /> : null}
        {tab === 'messages' ? <MessagesTab interventionId={doc.id} messages={model.messages} user={model.user} outcome={model.outcome} /> : null}
        {tab === 'rdv' ? (
          <AppointmentsTab intervention={ir} docId={doc.id} appointments={model.appointments} manager={model.manager} outcome={model.outcome} />
        ) : null}
        {tab === 'cr' ? (
          <DebriefingsTab intervention={ir} docId={doc.id} debriefings={model.debriefings} manager={model.manager} outcome={model.outcome} />
        ) : null}
        {tab === 'medias' ? <MediasTab medias={ir.medias ?? []} detail={{ id: doc.id, outcome: model.outcome }} /> : null}
      </Tabs>
    </div>
  );
}
