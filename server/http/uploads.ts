/**
 * Multipart uploads (field `file`), checked by content: only png, gif and jpeg,
 * at most 5,000,000 bytes (spec part 1 §9). Files are stored once under their
 * md5, on disk under DATA_DIR/media or in memory for tests.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../sync/contract/files';
import { ApiError, badRequest } from './errors';
import { createWorkerPool, type WorkerPool } from './worker-pool';
import { hashFile, type HashJob, type HashResult } from './file-hash';

export interface FileStore {
  /** Stores the bytes under their md5 (given when already computed while the upload streamed in). */
  put(data: Buffer, md5?: string): string;
  get(md5: string): Buffer | null;
  /** Forgets a file no media uses any more (admin clean-up). */
  remove(md5: string): void;
}

const md5Of = (data: Buffer, known?: string) => known ?? crypto.createHash('md5').update(data).digest('hex');

export function createFileStore(dataDir: string | null): FileStore {
  if (!dataDir) {
    const memory = new Map<string, Buffer>();
    return {
      put(data, known) {
        const md5 = md5Of(data, known);
        memory.set(md5, data);
        return md5;
      },
      get: (md5) => memory.get(md5) ?? null,
      remove: (md5) => void memory.delete(md5),
    };
  }
  const dir = path.join(dataDir, 'media');
  fs.mkdirSync(dir, { recursive: true });
  return {
    put(data, known) {
      const md5 = md5Of(data, known);
      const file = path.join(dir, md5);
      if (!fs.existsSync(file)) fs.writeFileSync(file, data);
      return md5;
    },
    get(md5) {
      if (!/^[a-f0-9]{32}$/.test(md5)) return null;
      const file = path.join(dir, md5);
      return fs.existsSync(file) ? fs.readFileSync(file) : null;
    },
    remove(md5) {
      if (/^[a-f0-9]{32}$/.test(md5)) fs.rmSync(path.join(dir, md5), { force: true });
    },
  };
}

/** The image type of a buffer from its first bytes, or null. The name and declared type are not trusted. */
export function sniffImageType(data: Buffer): 'image/png' | 'image/gif' | 'image/jpeg' | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 6 && ['GIF87a', 'GIF89a'].includes(data.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return null;
}

export interface Upload {
  filename: string;
  type: string;
  data: Buffer;
  /** Hex md5 (the store's key) and sha256 (idempotent replays compare it; '' without an Idempotency-Key) of the bytes. */
  md5: string;
  sha256: string;
  /** Other multipart fields sent with the file (for example requestId). */
  fields: Record<string, string>;
}

/**
 * md5 (the store's key) and sha256 (replays) of 5 MB files, 100 uploads a
 * minute: on the event loop they took seconds from everyone (issue 21).
 */
let hashPool: WorkerPool<HashJob, HashResult> | null = null;
let hashInline = false;
const hashes = () => (hashPool ??= createWorkerPool(new URL('./hash-worker.ts', import.meta.url), hashFile, hashInline));

/** Hash on the event loop as before issue 21 (bench/server-load's "before" run). */
export function hashUploadsInline(inline: boolean): void {
  if (inline === hashInline) return;
  hashInline = inline;
  void hashPool?.close();
  hashPool = null;
}

/**
 * One upload at a time per user: an outbox sends them one by one anyway, and
 * a client looping on 5 MB uploads in parallel took the event loop from
 * everyone (issue 21, bench/server-load).
 */
const uploading = new Map<number, Promise<void>>();

async function oneAtATime<T>(userId: number | null, work: () => Promise<T>): Promise<T> {
  if (userId === null) return work();
  const previous = uploading.get(userId) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const chained = previous.then(() => mine);
  uploading.set(userId, chained);
  await previous;
  try {
    return await work();
  } finally {
    release();
    if (uploading.get(userId) === chained) uploading.delete(userId);
  }
}

/** Reads the multipart body and returns the image in field `file`, or a 400 in French. */
export async function readImageUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest('Envoyez le fichier en multipart/form-data dans le champ « file »');
  const upload = await oneAtATime(request.user?.id ?? null, () => readParts(request));
  // A replay of an earlier upload with the same Idempotency-Key: the same file answers as before, another is a 422.
  request.checkUploadReplay?.(`multipart:${upload.sha256}`);
  return upload;
}

async function readParts(request: FastifyRequest): Promise<Upload> {
  let upload: Upload | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 25 } })) {
      if (part.type === 'field') {
        // Own properties only, and never a prototype key ('__proto__' is refused by the plugin too).
        if (!Object.hasOwn(Object.prototype, part.fieldname)) fields[part.fieldname] = String(part.value).slice(0, 10_000);
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        size += chunk.length;
      }
      if (part.file.truncated) throw badRequest('Ce fichier est trop lourd');
      if (part.fieldname !== 'file') continue;
      // Its own memory (never the shared pool), so that it can move to the hash worker and back without a copy.
      const data = Buffer.allocUnsafeSlow(size);
      let at = 0;
      for (const chunk of chunks) at += chunk.copy(data, at);
      const hashed = await hashes().run({ data, sha256: request.checkUploadReplay !== null }, [data.buffer]);
      upload = {
        filename: part.filename,
        type: part.mimetype,
        data: Buffer.from(hashed.data.buffer, hashed.data.byteOffset, hashed.data.byteLength),
        md5: hashed.md5,
        sha256: hashed.sha256 ?? '',
        fields,
      };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('Ce fichier est trop lourd');
    if (code === 'FST_FILES_LIMIT') throw badRequest('Un seul fichier est accepté par envoi.');
    // Truncated or malformed multipart (busboy), too many parts or fields, prototype field names: the client's fault, a 400.
    throw badRequest("L'envoi du fichier est illisible (formulaire multipart invalide ou incomplet).");
  }
  if (!upload) throw badRequest('Aucun fichier reçu dans le champ « file »');
  if (upload.data.length === 0) throw badRequest('Le fichier est vide');
  const sniffed = sniffImageType(upload.data);
  if (!sniffed) throw badRequest("Cette extension n'est pas autorisée");
  return { ...upload, type: sniffed, fields };
}
