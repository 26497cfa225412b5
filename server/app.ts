/**
 * Builds the reference API server: one Fastify app over one SQLite database.
 * Hook order matters: faults (onRequest) → auth → idempotency (preHandler)
 * → route → idempotency record → lost-response fault (onSend).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { openDatabase, isSeeded, wipe } from './db/open';
import { installErrorHandler } from './http/errors';
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
}

export async function buildServer(config: ServerConfig, options: BuildOptions = {}): Promise<ReferenceServer> {
  const db = openDatabase(config.dataDir, moduleSchemas);
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

  const app = Fastify({ logger: config.logRequests, bodyLimit: 2 * MAX_UPLOAD_BYTES, trustProxy: true });
  installErrorHandler(app);
  await app.register(cors, { origin: true, exposedHeaders: ['Idempotent-Replayed'], allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key'] });
  await app.register(compress, { threshold: 1024 });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  // API Platform clients send JSON-LD and merge-patch bodies; parse them as JSON.
  app.addContentTypeParser(['application/ld+json', 'application/merge-patch+json'], { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, body === '' ? {} : JSON.parse(String(body)));
    } catch {
      done(Object.assign(new Error('Corps JSON invalide'), { statusCode: 400 }), undefined);
    }
  });
  installSecurityHeaders(app);
  installAuth(app, db);
  installIdempotency(app, db);
  const faults = installFaults(app, config.faults);
  for (const module of modules) await module.routes(app, ctx);
  await installStaticApp(app, config.staticDir);
  app.addHook('onClose', async () => db.close());
  return { app, ctx, faults, logLines, world };
}
