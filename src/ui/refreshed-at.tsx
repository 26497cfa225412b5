/**
 * When a resource was last refreshed from the server, so that a user offline
 * knows how old what they read is.
 */
import { refreshedKey, watchLocal } from '../../sync/index';
import { formatDateTime } from '../domain/format';
import { useStoreQuery } from '../services/store-hooks';

export function RefreshedAt({ resource }: { resource: string }) {
  const { value: at, loaded } = useStoreQuery((store) => watchLocal<number>(store.db, refreshedKey(resource)), [resource], null);
  if (!loaded) return null;
  return <p className="refreshed muted">{at ? `Actualisé le ${formatDateTime(new Date(at).toISOString())}` : 'Pas encore actualisé depuis le serveur'}</p>;
}
