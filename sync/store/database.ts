/**
 * Opens the signed-in user's local store: one RxDB database per user (so that
 * another user on the device never sees it) on the free Dexie storage (in the
 * app's pages, run in a worker: remote-storage.ts), plus a Dexie database for file blobs.
 * Tests pass fake-indexeddb's factory.
 */
import { addRxPlugin, createRxDatabase, removeRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import type { CommandStatus, CommandError } from '../outbox/policy';
import { collectionSchemas, type CachedDoc } from './schemas';
import { migrationStrategies } from './migrations';
import { openFileStore, removeFileStore, type FileStore } from './files';
import { dexieStorage, type StoreEnv } from './dexie-storage';
import { yieldToPage } from '../yield-to-page';
import { flushLocalWrites } from './local-batch';
import { emptyDatabases } from './empty-databases';

// Plugins are added on first open, not at import: importing this module costs nothing to a screen
// (the login screen) that never opens a store.
let pluginsAdded = false;
function addPlugins(): void {
  if (pluginsAdded) return;
  addRxPlugin(RxDBLocalDocumentsPlugin);
  addRxPlugin(RxDBMigrationSchemaPlugin);
  addRxPlugin(RxDBLeaderElectionPlugin);
  pluginsAdded = true;
}

export interface OutboxDoc {
  id: string;
  seq: number;
  name: string;
  entity: string;
  label: string;
  payload: Record<string, unknown>;
  status: CommandStatus;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  lastError: CommandError | null;
  dependsOn: string | null;
  fileIds: string[];
}

type Cached<Extra> = CachedDoc & Extra;

export interface Collections {
  outbox: RxCollection<OutboxDoc>;
  interventions: RxCollection<Cached<{ place: string; rank: string; number: string }>>;
  appointments: RxCollection<Cached<{ interventionId: string; date: string; status: number }>>;
  debriefings: RxCollection<Cached<{ interventionId: string; dateEnd: string }>>;
  messages: RxCollection<Cached<{ thread: string; date: string }>>;
  workrequests: RxCollection<Cached<{ place: string; rank: string }>>;
  echopark: RxCollection<Cached<{ communityId: number; createdAt: string }>>;
  visits: RxCollection<Cached<{ state: string; assignedTo: number }>>;
  visitdata: RxCollection<Cached<{ savedAt: number }>>;
  reference: RxCollection<Cached<{ kind: string; name: string }>>;
  feed: RxCollection<Cached<{ kind: string; sortKey: string }>>;
}

export type Database = RxDatabase<Collections>;

export type { StoreEnv };

export interface Store {
  userId: number;
  db: Database;
  files: FileStore;
  close(): Promise<void>;
}

export const databaseName = (userId: number) => `bp-user-${userId}`;

function storage(env: StoreEnv): RxStorage<unknown, unknown> {
  return env.storage ? env.storage() : dexieStorage(env);
}

export async function openStore(userId: number, env: StoreEnv = {}): Promise<Store> {
  addPlugins();
  const db = await createRxDatabase<Collections>({
    name: databaseName(userId),
    storage: storage(env),
    localDocuments: true,
    multiInstance: true,
    closeDuplicates: true,
  });
  // One collection per task, after the database's open: all ten in one call made one chain of promise
  // callbacks (schemas checked and hashed, storage instances opened, migrations looked at) of 100 ms in
  // Lighthouse's profiled load of /dashboard-visites (issue 22).
  for (const [name, schema] of Object.entries(collectionSchemas)) {
    await yieldToPage();
    await db.addCollections({ [name]: { schema, localDocuments: false, migrationStrategies: migrationStrategies[name] ?? {} } } as never);
  }
  const files = openFileStore(userId, env);
  return {
    userId,
    db,
    files,
    async close() {
      // Task records and refresh marks waiting for their batch are written before the store closes.
      await flushLocalWrites(db).catch(() => undefined);
      await db.close();
      files.close();
    },
  };
}

/** Deletes everything the user had on this device (logout): store and blobs. */
export async function removeStore(userId: number, env: StoreEnv = {}): Promise<void> {
  await removeRxDatabase(databaseName(userId), storage(env));
  // What another tab's open store wrote after a first removal is in no list RxDB keeps: emptied too.
  const factory = env.indexedDB ?? globalThis.indexedDB;
  if (factory) await emptyDatabases(`rxdb-dexie-${databaseName(userId)}--`, factory);
  await removeFileStore(userId, env);
}
