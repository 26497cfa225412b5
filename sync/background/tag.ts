/**
 * Names shared by the pages and the service worker for the background send:
 * constants only, so that sync/index.ts (the pages' door) re-exports them
 * without bringing the worker's code along.
 */

/** The Background Sync tag a page registers when commands wait; the worker drains on its `sync` event. */
export const OUTBOX_SYNC_TAG = 'bp-outbox';

/** Posted by the worker to the open pages after a drain: they look at their outbox again. */
export const OUTBOX_DRAINED_MESSAGE = 'bp-outbox-drained';
