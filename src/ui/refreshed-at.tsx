/**
 * When a resource was last refreshed from the server, so that a user offline
 * knows how old what they read is.
 */
import { formatDateTime } from '../domain/format';
import { fr } from '../i18n/fr';
import { useWatch } from '../services/store-hooks';

export function RefreshedAt({ resource }: { resource: string }) {
  const { value: at, loaded } = useWatch((engine) => engine.watchRefreshedAt(resource), [resource], null);
  // The line's room is kept while the store is read: appearing a moment later, it pushed the list or
  // dashboard below it down (Lighthouse counted it in the OS dashboard's layout shift). Blank, it says nothing.
  if (!loaded)
    return (
      <p className="refreshed muted" aria-hidden="true">
        {'\u00a0'}
      </p>
    );
  return <p className="refreshed muted">{at ? fr.refreshedAt(formatDateTime(new Date(at).toISOString())) : fr.neverRefreshed}</p>;
}
