/**
 * What a list or tab shows when it has nothing to show (issue 20): the spec's
 * « Aucun … » only once its data came from the server; while it never did,
 * « Pas encore disponible hors ligne » (with the time its object was last
 * refreshed) when the server cannot be asked, a loading line otherwise. The
 * rule is dataTruth (src/services/offline-truth.ts).
 */
import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import { of } from 'rxjs';
import { isApiFailure } from '../../sync/index';
import { fr } from '../i18n/fr';
import { dataTruth, type DataTruth } from '../services/offline-truth';
import { useOnline } from '../services/use-online';
import { useWatch, type PullOutcome } from '../services/store-hooks';
import './offline-not-yet.css';

/** The pull could not ask the server: skipped offline, or failed for want of network. */
export const pullUnreachable = (outcome: PullOutcome | undefined): boolean =>
  outcome?.state === 'offline' ||
  (outcome?.state === 'failed' && isApiFailure(outcome.error) && (outcome.error.kind === 'network' || outcome.error.kind === 'timeout'));

/** When a resource was last refreshed: undefined until the store answers, null if never. */
export function useRefreshedAt(resource: string | null): number | null | undefined {
  const { value, loaded } = useWatch<number | null>((engine) => (resource === null ? of(null) : engine.watchRefreshedAt(resource)), [resource], null);
  if (resource === null) return null;
  return loaded ? value : undefined;
}

export interface TruthSource {
  /** Items the store holds for the list or tab. */
  count: number;
  /** Its refresh resource ('appointments:12', 'os:list'). */
  resource: string;
  /** How the screen's pull ended, when the screen has one. */
  outcome?: PullOutcome | undefined;
}

export function useDataTruth({ count, resource, outcome }: TruthSource): DataTruth {
  const refreshedAt = useRefreshedAt(resource);
  const online = useOnline();
  return dataTruth({ count, refreshedAt, online, pullUnreachable: pullUnreachable(outcome), pullDone: outcome?.state === 'done' });
}

/** '25/11 à 10:42' in local time. */
export const shortDateTime = (at: number) => dayjs(at).format('DD/MM [à] HH:mm');

/** « Pas encore disponible hors ligne », with the time `object` (the detail's resource) was last refreshed, if ever. */
export function OfflineNotYet({ object, className = 'muted' }: { object?: string | undefined; className?: string }) {
  const at = useRefreshedAt(object ?? null);
  return (
    <p className={`offline-not-yet ${className}`} role="status">
      {at ? fr.notYetSince(shortDateTime(at)) : fr.notYetOffline}
    </p>
  );
}

interface EmptyProps extends TruthSource {
  /** The spec's text for a list refreshed and empty; null: nothing is said then. */
  empty: ReactNode;
  /** The object the list or tab belongs to ('intervention:12'), whose refresh time the notice tells. */
  object?: string;
  /** Said while the data is on its way (default « Chargement… »). */
  loading?: ReactNode;
  className?: string;
}

/** Nothing when there is something to show; otherwise the true reason the list or tab is empty. */
export function EmptyOrNotYet({ empty, object, loading = fr.loading, className = 'muted', ...source }: EmptyProps) {
  const truth = useDataTruth(source);
  if (truth === 'data') return null;
  if (truth === 'not-yet') return <OfflineNotYet object={object} className={className} />;
  const text = truth === 'empty' ? empty : loading;
  return text === null ? null : <p className={className}>{text}</p>;
}
