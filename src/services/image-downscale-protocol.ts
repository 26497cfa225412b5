/** Messages between image-downscale.ts and its worker (types only, shared by both sides). */
export interface DownscaleRequest {
  blob: Blob;
  maxSide: number;
  quality: number;
  /** Re-encode even when the image is already within maxSide (it is over the upload limit). */
  force: boolean;
  /** Look for transparent pixels (PNG): such an image is kept as is unless `flatten`. */
  checkAlpha: boolean;
  /** Put transparent pixels on white rather than keeping the original (it would be refused). */
  flatten: boolean;
}

export type DownscaleReply =
  { kind: 'jpeg'; blob: Blob; width: number; height: number } | { kind: 'keep'; reason: 'small' | 'transparent' | 'error'; message?: string };
