/**
 * Decodes and re-encodes a picked photo off the main thread (a 12 MP decode
 * takes hundreds of milliseconds and 48 MB of pixels): at most `maxSide` px on
 * the long side, JPEG at `quality`. Orientation from EXIF is applied before
 * the metadata is dropped. A transparent image is not flattened unless asked
 * (JPEG has no alpha). Protocol: see image-downscale-protocol.ts.
 */
import type { DownscaleReply, DownscaleRequest } from './image-downscale-protocol';

/** The worker's scope as this module uses it (the DOM lib types `self` as a window). */
const scope: { postMessage(message: DownscaleReply): void } = self;
const reply = (message: DownscaleReply) => scope.postMessage(message);

function hasTransparency(ctx: OffscreenCanvasRenderingContext2D, width: number, height: number): boolean {
  const pixels = ctx.getImageData(0, 0, width, height).data;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! < 255) return true;
  return false;
}

self.onmessage = async (event: MessageEvent<DownscaleRequest>) => {
  const { blob, maxSide, quality, force, checkAlpha, flatten } = event.data;
  try {
    const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
    const long = Math.max(bitmap.width, bitmap.height);
    if (long <= maxSide && !force) {
      bitmap.close();
      return reply({ kind: 'keep', reason: 'small' });
    }
    const scale = Math.min(1, maxSide / long);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: checkAlpha })!;
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    if (checkAlpha && hasTransparency(ctx, width, height)) {
      if (!flatten) return reply({ kind: 'keep', reason: 'transparent' });
      // JPEG would turn transparent pixels black: put white under them.
      ctx.globalCompositeOperation = 'destination-over';
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
    }
    const out = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    reply({ kind: 'jpeg', blob: out, width, height });
  } catch (error) {
    reply({ kind: 'keep', reason: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
