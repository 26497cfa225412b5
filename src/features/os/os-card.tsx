/**
 * One OS in the list: its step, creation date, number and real estate, the
 * price in French format, the provider; marked while not yet sent.
 * Memoized: the list keeps an unchanged item's object, so a new page or a
 * change of one item draws only those cards.
 */
import { memo } from 'react';
import { Link } from '@tanstack/react-router';
import { osPlaceLabel, type OsData } from '../../../sync/index';
import { formatDateTime, formatPrice } from '../../domain/format';
import { StatusPill, type PillTone } from '../../ui/status-pill';
import { osTexts as t } from './texts';

/** The colour family of a place's badge. */
function tone(place: string): PillTone {
  if (place === 'closed') return 'done';
  if (place === 'start' || place === 'request_init' || place === 'request_completion') return 'new';
  if (place.endsWith('_signature') || place.startsWith('purchase_order')) return 'todo';
  return 'progress';
}

export function OsPlaceBadge({ place }: { place: string }) {
  return <StatusPill tone={tone(place)}>{osPlaceLabel(place)}</StatusPill>;
}

export const OsCard = memo(function OsCard({ item, pending }: { item: OsData; pending: boolean }) {
  const title = item.number ? t.cardNumber(item.number) : t.newCard;
  return (
    <Link to="/requests-os-detail/$id" params={{ id: String(item.id) }} className="request-card os-card">
      <div className="request-card__head">
        <OsPlaceBadge place={item.place} />
        <span className="muted request-card__date">{formatDateTime(item.createdAt)}</span>
      </div>
      <strong className="request-card__title">
        {title} · {item.realEstate?.name}
      </strong>
      <dl className="request-card__facts">
        <dt>{t.price}</dt>
        <dd className="os-price">{formatPrice(item.price) || t.dash}</dd>
        {item.serviceProviderCompany?.name ? (
          <>
            <dt>{t.provider}</dt>
            <dd>{item.serviceProviderCompany.name}</dd>
          </>
        ) : null}
      </dl>
      {pending ? <span className="status-tag">{t.notSent}</span> : null}
    </Link>
  );
});
