/** The photo reduction's decisions (src/services/image-downscale.ts); the worker itself runs in test/browser/image-downscale.test.ts. */
import { describe, expect, it } from 'vitest';
import { jpegName, pickResult, planDownscale } from '../../src/services/image-downscale';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type, lastModified: 1 });
const jpeg = (size: number) => ({ kind: 'jpeg' as const, blob: new Blob([new Uint8Array(size)], { type: 'image/jpeg' }), width: 2048, height: 1536 });

describe('image downscale', () => {
  it('names the JPEG after the original', () => {
    expect(jpegName('IMG_2041.PNG')).toBe('IMG_2041.jpg');
    expect(jpegName('fuite.sous.evier.jpeg')).toBe('fuite.sous.evier.jpg');
    expect(jpegName('photo')).toBe('photo.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });
  it('leaves GIFs (maybe animated) and unknown types undecoded', () => {
    expect(planDownscale({ type: 'image/gif', size: 9_000_000 })).toBeNull();
    expect(planDownscale({ type: 'text/plain', size: 10 })).toBeNull();
  });
  it('checks PNG transparency, and re-encodes within 2,048 px only what is over the limit', () => {
    expect(planDownscale({ type: 'image/jpeg', size: 4_000_000 })).toMatchObject({
      maxSide: 2048,
      quality: 0.85,
      force: false,
      checkAlpha: false,
      flatten: false,
    });
    expect(planDownscale({ type: 'image/png', size: 1_000 })).toMatchObject({ force: false, checkAlpha: true, flatten: false });
    expect(planDownscale({ type: 'image/png', size: 5_000_001 })).toMatchObject({ force: true, checkAlpha: true, flatten: true });
  });
  it('keeps the JPEG only when strictly smaller, as image/jpeg named .jpg', () => {
    const original = file('chantier.png', 'image/png', 6_000_000);
    const smaller = pickResult(original, jpeg(900_000));
    expect(smaller).not.toBe(original);
    expect(smaller).toMatchObject({ name: 'chantier.jpg', type: 'image/jpeg', size: 900_000 });
    expect(pickResult(original, jpeg(6_000_000))).toBe(original);
    expect(pickResult(original, { kind: 'keep', reason: 'error', message: 'décodage' })).toBe(original);
    expect(pickResult(original, { kind: 'keep', reason: 'transparent' })).toBe(original);
  });
});
