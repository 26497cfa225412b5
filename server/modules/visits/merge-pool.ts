/**
 * Runs visit merges on one worker thread (merge-worker.ts), one job at a time
 * in arrival order; the event loop only moves text to and from it. The worker
 * starts on the first save and is ended with the app. Should it fail to start
 * or die, jobs run inline (slower for others, still correct).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runMergeJob, type MergeJob, type MergeOutcome } from './merge-job';

export interface MergePool {
  run(job: MergeJob): Promise<MergeOutcome>;
  close(): Promise<void>;
}

export function createMergePool(): MergePool {
  let worker: Worker | null = null;
  let broken = false;
  let seq = 0;
  const pending = new Map<number, { job: MergeJob; resolve: (outcome: MergeOutcome) => void }>();

  const fail = () => {
    broken = true;
    worker = null;
    // Jobs in flight are run inline: the worker's answer will never come.
    for (const { job, resolve } of pending.values()) resolve(runMergeJob(job));
    pending.clear();
  };

  const start = (): Worker | null => {
    if (worker || broken) return worker;
    try {
      // The server runs TypeScript through tsx; the worker registers it before loading its entry (Node 20's
      // workers do not take tsx's loader from --import).
      const tsx = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
      const entry = new URL('./merge-worker.ts', import.meta.url).href;
      const w = new Worker(`import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`, { eval: true });
      w.unref();
      w.on('message', (m: { id: number; outcome: MergeOutcome }) => {
        pending.get(m.id)?.resolve(m.outcome);
        pending.delete(m.id);
      });
      w.on('error', fail);
      w.on('exit', () => {
        if (worker === w) fail();
      });
      worker = w;
    } catch {
      broken = true;
    }
    return worker;
  };

  return {
    run(job) {
      const w = start();
      if (!w) return Promise.resolve(runMergeJob(job));
      const id = ++seq;
      return new Promise((resolve) => {
        pending.set(id, { job, resolve });
        w.postMessage({ id, job });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      broken = true;
      if (w) await w.terminate();
    },
  };
}
