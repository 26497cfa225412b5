/**
 * No request may stall the others (issue 21): the reference server under
 * concurrent big visit saves (20,000 fields, about 10 MB each, with an
 * Idempotency-Key as the outbox sends them), 4.9 MB photo uploads and failed
 * sign-ins, while a pinger measures the latency of an ordinary call (GET
 * api/personal/data/0 every 20 ms). Three runs in one: the pinger alone, the
 * load with the heavy work on the event loop as before the fix
 * (INLINE_HEAVY=1), and the load as the server runs now. Goal: the pinger's
 * p95 under 200 ms with the load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { DEMO_PASSWORD } from '../server/seed/world';
import { stats, type Stats } from './big-visit';

export interface ServerLoadRun {
  pinger: Stats;
  saves: number;
  uploads: number;
  signIns: number;
  errors: number;
}

export interface ServerLoadResult {
  name: 'server-load';
  durationS: number;
  load: string;
  idle: ServerLoadRun;
  before: ServerLoadRun;
  after: ServerLoadRun;
  goalP95Ms: number;
  /** after.pinger.p95Ms / before.pinger.p95Ms. */
  ratio: number;
}

const SAVERS = 4;
const UPLOADERS = 2;
const SIGNERS = 2;

async function startServer(root: string, inline: boolean): Promise<{ child: ChildProcess; port: number; visits: number[]; intervention: number }> {
  const prof = process.env.SERVER_LOAD_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_LOAD_PROFILE}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', path.join(root, 'bench', 'server-load-server.ts')], {
    cwd: root,
    env: { ...process.env, INLINE_HEAVY: inline ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`serveur arrêté (${code})`)));
  });
  return { child, ...(JSON.parse(line) as { port: number; visits: number[]; intervention: number }) };
}

/** Runs the load process until it has built its bodies; resolves its counts at the end. */
async function startLoad(root: string, job: object): Promise<{ done: Promise<Omit<ServerLoadRun, 'pinger'> & { saveBytes: number }> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'server-load-clients.ts'), JSON.stringify(job)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const queue: string[] = [];
  let wake: (() => void) | null = null;
  lines.on('line', (l) => {
    queue.push(l);
    wake?.();
  });
  const next = async () => {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return queue.shift()!;
  };
  if ((await next()) !== 'ready') throw new Error('charge : démarrage manqué');
  return { done: next().then((l) => JSON.parse(l) as Omit<ServerLoadRun, 'pinger'> & { saveBytes: number }) };
}

async function run(root: string, mode: 'idle' | 'before' | 'after', durationS: number): Promise<ServerLoadRun & { saveBytes: number }> {
  const server = await startServer(root, mode === 'before');
  const base = `http://127.0.0.1:${server.port}`;
  const signIn = async (email: string) => {
    const res = await fetch(`${base}/api/authentication_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    return ((await res.json()) as { token: string }).token;
  };
  const inspector = await signIn('inspecteur@demo.fr');
  const manager = await signIn('gestionnaire@demo.fr');
  const load =
    mode === 'idle'
      ? { done: Promise.resolve({ saves: 0, uploads: 0, signIns: 0, errors: 0, saveBytes: 0 }) }
      : await startLoad(root, {
          base,
          inspector,
          manager,
          visits: server.visits.slice(0, SAVERS),
          intervention: server.intervention,
          durationS,
          uploaders: UPLOADERS,
          signers: SIGNERS,
        });
  const latencies: number[] = [];
  const end = performance.now() + durationS * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const res = await fetch(`${base}/api/personal/data/0`, { headers: { authorization: `Bearer ${manager}` } });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const counts = await load.done;
  server.child.kill('SIGTERM');
  return { pinger: stats(latencies), ...counts };
}

export async function measureServerLoad(root: string, durationS = Number(process.env.SERVER_LOAD_SECONDS ?? 15)): Promise<ServerLoadResult> {
  // SERVER_LOAD_ONLY=after skips the other runs (profiling); their figures are then zeros.
  const only = process.env.SERVER_LOAD_ONLY;
  const none: ServerLoadRun & { saveBytes: number } = { pinger: stats([]), saves: 0, uploads: 0, signIns: 0, errors: 0, saveBytes: 0 };
  const idle = !only || only === 'idle' ? await run(root, 'idle', Math.min(5, durationS)) : none;
  const before = !only || only === 'before' ? await run(root, 'before', durationS) : none;
  const after = !only || only === 'after' ? await run(root, 'after', durationS) : none;
  return {
    name: 'server-load',
    durationS,
    load: `${SAVERS} big visit saves (20,000 fields, ${(after.saveBytes / 1e6).toFixed(1)} MB each), ${UPLOADERS} uploads of 4.9 MB, ${SIGNERS} failed sign-ins, each in a loop`,
    idle,
    before,
    after,
    goalP95Ms: 200,
    ratio: Math.round((after.pinger.p95Ms / before.pinger.p95Ms) * 100) / 100,
  };
}

// `npx tsx bench/server-load.ts` runs it alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(JSON.stringify(await measureServerLoad(path.resolve(import.meta.dirname, '..')), null, 2));
}
