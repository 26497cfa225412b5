/**
 * Answers typed since the visit copy was last written whole, kept on disk
 * beside it (issue 22). A visit of 20,000 fields is an 8 MB text: writing it
 * for each typed word cost ~150 ms of main thread under a 4× slower CPU
 * (IndexedDB's copy, the tabs' BroadcastChannel copy, the store's read
 * back), long enough to swallow keystrokes. The draft writes the copy whole
 * when it saves and after a change of structure or flags; in between, only the
 * fields answered and the sections' comments typed, as one small local document tied to that write (answers
 * there mean unsaved work, whatever the copy's dirty flag says, until a save
 * queued with them marks them `saved`: a save need not write the copy whole
 * either): a copy written again, replaced by a download or removed leaves no
 * answer applied to the wrong text.
 */
import type { VisitData, VisitField, VisitSection } from '../contract/visit-data';
import type { Database } from '../store/database';
import { readLocal, removeLocal, writeLocal } from '../store/local';
import { TypedAnswers } from './visit-answers';

interface StoredAnswers {
  /** The whole write these answers complete (StoredVisitCopy.answersBase). */
  base: string;
  fields: VisitField[];
  /** Sections' comments typed, as [section id, comment] (absent from documents written before they were held). */
  comments?: [string, string][];
  /** The forms with these answers are queued for the server (a save): they are no longer unsaved work. */
  saved?: boolean;
}

const answersDoc = (visitId: number) => `visit-answers:${visitId}`;

export const newAnswersBase = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function writeAnswers(db: Database, visitId: number, base: string, answers: TypedAnswers, saved = false): Promise<void> {
  return writeLocal<StoredAnswers>(db, answersDoc(visitId), { base, fields: [...answers.fields.values()], comments: [...answers.comments], saved });
}

/** The answers that complete the copy's last whole write (none if they belong to another one), and whether a save holds them. */
export async function readAnswers(db: Database, visitId: number, base: string | undefined): Promise<{ answers: TypedAnswers; saved: boolean }> {
  const stored = await readLocal<StoredAnswers>(db, answersDoc(visitId));
  const answers = new TypedAnswers();
  if (!stored || base === undefined || stored.base !== base) return { answers, saved: false };
  for (const field of stored.fields) answers.fields.set(field.id, field);
  for (const [sectionId, comment] of stored.comments ?? []) answers.comments.set(sectionId, comment);
  return { answers, saved: stored.saved === true };
}

/** Unsaved work on disk: the copy says dirty, or answers complete its last whole write that no queued save holds. */
export async function unsavedOnDisk(db: Database, visitId: number, copy: { dirty: boolean; answersBase?: string }): Promise<boolean> {
  if (copy.dirty) return true;
  const { answers, saved } = await readAnswers(db, visitId, copy.answersBase);
  return answers.size > 0 && !saved;
}

export const clearAnswers = (db: Database, visitId: number): Promise<void> => removeLocal(db, answersDoc(visitId));

/** The answers put into freshly read forms (one walk over the sections, whatever their number). */
export function applyAnswers(forms: VisitData, answers: TypedAnswers): VisitData {
  if (answers.size === 0) return forms;
  const { fields: wanted, comments } = answers;
  // A copy of the path to each answered field, nothing changed in place: screens and caches keyed by
  // a section's objects (the required counts) may already hold the data read.
  const walk = (sections: Record<string, VisitSection>): Record<string, VisitSection> => {
    let out = sections;
    for (const id in sections) {
      const section = sections[id]!;
      let fieldsOut = section.fields;
      for (const fieldId in section.fields) {
        const answer = wanted.get(fieldId);
        if (answer) fieldsOut = { ...fieldsOut, [fieldId]: answer };
      }
      const inner = walk(section.sections);
      const comment = comments.get(id) ?? section.comment;
      if (fieldsOut !== section.fields || inner !== section.sections || comment !== section.comment) {
        if (out === sections) out = { ...sections };
        out[id] = { ...section, fields: fieldsOut, sections: inner, comment };
      }
    }
    return out;
  };
  const out: VisitData = {};
  for (const [formId, form] of Object.entries(forms)) {
    const sections = walk(form.sections);
    out[formId] = sections === form.sections ? form : { ...form, sections };
  }
  return out;
}
