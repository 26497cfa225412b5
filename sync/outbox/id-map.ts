/**
 * Temporary ids (of objects created offline) → server ids, as the answers give them: a command
 * waiting for a creation has its ids rewritten from this map before it is sent. Kept in memory
 * and written to the store in the same batch as the sent commands' removal (never after: a
 * creation must not leave the outbox before its server id is on disk).
 */
import type { Database } from '../store/database';
import type { IdMap } from './commands';

const IDMAP_DOC = 'outbox-idmap';

export function idMapOf(db: Database) {
  let map: IdMap | null = null;
  let dirty = false;
  const read = async (): Promise<IdMap> => {
    if (map) return map;
    const doc = await db.getLocal<{ map: IdMap }>(IDMAP_DOC);
    map = doc?.toJSON().data.map ?? {};
    return map;
  };
  return {
    read,
    async remember(tempId: string, serverId: string): Promise<void> {
      map = { ...(await read()), [tempId]: serverId };
      dirty = true;
    },
    /** Writes what was remembered since the last save (before the batch of sent commands is removed). */
    async save(): Promise<void> {
      if (!dirty || !map) return;
      dirty = false;
      await db.upsertLocal(IDMAP_DOC, { map });
    },
  };
}
