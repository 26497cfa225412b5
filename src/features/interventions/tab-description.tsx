/**
 * The Description tab (what, where, which buildings and trade) and the Medias
 * tab (photos of the request: thumbnails, open full size, download named by
 * md5; viewable offline once fetched).
 */
import type { InterventionDetailDto } from '../../../sync/index';
import { formatDateTime } from '../../domain/format';
import { mediaPath, type MediaRef } from '../../services/media';
import { Facts } from '../../ui/facts';
import { MediaGrid, MediaTile as KitMediaTile } from '../../ui/media-grid';
import { interventionTexts as t } from './texts';
import { EmptyOrNotYet } from '../../ui/offline-not-yet';
import type { PullOutcome } from '../../services/store-hooks';

export function DescriptionTab({ intervention: ir }: { intervention: InterventionDetailDto }) {
  const c = ir.contact;
  const address = c ? [c.address, c.additionalAddress, [c.postalCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : null;
  return (
    <Facts>
      <dt>{t.description.information}</dt>
      <dd className="pre">{ir.information || t.dash}</dd>
      <dt>{t.description.estate}</dt>
      <dd>{ir.realEstate?.name ?? t.dash}</dd>
      {address ? (
        <>
          <dt>{t.description.address}</dt>
          <dd>{address}</dd>
        </>
      ) : null}
      <dt>{t.description.buildings}</dt>
      <dd>{ir.buildings?.length ? ir.buildings.map((b) => b.name).join(', ') : t.dash}</dd>
      <dt>{t.description.area}</dt>
      <dd>{ir.businessArea?.name ?? t.dash}</dd>
      <dt>{t.description.createdAt}</dt>
      <dd>{formatDateTime(ir.createdAt)}</dd>
    </Facts>
  );
}

export function MediasTab({
  medias,
  pathOf = mediaPath,
  detail,
}: {
  medias: readonly MediaRef[];
  pathOf?: (id: number) => string;
  /** The request's detail (its medias come with it): never pulled, the tab says so rather than « none ». */
  detail?: { id: string; outcome: PullOutcome };
}) {
  if (medias.length === 0) {
    if (!detail) return <p className="muted">{t.noMedia}</p>;
    const resource = `intervention:${detail.id}`;
    return <EmptyOrNotYet count={0} resource={resource} object={resource} outcome={detail.outcome} empty={t.noMedia} />;
  }
  return (
    <MediaGrid>
      {medias.map((m) => (
        <li key={m.id}>
          <MediaTile media={m} path={pathOf(m.id)} />
        </li>
      ))}
    </MediaGrid>
  );
}

/** A photo of the request (also the debriefings' photos), named for screen readers by its file name. */
function MediaTile({ media, path }: { media: MediaRef; path: string }) {
  const name = media.name ?? t.theMedia;
  return (
    <KitMediaTile
      media={media}
      path={path}
      texts={{
        name: media.name ?? t.mediaName(media.id),
        alt: media.name ?? '',
        open: t.openMedia(name),
        download: t.downloadMedia(name),
        loading: t.loading,
        notOffline: t.notOffline,
      }}
    />
  );
}
