/**
 * Security headers on every answer. The CSP allows what the app needs: its own
 * scripts, inline styles (React style props), images from itself, data/blob
 * URLs (photos taken offline) and the map tiles of OpenStreetMap. A personal
 * API answer (one given to a signed-in user) is never kept by an HTTP cache
 * (`no-store`) unless its route says otherwise (media: `private, no-cache`),
 * so nothing of a user outlives the sign-out on a shared device.
 */
import type { FastifyInstance } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.tile.openstreetmap.org",
  "connect-src 'self' http: https:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.user && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Content-Security-Policy', CSP);
    return payload;
  });
}
