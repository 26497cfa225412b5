/**
 * A photo picked for a visit field, made ready to keep on the device (issue
 * 19) as in every picker (services/image-downscale.ts prepareImage: type,
 * reduction, readability, then the 5,000,000-byte limit on what will be
 * sent). The answer refers to the file by a generated name made from what is kept.
 */
import { generatedFileName, type FieldFile } from '../../../sync/index';
import { prepareImage } from '../../services/image-downscale';
import { visitTexts as t } from './texts';

export type PreparedPhoto = { ok: true; file: File; entry: FieldFile } | { ok: false; message: string };

export async function prepareFieldPhoto(picked: File, now = Date.now()): Promise<PreparedPhoto> {
  const prepared = await prepareImage(picked, { wrongType: t.notAnImage, unreadable: t.unreadablePhoto });
  if (!prepared.ok) return prepared;
  const { file } = prepared;
  const name = generatedFileName(file.name, now);
  return { ok: true, file, entry: { name, originalName: file.name, size: file.size, type: file.type, new: true, deleted: false } };
}
