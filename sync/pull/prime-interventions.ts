/**
 * What the briefcase downloads for the intervention module (issue 20): every
 * list page over every place, then for each request not closed its detail,
 * appointments, debriefings and thread (not an unread thread: see
 * prime-messaging.ts), and its photos and debriefing photos as media. The
 * list item's JSON is the fingerprint (the list gives no change date). A
 * closed request can leave the device (eviction) with its children.
 */
import { corePaths } from '../contract/core';
import { INTERVENTION_PLACE_LIST, type InterventionListItem, type MediaDto } from '../contract/interventions';
import { canUseArea, canUseInterventions } from '../contract/roles';
import type { PrimePass } from '../briefcase/types';
import type { Database } from '../store/database';
import { dataOf } from '../store/plain';
import { LIST_PAGE_SIZE, pullAppointments, pullDebriefings, pullInterventionDetail, pullInterventionPageItems, pullMessages, threadKey } from './interventions';
import { primeMessaging } from './prime-messaging';

/** Most list pages read in a pass (10,000 requests). */
export const MAX_LIST_PAGES = 1000;

const mediaOf = (data: unknown): MediaDto[] => {
  const medias = (data as { medias?: unknown } | null)?.medias;
  return Array.isArray(medias) ? (medias as MediaDto[]) : [];
};

async function primeRequest(db: Database, pass: PrimePass, item: InterventionListItem, unread: ReadonlySet<string>): Promise<void> {
  const id = item.id;
  const object = `intervention:${id}`;
  const fingerprint = JSON.stringify(item);
  let removed = false;
  await pass.task({
    key: object,
    fingerprint,
    run: async () => {
      removed = (await pullInterventionDetail(db, pass.api, id)) === 'removed';
    },
  });
  if (removed || pass.stopped) return;
  const child = (name: string, pull: () => Promise<void>) => pass.task({ key: `${object}:${name}`, fingerprint, run: pull });
  await Promise.all([
    child('appointments', () => pullAppointments(db, pass.api, id)),
    child('debriefings', () => pullDebriefings(db, pass.api, id)),
    unread.has(object) ? null : child('messages', () => pullMessages(db, pass.api, id)),
  ]);
  const doc = await db.interventions.findOne(String(id)).exec();
  const debriefings = await db.debriefings.find({ selector: { interventionId: String(id) } }).exec();
  for (const media of [...mediaOf(doc && dataOf(doc)), ...debriefings.flatMap((d) => mediaOf(dataOf(d)))]) {
    await pass.media(corePaths.media(media.id), media.date ?? null, object);
  }
}

export async function primeInterventions(db: Database, roles: readonly string[], pass: PrimePass): Promise<void> {
  const unread = canUseArea(roles, 'messaging') ? await primeMessaging(db, pass) : new Set<string>();
  if (!canUseInterventions(roles)) return;
  const jobs: Promise<void>[] = [];
  const listed = new Set<string>();
  let complete = false;
  for (let page = 1; page <= MAX_LIST_PAGES && !pass.stopped; page++) {
    let received = -1;
    let items: InterventionListItem[] = [];
    await pass.task({
      key: `interventions:list:${page}`,
      always: true,
      run: async () => {
        const answer = await pullInterventionPageItems(db, pass.api, INTERVENTION_PLACE_LIST, page);
        received = answer.received;
        items = answer.items as unknown as InterventionListItem[];
      },
    });
    for (const item of items) {
      listed.add(String(item.id));
      if (item.place !== 'closed') jobs.push(primeRequest(db, pass, item, unread));
    }
    complete = received >= 0 && received < LIST_PAGE_SIZE;
    if (received < LIST_PAGE_SIZE) break;
  }
  if (complete) jobs.push(sweepUnlisted(db.interventions, listed, pass, (id) => pullInterventionDetail(db, pass.api, id), 'intervention'));
  await Promise.all(jobs);
}

/**
 * Objects on the device that the whole list no longer gives (deleted, or no longer the user's):
 * their detail is asked once; a 404 removes them (pullDetail keeps one with changes pending).
 */
export async function sweepUnlisted(
  collection: SweptCollection,
  listed: ReadonlySet<string>,
  pass: PrimePass,
  pull: (id: number) => Promise<unknown>,
  kind: string,
): Promise<void> {
  const jobs: Promise<void>[] = [];
  // Read in slices by id: one read of a thousand documents is a long task on a slow phone (issue 20's bench).
  for (let after = ''; !pass.stopped;) {
    const slice = await collection.find({ selector: { id: { $gt: after } }, sort: [{ id: 'asc' }], limit: SWEEP_SLICE }).exec();
    for (const d of slice)
      if (/^\d+$/.test(d.id) && !d.pending && !listed.has(d.id))
        jobs.push(pass.task({ key: `${kind}:${d.id}`, fingerprint: 'unlisted', run: () => pull(Number(d.id)).then(() => undefined) }));
    if (slice.length < SWEEP_SLICE) break;
    after = slice[slice.length - 1]!.id;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await Promise.all(jobs);
}

const SWEEP_SLICE = 100;
type SweptCollection = {
  find(query: { selector: { id: { $gt: string } }; sort: { id: 'asc' }[]; limit: number }): { exec(): Promise<{ id: string; pending: boolean }[]> };
};

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
  for (const child of children) await child.remove();
  await doc?.remove();
  return true;
}
