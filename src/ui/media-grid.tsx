/**
 * Photos and documents of a request as tiles (interventions' Medias, OS
 * Documents): a thumbnail opened full size, its name, and a download button
 * (named by md5 by the service); viewable offline once fetched.
 */
import type { ReactNode } from 'react';
import { handleError } from '../services/errors';
import { downloadMedia, useMediaUrl, type MediaRef } from '../services/media';
import { Icon } from './icons';
import './media-grid.css';

export function MediaGrid({ children }: { children: ReactNode }) {
  return <ul className="media-grid">{children}</ul>;
}

export interface MediaTileTexts {
  name: string;
  alt: string;
  open: string;
  download: string;
  loading: string;
  notOffline: string;
}

export function MediaTile({ media, path, texts }: { media: MediaRef; path: string; texts: MediaTileTexts }) {
  const { url, failed } = useMediaUrl(media.type?.startsWith('image/') === false ? null : path);
  return (
    <figure className="media-tile">
      {url ? (
        <a href={url} target="_blank" rel="noreferrer" aria-label={texts.open}>
          <img src={url} alt={texts.alt} loading="lazy" />
        </a>
      ) : (
        <div className="media-tile__placeholder">{failed ? texts.notOffline : texts.loading}</div>
      )}
      <figcaption>
        <span className="media-tile__name">{texts.name}</span>
        <button type="button" className="icon-button" aria-label={texts.download} onClick={() => void downloadMedia(path, media).catch(handleError)}>
          <Icon name="download" />
        </button>
      </figcaption>
    </figure>
  );
}
