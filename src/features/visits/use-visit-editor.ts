/**
 * The visit editor for the screens: the engine's draft of the visit (see
 * sync/drafts/visit-draft.ts), which owns the working copy, its grouped local
 * writes and its autosave. A screen only subscribes to it and calls update
 * and save; leaving the screen releases the draft, which saves what was typed.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { DraftSnapshot, FieldChange, VisitData, VisitDraft } from '../../../sync/index';
import { useOpenEngine } from '../../services/store-hooks';
import { handleError } from '../../services/errors';

const EMPTY: DraftSnapshot = { loaded: false, copy: null, forms: null, outline: null, dirty: false };
const noDraft = { getSnapshot: () => EMPTY, subscribe: () => () => undefined };

export function useVisitEditor(visitId: number) {
  // The engine once its store is open, its opening drawn as a transition (store-hooks.ts), not in one
  // blocking render of the whole visit.
  const engine = useOpenEngine();
  const [draft, setDraft] = useState<VisitDraft | null>(null);
  useEffect(() => {
    if (!engine) return;
    const held = engine.visits.draft(visitId);
    setDraft(held.draft);
    return () => {
      held.release();
      setDraft(null);
    };
  }, [engine, visitId]);
  const source = draft ?? noDraft;
  const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot);

  const update = useCallback((change: (forms: VisitData) => VisitData) => draft?.update(change), [draft]);
  const save = useCallback(async (): Promise<boolean> => {
    if (!draft) return true;
    try {
      return await draft.save();
    } catch (error) {
      handleError(error);
      return false;
    }
  }, [draft]);
  const answer = useCallback((fieldId: string, change: FieldChange) => draft?.answer(fieldId, change), [draft]);
  const comment = useCallback((sectionId: string, text: string) => draft?.comment(sectionId, text), [draft]);
  const settle = useCallback(() => draft?.settle(), [draft]);
  const changeField = useCallback(
    (fieldId: string, change: FieldChange) => {
      draft?.answer(fieldId, change);
      draft?.settle();
    },
    [draft],
  );
  /** The forms with every answer typed so far (settled first): what a pause or an end sends. */
  const latestForms = useCallback(() => (draft?.settle(), draft?.getSnapshot().forms ?? null), [draft]);
  const handOver = useCallback(() => draft?.handOver(), [draft]);

  return {
    copy: snapshot.copy,
    loaded: snapshot.loaded,
    forms: snapshot.forms,
    outline: snapshot.outline,
    dirty: snapshot.dirty,
    update,
    answer,
    comment,
    changeField,
    settle,
    latestForms,
    save,
    handOver,
  };
}
