/**
 * What every route module and seeder receives: the database, the file store
 * and the configuration. Modules never reach for globals.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/open';
import type { ServerConfig } from './config';
import type { FileStore } from './http/uploads';
import type { World } from './seed/world';
import type { AuthUser } from './http/auth';

export interface AppContext {
  db: Db;
  files: FileStore;
  config: ServerConfig;
  /** Server log line (the demo prints forgotten-password codes here). */
  log: (line: string) => void;
  /**
   * Answers whether a user may download a media (GET api/media/{id}). Each module
   * that links media to its objects registers one; any yes grants access.
   */
  mediaReaders: Array<(user: AuthUser, mediaId: number) => boolean>;
}

export interface SeedOptions {
  /** Extra generated interventions for benchmarks (--scale N). */
  scale: number;
  /** "Now" of the demo world, so that dates are always fresh around the current day. */
  now: Date;
}

export interface ServerModule {
  name: string;
  /** CREATE TABLE IF NOT EXISTS statements of the module's own tables. */
  schema: string;
  /** Brings a database file made by an earlier version up to the schema (runs at each start). */
  migrate?(db: Db): void;
  routes(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
  /** Adds the module's demo data to the core world (runs inside one transaction). */
  seed?(ctx: AppContext, world: World, options: SeedOptions): void;
}
