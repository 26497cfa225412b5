/**
 * The photo reduction of issue 12 in Debian Chromium, on the built app served
 * by the reference server: a generated 12-megapixel photo-like JPEG (4000×3000,
 * noisy gradient and shapes, so it compresses like a phone photo) is handed to
 * the built worker (dist/assets/image-downscale.worker-*.js) with the options
 * the picker uses. Reports the bytes before and after, the saving, and the time
 * from hand-over to the reduced JPEG (worker start, decode, resize, encode;
 * median of several runs, a fresh worker each time as in the app).
 */
import fs from 'node:fs';
import path from 'node:path';
import { startBrowserEnv } from '../test/browser/harness';
import { JPEG_QUALITY, MAX_SIDE } from '../src/services/image-downscale';

export interface ImageDownscaleResult {
  name: 'image-downscale';
  original: { width: number; height: number; bytes: number };
  downscaled: { width: number; height: number; bytes: number; type: string };
  savedBytes: number;
  savingPercent: number;
  timeMs: { runs: number; medianMs: number; minMs: number; maxMs: number };
}

/**
 * Runs in the page (self-contained, passed to page.evaluate): draws a
 * width×height photo-like JPEG, keeps it as `window.benchPhoto` and returns its
 * bytes. Sensor-like noise on a gradient with shapes is what makes a real photo
 * weigh megabytes; `noise` sets how much.
 */
export async function makePhotoInPage([width, height, quality, noise]: [number, number, number, number]): Promise<number> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  const sky = ctx.createLinearGradient(0, 0, width * 0.3, height);
  sky.addColorStop(0, '#6fa8dc');
  sky.addColorStop(0.55, '#d9c7a0');
  sky.addColorStop(1, '#4a5a3a');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 40; i++) {
    ctx.fillStyle = `hsl(${(i * 37) % 360} 35% ${30 + (i % 5) * 10}%)`;
    ctx.fillRect(((i * 977) % width) - 200, height * 0.45 + ((i * 631) % (height * 0.5)), 300 + ((i * 131) % 500), 200 + ((i * 71) % 400));
  }
  const image = ctx.getImageData(0, 0, width, height);
  const px = image.data;
  let seed = 12345;
  for (let i = 0; i < px.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const n = ((seed >> 8) % (2 * noise + 1)) - noise;
    px[i] = px[i]! + n;
    px[i + 1] = px[i + 1]! + n + ((seed >> 3) % 7) - 3;
    px[i + 2] = px[i + 2]! + n;
  }
  ctx.putImageData(image, 0, 0);
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  (window as unknown as { benchPhoto: Blob }).benchPhoto = blob;
  return blob.size;
}

export async function measureImageDownscale(root: string, runs = 5): Promise<ImageDownscaleResult> {
  const assets = path.join(root, 'dist', 'assets');
  const worker = fs.readdirSync(assets).find((f) => /^image-downscale\.worker.*\.js$/.test(f));
  if (!worker) throw new Error('dist/assets has no image-downscale worker: run `npm run build`');
  const env = await startBrowserEnv();
  try {
    const context = await env.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.evaluate(makePhotoInPage, [4000, 3000, 0.92, 14] as [number, number, number, number]);
    const result = await page.evaluate(
      async ({ workerUrl, maxSide, quality, runs }) => {
        const original = (window as unknown as { benchPhoto: Blob }).benchPhoto;
        const times: number[] = [];
        let out: Blob | null = null;
        for (let i = 0; i < runs; i++) {
          const start = performance.now();
          const worker = new Worker(workerUrl, { type: 'module' });
          const reply = await new Promise<{ kind: string; blob?: Blob; message?: string }>((resolve) => {
            worker.onmessage = (e) => resolve(e.data);
            worker.onerror = (e) => resolve({ kind: 'error', message: e.message });
            worker.postMessage({ blob: original, maxSide, quality, force: false, checkAlpha: false, flatten: false });
          });
          times.push(performance.now() - start);
          worker.terminate();
          if (reply.kind !== 'jpeg' || !reply.blob) throw new Error(`no JPEG: ${reply.kind} ${reply.message ?? ''}`);
          out = reply.blob;
          await new Promise((r) => setTimeout(r, 200));
        }
        const a = await createImageBitmap(original);
        const b = await createImageBitmap(out!);
        return {
          times,
          original: { width: a.width, height: a.height, bytes: original.size },
          downscaled: { width: b.width, height: b.height, bytes: out!.size, type: out!.type },
        };
      },
      { workerUrl: `/assets/${worker}`, maxSide: MAX_SIDE, quality: JPEG_QUALITY, runs },
    );
    await context.close();
    const sorted = [...result.times].sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    const saved = result.original.bytes - result.downscaled.bytes;
    return {
      name: 'image-downscale',
      original: result.original,
      downscaled: result.downscaled,
      savedBytes: saved,
      savingPercent: round((saved / result.original.bytes) * 100),
      timeMs: { runs, medianMs: round(sorted[Math.floor(sorted.length / 2)]!), minMs: round(sorted[0]!), maxMs: round(sorted[sorted.length - 1]!) },
    };
  } finally {
    await env.close();
  }
}
