/** Upload limits shared by the client's checks and the server's (spec part 1 §5, §9). */
export const MAX_UPLOAD_BYTES = 5_000_000;
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;
/** The file input's accept attribute. */
export const IMAGE_ACCEPT = 'image/png,image/gif,image/jpeg';
/** Multipart field name of every upload. */
export const UPLOAD_FIELD = 'file';

export type ImageCheck = { ok: true } | { ok: false; message: string };

/**
 * Checks a picked file before it is accepted: png, gif or jpeg, at most 5,000,000 bytes.
 * `wrongTypeText` differs by screen: 'Cette extension n'est pas autorisée' in the intervention
 * tunnel, 'Merci de rajouter une image' elsewhere (spec part 1 §5). Here, with the limits, and not
 * in the file store: the pickers' chunks would bring Dexie with it.
 */
export function checkImage(file: { type: string; size: number }, wrongTypeText = "Cette extension n'est pas autorisée"): ImageCheck {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return { ok: false, message: wrongTypeText };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, message: 'Ce fichier est trop lourd' };
  return { ok: true };
}
