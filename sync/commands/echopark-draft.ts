/**
 * The echopark creation tunnel's draft, kept on the device so that a request
 * half typed in a basement survives a reload, a crash or a closed tab: one
 * local document (what was chosen and typed) plus the picked photos in the
 * blob store. Writes are grouped (300 ms after the last change, and at once
 * when the screen goes); the draft goes when its request is queued, its
 * photos then belonging to the upload commands.
 */
import type { Database } from '../store/database';
import type { FileStore } from '../store/files';
import { readLocal, removeLocal, writeLocal } from '../store/local';

export const ECHOPARK_DRAFT = 'echopark:draft';
export const DRAFT_WRITE_DELAY_MS = 300;

export interface EchoparkDraft {
  /** The community it was started in: the tree and types differ in another one. */
  communityId: number | null;
  step: number;
  typeId: string | null;
  propertyId: number | null;
  domainId: number | null;
  message: string;
  /** Blob-store ids of the picked photos. */
  photos: { id: string; name: string; type: string; size: number }[];
}

export const emptyDraft = (communityId: number | null): EchoparkDraft => ({
  communityId,
  step: 0,
  typeId: null,
  propertyId: null,
  domainId: null,
  message: '',
  photos: [],
});

export const isBlankDraft = (d: EchoparkDraft) =>
  d.typeId === null && d.propertyId === null && d.domainId === null && d.message.trim() === '' && d.photos.length === 0;

export interface GroupedWriter<T> {
  /** Remembers the latest value; written once no change came for `delayMs`. */
  set(value: T): void;
  /** Writes a pending value now (the screen is leaving). */
  flush(): Promise<void>;
  /** Forgets a pending value (the draft was sent or dropped). */
  cancel(): void;
}

interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** Groups rapid changes (typing) into one write; the timers are injectable for tests. */
export function groupedWriter<T>(
  write: (value: T) => Promise<void>,
  delayMs = DRAFT_WRITE_DELAY_MS,
  timers: Timers = globalThis as unknown as Timers,
): GroupedWriter<T> {
  let pending: { value: T } | null = null;
  let timer: unknown = null;
  const run = async () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    const next = pending;
    pending = null;
    if (next) await write(next.value);
  };
  return {
    set(value) {
      pending = { value };
      if (timer !== null) timers.clearTimeout(timer);
      timer = timers.setTimeout(() => void run().catch((error: unknown) => console.warn('Brouillon non enregistré', error)), delayMs);
    },
    flush: run,
    cancel() {
      pending = null;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}

export const readEchoparkDraft = (db: Database) => readLocal<EchoparkDraft>(db, ECHOPARK_DRAFT);
export const writeEchoparkDraft = (db: Database, draft: EchoparkDraft) => writeLocal(db, ECHOPARK_DRAFT, draft);

/** Drops the draft; its photos too, unless they now belong to queued uploads. */
export async function clearEchoparkDraft(db: Database, files: FileStore, keepPhotos: boolean): Promise<void> {
  const draft = await readEchoparkDraft(db);
  if (draft && !keepPhotos) await files.remove(draft.photos.map((p) => p.id));
  await removeLocal(db, ECHOPARK_DRAFT);
}
