/**
 * The Description tab (what, where, which buildings and trade) and the Medias
 * tab (photos of the request: thumbnails, open full size, download named by
 * md5; viewable offline once fetched).
 */
import type { InterventionDetailDto } from '../../../sync/index';
import { formatDateTime } from '../../domain/format';
import { handleError } from '../../services/errors';
import { downloadMedia, mediaPath, useMediaUrl, type MediaRef } from '../../services/media';
import { Icon } from '../../ui/icons';
import { interventionTexts as t } from './texts';

export function DescriptionTab({ intervention: ir }: { intervention: InterventionDetailDto }) {
  const c = ir.contact;
  const address = c ? [c.address, c.additionalAddress, [c.postalCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : null;
  return (
    <dl className="facts">
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
    </dl>
  );
}

export function MediasTab({ medias, pathOf = mediaPath }: { medias: readonly MediaRef[]; pathOf?: (id: number) => string }) {
  if (medias.length === 0) return <p className="muted">{t.noMedia}</p>;
  return (
    <ul className="media-grid">
      {medias.map((m) => (
        <li key={m.id}>
          <MediaTile media={m} path={pathOf(m.id)} />
        </li>
      ))}
    </ul>
  );
}

export function MediaTile({ media, path }: { media: MediaRef; path: string }) {
  const { url, failed } = useMediaUrl(media.type?.startsWith('image/') === false ? null : path);
  return (
    <figure className="media-tile">
      {url ? (
        <a href={url} target="_blank" rel="noreferrer" aria-label={t.openMedia(media.name ?? t.theMedia)}>
          <img src={url} alt={media.name ?? ''} loading="lazy" />
        </a>
      ) : (
        <div className="media-tile__placeholder">{failed ? t.notOffline : t.loading}</div>
      )}
      <figcaption>
        <span className="media-tile__name">{media.name ?? t.mediaName(media.id)}</span>
        <button
          type="button"
          className="icon-button"
          aria-label={t.downloadMedia(media.name ?? t.theMedia)}
          onClick={() => void downloadMedia(path, media).catch(handleError)}
        >
          <Icon name="download" />
        </button>
      </figcaption>
    </figure>
  );
}
