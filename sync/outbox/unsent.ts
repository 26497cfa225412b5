/**
 * Unsent work as one list: what the outbox still holds (waiting or refused),
 * the drafts of the drafts kit, and what modules keep outside both (a visit's
 * unsaved working copy, photos picked for a field and not yet queued). The
 * sign-out warning, the need-update screen and the export all read this, so
 * they can never disagree about what a wipe would lose.
 */
import type { OutboxDoc } from '../store/database';
import type { FileStore } from '../store/files';
import type { Draft } from '../drafts/kit';
import type { UnsentItem } from '../facades/module';

export interface UnsentWork {
  items: UnsentItem[];
  /** Count per kind, for the sentences of the warning. */
  counts: Record<UnsentItem['kind'], number>;
  total: number;
  /** Bytes of the files the items hold (photos, documents). */
  fileBytes: number;
}

export function commandItem(command: OutboxDoc): UnsentItem {
  return { kind: command.status === 'rejected' ? 'refused' : 'command', label: command.label, object: command.entity, fileIds: command.fileIds };
}

export const draftItem = (draft: Draft): UnsentItem => ({ kind: 'draft', label: draft.label, object: `${draft.kind}:${draft.key}`, fileIds: draft.fileIds });

export async function collectUnsent(
  commands: readonly OutboxDoc[],
  drafts: readonly Draft[],
  extra: readonly UnsentItem[],
  files: FileStore,
): Promise<UnsentWork> {
  const items = [...commands.map(commandItem), ...drafts.map(draftItem), ...extra];
  const counts: UnsentWork['counts'] = { command: 0, refused: 0, draft: 0, 'unsaved-visit': 0, file: 0 };
  for (const item of items) counts[item.kind]++;
  let fileBytes = 0;
  for (const id of new Set(items.flatMap((i) => i.fileIds))) fileBytes += (await files.get(id))?.size ?? 0;
  return { items, counts, total: items.length, fileBytes };
}
