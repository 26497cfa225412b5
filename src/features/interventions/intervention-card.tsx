/**
 * One intervention in the list: place badge, creation date, number, the other
 * party's company (the provider for a manager, the owner for a provider), the
 * valid appointment and the business area; marked when not yet sent.
 * Memoized: the list keeps an unchanged item's object, so a new page or a
 * change of one item draws only those cards.
 */
import { memo } from 'react';
import { Link } from '@tanstack/react-router';
import type { InterventionListItem } from '../../../sync/index';
import { formatDateTime } from '../../domain/format';
import { placeLabel, placeTone } from '../../domain/interventions';
import { StatusPill } from '../../ui/status-pill';
import { interventionTexts as t } from './texts';

export function PlaceBadge({ place }: { place: string }) {
  return <StatusPill tone={placeTone(place)}>{placeLabel(place)}</StatusPill>;
}

export const InterventionCard = memo(function InterventionCard({ item, manager, pending }: { item: InterventionListItem; manager: boolean; pending: boolean }) {
  const company = manager ? item.serviceProviderCompany?.name : item.ownerCompany?.name;
  const appointment = item.validAppointment?.date ?? null;
  const title = item.number ? t.number(item.number) : t.newRequest;
  return (
    <Link to="/requestsdetail/$id" params={{ id: String(item.id) }} className="request-card ir-card">
      <div className="request-card__head">
        <PlaceBadge place={item.place} />
        <span className="muted request-card__date">{formatDateTime(item.createdAt)}</span>
      </div>
      <strong className="request-card__title ir-card__title">{t.cardTitle(title, item.realEstate?.name)}</strong>
      <dl className="request-card__facts">
        {company ? (
          <>
            <dt>{manager ? t.provider : t.orderGiver}</dt>
            <dd>{company}</dd>
          </>
        ) : null}
        {item.businessArea?.name ? (
          <>
            <dt>{t.businessArea}</dt>
            <dd>{item.businessArea.name}</dd>
          </>
        ) : null}
        {appointment ? (
          <>
            <dt>{t.appointment}</dt>
            <dd>{formatDateTime(appointment)}</dd>
          </>
        ) : null}
      </dl>
      {pending ? <span className="status-tag">{t.notSent}</span> : null}
    </Link>
  );
});
