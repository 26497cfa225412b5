/**
 * A paused or terminated visit keeps its local copy until every one of its
 * commands has left the outbox; then the copy goes. The engine runs this on
 * every outbox change, whichever screen is open (it used to live in the visit
 * list screen, so copies stayed as long as the list was not shown).
 */
import type { Database, OutboxDoc } from '../store/database';
import type { FileStore } from '../store/files';
import { metaOf, type StoredVisitCopy, type VisitCopyMeta } from '../pull/visits';
import { unsavedOnDisk } from './visit-answers-store';
import { dropForms, formsInDocument, sweepForms } from './visit-forms-store';
import { dataOf } from '../store/plain';
import { modifyData } from '../store/modify-data';

const visitOf = (entity: string) => (entity.startsWith('visit:') ? entity.slice('visit:'.length) : null);

/** Returns a checker to call with the outbox's commands after each change; it resolves to the ids dropped. */
export function closedCopiesDropper(db: Database, files: FileStore) {
  let previous = new Set<string>();
  // The first run also catches copies whose commands left before a crash or a reload, and forms
  // blobs that a crash left with no copy pointing at them.
  let first = true;
  return async function dropSentCopies(commands: readonly Pick<OutboxDoc, 'entity'>[]): Promise<string[]> {
    const current = new Set(commands.map((c) => visitOf(c.entity)).filter((id): id is string => id !== null));
    const left = first || [...previous].some((id) => !current.has(id));
    const sweep = first;
    previous = current;
    first = false;
    if (!left) return [];
    const copies = await db.visitdata.find().exec();
    if (sweep)
      await sweepForms(
        files,
        copies.map((doc) => ({ id: Number(doc.id), stored: dataOf<StoredVisitCopy>(doc) })),
      );
    const done = copies.filter((doc) => dataOf<VisitCopyMeta>(doc).closing && !current.has(doc.id));
    if (done.length === 0) return [];
    // A copy of an earlier version is emptied of its forms first: a removal writes the document as it
    // was, and tells the other tabs (8 MB of forms for a 20,000-field visit, ~0.5 s of main thread at 4×).
    for (const doc of done) if (formsInDocument(dataOf<StoredVisitCopy>(doc))) await modifyData<StoredVisitCopy>(doc as never, (data) => metaOf(data));
    const ids = done.map((doc) => doc.id);
    await db.visitdata.bulkRemove(ids);
    for (const id of ids) await dropForms(files, Number(id));
    return ids;
  };
}

/**
 * Copies of started visits holding answers typed before a reload or a crash and never queued
 * (dirty on disk, no draft open): queued now, when the engine starts, so that they reach the
 * server, and count as unsent work before a sign-out, without waiting for the visit to be reopened.
 */
export async function saveUnsavedCopies(db: Database, save: (visitId: number) => Promise<boolean>, isOpen: (visitId: number) => boolean): Promise<number[]> {
  const copies = await db.visitdata.find().exec();
  const started = copies
    .map((doc) => ({ id: Number(doc.id), copy: dataOf<StoredVisitCopy>(doc) }))
    .filter(({ id, copy }) => copy.started && !copy.closing && !isOpen(id));
  const saved: number[] = [];
  for (const { id, copy } of started) if ((await unsavedOnDisk(db, id, copy)) && (await save(id))) saved.push(id);
  return saved;
}

/**
 * A start the server refused (the visit was handed in, or is no longer the user's, meanwhile):
 * the copy it marked started here is not editable any more. The outbox's rollback brings the list
 * row back to the server's state; the copy's flag is this module's. What was typed stays in the
 * copy and in the refused saves listed in 'Envois en attente'; a retried start marks it again.
 */
export async function unstartRefused(db: Database, commands: readonly Pick<OutboxDoc, 'name' | 'status' | 'payload'>[]): Promise<number[]> {
  const refused = new Set(
    commands.filter((c) => c.name === 'visit.start' && c.status === 'rejected').map((c) => String((c.payload as { visitId: number }).visitId)),
  );
  if (refused.size === 0) return [];
  const docs = await db.visitdata.findByIds([...refused]).exec();
  const undone: number[] = [];
  for (const doc of docs.values()) {
    const copy = dataOf<VisitCopyMeta>(doc);
    if (!copy.started) continue;
    await modifyData<VisitCopyMeta>(doc as never, (latest) => ({ ...latest, started: false }), { savedAt: Date.now() });
    undone.push(Number(doc.id));
  }
  return undone;
}
