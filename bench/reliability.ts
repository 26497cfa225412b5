/**
 * The outbox's randomised reliability test in benchmark mode: 1,000 seeded
 * fault schedules (CI runs 200) against the in-process reference server.
 * Reports how many passed and how long they took; any failure names its seed
 * in vitest's output, replayable with OUTBOX_SEED.
 */
import { spawnSync } from 'node:child_process';

export interface ReliabilityResult {
  name: 'reliability';
  schedules: number;
  passed: boolean;
  durationMs: number;
}

export function measureReliability(root: string, schedules = 1000): ReliabilityResult {
  const start = performance.now();
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'integration', 'test/integration/outbox-random.test.ts'], {
    cwd: root,
    env: { ...process.env, OUTBOX_SCHEDULES: String(schedules) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { name: 'reliability', schedules, passed: run.status === 0, durationMs: Math.round(performance.now() - start) };
}
