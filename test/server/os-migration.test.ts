/**
 * A database file made before OS drafts (price, trade, type and provider NOT
 * NULL) is brought up to the schema at start: its OS keep their documents,
 * buildings and ids, and a draft can then be stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from '../../server/config';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-os-migration-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('OS table of an earlier version', () => {
  it('is rebuilt with the draft columns nullable, keeping rows and the tables that point at it', async () => {
    const first = await buildServer(testConfig({ dataDir: dir }));
    await first.app.close();
    first.ctx.db.close();
    // Put the table back as earlier versions made it (NOT NULL columns), rows included.
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.sqlite'))!;
    const raw = new Database(path.join(dir, file));
    const before = raw.prepare(`SELECT COUNT(*) AS n FROM work_validation_requests`).get() as { n: number };
    const links = (raw.prepare(`SELECT COUNT(*) AS n FROM work_validation_buildings`).get() as { n: number }).n;
    raw.pragma('foreign_keys = OFF');
    const sql = (raw.prepare(`SELECT sql FROM sqlite_master WHERE name = 'work_validation_requests'`).get() as { sql: string }).sql;
    const old = sql
      .replace(/price REAL CHECK/, 'price REAL NOT NULL CHECK')
      .replace(/business_area_id INTEGER REFERENCES/, 'business_area_id INTEGER NOT NULL REFERENCES')
      .replace(/request_type_id INTEGER REFERENCES/, 'request_type_id INTEGER NOT NULL REFERENCES')
      .replace(/provider_company_id INTEGER REFERENCES/, 'provider_company_id INTEGER NOT NULL REFERENCES');
    raw.exec(`CREATE TABLE wvr_copy AS SELECT * FROM work_validation_requests; DROP TABLE work_validation_requests;`);
    raw.exec(old);
    raw.exec(`INSERT INTO work_validation_requests SELECT * FROM wvr_copy; DROP TABLE wvr_copy;`);
    raw.close();

    const again = await buildServer(testConfig({ dataDir: dir }));
    const db = again.ctx.db;
    const columns = db.prepare(`PRAGMA table_info(work_validation_requests)`).all() as { name: string; notnull: number }[];
    expect(columns.find((c) => c.name === 'business_area_id')?.notnull).toBe(0);
    expect(db.prepare(`SELECT COUNT(*) AS n FROM work_validation_requests`).get()).toEqual(before);
    expect((db.prepare(`SELECT COUNT(*) AS n FROM work_validation_buildings`).get() as { n: number }).n).toBe(links);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    const children = db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'work_validation_buildings'`).get() as { sql: string };
    expect(children.sql).toContain('REFERENCES work_validation_requests(id)');
    await again.app.close();
    db.close();
  });
});
