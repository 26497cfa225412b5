/**
 * Security headers on every answer. The CSP allows what the app needs: its own
 * scripts, inline styles (React style props), images from itself, data/blob
 * URLs (photos taken offline) and the map tiles (VITE_MAP_TILES, OpenStreetMap
 * by default); it connects only to itself, the API's origin and the tile
 * server (it allowed any host: a script injected anywhere could send data
 * out). A personal
 * API answer (one given to a signed-in user) is never kept by an HTTP cache
 * (`no-store`) unless its route says otherwise (media: `private, no-cache`),
 * so nothing of a user outlives the sign-out on a shared device.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { DEFAULT_TILE_URL } from '../../sync/contract/echopark';

/** The origin of a URL, or null when it is not an absolute http(s) URL. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The CSP source of a tile URL template: `https://{s}.tile.openstreetmap.org/…`
 * is `https://*.tile.openstreetmap.org` (a placeholder inside the host becomes
 * the leftmost wildcard CSP allows).
 */
export function tileSource(template: string): string | null {
  const match = /^(https?):\/\/([^/]+)/.exec(template);
  if (!match) return null;
  const scheme = match[1]!;
  const host = match[2]!;
  if (!host.includes('{')) return `${scheme}://${host}`;
  const firstDot = host.indexOf('.', host.lastIndexOf('}'));
  return firstDot < 0 ? null : `${scheme}://*${host.slice(firstDot)}`;
}

/** connect-src and img-src: the app's own origin, the API's (VITE_API_BASE, CORS_ORIGINS) and the tile server. */
export function contentSecurityPolicy(config: Pick<ServerConfig, 'corsOrigins' | 'apiBase' | 'mapTiles'>): string {
  const tiles = tileSource(config.mapTiles || DEFAULT_TILE_URL);
  const apis = [...config.corsOrigins, ...(config.apiBase ? [config.apiBase] : [])].map(originOf).filter((o): o is string => o !== null);
  const connect = [...new Set(["'self'", ...apis, ...(tiles ? [tiles] : [])])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
    // The service worker fetches tiles (to keep them offline) and the app calls the API: nothing else.
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export function installSecurityHeaders(app: FastifyInstance, config: Pick<ServerConfig, 'corsOrigins' | 'apiBase' | 'mapTiles'>): void {
  const csp = contentSecurityPolicy(config);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.user && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Content-Security-Policy', csp);
    return payload;
  });
}
