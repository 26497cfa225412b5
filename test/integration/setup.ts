/** Integration tests run in Node: fake-indexeddb stands in for the browser's IndexedDB, before anything loads Dexie. */
import 'fake-indexeddb/auto';
