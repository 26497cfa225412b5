/**
 * The storage worker: IndexedDB, Dexie and RxDB's storage layer run here, off
 * the page's main thread; the page's RxDB (collections, queries, documents)
 * sends each storage call here (remote-storage.ts). Their JavaScript (Dexie's
 * promises, the rows turned into documents, the write checks) was a large part
 * of the main thread's work while a screen loaded and while an inspector saved.
 */
import { Subject } from 'rxjs';
import { exposeRxStorageRemote, type MessageToRemote, type MessageFromRemote } from 'rxdb/plugins/storage-remote';
import { dexieStorage } from './dexie-storage';

declare const self: DedicatedWorkerGlobalScope;

const messages$ = new Subject<MessageToRemote>();
self.addEventListener('message', (event: MessageEvent<MessageToRemote>) => messages$.next(event.data));
exposeRxStorageRemote({
  storage: dexieStorage(),
  messages$: messages$.asObservable(),
  send: (message: MessageFromRemote) => self.postMessage(message),
});
