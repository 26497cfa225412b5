/**
 * The drafts kit: everything a user started and has not sent (a tunnel half
 * filled, one per object being created, never overwritten by the next) is a
 * draft the engine knows, lists and counts. A draft is one document of the
 * `feed` collection (kind 'draft', its own kind in `sortKey`, so a kind's
 * drafts are one indexed read and a reactive query), holding the values, a
 * French label naming the object, and the blob-store ids of its photos.
 * Photos stay in the blob store with the draft; they go with it, unless a
 * queued upload took them over.
 */
import { map, type Observable } from 'rxjs';
import type { Database } from '../store/database';
import type { FileStore } from '../store/files';
import { plainData } from '../store/plain';

export interface Draft<T = unknown> {
  kind: string;
  key: string;
  label: string;
  value: T;
  fileIds: string[];
  savedAt: number;
}

export interface DraftKit {
  save<T>(kind: string, key: string, value: T, meta: { label: string; fileIds?: string[] }): Promise<void>;
  read<T>(kind: string, key: string): Promise<Draft<T> | null>;
  /** Drops the draft and its photos (unless `keepFiles`: they now belong to queued uploads). */
  remove(kind: string, key: string, options?: { keepFiles?: boolean }): Promise<void>;
  list(kind?: string): Promise<Draft[]>;
  watch<T>(kind: string): Observable<Draft<T>[]>;
}

const docId = (kind: string, key: string) => `draft:${kind}:${key}`;
const DRAFT = 'draft';

export function draftKit(db: () => Database, files: () => FileStore): DraftKit {
  const toDraft = <T>(doc: { toJSON(): { data: unknown } }) => doc.toJSON().data as Draft<T>;
  return {
    async save(kind, key, value, meta) {
      const draft: Draft = { kind, key, label: meta.label, value: plainData(value), fileIds: meta.fileIds ?? [], savedAt: Date.now() };
      await db().feed.upsert({
        id: docId(kind, key),
        kind: DRAFT,
        sortKey: kind,
        data: draft as unknown as Record<string, unknown>,
        pending: false,
        refreshedAt: 0,
      });
    },
    async read<T>(kind: string, key: string) {
      const doc = await db().feed.findOne(docId(kind, key)).exec();
      return doc ? toDraft<T>(doc) : null;
    },
    async remove(kind, key, options = {}) {
      const doc = await db().feed.findOne(docId(kind, key)).exec();
      if (!doc) return;
      // Removed as it is when the write lands (a save may have come since it was read), photos included.
      const removed = await doc.incrementalRemove();
      const draft = toDraft(removed);
      if (!options.keepFiles && draft.fileIds.length > 0) await files().remove(draft.fileIds);
    },
    async list(kind) {
      const docs = await db()
        .feed.find({ selector: kind ? { kind: DRAFT, sortKey: kind } : { kind: DRAFT } })
        .exec();
      return docs.map((d) => toDraft(d));
    },
    watch<T>(kind: string) {
      return db()
        .feed.find({ selector: { kind: DRAFT, sortKey: kind } })
        .$.pipe(map((docs) => docs.map((d) => toDraft<T>(d)).sort((a, b) => b.savedAt - a.savedAt)));
    },
  };
}
