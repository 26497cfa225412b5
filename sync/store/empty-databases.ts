/**
 * Empties every table of the IndexedDB databases whose name starts with a prefix, at the
 * IndexedDB level. RxDB's removal empties the collections its internal store lists; once one tab
 * has removed a database, that list is gone, and what another tab's still-open store wrote since
 * (a background pass finishing, a save) is in tables no list names. Opening without a version
 * sends no 'versionchange': another tab's open connection is not closed under it.
 */
import { idbRequest } from '../idb-request';

export async function emptyDatabases(prefix: string, factory: IDBFactory): Promise<void> {
  // Older engines list no databases: RxDB's own removal is all they get.
  if (typeof factory.databases !== 'function') return;
  for (const { name } of await factory.databases()) {
    if (!name?.startsWith(prefix)) continue;
    const opening = factory.open(name);
    // Deleted since it was listed: not created again empty.
    opening.onupgradeneeded = () => opening.transaction?.abort();
    const database = await idbRequest(opening).catch(() => null);
    if (!database) continue;
    try {
      const stores = Array.from(database.objectStoreNames);
      if (stores.length === 0) continue;
      const transaction = database.transaction(stores, 'readwrite');
      for (const store of stores) transaction.objectStore(store).clear();
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB'));
      });
    } finally {
      database.close();
    }
  }
}
