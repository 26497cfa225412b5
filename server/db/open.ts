/**
 * Opens the embedded SQLite database (better-sqlite3: synchronous, in-process,
 * no service to install) with foreign keys on, and creates every table.
 * WAL keeps reads fast while a write transaction runs.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { coreSchema } from './core-schema';

export type Db = Database.Database;

/** Opens (or creates) the database and runs the core schema then each module's schema. */
export function openDatabase(dataDir: string | null, moduleSchemas: readonly string[]): Db {
  let db: Db;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    db = new Database(path.join(dataDir, 'demo.sqlite'));
    db.pragma('journal_mode = WAL');
  } else {
    db = new Database(':memory:');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.exec(coreSchema);
  migrate(db);
  for (const schema of moduleSchemas) db.exec(schema);
  return db;
}

/**
 * Columns added after a database file may have been created (CREATE TABLE IF
 * NOT EXISTS leaves old tables as they were). Replies stored by the former
 * replay table could hold tokens in clear: they are dropped.
 */
function migrate(db: Db): void {
  const has = (table: string, column: string) => (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).some((c) => c.name === column);
  if (!has('refresh_tokens', 'family')) db.exec(`ALTER TABLE refresh_tokens ADD COLUMN family TEXT`);
  if (!has('users', 'token_version')) db.exec(`ALTER TABLE users ADD COLUMN token_version INTEGER NOT NULL DEFAULT 0`);
  if (!has('password_resets', 'attempts')) db.exec(`ALTER TABLE password_resets ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0`);
  if (!has('password_resets', 'requested_from')) db.exec(`ALTER TABLE password_resets ADD COLUMN requested_from TEXT`);
  db.exec(`DELETE FROM idempotency_keys`);
}

/** Runs fn in one transaction: every write of a request is all or nothing. */
export function tx<T>(db: Db, fn: () => T): T {
  return db.transaction(fn)();
}

export function isSeeded(db: Db): boolean {
  const row = db.prepare(`SELECT value FROM meta WHERE key = 'seeded_at'`).get() as { value: string } | undefined;
  return row !== undefined;
}

/** Drops every table so that --reset can seed a fresh world. */
export function wipe(db: Db, moduleSchemas: readonly string[]): void {
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as { name: string }[];
  db.pragma('foreign_keys = OFF');
  for (const { name } of tables) db.exec(`DROP TABLE IF EXISTS "${name}"`);
  db.pragma('foreign_keys = ON');
  db.exec(coreSchema);
  migrate(db);
  for (const schema of moduleSchemas) db.exec(schema);
}
