/**
 * Names shared by the pages and the service worker for the background send.
 * src/ cannot import this file (it reaches sync/ only through sync/index.ts,
 * which the worker's code stays out of): src/services/engine-runtime.ts
 * repeats the tag, and the browser test (background-send.test.ts) fails if
 * the two ever differ.
 */

/** The Background Sync tag a page registers when commands wait; the worker drains on its `sync` event. */
export const OUTBOX_SYNC_TAG = 'bp-outbox';

/** Posted by the worker to the open pages after a drain: they look at their outbox again. */
export const OUTBOX_DRAINED_MESSAGE = 'bp-outbox-drained';
