/**
 * File blobs (photos, documents) kept in IndexedDB until their upload is
 * confirmed: a plain Dexie database per user, outside RxDB (blobs do not
 * belong in JSON documents). Checked before they are accepted
 * (contract/files.ts: checkImage).
 */
import Dexie, { type Table } from 'dexie';
import type { StoreEnv } from './database';

export interface StoredFile {
  id: string;
  name: string;
  type: string;
  size: number;
  blob: Blob;
  createdAt: number;
}

export interface FileStore {
  put(file: Omit<StoredFile, 'createdAt'>): Promise<void>;
  get(id: string): Promise<StoredFile | undefined>;
  remove(ids: string[]): Promise<void>;
  all(): Promise<StoredFile[]>;
  /** The files whose id starts with `prefix`. */
  withPrefix(prefix: string): Promise<StoredFile[]>;
  close(): void;
}

class FilesDb extends Dexie {
  files!: Table<StoredFile, string>;
  constructor(name: string, env: StoreEnv) {
    super(name, env.indexedDB ? { indexedDB: env.indexedDB, IDBKeyRange: env.IDBKeyRange! } : {});
    this.version(1).stores({ files: 'id, createdAt' });
  }
}

const filesDbName = (userId: number) => `bp-files-${userId}`;

export function openFileStore(userId: number, env: StoreEnv): FileStore {
  const db = new FilesDb(filesDbName(userId), env);
  return {
    put: async (file) => void (await db.files.put({ ...file, createdAt: Date.now() })),
    get: (id) => db.files.get(id),
    remove: (ids) => db.files.bulkDelete(ids),
    all: () => db.files.orderBy('createdAt').toArray(),
    withPrefix: (prefix) => db.files.where(':id').startsWith(prefix).toArray(),
    close: () => db.close(),
  };
}

export async function removeFileStore(userId: number, env: StoreEnv): Promise<void> {
  await new FilesDb(filesDbName(userId), env).delete();
}
