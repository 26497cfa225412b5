/**
 * What the briefcase keeps on the device between passes, as local documents
 * of the user's store (no extra collection: RxDB's open-source build allows 13
 * per process): one record per task ({at, fingerprint}) so that a later pass
 * fetches again only what changed or grew old, the running pass (so that a
 * reload resumes it), the summary the account section shows after a reload,
 * the media index and when objects were last viewed (eviction order).
 */
import { normalizeMangoQuery, prepareQuery } from 'rxdb';
import { getLocalDocStateByParent } from 'rxdb/plugins/local-documents';
import type { Database } from '../store/database';
import { readLocal, writeLocal } from '../store/local';
import { flushLocalWrites, writeLocalSoon } from '../store/local-batch';
import { yieldToPage } from '../yield-to-page';
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

/** Records read per request at a pass's start (each answer in a task of its own). */
const RECORDS_PER_READ = 500;

/**
 * Every task record of the store, by task key, read once when a pass starts: a read of its record
 * per task was one IndexedDB transaction per task (3,200 in 45 s of a first pass, the most of any
 * kind once the writes went in batches). Read by ranges of the local documents' key.
 */
export async function readTaskRecords(db: Database): Promise<Map<string, TaskRecord>> {
  // The parent's type is RxDB's generic database; ours is typed by its collections.
  const { storageInstance } = await getLocalDocStateByParent(db as never);
  // Records of the pass before that still wait for their batch are read too.
  await flushLocalWrites(db);
  const records = new Map<string, TaskRecord>();
  const prefix = taskKey('');
  let after = prefix;
  for (;;) {
    const query = normalizeMangoQuery(storageInstance.schema, {
      // Written as RxDB's own queries say it: the storage then reads the range on [_deleted+id] (primary-plan.ts).
      selector: { id: { $gt: after, $lt: `${prefix}\uffff` }, _deleted: { $eq: false } } as never,
      sort: [{ id: 'asc' }],
      limit: RECORDS_PER_READ,
    });
    const { documents } = await storageInstance.query(prepareQuery(storageInstance.schema, query));
    for (const doc of documents) records.set(doc.id.slice(prefix.length), (doc.data as { value: TaskRecord }).value);
    if (documents.length < RECORDS_PER_READ) return records;
    after = documents[documents.length - 1]!.id;
    await yieldToPage();
  }
}

/** With the other tasks' records and marks of the next moment (local-batch.ts). */
export const writeTask = (db: Database, key: string, record: TaskRecord) => writeLocalSoon(db, taskKey(key), record);
export const readPass = (db: Database) => readLocal<PassRecord>(db, PASS_DOC);
export const writePass = (db: Database, pass: PassRecord) => writeLocal(db, PASS_DOC, pass);
export const readSummary = (db: Database) => readLocal<BriefcaseSummary>(db, SUMMARY_DOC);
export const writeSummary = (db: Database, summary: BriefcaseSummary) => writeLocal(db, SUMMARY_DOC, summary);

/**
 * A short digest of a fingerprint (a list item's JSON, hundreds of characters), which is what a
 * record keeps: the records of 10,000 requests are read at once. 53 bits (two 32-bit FNV-1a lanes).
 */
export function digest(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return ((b >>> 0) % 0x200000).toString(36) + (a >>> 0).toString(36).padStart(7, '0');
}

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
