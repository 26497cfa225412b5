/**
 * The safety valve: every unsent command and its files in one JSON file the
 * user can download and hand to support, so that nothing is lost even if the
 * device never reaches the server again.
 */
import type { OutboxDoc } from '../store/database';
import type { FileStore } from '../store/files';

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function buildExport(commands: OutboxDoc[], files: FileStore, meta: { email: string | null }): Promise<Blob> {
  const fileEntries = [];
  for (const id of commands.flatMap((c) => c.fileIds)) {
    const file = await files.get(id);
    if (file) fileEntries.push({ id: file.id, name: file.name, type: file.type, size: file.size, base64: await toBase64(file.blob) });
  }
  const body = { format: 'batipass-envois-en-attente', version: 1, exportedAt: new Date().toISOString(), user: meta.email, commands, files: fileEntries };
  return new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' });
}
