/**
 * Where a downloaded visit's forms are kept (issue 22): a JSON blob in the
 * file store, beside the small copy document (flags, info, fiche, files).
 * A 20,000-field visit is 8 MB of text: inside the RxDB document, each flag
 * change (start, pause, end, a file fetched, the copy's removal) wrote it
 * again and copied it to the other tabs, 0.5–0.9 s of main thread at 4×.
 *
 * One blob per whole write of the forms, named by that write's base
 * (StoredVisitCopy.answersBase, which the answers kept beside also name). The
 * blob is written before the document points at it and the previous one is
 * removed after: a crash in between leaves a blob nothing points at (swept
 * later), never a copy without its forms. Copies stored by earlier versions
 * hold their forms in the document (text, or objects before that); they are
 * read from there until their next whole write.
 */
import type { VisitData } from '../contract/visit-data';
import type { FileStore } from '../store/files';
import { formsFromStore } from './visit-forms-text';

const PREFIX = 'visitforms:';
const formsId = (visitId: number, base: string) => `${PREFIX}${visitId}:${base}`;

/** What the copy document says of its forms (either stored shape). */
export interface FormsPointer {
  answersBase?: string;
  formsJson?: unknown;
  forms?: unknown;
}

/** The forms are in the document itself: a copy stored by an earlier version. */
export const formsInDocument = (stored: FormsPointer): boolean => stored.formsJson !== undefined || stored.forms !== undefined;

/**
 * The forms last written or read, kept parsed: a visit downloaded is opened next, and its 8 MB took
 * ~250 ms of main thread at 4× to parse again. Forms are never changed in place (the editor replaces
 * what it changes), so the same objects may be handed out twice.
 */
let remembered: { id: string; forms: VisitData } | null = null;

/** Forgets the forms kept parsed (the engine stops: a sign-out leaves no visit in memory). */
export const forgetForms = (): void => void (remembered = null);

/** Stores the forms' blob; `forms`, when given, are the same forms parsed (read back without parsing). */
export async function putForms(files: FileStore, visitId: number, base: string, blob: Blob, forms?: VisitData): Promise<void> {
  const id = formsId(visitId, base);
  await files.put({ id, name: `visite-${visitId}.json`, type: blob.type, size: blob.size, blob });
  if (forms) remembered = { id, forms };
}

/** The copy's forms, wherever they are kept; null when they are not on this device. */
export async function readForms(files: FileStore, visitId: number, stored: FormsPointer): Promise<VisitData | null> {
  if (formsInDocument(stored)) return formsFromStore(stored);
  if (stored.answersBase === undefined) return null;
  const id = formsId(visitId, stored.answersBase);
  if (remembered?.id === id) return remembered.forms;
  const file = await files.get(id);
  if (!file) return null;
  const forms = JSON.parse(await file.blob.text()) as VisitData;
  remembered = { id, forms };
  return forms;
}

/** Removes the visit's forms blobs, all of them or all but the one of `keep`. */
export async function dropForms(files: FileStore, visitId: number, keep?: string): Promise<void> {
  const kept = keep === undefined ? null : formsId(visitId, keep);
  const gone = (await files.withPrefix(`${PREFIX}${visitId}:`)).map((f) => f.id).filter((id) => id !== kept);
  if (gone.length > 0) await files.remove(gone);
  if (remembered && gone.includes(remembered.id)) remembered = null;
}

/** A blob this young may be a write whose document is not written yet (a download, a whole write). */
const SWEEP_AFTER_MS = 60_000;

/** Removes the forms blobs no copy points at (left by a crash between the two writes), once they are old enough. */
export async function sweepForms(files: FileStore, copies: readonly { id: number; stored: FormsPointer }[], now = Date.now()): Promise<number> {
  const pointed = new Set(copies.filter(({ stored }) => stored.answersBase !== undefined).map(({ id, stored }) => formsId(id, stored.answersBase!)));
  const gone = (await files.withPrefix(PREFIX)).filter((f) => !pointed.has(f.id) && now - f.createdAt > SWEEP_AFTER_MS).map((f) => f.id);
  if (gone.length > 0) await files.remove(gone);
  return gone.length;
}
