/** Visit merges on their worker thread (merge-worker.ts): see server/http/worker-pool.ts. */
import { createWorkerPool, type WorkerPool } from '../../http/worker-pool';
import { runMergeJob, type MergeJob, type MergeOutcome } from './merge-job';

export type MergePool = WorkerPool<MergeJob, MergeOutcome>;

export const createMergePool = (inline = false): MergePool => createWorkerPool(new URL('./merge-worker.ts', import.meta.url), runMergeJob, inline);
