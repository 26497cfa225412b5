/**
 * What the visits module holds that is not on the server and not in the
 * outbox: a started visit's working copy with answers not yet queued, and the
 * photos picked for its fields and not yet in an upload command (they are
 * queued only by Pause, Terminer or the files dialog). Without these the
 * sign-out warning said nothing of them and a wipe lost them silently.
 * One item per photo, so that the warning's count is the number of photos.
 */
import type { Database, OutboxDoc } from '../store/database';
import type { FileStore } from '../store/files';
import { dataOf } from '../store/plain';
import type { StoredVisitCopy, VisitListDoc } from '../pull/visits';
import { unsavedOnDisk } from '../drafts/visit-answers-store';
import type { UnsentItem } from './module';

/** The visit a field photo belongs to, from its blob id `visit-<id>-<generated name>`. */
const visitOfFile = (fileId: string): number | null => {
  const match = /^visit-(\d+)-/.exec(fileId);
  return match ? Number(match[1]) : null;
};

export async function visitUnsent(db: Database, files: FileStore, commands: readonly Pick<OutboxDoc, 'fileIds'>[]): Promise<UnsentItem[]> {
  const copies = (await db.visitdata.find().exec()).map((doc) => ({ id: Number(doc.id), stored: dataOf<StoredVisitCopy>(doc) }));
  const names = new Map(copies.map(({ id, stored }) => [id, stored.info.visit_name]));
  const nameOf = async (visitId: number): Promise<string> => {
    const known = names.get(visitId);
    if (known) return known;
    const row = await db.visits.findOne(String(visitId)).exec();
    const name = row ? dataOf<VisitListDoc>(row).visit.name : `n° ${visitId}`;
    names.set(visitId, name);
    return name;
  };

  const items: UnsentItem[] = [];
  for (const { id, stored } of copies)
    if (stored.started && !stored.closing && (await unsavedOnDisk(db, id, stored)))
      items.push({ kind: 'unsaved-visit', label: `Visite « ${stored.info.visit_name} »`, object: `visit:${id}`, fileIds: [] });

  // A photo in a queued (or refused) upload is already listed with that command.
  const queued = new Set(commands.flatMap((c) => c.fileIds));
  for (const file of await files.all()) {
    const visitId = visitOfFile(file.id);
    if (visitId === null || queued.has(file.id)) continue;
    items.push({
      kind: 'file',
      label: `Photo « ${file.name} » de la visite « ${await nameOf(visitId)} »`,
      object: `visit:${visitId}`,
      fileIds: [file.id],
    });
  }
  return items;
}
