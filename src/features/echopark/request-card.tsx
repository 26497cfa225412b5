/**
 * One echopark request in the list: number, type › domain, property, step,
 * urgency, dates; marked while it (or a change to it) is not yet sent.
 */
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../domain/format';
import { Facts } from '../../ui/facts';
import { StatusPill } from '../../ui/status-pill';
import { t } from './texts';
import type { RequestDoc } from './use-echopark';

export const isUrgent = (urgency: string | undefined) => (urgency ?? '').toLocaleLowerCase('fr').startsWith('urgent');

export function StepBadge({ name, closed }: { name: string; closed: boolean }) {
  return (
    <StatusPill tone={closed ? 'done' : 'planned'} className="ep-step">
      {name}
    </StatusPill>
  );
}

export function RequestCard({ doc }: { doc: RequestDoc }) {
  const r = doc.data;
  const created = !r.number;
  return (
    <Link to="/echopark-request/$id" params={{ id: doc.id }} className={`ep-card${created ? ' ep-card--new' : ''}`}>
      <div className="ep-card__head">
        <strong className={`ep-card__number${r.number ? '' : ' muted'}`}>{r.number || t.noNumber}</strong>
        <StepBadge name={r.step?.name ?? ''} closed={r.closed === 1} />
      </div>
      <p className="ep-card__title">
        {r.domain?.requestTypeName} › {r.domain?.name}
      </p>
      <Facts size="small">
        <dt>{t.property}</dt>
        <dd>{r.realEstate?.label ?? r.realEstate?.name}</dd>
        {r.urgencyName ? (
          <>
            <dt>{t.urgency}</dt>
            <dd className={isUrgent(r.urgencyName) ? 'ep-urgent' : undefined}>{r.urgencyName}</dd>
          </>
        ) : null}
      </Facts>
      <p className="ep-card__dates muted">
        <span>{t.createdOn(formatDateTime(r.createdAt))}</span>
        {r.modifiedAt && r.modifiedAt !== r.createdAt ? <span>{t.modifiedOn(formatDateTime(r.modifiedAt))}</span> : null}
      </p>
      {doc.pending ? <span className="status-tag status-tag--new">{created ? t.notSent : t.changesNotSent}</span> : null}
    </Link>
  );
}
