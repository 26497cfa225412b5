/**
 * A photo picked for a visit field, made ready to keep on the device (issue
 * 19): the type first (nothing to reduce in a text file), then the reduction
 * every other picker makes (services/image-downscale.ts: at most 2,048 px,
 * JPEG, in a worker), and only then the 5,000,000-byte limit, on what will be
 * sent: a 12 MP phone photo of 8 MB is accepted once reduced, where it was
 * refused as too heavy before. A file the browser cannot read as an image is
 * refused with its own message (it would be kept and sent for nothing). The
 * answer refers to the file by a generated name made from what is kept.
 */
import { checkImage, generatedFileName, type FieldFile } from '../../../sync/index';
import { downscaleImage } from '../../services/image-downscale';
import { visitTexts as t } from './texts';

export type PreparedPhoto = { ok: true; file: File; entry: FieldFile } | { ok: false; message: string };

/** Whether the browser can decode it (no way to ask: assumed, the server still checks the bytes). */
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

export async function prepareFieldPhoto(picked: File, now = Date.now()): Promise<PreparedPhoto> {
  const type = checkImage({ type: picked.type, size: 0 }, t.notAnImage);
  if (!type.ok) return type;
  const file = await downscaleImage(picked);
  // A reduced photo was decoded to be reduced. One kept as picked is small, a GIF, a transparent
  // PNG, or one the worker could not read (the reducer never fails, it keeps the original): ask.
  if (file === picked && !(await decodable(picked))) return { ok: false, message: t.unreadablePhoto(picked.name) };
  const weight = checkImage(file, t.notAnImage);
  if (!weight.ok) return weight;
  const name = generatedFileName(file.name, now);
  return { ok: true, file, entry: { name, originalName: file.name, size: file.size, type: file.type, new: true, deleted: false } };
}
