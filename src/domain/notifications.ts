/**
 * Pure rules of the installed app's notifications (spec part 1: the 120 s tick
 * fetches push notes in the mobile container and shows them as local
 * notifications titled with the product name): when to offer to turn them on,
 * and which notes of a tick are new.
 */

const DAY_MS = 86_400_000;

/**
 * « Plus tard » on the offer: asked again after this many days. A week: long
 * enough not to nag someone who said not now, short enough that a new user who
 * was busy on day one is asked again while still learning the app.
 */
export const ASK_AGAIN_AFTER_DAYS = 7;

/** localStorage key holding when « Plus tard » was chosen (epoch ms, as text). */
export const NOTIFICATIONS_LATER_KEY = 'bp.notifications.later.v1';

export type PermissionState = 'default' | 'granted' | 'denied' | 'unsupported';

export interface AskInput {
  /** Running as the installed app (display-mode standalone), not in a browser tab. */
  installed: boolean;
  permission: PermissionState;
  /** When « Plus tard » was chosen, epoch ms; null if never. */
  laterAt: number | null;
  now: number;
}

/**
 * Offer to turn notifications on? Only in the installed app, only while the
 * browser has not been answered (granted or denied is final: the browser would
 * not ask again anyway), and not within ASK_AGAIN_AFTER_DAYS of « Plus tard ».
 * A « Plus tard » dated more than that in the future (the phone's clock was
 * wrong then) does not silence the offer for good.
 */
export function shouldOfferNotifications({ installed, permission, laterAt, now }: AskInput): boolean {
  if (!installed || permission !== 'default') return false;
  if (laterAt === null) return true;
  return Math.abs(now - laterAt) >= ASK_AGAIN_AFTER_DAYS * DAY_MS;
}

/** The stored « Plus tard » date, or null when absent or unreadable. */
export function parseLaterAt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * The notes of this tick not in the previous tick's answer (as many times as
 * they are new: a text the server sends twice now and once before is shown
 * once). The reference server answers the user's last notes on every call;
 * a server that hands each note once answers only new ones: both show each
 * note once.
 */
export function newNotes(previous: readonly string[], current: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const text of previous) left.set(text, (left.get(text) ?? 0) + 1);
  const fresh: string[] = [];
  for (const text of current) {
    const count = left.get(text) ?? 0;
    if (count > 0) left.set(text, count - 1);
    else fresh.push(text);
  }
  return fresh;
}
