/**
 * The safety valve: everything not yet on the server — queued and refused
 * commands, drafts, unsaved copies — with every file they hold, in one JSON
 * file the user can download and hand to support, so that nothing is lost
 * even if the device never reaches the server again.
 */
import type { OutboxDoc } from '../store/database';
import type { FileStore } from '../store/files';
import type { Draft } from '../drafts/kit';
import type { UnsentWork } from './unsent';

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export const EXPORT_FORMAT = 'batipass-envois-en-attente';

export async function buildExport(commands: OutboxDoc[], drafts: Draft[], unsent: UnsentWork, files: FileStore, meta: { email: string | null }): Promise<Blob> {
  const fileEntries = [];
  for (const id of new Set(unsent.items.flatMap((i) => i.fileIds))) {
    const file = await files.get(id);
    if (file) fileEntries.push({ id: file.id, name: file.name, type: file.type, size: file.size, base64: await toBase64(file.blob) });
  }
  const others = unsent.items.filter((i) => i.kind === 'unsaved-visit' || i.kind === 'file');
  const body = { format: EXPORT_FORMAT, version: 2, exportedAt: new Date().toISOString(), user: meta.email, commands, drafts, others, files: fileEntries };
  return new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' });
}
