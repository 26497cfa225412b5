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
  /** Server id → the temporary ids that name it: which queued keys name a document (touched.ts). */
  const temporaries = new Map<string, string[]>();
  let dirty = false;
  const learn = (tempId: string, serverId: string) => {
    const known = temporaries.get(serverId) ?? [];
    if (!known.includes(tempId)) temporaries.set(serverId, [...known, tempId]);
  };
  const read = async (): Promise<IdMap> => {
    if (map) return map;
    const doc = await db.getLocal<{ map: IdMap }>(IDMAP_DOC);
    // A copy of its own: learnt ids are added to it in place (copying the map for each one was
    // quadratic: 0.26 s of 1,000 creations sent in a row, bench engine `backlog`).
    map = { ...doc?.toJSON().data.map };
    for (const [tempId, serverId] of Object.entries(map)) learn(tempId, serverId);
    return map;
  };
  return {
    read,
    async remember(tempId: string, serverId: string): Promise<void> {
      (await read())[tempId] = serverId;
      learn(tempId, serverId);
      dirty = true;
    },
    /** The temporary ids known to name this server id (none for an id created elsewhere). Read first. */
    temporariesOf: (serverId: string): readonly string[] => temporaries.get(serverId) ?? [],
    /** Writes what was remembered since the last save (before the batch of sent commands is removed). */
    async save(): Promise<void> {
      if (!dirty || !map) return;
      dirty = false;
      // A copy: the store must not hold the object that later ids are added to.
      await db.upsertLocal(IDMAP_DOC, { map: { ...map } });
    },
  };
}
