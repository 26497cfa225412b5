/**
 * Serves the built app (dist/) so that `npm start` gives one URL. Navigations
 * fall back to index.html; /api and missing files with an extension are 404,
 * so a service worker never precaches the shell in place of an asset.
 * index.html and sw.js are never cached by HTTP; hashed assets are immutable.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

export async function installStaticApp(app: FastifyInstance, staticDir: string | null): Promise<void> {
  if (!staticDir || !fs.existsSync(path.join(staticDir, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      if (NO_CACHE.has(name)) res.header('Cache-Control', 'no-cache');
      else if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'public, max-age=3600');
    },
  });
  // Read on each navigation: a rebuild while the server runs must not serve stale asset names.
  const indexHtml = () => fs.readFileSync(path.join(staticDir, 'index.html'));
  app.get('/*', { config: { public: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    // Any spelling of an API path (/API/…, //api/…) is the API's 404, never the app's shell.
    const apiLike = /^\/api(\/|$)/.test(urlPath.replace(/\/{2,}/g, '/').toLowerCase());
    if (apiLike) return reply.status(404).send({ message: 'Ressource introuvable', description: "Cette adresse de l'API n'existe pas." });
    if (path.extname(urlPath) !== '') return reply.status(404).send({ message: 'Fichier introuvable', description: 'Fichier introuvable' });
    const file = path.join(staticDir, urlPath);
    if (file.startsWith(staticDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) return reply.sendFile(urlPath.slice(1));
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml());
  });
  app.get('/', { config: { public: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml()),
  );
}
