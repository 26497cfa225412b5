/**
 * Media of interventions and OS: downloaded with the bearer token (the
 * service worker keeps each one in its media cache, so once fetched it opens
 * offline), shown through object URLs and saved under their md5 name.
 */
import { useEffect, useState } from 'react';
import { session } from './session';

export interface MediaRef {
  id: number;
  name?: string;
  type?: string;
  md5?: string;
}

export const mediaPath = (id: number) => `api/media/${id}`;

export function fetchMedia(path: string): Promise<Blob> {
  return session.api.call<Blob>('GET', path, { blob: true });
}

/** An object URL for an image thumbnail; null while loading or when it cannot be had (offline, never fetched). */
export function useMediaUrl(path: string | null): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!path) return;
    let url: string | null = null;
    let live = true;
    fetchMedia(path)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        if (live) setState({ url, failed: false });
      })
      .catch(() => live && setState({ url: null, failed: true }));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return state;
}

/** Saves the media under its md5 name (spec part 1 §7). */
export async function downloadMedia(path: string, media: MediaRef): Promise<void> {
  const blob = await fetchMedia(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = media.md5 ?? media.name ?? `media-${media.id}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
