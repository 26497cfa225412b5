/**
 * The briefcase's messaging tasks (issue 20), shared by the OS and
 * intervention modules (the pass runs a key once, whoever asks): every page
 * of the inbox threads and of the planning the Agenda shows by default (from
 * today on). The threads also say which conversations hold unread messages:
 * the reference server marks a thread read when its messages are fetched, so
 * the pass leaves those for the user to open (priming must not mark unread
 * messages read behind their back).
 */
import type { Database } from '../store/database';
import type { PrimePass } from '../briefcase/types';
import { FEED_PAGE_SIZE, pullPlanning, pullThreads } from './interventions';

/** Most pages read per feed in a pass (3,000 threads or appointments). */
const MAX_FEED_PAGES = 100;

/** The Agenda's default range ('all': from the start of today, local time). */
export function defaultPlanningRange(now = new Date()): { after: string } {
  return { after: new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString() };
}

/** Threads then planning; resolves with the threads holding unread messages ('intervention:12', 'os:7'). */
export async function primeMessaging(db: Database, pass: PrimePass): Promise<Set<string>> {
  await pass.task({
    key: 'messaging:threads',
    always: true,
    run: async () => {
      for (let page = 1; page <= MAX_FEED_PAGES; page++) if ((await pullThreads(db, pass.api, page)) < FEED_PAGE_SIZE) break;
    },
  });
  // Not awaited: the pass waits for it before it ends.
  void pass.task({
    key: 'messaging:planning',
    always: true,
    run: async () => {
      const range = defaultPlanningRange();
      for (let page = 1; page <= MAX_FEED_PAGES; page++) if ((await pullPlanning(db, pass.api, range, page)) < FEED_PAGE_SIZE) break;
    },
  });
  return unreadThreads(db);
}

export async function unreadThreads(db: Database): Promise<Set<string>> {
  const threads = await db.feed.find({ selector: { kind: 'thread' } }).exec();
  const unread = new Set<string>();
  for (const doc of threads) {
    const t = doc.toJSON().data as { id?: number; type?: string; isNew?: boolean };
    if (t.isNew && t.id !== undefined) unread.add(`${t.type === 'WorkValidationRequest' ? 'os' : 'intervention'}:${t.id}`);
  }
  return unread;
}
