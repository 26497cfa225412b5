/**
 * One worker thread for a kind of heavy work (visit merges, file hashes), one
 * job at a time in arrival order: the event loop only hands over the input and
 * takes the result. The worker starts on the first job and never keeps the
 * process alive. If it cannot start or dies, jobs run inline (slower for the
 * other requests, still correct).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type TransferListItem } from 'node:worker_threads';

export interface WorkerPool<J, R> {
  run(job: J, transfer?: TransferListItem[]): Promise<R>;
  close(): Promise<void>;
}

/** `entry` answers `{ id, result }` to each `{ id, job }`; `inline` computes the same on the event loop. */
export function createWorkerPool<J, R>(entry: URL, inline: (job: J) => R, disabled = false): WorkerPool<J, R> {
  let worker: Worker | null = null;
  let broken = disabled;
  let seq = 0;
  const pending = new Map<number, { job: J; resolve: (result: R) => void }>();

  const fail = () => {
    broken = true;
    worker = null;
    // Jobs in flight are run inline: the worker's answer will never come.
    for (const { job, resolve } of pending.values()) resolve(inline(job));
    pending.clear();
  };

  const start = (): Worker | null => {
    if (worker || broken) return worker;
    try {
      // The server runs TypeScript through tsx; the worker registers it before loading its entry (Node 20's
      // workers do not take tsx's loader from --import).
      const tsx = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
      const w = new Worker(`import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`, {
        eval: true,
      });
      w.unref();
      w.on('message', (m: { id: number; result: R }) => {
        pending.get(m.id)?.resolve(m.result);
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
    run(job, transfer = []) {
      const w = start();
      if (!w) return Promise.resolve(inline(job));
      const id = ++seq;
      return new Promise((resolve) => {
        pending.set(id, { job, resolve });
        w.postMessage({ id, job }, transfer);
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
