/**
 * The offline briefcase's figures (issue 20), measured in Node (the engine on
 * fake-indexeddb, not a browser) by bench/briefcase-run.ts in its own process:
 * a manager responsible for 1,000 open interventions, the reference server
 * with FAULTS latency=50. Goals: the first full pass within 1.2× a bare fetch
 * loop sending the same requests with the same concurrency (4); a second pass
 * after 10 changes sends at most 5 % of the first's requests.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

interface RunOutput {
  openInterventions: number;
  first: { ms: number; requests: number; listRequests: number };
  bare: { ms: number; beforeMs: number; afterMs: number };
  second: { ms: number; requests: number; listRequests: number; changes: number };
  store: { docs: number; jsonBytes: number; mediaBytes: number; counts: Record<string, number> };
  lastCompleteAt: number | null;
}

export interface BriefcaseResult extends RunOutput {
  name: 'briefcase';
  environment: string;
  /** first.ms / bare.ms, goal ≤ 1.2. */
  passRatio: number;
  /** second.requests / first.requests, goal ≤ 0.05. */
  secondRequestShare: number;
  goals: { passRatio: { goal: number; met: boolean }; secondRequestShare: { goal: number; met: boolean } };
}

export function measureBriefcase(root: string): BriefcaseResult {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'briefcase-run.ts')], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = run.stdout
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .pop();
  if (run.status !== 0 || !line) throw new Error(`bench briefcase : échec (${run.status})`);
  const out = JSON.parse(line) as RunOutput;
  const passRatio = Math.round((out.first.ms / out.bare.ms) * 100) / 100;
  const secondRequestShare = Math.round((out.second.requests / out.first.requests) * 1000) / 1000;
  const result: BriefcaseResult = {
    name: 'briefcase',
    environment: 'Node + fake-indexeddb (not a browser), reference server in process, FAULTS latency=50',
    ...out,
    passRatio,
    secondRequestShare,
    goals: { passRatio: { goal: 1.2, met: passRatio <= 1.2 }, secondRequestShare: { goal: 0.05, met: secondRequestShare <= 0.05 } },
  };
  console.log(
    `briefcase: first pass ${out.first.ms} ms (${out.first.requests} requests) vs bare loop ${out.bare.ms} ms → ${passRatio}× (goal ≤ 1.2: ${result.goals.passRatio.met ? 'met' : 'not met'}); ` +
      `second pass after ${out.second.changes} changes: ${out.second.requests} requests = ${(secondRequestShare * 100).toFixed(1)} % (goal ≤ 5 %: ${result.goals.secondRequestShare.met ? 'met' : 'not met'}); ` +
      `store ${out.store.docs} documents, ${(out.store.jsonBytes / 1e6).toFixed(1)} MB of JSON, media ${(out.store.mediaBytes / 1e6).toFixed(2)} MB`,
  );
  return result;
}

// `npx tsx bench/briefcase.ts` runs it alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(JSON.stringify(measureBriefcase(path.resolve(import.meta.dirname, '..')), null, 2));
}
