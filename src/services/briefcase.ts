/**
 * The offline briefcase as the screens read it (issue 20): the engine's
 * `briefcase.state` (a valtio proxy, BriefcaseState of sync/briefcase/types.ts)
 * and `briefcase.runNow()`. An engine without a briefcase (a test double, an
 * older build) gives null, and the screens show nothing of it.
 */
import { proxy, useSnapshot } from 'valtio';
import type { BriefcaseModule, BriefcaseState, Engine } from '../../sync/index';
import { useOpenEngine } from './store-hooks';

export type BriefcaseModuleName = BriefcaseModule;
export type BriefcaseView = BriefcaseState;

interface BriefcaseFacade {
  state: BriefcaseView;
  runNow(): Promise<void> | void;
}

/** The engine's briefcase, if it has one (an engine built without it, or a test double, has none). */
export function briefcaseOf(engine: Engine | null): BriefcaseFacade | null {
  const b = (engine as { briefcase?: Partial<BriefcaseFacade> } | null)?.briefcase;
  return b && typeof b.state === 'object' && b.state !== null && typeof b.runNow === 'function' ? (b as BriefcaseFacade) : null;
}

// useSnapshot needs a proxy whatever the engine holds: this one stands in when there is no briefcase.
const absent = proxy<{ none: true }>({ none: true });

/** The briefcase's state (re-rendering as it changes) and its « update now », or null without a briefcase. */
export function useBriefcase(): { state: Readonly<BriefcaseView>; runNow: () => void } | null {
  const facade = briefcaseOf(useOpenEngine());
  const snapshot = useSnapshot<object>(facade ? facade.state : absent);
  if (!facade) return null;
  return {
    state: snapshot as Readonly<BriefcaseView>,
    runNow: () => {
      void Promise.resolve(facade.runNow()).catch((error: unknown) => console.warn('Passe hors ligne impossible', error));
    },
  };
}

/** The first pass runs: no complete pass yet, and one is under way (the shell's indicator). */
export const firstPassRunning = (s: Pick<BriefcaseView, 'running' | 'lastCompleteAt'>): boolean => s.running && s.lastCompleteAt === null;
