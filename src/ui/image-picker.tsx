/**
 * Picks photos for an upload: png, gif or jpeg, at most 5,000,000 bytes each,
 * checked at once with the spec's texts; previews with a remove button. The
 * chosen blobs are handed to commands, which keep them on the device until
 * the server confirms them.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { IMAGE_ACCEPT, checkImage } from '../../sync/index';
import { Icon } from './icons';

export interface PickedImage {
  id: string;
  file: File;
}

export const toStoredFile = (p: PickedImage) => ({ id: p.id, blob: p.file, name: p.file.name, type: p.file.type, size: p.file.size });

export function ImagePicker({ images, onChange, label = 'Ajouter des photos', wrongTypeText }: { images: PickedImage[]; onChange: (next: PickedImage[]) => void; label?: string; wrongTypeText?: string }) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const add = (files: FileList | null) => {
    setError(null);
    const accepted: PickedImage[] = [];
    for (const file of Array.from(files ?? [])) {
      const check = checkImage(file, wrongTypeText);
      if (!check.ok) setError(`${file.name} : ${check.message}`);
      else accepted.push({ id: crypto.randomUUID(), file });
    }
    onChange([...images, ...accepted]);
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
          add(e.target.files);
          e.target.value = '';
        }}
      />
      {/* After the input: its keyboard focus shows on the label (CSS `input:focus-visible + label`). */}
      <label htmlFor={inputId} className="btn btn--secondary">
        {label}
      </label>
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
              <button type="button" className="icon-button" aria-label={`Retirer ${image.file.name}`} onClick={() => onChange(images.filter((i) => i.id !== image.id))}>
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
