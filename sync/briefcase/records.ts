/**
 * What the briefcase keeps on the device between passes, as local documents
 * of the user's store (no extra collection: RxDB's open-source build allows 13
 * per process): one record per task ({at, fingerprint}) so that a later pass
 * fetches again only what changed or grew old, the running pass (so that a
 * reload resumes it), the summary the account section shows after a reload,
 * the media index and when objects were last viewed (eviction order).
 */
import type { Database } from '../store/database';
import { readLocal, writeLocal } from '../store/local';
import { writeLocalSoon } from '../store/local-batch';
import type { BriefcaseModule, PrimeTask } from './types';

export const taskKey = (key: string) => `briefcase:task:${key}`;
export const PASS_DOC = 'briefcase:pass';
export const SUMMARY_DOC = 'briefcase:summary';
export const MEDIA_DOC = 'briefcase:media';
export const VIEWED_DOC = 'briefcase:viewed';

export interface TaskRecord {
  /** When the task last ran to its end (ms). */
  at: number;
  fingerprint: string | null;
}

/** The pass that runs or ran last: a pass whose completedAt is null was cut (reload, sign-out) and resumes. */
export interface PassRecord {
  startedAt: number;
  completedAt: number | null;
  /** The pass fetched the media (the service worker controlled the page, save-data was off). */
  mediaPrimed?: boolean;
}

export interface BriefcaseSummary {
  lastCompleteAt: number | null;
  counts: Record<BriefcaseModule, number>;
  mediaBytes: number;
  budgetBytes: number;
  /** navigator.storage.persist() was asked once, after the first complete pass. */
  persistAsked: boolean;
}

export const readTask = (db: Database, key: string) => readLocal<TaskRecord>(db, taskKey(key));
/** With the other tasks' records and marks of the next moment (local-batch.ts). */
export const writeTask = (db: Database, key: string, record: TaskRecord) => writeLocalSoon(db, taskKey(key), { ...record });
export const readPass = (db: Database) => readLocal<PassRecord>(db, PASS_DOC);
export const writePass = (db: Database, pass: PassRecord) => writeLocal(db, PASS_DOC, pass);
export const readSummary = (db: Database) => readLocal<BriefcaseSummary>(db, SUMMARY_DOC);
export const writeSummary = (db: Database, summary: BriefcaseSummary) => writeLocal(db, SUMMARY_DOC, summary);

/**
 * Whether a task runs in this pass. Always-tasks (list pages) run every time; a task never run, or
 * whose fingerprint changed, runs; one already done in the running pass (resumed after a cut) does
 * not; a change date that did not move means nothing changed; otherwise it runs once older than
 * the pass interval (the list gave no change date, so children may have changed unseen).
 */
export function isDue(
  task: Pick<PrimeTask, 'fingerprint' | 'authoritative' | 'always'>,
  record: TaskRecord | null,
  passStartedAt: number,
  now: number,
  staleMs: number,
): boolean {
  if (task.always || !record) return true;
  if (task.fingerprint !== undefined && record.fingerprint !== task.fingerprint) return true;
  if (record.at >= passStartedAt) return false;
  if (task.authoritative && task.fingerprint !== undefined) return false;
  return now - record.at >= staleMs;
}
