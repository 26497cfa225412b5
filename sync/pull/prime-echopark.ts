/**
 * What the briefcase downloads for the echopark module (issue 20): the
 * current community's list, then for each request not closed its detail
 * (timeline, photos, form) and consigne, and the photos the detail does not
 * carry inline as media. The list gives a change date (`modifiedAt`): an
 * unchanged one means nothing to fetch, however old the copy.
 */
import { corePaths } from '../contract/core';
import type { EchoparkListItem } from '../contract/echopark';
import { canUseEchopark } from '../contract/roles';
import type { PrimePass } from '../briefcase/types';
import type { Database } from '../store/database';
import { dataOf } from '../store/plain';
import { storedDoc } from '../store/queries';
import { pullEchoparkDetail, pullEchoparkList } from './echopark';
import { removeAsRead } from './prime-list';

async function primeRequest(db: Database, pass: PrimePass, item: EchoparkListItem): Promise<void> {
  const object = `echopark:${item.id}`;
  const dated = typeof item.modifiedAt === 'string' && item.modifiedAt !== '';
  await pass.task({
    key: object,
    fingerprint: dated ? item.modifiedAt : JSON.stringify(item),
    authoritative: dated,
    run: () => pullEchoparkDetail(db, pass.api, item.id),
  });
  const doc = await storedDoc(db.echopark, String(item.id));
  const pictures = (doc?.data as { pictures?: { b64?: string; mediaId?: number }[] } | undefined)?.pictures;
  for (const picture of Array.isArray(pictures) ? pictures : []) {
    // Inline photos are in the document already; past the server's inline budget they are media.
    if (picture.b64 === '' && typeof picture.mediaId === 'number')
      await pass.media(corePaths.media(picture.mediaId), item.modifiedAt ?? item.createdAt, object);
  }
}

export async function primeEchopark(db: Database, roles: readonly string[], pass: PrimePass): Promise<void> {
  if (!canUseEchopark(roles)) return;
  let items: EchoparkListItem[] = [];
  await pass.task({
    key: 'echopark:list',
    always: true,
    run: async () => {
      items = (await pullEchoparkList(db, pass.api)).items as unknown as EchoparkListItem[];
    },
  });
  await Promise.all(items.filter((item) => item.closed !== 1).map((item) => primeRequest(db, pass, item)));
}

/** Removes a closed request (never a pending one); false when it is not one. */
export async function forgetClosedEchopark(db: Database, object: string): Promise<boolean> {
  const match = /^echopark:(\d+)$/.exec(object);
  if (!match) return false;
  const doc = await db.echopark.findOne(match[1]!).exec();
  if (!doc) return true;
  if (doc.pending || dataOf<{ closed?: number }>(doc).closed !== 1) return false;
  return removeAsRead([doc]);
}
