/**
 * One command as its HTTP call: the definition's request (JSON, a stored JSON blob, or a stored file
 * as multipart with upload progress), with the command's id as Idempotency-Key so that a resend is harmless. The
 * outbox decides when to send and what an answer or a failure means; this only sends.
 */
import type { ApiClient } from '../api/client';
import { xhrSend } from '../api/xhr-upload';
import { UPLOAD_FIELD } from '../contract/files';
import { AppError } from '../errors';
import type { OutboxDoc } from '../store/database';
import type { FileStore } from '../store/files';
import type { CommandRegistry, IdMap } from './commands';

export interface SendEnv {
  api: ApiClient;
  files: Pick<FileStore, 'get'>;
  registry: CommandRegistry;
  /** Upload progress (percent) of a file command, null once it is over. */
  onProgress?: ((id: string, percent: number | null) => void) | undefined;
}

export async function sendCommand({ api, files, registry, onProgress }: SendEnv, command: OutboxDoc, ids: IdMap): Promise<unknown> {
  const definition = registry[command.name];
  if (!definition) throw new AppError(`Commande inconnue : ${command.name}`);
  const spec = definition.request(command.payload, ids);
  const answer = spec.ignoreAnswer ? { ignoreBody: true } : {};
  if (spec.jsonFile)
    return api.call(spec.method, spec.path, { jsonBlob: (await storedFile(files, spec.jsonFile)).blob, idempotencyKey: command.id, ...answer });
  if (!spec.file) return api.call(spec.method, spec.path, { json: spec.json, jsonText: spec.jsonText, idempotencyKey: command.id, ...answer });
  const stored = await storedFile(files, spec.file.id);
  const form = new FormData();
  for (const [key, value] of Object.entries(spec.file.fields ?? {})) form.append(key, value);
  form.append(UPLOAD_FIELD, stored.blob, stored.name);
  try {
    return await api.call(spec.method, spec.path, {
      body: form,
      idempotencyKey: command.id,
      ...(onProgress ? { withProgress: { send: xhrSend, onProgress: (percent: number) => onProgress(command.id, percent) } } : {}),
    });
  } finally {
    onProgress?.(command.id, null);
  }
}

async function storedFile(files: Pick<FileStore, 'get'>, id: string) {
  const stored = await files.get(id);
  if (!stored) throw new AppError('Le fichier à envoyer a disparu du stockage local.');
  return stored;
}
