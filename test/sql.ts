/**
 * Questions tests ask the reference server's database directly (the witness
 * of what reached the server). `db` is read at each call: the server starts
 * in beforeAll, after the test file's top level has run.
 */
import type Database from 'better-sqlite3';

export function sqlOf(db: () => Database.Database) {
  return {
    /** `SELECT COUNT(*) AS n …` */
    count: (sql: string, ...params: unknown[]) =>
      (
        db()
          .prepare(sql)
          .get(...params) as { n: number }
      ).n,
    /** `SELECT id …` of the first row. */
    one: (sql: string, ...params: unknown[]) =>
      (
        db()
          .prepare(sql)
          .get(...params) as { id: number }
      ).id,
    userId: (email: string) => (db().prepare(`SELECT id FROM users WHERE email = ?`).get(email) as { id: number }).id,
  };
}
