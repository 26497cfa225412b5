/**
 * Worker thread of the visit saves: parsing, merging and serialising a visit
 * of up to 20 MB takes hundreds of milliseconds, which on the event loop
 * stalled every other request (issue 21: p95 2.4 s during four big saves).
 */
import { parentPort } from 'node:worker_threads';
import { runMergeJob, type MergeJob } from './merge-job';

parentPort?.on('message', (message: { id: number; job: MergeJob }) => {
  const result = runMergeJob(message.job);
  // The merged bytes go back without a copy.
  parentPort!.postMessage({ id: message.id, result }, result.ok ? [result.json.buffer as ArrayBuffer] : []);
});
