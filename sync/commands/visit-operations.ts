/**
 * Closing a visit as one named operation (spec part 2 §4.2 "Pause",
 * "Terminer"): the data with its mode, then the fiche, then every file added
 * to its fields and not yet queued, all on the visit's queue. The local copy
 * goes once they have all left (drafts/visit-copies.ts).
 */
import type { VisitData } from '../contract/visit-data';
import type { FileStore } from '../store/files';
import { formsFile } from '../drafts/visit-forms-blob';
import type { OperationOutbox } from './operation';

/** Blob ids of a visit's field files: `visit-<id>-<generated name>` (see the files dialog). */
export const visitFilePrefix = (visitId: number) => `visit-${visitId}-`;

export interface CloseVisitInput {
  visitId: number;
  mode: 'draft' | 'terminate';
  data: VisitData;
  fiche: Record<string, unknown>;
  /** The sends wait for it (the list the closing leads to is painted): see EnqueueOptions. */
  sendAfter?: Promise<unknown>;
}

/** Queues the files of the visit kept on the device and not yet in a command. */
export async function queueVisitFiles(
  outbox: OperationOutbox,
  files: FileStore,
  visitId: number,
  queuedFileIds: ReadonlySet<string>,
  sendAfter?: Promise<unknown>,
): Promise<string[]> {
  const prefix = visitFilePrefix(visitId);
  const waiting = (await files.all()).filter((f) => f.id.startsWith(prefix) && !queuedFileIds.has(f.id));
  const ids: string[] = [];
  for (const file of waiting) {
    // The blob is already in the store: the command only refers to it.
    ids.push(await outbox.enqueue('visit.file', { visitId, fileId: file.id, name: file.id.slice(prefix.length) }, { files: [file], sendAfter }));
  }
  return ids;
}

export async function closeVisit(outbox: OperationOutbox, files: FileStore, queuedFileIds: ReadonlySet<string>, input: CloseVisitInput): Promise<string[]> {
  const file = await formsFile(input.visitId, input.data);
  const { sendAfter } = input;
  const ids = [
    await outbox.enqueue(
      input.mode === 'draft' ? 'visit.draft' : 'visit.terminate',
      { visitId: input.visitId, dataFile: file.id },
      { files: [file], sendAfter },
    ),
  ];
  ids.push(await outbox.enqueue('visit.fiche', { visitId: input.visitId, fiche: input.fiche }, { sendAfter }));
  ids.push(...(await queueVisitFiles(outbox, files, input.visitId, queuedFileIds, sendAfter)));
  return ids;
}
