/**
 * Builds the reference API server: one Fastify app over one SQLite database.
 * Hook order matters: faults → auth and area roles (onRequest, before any body
 * is read) → body hash (preValidation) → idempotency replay (preHandler) →
 * route → idempotency record → lost-response fault (onSend).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { openDatabase, isSeeded, wipe } from './db/open';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './http/errors';
import { installAuth } from './http/auth';
import { installIdempotency } from './http/idempotency';
import { installFaults, type FaultSwitch } from './http/faults';
import { installStaticApp } from './http/static-app';
import { installSecurityHeaders } from './http/security-headers';
import { createFileStore } from './http/uploads';
import { MAX_UPLOAD_BYTES } from '../sync/contract/files';
import { modules, moduleSchemas } from './modules/registry';
import { seedDemo } from './seed';
import type { World } from './seed/world';

export interface BuildOptions {
  /** Drop everything and seed again (--reset). */
  reset?: boolean;
  /** Extra generated interventions (--scale N). */
  scale?: number;
  /** "Now" of the seeded world (tests pin it). */
  now?: Date;
}

export interface ReferenceServer {
  app: FastifyInstance;
  ctx: AppContext;
  faults: FaultSwitch;
  /** Lines written to the log (tests read forgotten-password codes here). */
  logLines: string[];
  /** The world seeded by this start, or null when the database was already seeded. */
  world: World | null;
  /** Every route registered (the fuzz and access-matrix tests walk them all). */
  routes: RouteInfo[];
}

export interface RouteInfo {
  method: string;
  url: string;
  public: boolean;
}

/** JSON bodies above this are refused (413); the visit send route allows more, uploads have their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildServer(config: ServerConfig, options: BuildOptions = {}): Promise<ReferenceServer> {
  const db = openDatabase(config.dataDir, moduleSchemas);
  for (const module of modules) module.migrate?.(db);
  const logLines: string[] = [];
  const ctx: AppContext = {
    db,
    files: createFileStore(config.dataDir),
    config,
    mediaReaders: [],
    log: (line) => {
      logLines.push(line);
      if (config.dataDir) process.stdout.write(`${line}\n`);
    },
  };
  let world: World | null = null;
  if (options.reset) wipe(db, moduleSchemas);
  if (options.reset || !isSeeded(db)) world = seedDemo(ctx, { scale: options.scale ?? 0, ...(options.now ? { now: options.now } : {}) });

  const app = Fastify({
    logger: config.logRequests,
    bodyLimit: JSON_BODY_LIMIT,
    // A hop count: Fastify takes the address the Nth nearest proxy saw, never the client's leftmost claim.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    // __proto__ and constructor.prototype in a JSON body are refused (400), never merged.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors,
    clientErrorHandler,
  });
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, public: route.config?.public === true });
  });
  installErrorHandler(app);
  // Same origin only unless CORS_ORIGINS names the sites allowed to call the API (it reflected any Origin).
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    exposedHeaders: ['Idempotent-Replayed', 'Retry-After'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key'],
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 25, headerPairs: 50 } });
  // API Platform clients send JSON-LD and merge-patch bodies; parse them as JSON, with the same poisoning checks.
  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(['application/ld+json', 'application/merge-patch+json'], { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, {});
    else json(request, body as string, done);
  });
  installSecurityHeaders(app, config);
  // Idempotency first: its onSend stores the answer before a simulated lost response drops it.
  installIdempotency(app, db);
  const faults = installFaults(app, config.faults);
  installAuth(app, db, config.firmPrefix);
  for (const module of modules) await module.routes(app, ctx);
  await installStaticApp(app, config.staticDir);
  app.addHook('onClose', async () => db.close());
  return { app, ctx, faults, logLines, world, routes };
}
