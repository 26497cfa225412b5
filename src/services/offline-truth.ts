/**
 * The one rule by which a list or a tab says why it is empty (issue 20: a
 * screen never states something false for lack of data). Pure: the screens
 * read it through src/ui/offline-not-yet.tsx, the unit tests call it.
 *
 * - something to show: shown ('data');
 * - nothing, and the resource was refreshed from the server at least once: truly
 *   empty, the spec's « Aucun … » ('empty');
 * - nothing, never refreshed, and the server cannot be asked (offline, or the
 *   screen's pull failed for want of network): « Pas encore disponible hors
 *   ligne » ('not-yet');
 * - nothing, never refreshed, online: the pull is on its way ('loading'),
 *   unless the screen's pull ended without recording one (an object created on
 *   this device, not on the server yet: it has nothing more to say): 'empty'.
 */
export type DataTruth = 'data' | 'empty' | 'loading' | 'not-yet';

export interface DataTruthInput {
  /** Items the store holds for the list or tab. */
  count: number;
  /** When the resource was last refreshed (epoch ms), null if never, undefined while the store has not answered. */
  refreshedAt: number | null | undefined;
  /** The device can reach the server (the browser says online and the last request did not fail for want of network). */
  online: boolean;
  /** The screen's own pull ended for want of network (skipped offline, or a network failure or timeout). */
  pullUnreachable?: boolean;
  /** The screen's own pull ended well. */
  pullDone?: boolean;
}

export function dataTruth({ count, refreshedAt, online, pullUnreachable = false, pullDone = false }: DataTruthInput): DataTruth {
  if (count > 0) return 'data';
  if (refreshedAt === undefined) return 'loading';
  if (refreshedAt !== null || pullDone) return 'empty';
  return !online || pullUnreachable ? 'not-yet' : 'loading';
}
