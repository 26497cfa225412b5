/** Upload limits shared by the client's checks and the server's (spec part 1 §5, §9). */
export const MAX_UPLOAD_BYTES = 5_000_000;
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;
/** The file input's accept attribute. */
export const IMAGE_ACCEPT = 'image/png,image/gif,image/jpeg';
/** Multipart field name of every upload. */
export const UPLOAD_FIELD = 'file';
