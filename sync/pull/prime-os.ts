/**
 * What the briefcase downloads for the OS module (issue 20): every list page
 * over every place, then for each OS not closed its detail (with its
 * documents' metadata), the steps its user may send, its thread (not an
 * unread one: see prime-messaging.ts), and its documents as media. The list
 * item's JSON is the fingerprint (the list gives no change date).
 */
import { osPaths, type OsDto } from '../contract/os';
import { OS_PLACES } from '../contract/os-workflow';
import { canUseArea, canUseOs } from '../contract/roles';
import type { PrimePass } from '../briefcase/types';
import type { Database } from '../store/database';
import { storedDoc } from '../store/queries';
import { threadKey } from './interventions';
import { OS_PAGE_SIZE, pullOsDetail, pullOsMessages, pullOsNextSteps, storeOsPage, fetchOsPage } from './os';
import { mediaOfObject, primeDetail, primeListPages, removeAsRead } from './prime-list';
import type { StoredDoc } from './pull';
import { primeMessaging } from './prime-messaging';

async function primeOs(db: Database, pass: PrimePass, item: OsDto, unread: ReadonlySet<string>): Promise<void> {
  const id = item.id;
  const object = `os:${id}`;
  const fingerprint = JSON.stringify(item);
  // The media are read from what this pass stored, or from the store when the detail was not due.
  const fresh: { detail?: StoredDoc } = {};
  if (!(await primeDetail(pass, object, fingerprint, () => pullOsDetail(db, pass.api, id, (doc) => (fresh.detail = doc))))) return;
  await Promise.all([
    pass.task({ key: `${object}:next-steps`, fingerprint, run: () => pullOsNextSteps(db, pass.api, id) }),
    unread.has(object) ? null : pass.task({ key: `${object}:messages`, fingerprint, run: () => pullOsMessages(db, pass.api, id) }),
  ]);
  const medias = await mediaOfObject(fresh.detail, () => storedDoc(db.workrequests, String(id)));
  for (const media of medias) await pass.media(osPaths.media(media.id), media.date ?? null, object);
}

export async function primeOsModule(db: Database, roles: readonly string[], pass: PrimePass): Promise<void> {
  // The OS list is the OS screens' (the firm's staff and owner admins), as the route gate.
  if (!canUseOs(roles)) return;
  const unread = canUseArea(roles, 'messaging') ? await primeMessaging(db, pass) : new Set<string>();
  await primeListPages(pass, {
    listKey: 'os:list',
    kind: 'os',
    pageSize: OS_PAGE_SIZE,
    fetchPage: (page) => fetchOsPage(pass.api, OS_PLACES, page),
    storePage: (fetched) => storeOsPage(db, fetched),
    open: (item) => primeOs(db, pass, item, unread),
    collection: db.workrequests,
    pullDetail: (id) => pullOsDetail(db, pass.api, id),
  });
}

/** Removes a closed OS and its thread (never anything pending); false when it is not one. */
export async function forgetClosedOs(db: Database, object: string): Promise<boolean> {
  const match = /^os:(\d+)$/.exec(object);
  if (!match) return false;
  const id = match[1]!;
  const doc = await db.workrequests.findOne(id).exec();
  if (doc && (doc.pending || doc.place !== 'closed')) return false;
  const messages = await db.messages.find({ selector: { thread: threadKey('os', id) } }).exec();
  if (messages.some((m) => m.pending)) return false;
  return (await removeAsRead(messages)) && removeAsRead(doc ? [doc] : []);
}
