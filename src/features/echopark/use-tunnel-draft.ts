/**
 * The tunnel's link to its draft in the engine's drafts kit (one per request
 * being created): resumes the latest draft of the community when the tunnel
 * opens (with its photos from the blob store), saves every change through
 * the grouped writer, flushes when the screen goes or the page hides, and
 * drops it once the request is queued or the user starts over.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DRAFT_WRITE_DELAY_MS, emptyDraft, groupedWriter, type EchoparkDraft } from '../../../sync/index';
import { useOpenEngine } from '../../services/store-hooks';
import type { PickedImage } from '../../ui/image-picker';
import { t } from './texts';

export interface RestoredDraft {
  draft: EchoparkDraft;
  images: PickedImage[];
}

const newKey = () => `ep-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function useTunnelDraft(communityId: number | null) {
  const engine = useOpenEngine();
  const [restored, setRestored] = useState<RestoredDraft | null>(null);
  const key = useRef<string>(newKey());
  const storedPhotos = useRef(new Set<string>());
  const writer = useMemo(
    () => (engine ? groupedWriter((d: EchoparkDraft) => engine.echopark.drafts.save(key.current, d, t.draftLabel), DRAFT_WRITE_DELAY_MS) : null),
    [engine],
  );

  useEffect(() => {
    if (!engine || communityId === null) return;
    let live = true;
    void (async () => {
      const saved = await engine.echopark.drafts.latest(communityId);
      if (saved) key.current = saved.key;
      const draft = saved?.draft ?? emptyDraft(communityId);
      const images: PickedImage[] = [];
      for (const p of draft.photos) {
        const f = await engine.echopark.drafts.photo(p.id);
        if (f) images.push({ id: p.id, file: new File([f.blob], f.name, { type: f.type }) });
      }
      storedPhotos.current = new Set(images.map((i) => i.id));
      if (live) setRestored({ draft, images });
    })();
    return () => {
      live = false;
    };
  }, [engine, communityId]);

  // Leaving the screen or hiding the page (a phone locking, a tab closing) writes what is pending.
  useEffect(() => {
    if (!writer) return;
    const hide = () => void writer.flush();
    window.addEventListener('pagehide', hide);
    return () => {
      window.removeEventListener('pagehide', hide);
      void writer.flush();
    };
  }, [writer]);

  const save = useCallback(
    (draft: EchoparkDraft, images: readonly PickedImage[]) => {
      if (!engine || !writer) return;
      // New photos go to the blob store at once; removed ones leave it.
      const ids = new Set(images.map((i) => i.id));
      for (const image of images) {
        if (storedPhotos.current.has(image.id)) continue;
        storedPhotos.current.add(image.id);
        void engine.echopark.drafts.putPhoto({ id: image.id, blob: image.file, name: image.file.name, type: image.file.type, size: image.file.size });
      }
      const gone = [...storedPhotos.current].filter((id) => !ids.has(id));
      for (const id of gone) storedPhotos.current.delete(id);
      if (gone.length > 0) void engine.echopark.drafts.removePhotos(gone);
      writer.set(draft);
    },
    [engine, writer],
  );

  const clear = useCallback(
    async (keepPhotos: boolean) => {
      // What comes next is a new draft under its own key, even if dropping this one fails.
      const dropped = key.current;
      key.current = newKey();
      storedPhotos.current = new Set();
      // A write already under way ends first: it would bring the dropped draft back.
      await writer?.cancel();
      if (engine) await engine.echopark.drafts.remove(dropped, keepPhotos);
    },
    [engine, writer],
  );

  return { restored, save, clear };
}
