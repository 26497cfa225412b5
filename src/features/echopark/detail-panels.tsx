/**
 * The read-side panels of an echopark request (spec part 2 §2.1, §4.1):
 * description, follow-up timeline (message types 0, 1, 4, 5, 12, newest
 * first), consigne, and photos (the server's, plus those still on the device
 * waiting to be sent, then the picker: images only, 5 MB at most).
 */
import { useEffect, useState } from 'react';
import { timelineMessages, type EchoparkMessage } from '../../../sync/index';
import { capitalize, formatDateTime, fullName } from '../../domain/format';
import { runOperation } from '../../services/commands';
import { mediaPath, useMediaUrl } from '../../services/media';
import { showToast } from '../../services/toasts';
import { useOpenEngine } from '../../services/store-hooks';
import { Button } from '../../ui/controls';
import { Facts } from '../../ui/facts';
import { ImagePicker, toStoredFile, type PickedImage } from '../../ui/image-picker';
import { t } from './texts';
import { EmptyOrNotYet } from '../../ui/offline-not-yet';
import type { PullOutcome } from '../../services/store-hooks';
import type { RequestDoc } from './use-echopark';

type Data = RequestDoc['data'];

/** The request's detail (timeline, consigne and photos come with it, not with the list): never pulled, a panel says so rather than « none ». */
export interface DetailSource {
  /** Its refresh resource, 'echopark:<id>'. */
  resource: string;
  outcome: PullOutcome;
}

function Empty({ detail, count, text }: { detail: DetailSource | undefined; count: number; text: string }) {
  if (!detail) return count === 0 ? <p className="muted">{text}</p> : null;
  return <EmptyOrNotYet count={count} resource={detail.resource} object={detail.resource} outcome={detail.outcome} empty={text} />;
}

export function DescriptionPanel({ r }: { r: Data }) {
  const by = r.requestedBy;
  return (
    <section className="panel ep-panel" aria-labelledby="ep-panel-description">
      <h2 id="ep-panel-description">{t.description}</h2>
      <p className="pre">{r.message}</p>
      <Facts size="compact">
        <dt>{t.type}</dt>
        <dd>{r.domain?.requestTypeName}</dd>
        <dt>{t.domain}</dt>
        <dd>{[r.domain?.parentName, r.domain?.name].filter(Boolean).join(' › ')}</dd>
        <dt>{t.property}</dt>
        <dd>{r.realEstate?.label ?? r.realEstate?.name}</dd>
        {r.urgencyName ? (
          <>
            <dt>{t.urgency}</dt>
            <dd>{r.urgencyName}</dd>
          </>
        ) : null}
        {by?.lastName ? (
          <>
            <dt>{t.requestedBy}</dt>
            <dd>{[fullName(capitalize(by.firstName), by.lastName), by.companyName].filter(Boolean).join(' · ')}</dd>
          </>
        ) : null}
        {r.recipientInitial ? (
          <>
            <dt>{t.recipient}</dt>
            <dd>{[r.recipientInitial.roleName, r.recipientInitial.groupName].filter(Boolean).join(' · ')}</dd>
          </>
        ) : null}
      </Facts>
    </section>
  );
}

export function TimelinePanel({ messages, detail }: { messages: readonly (EchoparkMessage & { pending?: boolean })[]; detail?: DetailSource }) {
  const shown = timelineMessages(messages);
  return (
    <section className="panel ep-panel" aria-labelledby="ep-panel-timeline">
      <h2 id="ep-panel-timeline">{t.timeline}</h2>
      <Empty detail={detail} count={shown.length} text={t.noTimeline} />
      <ol className="ep-timeline">
        {shown.map((m, i) => (
          <li key={`${m.id}-${i}`} className={m.pending ? 'ep-timeline--pending' : undefined}>
            <p className="ep-timeline__meta">
              {[formatDateTime(m.createdAt), m.step?.stepName, m.role?.roleName, m.group?.groupName].filter(Boolean).join(' · ')}
              {m.pending ? ` · ${t.waitingToSend}` : ''}
            </p>
            <p className="ep-timeline__text">{m.message}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ConsignePanel({ text, detail }: { text: string | undefined; detail?: DetailSource }) {
  return (
    <section className="panel ep-panel ep-consigne" aria-labelledby="ep-panel-consigne">
      <h2 id="ep-panel-consigne">{t.consigneTitle}</h2>
      {text !== undefined ? <p>{text}</p> : <Empty detail={detail} count={0} text={t.consigneNone} />}
    </section>
  );
}

/** A photo still in the device's blob store, shown until its upload is confirmed. */
function LocalPhoto({ fileId, name }: { fileId: string; name: string }) {
  const engine = useOpenEngine();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let created: string | null = null;
    void engine?.echopark.localPhoto(fileId).then((blob) => {
      if (blob) setUrl((created = URL.createObjectURL(blob)));
    });
    return () => {
      if (created) URL.revokeObjectURL(created);
    };
  }, [engine, fileId]);
  return (
    <figure>
      {url ? <img src={url} alt={t.pendingPhotoAlt(name)} /> : null}
      <figcaption>{t.waitingToSend}</figcaption>
    </figure>
  );
}

/** A photo of the detail: inline base64, or (past the server's inline budget, b64 empty) loaded from api/media/{mediaId}. */
function ServerPhoto({ photo, alt }: { photo: { b64: string; mime: string; mediaId?: number | undefined }; alt: string }) {
  const { url } = useMediaUrl(photo.b64 === '' && photo.mediaId !== undefined ? mediaPath(photo.mediaId) : null);
  const src = photo.b64 !== '' ? `data:${photo.mime};base64,${photo.b64}` : url;
  return src ? <img src={src} alt={alt} /> : null;
}

export function PhotosPanel({ requestId, r, canAdd, detail }: { requestId: string; r: Data; canAdd: boolean; detail?: DetailSource }) {
  const [images, setImages] = useState<PickedImage[]>([]);
  const pictures = r.pictures ?? [];
  const send = async () => {
    if (images.length === 0) return showToast({ title: t.errorTitle, text: t.pictureNeeded, tone: 'error' });
    const photos = images.map(toStoredFile);
    setImages([]);
    await runOperation((e) => e.echopark.addPhotos({ requestId, photos }), { success: t.pictureAdded });
  };
  return (
    <section className="panel ep-panel" aria-labelledby="ep-panel-photos">
      <h2 id="ep-panel-photos">{t.photosPanel}</h2>
      <Empty detail={detail} count={pictures.length + (r.localPictures ?? []).length} text={t.noPhotos} />
      <ul className="ep-photos">
        {pictures.map((p, i) => (
          <li key={p.id}>
            <ServerPhoto photo={p} alt={t.photoAlt(i + 1)} />
          </li>
        ))}
        {(r.localPictures ?? []).map((p) => (
          <li key={p.fileId}>
            <LocalPhoto fileId={p.fileId} name={p.name} />
          </li>
        ))}
      </ul>
      {canAdd ? (
        <div className="stack">
          <ImagePicker images={images} onChange={setImages} label={t.addPhotos} wrongTypeText={t.pictureNeeded} />
          <Button onClick={() => void send()}>{t.sendPhotos}</Button>
        </div>
      ) : null}
    </section>
  );
}
