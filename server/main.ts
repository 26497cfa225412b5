/**
 * `npm run server`: starts the reference API with its seeded demo world and
 * serves the built app. Flags: --reset (reseed), --scale N (extra generated
 * interventions), --memory (no files written), --prune-echopark-photos (brings
 * requests filled before the photo cap back under it). Env: PORT, DATA_DIR, TOKEN_TTL,
 * REFRESH_TTL, MIN_VERSION, FAULTS, STATIC_DIR, CORS_ORIGINS, TRUST_PROXY (proxy hops).
 */
import { configFromEnv } from './config';
import { buildServer } from './app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/world';
import { pruneEchoparkPhotos } from './modules/echopark/cleanup';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const scaleIndex = args.indexOf('--scale');
const scale = scaleIndex >= 0 ? Number(args[scaleIndex + 1]) : 0;
if (!Number.isInteger(scale) || scale < 0) {
  console.error('--scale attend un nombre entier positif');
  process.exit(2);
}

const config = configFromEnv();
if (flag('--memory')) config.dataDir = null;

const started = performance.now();
const server = await buildServer(config, { reset: flag('--reset'), scale });
if (flag('--prune-echopark-photos')) {
  const pruned = pruneEchoparkPhotos(server.ctx);
  console.log(`Photos echopark au-delà du maximum retirées : ${pruned.pictures} (${pruned.requests} demandes).`);
}
const seeded = server.world ? `base créée et peuplée en ${Math.round(performance.now() - started)} ms` : 'base existante réutilisée';
await server.app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
console.log(`\nServeur de référence prêt (${seeded}).`);
console.log(`  Application : ${url}/`);
console.log(`  API         : ${url}/api/`);
console.log(`  Données     : ${config.dataDir ?? 'en mémoire'}`);
if (config.faults) console.log(`  Pannes simulées : ${JSON.stringify(config.faults)}`);
console.log(`\nComptes de démonstration (mot de passe « ${DEMO_PASSWORD} ») :`);
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(24)} ${account.description}`);
console.log('');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void server.app.close().then(() => process.exit(0));
  });
}
