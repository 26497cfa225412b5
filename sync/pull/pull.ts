/**
 * Pulling: fetchers call the spec's GET endpoints and upsert what passes the
 * boundary checks into the store; screens only ever read the store. A
 * complete list replaces its kind (what the server no longer sends goes); a
 * detail answered 404 is removed locally. Each pull records when it ran.
 */
import type { RxCollection } from 'rxdb';
import type { ApiClient, CallOptions } from '../api/client';
import { ApiFailure, isApiFailure } from '../api/failure';
import type { CachedDoc } from '../store/schemas';
import type { Database } from '../store/database';
import { markRefreshed } from '../store/local';
import { partition, type Guard } from './guards';

export interface PullReport {
  resource: string;
  received: number;
  stored: number;
  /** Items refused at the boundary (wrong shape). */
  refused: number;
  removed: number;
}

type AnyCached = CachedDoc & Record<string, unknown>;

export interface ListPull<T> {
  resource: string;
  path: string;
  options?: CallOptions;
  guard: Guard<T>;
  /** Builds the stored document (id, indexed fields) from a server item. */
  toDoc(item: T, now: number): AnyCached;
  /**
   * Documents of this list that the server no longer sends are removed: the
   * selector says which local documents the list covers (e.g. { kind: 'realEstate' }).
   * Documents with local changes pending are never removed.
   */
  replaceSelector?: Record<string, unknown>;
}

export async function pullList<T>(db: Database, api: ApiClient, collection: RxCollection<AnyCached>, pull: ListPull<T>): Promise<PullReport> {
  const { items } = await api.list<unknown>(pull.path, pull.options);
  const { valid, invalid } = partition(items, pull.guard);
  if (items.length > 0 && valid.length === 0) {
    throw new ApiFailure('invalid-response', 200, 'GET', pull.path, `Réponse inattendue du serveur pour ${pull.resource}`);
  }
  const now = Date.now();
  const docs = valid.map((item) => pull.toDoc(item, now));
  await collection.bulkUpsert(docs);
  let removed = 0;
  if (pull.replaceSelector) {
    const keep = new Set(docs.map((d) => d.id));
    const stale = (await collection.find({ selector: pull.replaceSelector as never }).exec()).filter((d) => !keep.has(d.id) && !d.pending);
    removed = stale.length;
    if (removed > 0) await collection.bulkRemove(stale.map((d) => d.id));
  }
  await markRefreshed(db, pull.resource, now);
  return { resource: pull.resource, received: items.length, stored: docs.length, refused: invalid, removed };
}

export interface DetailPull<T> {
  resource: string;
  path: string;
  guard: Guard<T>;
  docId: string;
  toDoc(item: T, now: number): AnyCached;
}

/** Pulls one object; a 404 removes it from the store (it no longer exists or is no longer ours). */
export async function pullDetail<T>(db: Database, api: ApiClient, collection: RxCollection<AnyCached>, pull: DetailPull<T>): Promise<'stored' | 'removed'> {
  let body: unknown;
  try {
    body = await api.call<unknown>('GET', pull.path);
  } catch (error) {
    if (isApiFailure(error) && error.status === 404) {
      const local = await collection.findOne(pull.docId).exec();
      if (local && !local.pending) await local.remove();
      return 'removed';
    }
    throw error;
  }
  if (!pull.guard(body)) throw new ApiFailure('invalid-response', 200, 'GET', pull.path, `Réponse inattendue du serveur pour ${pull.resource}`);
  const now = Date.now();
  await collection.upsert(pull.toDoc(body, now));
  await markRefreshed(db, `${pull.resource}:${pull.docId}`, now);
  return 'stored';
}
