/**
 * /echopark-request/:id (spec part 2 §2.1 RequestEchoParkDetail): the
 * panels description, follow-up timeline, consigne, step, new message,
 * progress form, photos and debriefing (when debriefing_available). Reads
 * the store, so it opens offline; every action works offline and shows its
 * pending state. A request that is not there (unknown, or another
 * community's) shows a notice with a link back to the list.
 */
import { Link, getRouteApi } from '@tanstack/react-router';
import { formatDateTime } from '../../domain/format';
import { DetailHeader } from '../../ui/detail-header';
import { DebriefPanel, MessagePanel, StepPanel } from './action-panels';
import { ConsignePanel, DescriptionPanel, PhotosPanel, TimelinePanel } from './detail-panels';
import { ProgressForm } from './progress-form';
import { StepBadge } from './request-card';
import { t } from './texts';
import { useEchoparkRequest } from './use-echopark';
import { useDetailPresence } from '../../services/detail-presence';
import './echopark.css';

const route = getRouteApi('/echopark-request/$id');

export function EchoparkDetailPage() {
  const { id } = route.useParams();
  const { request, loaded, refresh, refreshing, refreshAsked, outcome } = useEchoparkRequest(id);
  // Not in the store: online, the server says whether it is there for this user ('Page introuvable' and back); offline, not on this device.
  const presence = useDetailPresence({
    id,
    present: request !== null,
    loaded,
    outcome,
    reread: (engine) => engine.echopark.watchRequest(id),
    fallback: '/echopark-requests',
  });

  if (!request) {
    return (
      <div className="page page--narrow">
        {presence === 'not-on-device' ? (
          <div className="panel ep-panel" role="status">
            <p>{t.unavailable}</p>
            <Link to="/echopark-requests" className="btn btn--primary">
              {t.backToList}
            </Link>
          </div>
        ) : (
          <p className="muted">{t.loading}</p>
        )}
      </div>
    );
  }
  const r = request.data;
  // The request's own id (its server id once sent, even when opened by its temporary one).
  const requestId = request.id;
  // Actions on a request created offline wait for its creation in the same queue; the server's detail comes after.
  const known = Array.isArray(r.steps);
  const detail = { resource: `echopark:${requestId}`, outcome };
  return (
    <div className="page ep">
      <DetailHeader
        title={r.number ? t.requestTitle(r.number) : t.newRequest}
        subtitle={
          <p className="ep-card__title">
            {r.domain?.requestTypeName} › {r.domain?.name} · {r.realEstate?.label ?? r.realEstate?.name}
          </p>
        }
        status={
          <>
            <StepBadge name={r.step?.name ?? ''} closed={r.closed === 1} />
            {request.pending ? <span className="status-tag status-tag--new">{r.number ? t.changesNotSent : t.notSent}</span> : null}
            <span className="muted small">{t.createdOn(formatDateTime(r.createdAt))}</span>
          </>
        }
        resource={`echopark:${requestId}`}
        refreshLabel={t.refreshDetail}
        refreshing={refreshing}
        refreshAsked={refreshAsked}
        onRefresh={() => void refresh()}
      />
      <div className="ep-panels">
        <DescriptionPanel r={r} />
        <TimelinePanel messages={r.messages ?? []} detail={detail} />
        <ConsignePanel text={r.consigne} detail={detail} />
        <PhotosPanel requestId={requestId} r={r} canAdd={r.closed !== 1} detail={detail} />
        {known ? <StepPanel requestId={requestId} r={r} /> : null}
        {known ? <MessagePanel requestId={requestId} r={r} /> : null}
        {known ? <ProgressForm requestId={requestId} form={r.form} step={r.step?.id ?? 0} pictures={r.pictures ?? []} /> : null}
        {known && r.debriefing_available === 1 ? <DebriefPanel requestId={requestId} r={r} /> : null}
      </div>
    </div>
  );
}
