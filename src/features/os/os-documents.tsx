/**
 * The Documents tab of an OS (spec part 1 §2, §7): its documents as
 * thumbnails, opened full size or downloaded under their md5 name, viewable
 * offline once fetched (the service worker keeps them); and new documents,
 * each an upload command with its progress, kept on the device until sent.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { osPaths, type MediaDto } from '../../../sync/index';
import { engineState } from '../../services/engine';
import { runOperation } from '../../services/commands';
import { handleError } from '../../services/errors';
import { downloadMedia, useMediaUrl } from '../../services/media';
import { Button } from '../../ui/controls';
import { Icon } from '../../ui/icons';
import { ImagePicker, toStoredFile, type PickedImage } from '../../ui/image-picker';
import { osTexts as t } from './texts';

export function DocumentsTab({ medias }: { medias: readonly MediaDto[] }) {
  if (medias.length === 0) return <p className="muted">{t.documentsEmpty}</p>;
  return (
    <ul className="os-media-grid">
      {medias.map((m) => (
        <li key={m.id}>
          <DocumentTile media={m} />
        </li>
      ))}
    </ul>
  );
}

function DocumentTile({ media }: { media: MediaDto }) {
  const path = osPaths.media(media.id);
  const name = media.name || String(media.id);
  const { url, failed } = useMediaUrl(media.type?.startsWith('image/') === false ? null : path);
  return (
    <figure className="os-media">
      {url ? (
        <a href={url} target="_blank" rel="noreferrer" aria-label={t.openDocument(name)}>
          <img src={url} alt={name} loading="lazy" />
        </a>
      ) : (
        <div className="os-media__placeholder">{failed ? t.notOffline : t.loading}</div>
      )}
      <figcaption>
        <span className="os-media__name">{name}</span>
        <button type="button" className="icon-button" aria-label={t.downloadDocument(name)} onClick={() => void downloadMedia(path, media).catch(handleError)}>
          <Icon name="download" />
        </button>
      </figcaption>
    </figure>
  );
}

/** Picks documents and queues one upload each; shows the uploads of this OS still on the device, with their progress. */
export function AddDocuments({ osId }: { osId: string }) {
  const [images, setImages] = useState<PickedImage[]>([]);
  const { commands, progress } = useSnapshot(engineState);
  const uploads = commands.filter((c) => c.name === 'os.media' && c.entity === `os:${osId}`);
  const send = async () => {
    const files = images.map(toStoredFile);
    setImages([]);
    await runOperation((e) => e.os.addDocuments({ osId, files }), { success: t.documentsSent });
  };
  return (
    <div className="stack os-add-documents">
      <ImagePicker images={images} onChange={setImages} label={t.addDocuments} wrongTypeText={t.notAnImage} />
      {images.length > 0 ? <Button onClick={() => void send()}>{t.sendDocuments}</Button> : null}
      {uploads.length > 0 ? (
        <ul className="os-uploads" aria-live="polite">
          {uploads.map((c) => {
            const fileName = String(c.payload.fileName ?? '');
            const percent = progress[c.id];
            return (
              <li key={c.id}>
                {percent === undefined ? t.waitingUpload(fileName) : t.uploading(fileName, percent)}
                {percent !== undefined ? <progress max={100} value={percent} aria-label={t.uploading(fileName, percent)} /> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
