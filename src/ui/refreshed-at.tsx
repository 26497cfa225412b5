/**
 * When a resource was last refreshed from the server, so that a user offline
 * knows how old what they read is.
 */
import { refreshedKey, watchLocal } from '../../sync/index';
import { formatDateTime } from '../domain/format';
import { fr } from '../i18n/fr';
import { useStoreQuery } from '../services/store-hooks';

export function RefreshedAt({ resource }: { resource: string }) {
  const { value: at, loaded } = useStoreQuery((store) => watchLocal<number>(store.db, refreshedKey(resource)), [resource], null);
  if (!loaded) return null;
  return <p className="refreshed muted">{at ? fr.refreshedAt(formatDateTime(new Date(at).toISOString())) : fr.neverRefreshed}</p>;
}
