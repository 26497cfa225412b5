/**
 * What the briefcase downloads for the intervention module (issue 20): every
 * list page over every place, then for each request not closed its detail,
 * appointments, debriefings and thread (not an unread thread: see
 * prime-messaging.ts), and its photos and debriefing photos as media. The
 * list item's JSON is the fingerprint (the list gives no change date). A
 * closed request can leave the device (eviction) with its children.
 */
import { corePaths } from '../contract/core';
import { INTERVENTION_PLACE_LIST, type InterventionListItem } from '../contract/interventions';
import { canUseArea, canUseInterventions } from '../contract/roles';
import type { PrimePass } from '../briefcase/types';
import type { Database } from '../store/database';
import { storedDoc, storedDocs } from '../store/queries';
import {
  LIST_PAGE_SIZE,
  fetchInterventionPage,
  pullAppointments,
  pullDebriefings,
  pullInterventionDetail,
  pullMessages,
  storeInterventionPage,
  threadKey,
} from './interventions';
import { mediaListed, mediaOfObject, primeDetail, primeListPages, removeAsRead } from './prime-list';
import type { StoredDoc } from './pull';
import { primeMessaging } from './prime-messaging';

async function primeRequest(db: Database, pass: PrimePass, item: InterventionListItem, unread: ReadonlySet<string>): Promise<void> {
  const id = item.id;
  const object = `intervention:${id}`;
  const fingerprint = JSON.stringify(item);
  // The media are read from what this pass stored, or from the store when a task was not due.
  const fresh: { detail?: StoredDoc; debriefings?: StoredDoc[] } = {};
  if (!(await primeDetail(pass, object, fingerprint, () => pullInterventionDetail(db, pass.api, id, (doc) => (fresh.detail = doc))))) return;
  const child = (name: string, run: () => Promise<unknown>) => pass.task({ key: `${object}:${name}`, fingerprint, run });
  await Promise.all([
    child('appointments', () => pullAppointments(db, pass.api, id)),
    child('debriefings', async () => (fresh.debriefings = await pullDebriefings(db, pass.api, id))),
    unread.has(object) ? null : child('messages', () => pullMessages(db, pass.api, id)),
  ]);
  // The detail's own list of media (a merge keeps it over the list item's); without one, the stored document's.
  const requestMedia = await mediaOfObject(fresh.detail, () => storedDoc(db.interventions, String(id)));
  const debriefings: { data: unknown }[] = fresh.debriefings ?? (await storedDocs(db.debriefings, { selector: { interventionId: String(id) } }));
  for (const media of [...requestMedia, ...debriefings.flatMap((d) => mediaListed(d.data))]) {
    await pass.media(corePaths.media(media.id), media.date ?? null, object);
  }
}

export async function primeInterventions(db: Database, roles: readonly string[], pass: PrimePass): Promise<void> {
  const unread = canUseArea(roles, 'messaging') ? await primeMessaging(db, pass) : new Set<string>();
  if (!canUseInterventions(roles)) return;
  await primeListPages(pass, {
    listKey: 'interventions:list',
    kind: 'intervention',
    pageSize: LIST_PAGE_SIZE,
    fetchPage: (page) => fetchInterventionPage(pass.api, INTERVENTION_PLACE_LIST, page),
    storePage: (fetched) => storeInterventionPage(db, fetched),
    open: (item) => primeRequest(db, pass, item, unread),
    collection: db.interventions,
    pullDetail: (id) => pullInterventionDetail(db, pass.api, id),
  });
}

/** Removes a closed request and what hangs on it (never anything pending); false when it is not one. */
export async function forgetClosedIntervention(db: Database, object: string): Promise<boolean> {
  const match = /^intervention:(\d+)$/.exec(object);
  if (!match) return false;
  const id = match[1]!;
  const doc = await db.interventions.findOne(id).exec();
  if (doc && (doc.pending || doc.place !== 'closed')) return false;
  const children = [
    ...(await db.appointments.find({ selector: { interventionId: id } }).exec()),
    ...(await db.debriefings.find({ selector: { interventionId: id } }).exec()),
    ...(await db.messages.find({ selector: { thread: threadKey('intervention', id) } }).exec()),
  ];
  if (children.some((c) => c.pending)) return false;
  return (await removeAsRead(children)) && removeAsRead(doc ? [doc] : []);
}
