/**
 * The tunnel's link to its draft in sync/ (echopark-draft.ts): reads it once
 * when the tunnel opens (with its photos from the blob store), saves every
 * change through the grouped writer, flushes when the screen goes or the page
 * hides, and drops it once the request is queued or the user starts over.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { clearEchoparkDraft, emptyDraft, groupedWriter, readEchoparkDraft, writeEchoparkDraft, type EchoparkDraft } from '../../../sync/index';
import { useStore } from '../../services/store-hooks';
import type { PickedImage } from '../../ui/image-picker';

export interface RestoredDraft {
  draft: EchoparkDraft;
  images: PickedImage[];
}

export function useTunnelDraft(communityId: number | null) {
  const store = useStore();
  const [restored, setRestored] = useState<RestoredDraft | null>(null);
  const storedPhotos = useRef(new Set<string>());
  const writer = useMemo(() => (store ? groupedWriter((d: EchoparkDraft) => writeEchoparkDraft(store.db, d)) : null), [store]);

  useEffect(() => {
    if (!store || communityId === null) return;
    let live = true;
    void (async () => {
      const saved = await readEchoparkDraft(store.db);
      const draft = saved && saved.communityId === communityId ? saved : emptyDraft(communityId);
      const images: PickedImage[] = [];
      for (const p of draft.photos) {
        const f = await store.files.get(p.id);
        if (f) images.push({ id: p.id, file: new File([f.blob], f.name, { type: f.type }) });
      }
      storedPhotos.current = new Set(images.map((i) => i.id));
      if (live) setRestored({ draft, images });
    })();
    return () => {
      live = false;
    };
  }, [store, communityId]);

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
      if (!store || !writer) return;
      // New photos go to the blob store at once; removed ones leave it.
      const ids = new Set(images.map((i) => i.id));
      for (const image of images) {
        if (storedPhotos.current.has(image.id)) continue;
        storedPhotos.current.add(image.id);
        void store.files.put({ id: image.id, blob: image.file, name: image.file.name, type: image.file.type, size: image.file.size });
      }
      const gone = [...storedPhotos.current].filter((id) => !ids.has(id));
      for (const id of gone) storedPhotos.current.delete(id);
      if (gone.length > 0) void store.files.remove(gone);
      writer.set(draft);
    },
    [store, writer],
  );

  const clear = useCallback(
    async (keepPhotos: boolean) => {
      writer?.cancel();
      if (store) await clearEchoparkDraft(store.db, store.files, keepPhotos);
      storedPhotos.current = new Set();
    },
    [store, writer],
  );

  return { restored, save, clear };
}
