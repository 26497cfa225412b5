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
import { Button } from '../../ui/controls';
import { ImagePicker, toStoredFile, type PickedImage } from '../../ui/image-picker';
import { MediaGrid, MediaTile } from '../../ui/media-grid';
import { osTexts as t } from './texts';

export function DocumentsTab({ medias }: { medias: readonly MediaDto[] }) {
  if (medias.length === 0) return <p className="muted">{t.documentsEmpty}</p>;
  return (
    <MediaGrid>
      {medias.map((m) => (
        <li key={m.id}>
          <DocumentTile media={m} />
        </li>
      ))}
    </MediaGrid>
  );
}

function DocumentTile({ media }: { media: MediaDto }) {
  const name = media.name || String(media.id);
  const texts = { name, alt: name, open: t.openDocument(name), download: t.downloadDocument(name), loading: t.loading, notOffline: t.notOffline };
  return <MediaTile media={media} path={osPaths.media(media.id)} texts={texts} />;
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
