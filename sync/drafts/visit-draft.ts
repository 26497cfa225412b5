/**
 * The draft of a started visit, owned by the engine and not by a screen: the
 * working copy lives in memory, is written to the store 300 ms after the last
 * change (a crash or a reload loses at most that), is flagged dirty, and is
 * saved to the server as one coalesced `visit.save` command 30 s after a
 * change, on demand, and when the last screen lets it go. A draft reopened
 * after a reload with unsaved changes schedules their autosave again.
 * Screens subscribe (useSyncExternalStore) and call update/save; nothing they
 * type depends on which screen is mounted.
 */
import type { VisitData } from '../contract/visit-data';
import type { Database } from '../store/database';
import type { FileStore } from '../store/files';
import { dataOf } from '../store/plain';
import { modifyData } from '../store/modify-data';
import { metaOf, type StoredVisitCopy, type VisitCopyMeta } from '../pull/visits';
import { formsBlobSoon, formsFile, warmFormsBlob } from './visit-forms-blob';
import { dropForms, formsInDocument, putForms, readForms } from './visit-forms-store';
import { createAnswerBuffer, fieldIn, TypedAnswers, type FieldChange } from './visit-answers';
import { applyAnswers, clearAnswers, newAnswersBase, readAnswers, writeAnswers } from './visit-answers-store';
import type { OperationOutbox } from '../commands/operation';
import { realTimers, type Timers } from './grouped-writer';

export type { Timers } from './grouped-writer';

export const AUTOSAVE_MS = 30_000;
/** Local writes are grouped this long: a fast typist does not write the whole visit per key. */
export const LOCAL_WRITE_MS = 300;
/** Typing without a pause still reaches the disk this often. */
export const ANSWERS_MAX_WAIT_MS = 2_000;
/**
 * Answers reach the screens (« À remplir », the counts, a wrong address) when typing has paused this
 * long after a local write, or at once when the screen moves elsewhere. Putting them in the forms
 * copies a form of up to 4,000 sections and renders the visit: done at each word, it delayed the keys
 * typed next.
 */
export const SETTLE_AFTER_WRITE_MS = 700;
/**
 * The answers beside the copy are one document, written whole at each pause in typing: from this
 * many fields on, a pause folds them into the forms (a whole write, the side document removed)
 * rather than let each pause of a long inspection write every field answered since the download.
 */
export const FOLD_ANSWERS_AT = 200;

export interface DraftEnv {
  db: Database;
  /** Where the forms are kept (visit-forms-store.ts). */
  files: FileStore;
  outbox: OperationOutbox;
  timers?: Timers;
  /** A background write or save failed (told to the user by the app, not thrown at a keystroke). */
  onError?: (error: unknown) => void;
  /** FOLD_ANSWERS_AT, smaller in tests. */
  foldAnswersAt?: number;
}

export interface DraftSnapshot {
  loaded: boolean;
  /** The stored copy (info, fiche, files, flags) as loaded; null when the visit is not on this device. */
  copy: VisitCopyMeta | null;
  forms: VisitData | null;
  /**
   * The forms as of their last change other than answers (load, structure, names, flags): what the
   * drawer's tree shows. Answers leave it as it is, so the tree is not compared again at each word.
   */
  outline: VisitData | null;
  dirty: boolean;
}

export type VisitDraft = ReturnType<typeof openVisitDraft>;

export function openVisitDraft(env: DraftEnv, visitId: number) {
  const timers = env.timers ?? realTimers;
  const foldAt = env.foldAnswersAt ?? FOLD_ANSWERS_AT;
  const report = env.onError ?? ((error: unknown) => console.warn('Brouillon de visite', error));
  let snapshot: DraftSnapshot = { loaded: false, copy: null, forms: null, outline: null, dirty: false };
  const listeners = new Set<() => void>();
  let writeTimer: unknown = null;
  let saveTimer: unknown = null;
  let settleTimer: unknown = null;
  let closed = false;
  let watching: { unsubscribe(): void } | null = null;
  // Answers typed and not yet in snapshot.forms (visit-answers.ts), and since when.
  const answers = createAnswerBuffer();
  let heldSince = 0;
  // Answers taken from the buffer (on disk, or about to be) and not yet in snapshot.forms.
  const unsettled = new TypedAnswers();
  // The disk side (visit-answers-store.ts): the last whole write, what was typed since, and
  // whether a change they cannot carry was made.
  let base: string | undefined;
  const answered = new TypedAnswers();
  let answeredVersion = 0;
  // Every change by the user, counted: a save ends clean only if none came while it ran.
  let changes = 0;
  let wholeNeeded = false;

  /** A change told to the screens; forms that do not come from answers are the new outline too. */
  const publish = (change: Partial<DraftSnapshot>, answersOnly = false) => {
    snapshot = { ...snapshot, ...change, ...(change.forms !== undefined && !answersOnly ? { outline: change.forms } : {}) };
    for (const listener of listeners) listener();
  };
  const stop = (timer: unknown) => {
    if (timer !== null) timers.clearTimeout(timer);
    return null;
  };

  // The whole write of the forms last read or written here: the store's echo of our own write is not read again.
  let knownBase: string | undefined;

  /** The held answers, each applied to its field's latest state: for the disk, the forms untouched. */
  function takeHeld(): void {
    if (answers.size === 0) return;
    const forms = snapshot.forms;
    if (!forms) return answers.clear();
    const taken = answers.take((id) => unsettled.fields.get(id) ?? fieldIn(forms, id));
    unsettled.add(taken);
    answered.add(taken);
    answeredVersion++;
  }

  /** The answers typed so far into the forms, told to the screens: one render for a pause in typing. */
  function settle(): void {
    settleTimer = stop(settleTimer);
    takeHeld();
    if (unsettled.size === 0 || !snapshot.forms) return unsettled.clear();
    const forms = unsettled.applyTo(snapshot.forms);
    unsettled.clear();
    publish({ forms }, true);
  }

  /** Something typed was held: written within LOCAL_WRITE_MS of a pause, saved within AUTOSAVE_MS. */
  function held(): void {
    changes++;
    if (heldSince === 0) heldSince = Date.now();
    if (!snapshot.dirty) publish({ dirty: true });
    scheduleWrite();
    scheduleAutosave();
  }

  /** Settles SETTLE_AFTER_WRITE_MS after the last local write, unless a key came since (its write asks again). */
  function settleAfterWrite(): void {
    settleTimer = stop(settleTimer);
    settleTimer = timers.setTimeout(() => {
      settleTimer = null;
      if (writeTimer === null && answers.size === 0) settle();
    }, SETTLE_AFTER_WRITE_MS);
  }

  /** The grouped local write, LOCAL_WRITE_MS after the last change (ANSWERS_MAX_WAIT_MS at most while typing on). */
  function scheduleWrite(): void {
    const waited = answers.size > 0 && heldSince > 0 ? Date.now() - heldSince : 0;
    if (writeTimer !== null && waited >= ANSWERS_MAX_WAIT_MS) return;
    writeTimer = stop(writeTimer);
    writeTimer = timers.setTimeout(() => void writeLocal(true).catch(report), LOCAL_WRITE_MS);
  }

  // One local write at a time: answers written beside a whole write still running would be removed by it.
  let writing: Promise<unknown> = Promise.resolve();
  function serialized<T>(write: () => Promise<T>): Promise<T> {
    const run = writing.then(write);
    writing = run.catch(() => undefined);
    return run;
  }
  /** The grouped write now; true when it went beside the copy (answers only). */
  function writeLocal(dirty: boolean): Promise<boolean> {
    writeTimer = stop(writeTimer);
    takeHeld();
    if (unsettled.size > 0) settleAfterWrite();
    return serialized(() => writeNow(dirty));
  }

  async function writeNow(dirty: boolean): Promise<boolean> {
    heldSince = 0;
    if (!wholeNeeded && base !== undefined && snapshot.forms) {
      // Only answers since the last whole write: they go beside it, a few hundred bytes per field.
      takeHeld();
      if (answered.size < foldAt) {
        if (answered.size > 0) await writeAnswers(env.db, visitId, base, answered);
        return true;
      }
    }
    settle();
    const forms = snapshot.forms;
    if (!forms) return false;
    // Taken now: what is answered while the write runs (its blob is made between tasks) belongs to the next one.
    answered.clear();
    wholeNeeded = false;
    base = knownBase = newAnswersBase();
    // The forms' blob, then the document pointing at it (only its flags besides), then the old blob goes.
    await putForms(env.files, visitId, base, await formsBlobSoon(visitId, forms));
    const doc = await env.db.visitdata.findOne(String(visitId)).exec();
    if (!doc) {
      await dropForms(env.files, visitId); // the copy went meanwhile: its forms go too
      return false;
    }
    // On the copy as it is at the write (a start or a download's file list may land meanwhile).
    await modifyData<StoredVisitCopy>(doc as never, (latest) => ({ ...metaOf(latest), dirty, answersBase: base }), { savedAt: Date.now() });
    await clearAnswers(env.db, visitId);
    await dropForms(env.files, visitId, base);
    return false;
  }

  /** The stored copy's flags, and its forms unless they are the write this draft already holds. */
  async function fromStore(stored: StoredVisitCopy | null): Promise<{ copy: VisitCopyMeta | null; forms?: VisitData | null }> {
    if (!stored) return { copy: null, forms: null };
    const copy = metaOf(stored);
    if (knownBase !== undefined && stored.answersBase === knownBase) return { copy };
    knownBase = formsInDocument(stored) ? undefined : stored.answersBase;
    return { copy, forms: await readForms(env.files, visitId, stored) };
  }

  /**
   * 30 s after the first change not yet saved (spec: "30000 ms after a change"), not pushed back by
   * each keystroke: an inspector typing without a pause is still saved every 30 s.
   */
  function scheduleAutosave(): void {
    saveTimer ??= timers.setTimeout(() => {
      saveTimer = null;
      void draft.save().catch(report);
    }, AUTOSAVE_MS);
  }

  const draft = {
    visitId,
    getSnapshot: () => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * Reads the stored copy and follows it: a download, a start, a pause or another tab change the
     * copy's flags; the answers are taken from the store only while nothing typed here is unsaved.
     * Unsaved changes found there (a reload) are scheduled for autosave.
     */
    async load(): Promise<void> {
      const doc = await env.db.visitdata.findOne(String(visitId)).exec();
      knownBase = undefined;
      const stored = doc ? dataOf<StoredVisitCopy>(doc) : null;
      const { copy, forms } = await fromStore(stored);
      // Answers typed after the last whole write (a reload or a crash in between) complete it.
      base = stored?.answersBase;
      const kept = forms ? await readAnswers(env.db, visitId, base) : { answers: new TypedAnswers(), saved: false };
      answered.add(kept.answers);
      const dirty = (copy?.dirty ?? false) || (kept.answers.size > 0 && !kept.saved);
      const loaded = forms ? applyAnswers(forms, kept.answers) : null;
      publish({ loaded: true, copy, forms: loaded, dirty });
      // The blob a save sends is made ahead, while the page is idle (visit-forms-blob.ts).
      if (loaded && copy?.started) warmFormsBlob(visitId, loaded);
      if (closed) return; // closed while loading: nothing to follow
      if (dirty && copy?.started) scheduleAutosave();
      // Each change read in turn; a read overtaken by a later change is not told.
      let turn = 0;
      watching ??= env.db.visitdata.findOne(String(visitId)).$.subscribe((latest) => {
        if (closed) return;
        const mine = ++turn;
        const next = latest ? dataOf<StoredVisitCopy>(latest) : null;
        if (snapshot.dirty || writeTimer !== null) return publish({ copy: next ? metaOf(next) : null });
        void fromStore(next)
          .then((read) => {
            if (!closed && mine === turn && !snapshot.dirty && writeTimer === null) publish(read);
          })
          .catch(report);
      });
    },

    /** A change by the user: in memory now, on disk within 300 ms, on the server within 30 s. */
    update(change: (forms: VisitData) => VisitData): void {
      if (closed) return;
      settle();
      // Any other change (a choice, a flag, a label, a copied section) is written whole.
      wholeNeeded = true;
      changes++;
      publish({ forms: change(snapshot.forms ?? {}), dirty: true });
      scheduleWrite();
      scheduleAutosave();
    },

    /**
     * An answer typed into an (uncontrolled) input: held, and applied with the others when typing
     * pauses (settle). Only the first one since the last save tells the screens (« Enregistrer • »).
     */
    answer(fieldId: string, change: FieldChange): void {
      if (closed) return;
      answers.add(fieldId, change);
      held();
    },

    /** A section's comment typed into its (uncontrolled) input: held as an answer is. */
    comment(sectionId: string, text: string): void {
      if (closed) return;
      answers.comment(sectionId, text);
      held();
    },

    /** The held answers applied now: before the screen shows another section, or reads the forms. */
    settle,

    /** Writes the grouped local change now (page hidden or closing). */
    async flushLocal(): Promise<void> {
      if (writeTimer !== null) await writeLocal(true);
    },

    /** Queues the data to the server (one coalesced command). False when it could not be queued. */
    async save(): Promise<boolean> {
      saveTimer = stop(saveTimer);
      settle();
      const forms = snapshot.forms;
      if (!forms || !snapshot.dirty) return true;
      const version = answeredVersion;
      const changesSaved = changes;
      const beside = await writeLocal(false);
      const file = await formsFile(visitId, forms);
      await env.outbox.enqueue('visit.save', { visitId, dataFile: file.id }, { files: [file] });
      // The answers beside the copy are in the queued save, unless more came since: the copy (8 MB for
      // 20,000 fields) is not written again for a save.
      if (beside)
        await serialized(async () => {
          if (answeredVersion === version && answers.size === 0 && !wholeNeeded && base !== undefined && answered.size > 0)
            await writeAnswers(env.db, visitId, base, answered, true);
        });
      // Typed while this save ran: not in it, still to be saved (its autosave is scheduled).
      publish({ dirty: changes !== changesSaved });
      return true;
    },

    /** The data leaves with a pause or an end (closeVisit): no more autosave from this draft. */
    handOver(): void {
      settle();
      saveTimer = stop(saveTimer);
      writeTimer = stop(writeTimer);
      publish({ dirty: false });
    },

    /** Nobody edits it any more: what was typed is saved (or at least written) before it goes. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      if (snapshot.dirty)
        await draft.save().catch(async (error: unknown) => {
          report(error);
          await writeLocal(true);
        });
      else await draft.flushLocal();
      saveTimer = stop(saveTimer);
      settleTimer = stop(settleTimer);
      watching?.unsubscribe();
      listeners.clear();
    },
  };
  return draft;
}
