/**
 * The reference server of bench/server-load, in its own process (the load
 * generator must not share its event loop): in memory, four started visits of
 * 20,000 fields for the inspector, sign-in limits and slowdown lifted so that
 * every failed sign-in costs its scrypt. INLINE_HEAVY=1 runs merges and scrypt on the event
 * loop, as before issue 21. Prints one JSON line with the port and the ids.
 */
import { buildServer } from '../server/app';
import { DEFAULT_LIMITS, testConfig } from '../server/config';
import { buildBigVisit } from '../server/modules/visits/checklists';

const open = { max: 1_000_000_000, windowS: 60, lockS: 1 };
const server = await buildServer(
  testConfig({
    inlineHeavyWork: process.env.INLINE_HEAVY === '1',
    limits: { ...DEFAULT_LIMITS, login: open, loginAccount: open, loginClient: open, loginSlowdown: { after: 1_000_000_000, stepMs: 0, maxMs: 0 } },
  }),
);
const db = server.ctx.db;
const inspector = (db.prepare(`SELECT id FROM users WHERE email = 'inspecteur@demo.fr'`).get() as { id: number }).id;
const visits = (db.prepare(`SELECT id FROM visits ORDER BY id LIMIT 4`).all() as { id: number }[]).map((v) => v.id);
for (const id of visits) {
  db.prepare(`UPDATE visits SET assigned_to = ?, state = 'start' WHERE id = ?`).run(inspector, id);
  db.prepare(`UPDATE visit_data SET data = ? WHERE visit_id = ?`).run(JSON.stringify(buildBigVisit(`v${id}`, 4_000, 5)), id);
}
const intervention = (
  db
    .prepare(
      `SELECT ir.id FROM intervention_requests ir JOIN user_real_estates ure ON ure.real_estate_id = ir.real_estate_id JOIN users u ON u.id = ure.user_id WHERE u.email = 'gestionnaire@demo.fr' LIMIT 1`,
    )
    .get() as { id: number }
).id;
await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, visits, intervention }));
process.on('SIGTERM', () => void server.app.close().then(() => process.exit(0)));
