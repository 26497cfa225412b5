/**
 * The offline editor of one visit: the working copy in memory, written to the
 * store a moment after each change (so a crash loses nothing), flagged as
 * changed, saved to the server (one coalesced outbox command) 30 s after a
 * change or on demand, and before leaving.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { map } from 'rxjs';
import type { VisitData, VisitLocalCopy, VisitSection } from '../../../sync/index';
import { getEngine } from '../../services/engine';
import { handleError } from '../../services/errors';
import { sendCommand } from '../../services/commands';
import { useStoreQuery } from '../../services/store-hooks';

export const AUTOSAVE_MS = 30_000;
/** Local writes are grouped this long: a fast typist does not write the whole visit per key. */
const LOCAL_WRITE_MS = 300;

/** A copy of the data where one section (found anywhere) is replaced by `change(section)`. */
export function updateSection(forms: VisitData, sectionId: string, change: (s: VisitSection) => VisitSection): VisitData {
  const walk = (sections: Record<string, VisitSection>): Record<string, VisitSection> | null => {
    for (const [id, section] of Object.entries(sections)) {
      if (id === sectionId) return { ...sections, [id]: change(section) };
      const inner = walk(section.sections);
      if (inner) return { ...sections, [id]: { ...section, sections: inner } };
    }
    return null;
  };
  for (const [formId, form] of Object.entries(forms)) {
    const sections = walk(form.sections);
    if (sections) return { ...forms, [formId]: { ...form, sections } };
  }
  return forms;
}

export function useVisitEditor(visitId: number) {
  const stored = useStoreQuery((s) => s.db.visitdata.findOne(String(visitId)).$.pipe(map((d) => (d ? (d.data as unknown as VisitLocalCopy) : null))), [visitId], null);
  const [forms, setForms] = useState<VisitData | null>(null);
  const [dirty, setDirty] = useState(false);
  const latest = useRef<VisitData | null>(null);
  const writeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The store's copy seeds the editor once; afterwards the editor is the source and writes back.
  useEffect(() => {
    if (stored.value && latest.current === null) {
      latest.current = stored.value.forms;
      setForms(stored.value.forms);
      setDirty(stored.value.dirty);
    }
  }, [stored.value]);

  const writeLocal = useCallback(async (isDirty: boolean) => {
    if (writeTimer.current) clearTimeout(writeTimer.current);
    writeTimer.current = null;
    const data = latest.current;
    if (!data) return;
    const engine = await getEngine();
    const doc = await engine.store?.db.visitdata.findOne(String(visitId)).exec();
    if (doc) await doc.incrementalPatch({ data: { ...doc.data, forms: data, dirty: isDirty } as Record<string, unknown>, savedAt: Date.now() });
  }, [visitId]);

  const save = useCallback(async (): Promise<boolean> => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = null;
    const data = latest.current;
    if (!data) return true;
    await writeLocal(false);
    const sent = await sendCommand('visit.save', { visitId, data }, { noWait: true });
    if (sent) setDirty(false);
    return sent !== null;
  }, [visitId, writeLocal]);

  const update = useCallback(
    (change: (forms: VisitData) => VisitData) => {
      const next = change(latest.current ?? {});
      latest.current = next;
      setForms(next);
      setDirty(true);
      if (writeTimer.current) clearTimeout(writeTimer.current);
      writeTimer.current = setTimeout(() => void writeLocal(true).catch(handleError), LOCAL_WRITE_MS);
      if (saveTimer.current) clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(() => void save(), AUTOSAVE_MS);
    },
    [save, writeLocal],
  );

  // Leaving the screen (or the page) never drops what was typed.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    const flush = () => {
      if (writeTimer.current) void writeLocal(true);
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flush);
      if (dirtyRef.current) void save();
      else flush();
      if (saveTimer.current) clearTimeout(saveTimer.current);
    };
  }, [save, writeLocal]);

  /** The data leaves with a pause or an end: nothing more to save from this screen. */
  const handOver = useCallback(() => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = null;
    dirtyRef.current = false;
    setDirty(false);
  }, []);

  return { copy: stored.value, loaded: stored.loaded, forms, dirty, update, save, handOver };
}
