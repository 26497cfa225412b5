/**
 * Picks photos for an upload: png, gif or jpeg, checked at once with the
 * spec's texts; previews with a remove button. Large photos are first reduced
 * to 2,048 px JPEG in a worker (services/image-downscale.ts), and the
 * 5,000,000-byte limit applies to what will be sent, so a 6 MB phone photo is
 * accepted once reduced; a file that cannot be read as an image is refused
 * (services/image-downscale.ts prepareImage, shared with the visit fields). The chosen blobs are handed to commands, which keep
 * them on the device until the server confirms them.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { IMAGE_ACCEPT } from '../../sync/index';
import { fr } from '../i18n/fr';
import { prepareImage } from '../services/image-downscale';
import { Icon } from './icons';

export interface PickedImage {
  id: string;
  file: File;
}

export const toStoredFile = (p: PickedImage) => ({ id: p.id, blob: p.file, name: p.file.name, type: p.file.type, size: p.file.size });

export function ImagePicker({
  images,
  onChange,
  label = fr.addPhotos,
  wrongTypeText,
}: {
  images: PickedImage[];
  onChange: (next: PickedImage[]) => void;
  label?: string;
  wrongTypeText?: string;
}) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(0);
  // The reduction is asynchronous: add to the images of the latest render, not of the pick.
  const latest = useRef({ images, onChange });
  useEffect(() => {
    latest.current = { images, onChange };
  });
  const add = async (files: File[]) => {
    setError(null);
    setPreparing((n) => n + files.length);
    const accepted: PickedImage[] = [];
    for (const picked of files) {
      const prepared = await prepareImage(picked, { wrongType: wrongTypeText, unreadable: fr.unreadablePhoto });
      if (!prepared.ok) setError(prepared.message.includes(picked.name) ? prepared.message : `${picked.name} : ${prepared.message}`);
      else accepted.push({ id: crypto.randomUUID(), file: prepared.file });
      setPreparing((n) => n - 1);
    }
    if (accepted.length) latest.current.onChange([...latest.current.images, ...accepted]);
  };
  return (
    <div className="image-picker">
      <input
        id={inputId}
        className="sr-only"
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        onChange={(e) => {
          void add(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      {/* After the input: its keyboard focus shows on the label (CSS `input:focus-visible + label`). */}
      <label htmlFor={inputId} className="btn btn--secondary">
        {label}
      </label>
      {preparing > 0 ? (
        <p className="muted small" role="status">
          {fr.preparingPhotos(preparing)}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {images.length > 0 ? (
        <ul className="thumbs">
          {images.map((image) => (
            <li key={image.id}>
              <Thumb file={image.file} />
              <button
                type="button"
                className="icon-button"
                aria-label={fr.removeFile(image.file.name)}
                onClick={() => onChange(images.filter((i) => i.id !== image.id))}
              >
                <Icon name="close" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Thumb({ file }: { file: File }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img src={url} alt={file.name} width={72} height={72} />;
}
