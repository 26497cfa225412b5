/**
 * What a detail screen shows when its object is not in the store (spec part 2
 * §8.1, issue 23): online, the server is asked first; if it has no such
 * object (its 404 removed any copy) or refuses it, the one error handler says
 * so ('Page introuvable', 'Autorisation'…) and goes back, or to the module's
 * list when the detail was opened directly. « Not on this device » only when
 * the server could not be asked (offline, no answer). Objects created on this
 * device (temporary ids) are never asked of the server.
 */
import { useEffect, useRef, useState } from 'react';
import { firstValueFrom, type Observable } from 'rxjs';
import { isApiFailure, type Engine } from '../../sync/index';
import { missingDetailReaction } from '../domain/error-policy';
import { detailMissing } from './errors';
import { useOpenEngine, type PullOutcome } from './store-hooks';

export type DetailPresence = 'shown' | 'loading' | 'not-on-device' | 'not-found';

export interface DetailPresenceInput {
  /** The route's id. */
  id: string;
  /** The object is in the store (shown). */
  present: boolean;
  /** The store has answered (present or not). */
  loaded: boolean;
  /** How the detail's pull for this id ended (usePull). */
  outcome: PullOutcome;
  /** A fresh read of the object in the store, once the pull is over (the screen's watch may not have seen its end yet). */
  reread: (engine: Engine) => Observable<unknown>;
  /** The module's list, when there is no page to go back to. */
  fallback: string;
}

const isServerId = (id: string) => /^\d+$/.test(id);
/** The server answered and refused (its failure is a row of the table): the screen is about to leave. */
const refusedByServer = (error: unknown) => isApiFailure(error) && missingDetailReaction(error) !== null;

export function useDetailPresence({ id, present, loaded, outcome, reread, fallback }: DetailPresenceInput): DetailPresence {
  const engine = useOpenEngine();
  const [missing, setMissing] = useState<string | null>(null);
  const latestReread = useRef(reread);
  latestReread.current = reread;
  const asked = !present && loaded && isServerId(id) && engine !== null;
  useEffect(() => {
    if (!asked || !engine) return;
    if (outcome.state === 'failed') {
      // Refused by the server (4xx): said and left; no answer at all: not on this device.
      if (detailMissing(outcome.error, fallback)) setMissing(id);
      return;
    }
    if (outcome.state !== 'done') return;
    let live = true;
    void firstValueFrom(latestReread.current(engine)).then(
      (value) => {
        if (!live || value) return;
        setMissing(id);
        detailMissing(null, fallback);
      },
      (error: unknown) => console.warn('Relecture du détail impossible', error),
    );
    return () => {
      live = false;
    };
  }, [asked, engine, outcome, id, fallback]);

  if (present) return 'shown';
  if (!loaded) return 'loading';
  if (missing === id) return 'not-found';
  if (!isServerId(id) || outcome.state === 'offline') return 'not-on-device';
  if (outcome.state === 'failed') return refusedByServer(outcome.error) ? 'loading' : 'not-on-device';
  return 'loading';
}
