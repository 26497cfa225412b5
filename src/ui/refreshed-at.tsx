/**
 * When a resource was last refreshed from the server, so that a user offline
 * knows how old what they read is.
 */
import { formatDateTime } from '../domain/format';
import { fr } from '../i18n/fr';
import { useWatch } from '../services/store-hooks';

export function RefreshedAt({ resource }: { resource: string }) {
  const { value: at, loaded } = useWatch((engine) => engine.watchRefreshedAt(resource), [resource], null);
  if (!loaded) return null;
  return <p className="refreshed muted">{at ? fr.refreshedAt(formatDateTime(new Date(at).toISOString())) : fr.neverRefreshed}</p>;
}
