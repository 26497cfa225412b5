/**
 * Photos picked for upload are sent at most 2,048 px on the long side, as JPEG
 * (quality 0.85), when that makes them smaller: a 12 MP phone photo of several
 * megabytes becomes a few hundred kilobytes, which is what goes through the
 * outbox and the network. The work runs in a Web Worker; if anything fails
 * (no OffscreenCanvas, decoding error, timeout) or the result is not smaller,
 * the original is kept: a photo is never lost. GIFs (maybe animated) are left
 * alone, transparent PNGs too unless they would be refused as too heavy, and
 * images already within 2,048 px are not re-encoded unless over the limit.
 */
import { MAX_UPLOAD_BYTES, checkImage } from '../../sync/index';
import type { DownscaleReply, DownscaleRequest } from './image-downscale-protocol';

export const MAX_SIDE = 2048;
export const JPEG_QUALITY = 0.85;
const TIMEOUT_MS = 30_000;

/** The same name with a .jpg extension ('IMG_1.PNG' → 'IMG_1.jpg', 'photo' → 'photo.jpg'). */
export function jpegName(name: string): string {
  const base = name.replace(/\.[a-z0-9]{1,5}$/i, '');
  return `${base || 'photo'}.jpg`;
}

/** What to ask the worker for this file, or null to keep it as is without decoding it. */
export function planDownscale(file: { type: string; size: number }): Omit<DownscaleRequest, 'blob'> | null {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return null;
  const tooHeavy = file.size > MAX_UPLOAD_BYTES;
  return { maxSide: MAX_SIDE, quality: JPEG_QUALITY, force: tooHeavy, checkAlpha: file.type === 'image/png', flatten: tooHeavy };
}

/** The file to store: the JPEG only when it is strictly smaller than the original. */
export function pickResult(original: File, reply: DownscaleReply): File {
  if (reply.kind !== 'jpeg' || reply.blob.size >= original.size) return original;
  return new File([reply.blob], jpegName(original.name), { type: 'image/jpeg', lastModified: original.lastModified });
}

function runWorker(request: DownscaleRequest): Promise<DownscaleReply> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./image-downscale.worker.ts', import.meta.url), { type: 'module' });
    const done = (reply: DownscaleReply) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(reply);
    };
    const timer = setTimeout(() => done({ kind: 'keep', reason: 'error', message: 'timeout' }), TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<DownscaleReply>) => done(event.data);
    worker.onerror = (event) => done({ kind: 'keep', reason: 'error', message: event.message });
    worker.postMessage(request);
  });
}

/** The picked file, downscaled when worth it; never rejects. */
export async function downscaleImage(file: File): Promise<File> {
  const plan = planDownscale(file);
  if (!plan || typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return file;
  try {
    const reply = await runWorker({ ...plan, blob: file });
    if (reply.kind === 'keep' && reply.reason === 'error') console.warn('Réduction de la photo impossible, envoi de l’original', reply.message);
    return pickResult(file, reply);
  } catch (error) {
    console.warn('Réduction de la photo impossible, envoi de l’original', error);
    return file;
  }
}

/** Whether the browser can decode it (without createImageBitmap: assumed, the server checks the bytes). */
async function decodable(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap === 'undefined') return true;
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

export type PreparedImage = { ok: true; file: File } | { ok: false; message: string };

export interface ImageTexts {
  /** Spec part 1 §5: 'Cette extension n'est pas autorisée' in the intervention tunnel, 'Merci de rajouter une image' elsewhere. */
  wrongType?: string | undefined;
  /** A file the browser cannot read as an image (named). */
  unreadable(name: string): string;
}

/**
 * A picked photo made ready to keep and send, the same in every picker (issue 19): its type first
 * (nothing to reduce in a text file), then the reduction, then the 5,000,000-byte limit on what will
 * be sent (a 12 MP phone photo of 8 MB is accepted once reduced). A reduced photo was decoded to be
 * reduced; one kept as picked is small, a GIF, a transparent PNG, or one the worker could not read
 * (the reducer never fails, it keeps the original): that one is asked, and an unreadable file is
 * refused with its own message instead of being kept and sent for nothing.
 */
export async function prepareImage(picked: File, texts: ImageTexts): Promise<PreparedImage> {
  const type = checkImage({ type: picked.type, size: 0 }, texts.wrongType);
  if (!type.ok) return type;
  const file = await downscaleImage(picked);
  if (file === picked && !(await decodable(picked))) return { ok: false, message: texts.unreadable(picked.name) };
  const weight = checkImage(file, texts.wrongType);
  return weight.ok ? { ok: true, file } : weight;
}
