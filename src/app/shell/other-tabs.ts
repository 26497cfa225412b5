/**
 * Another tab signed in, refreshed the tokens or signed out: this one follows
 * at once, and never keeps the previous user's data on screen. Always on
 * (a signed-out tab follows a sign-in made elsewhere).
 */
import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { SESSION_KEY } from '../../../sync/index';
import { session } from '../../services/session';

export function useOtherTabs(): void {
  const router = useRouter();
  useEffect(() => {
    const follow = () => {
      const change = session.adoptStored();
      if (change === 'other-user') window.location.replace('/');
      if (change === 'signed-in') void router.navigate({ to: '/', replace: true });
      if (change === 'signed-out') void router.navigate({ to: '/login', replace: true });
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_KEY && event.key !== null) return;
      if (session.storedChange() !== 'signed-out') return follow();
      // Signed out elsewhere: close this tab's store before its screens lose the session. Losing it
      // remounts the open screen outside the signed-in frame; with the store still open, its pulls
      // went out without a token (a 401 and a 'Déconnecté' toast) and the session mirror wrote
      // into the store the other tab had just wiped. (The engine module loads with the signed-in
      // screens, hence the dynamic import; an engine never started has nothing to close.)
      // After a sign-out that deleted the user's data, what this tab wrote since goes too: its
      // store stayed open until now, and a pass or a save may have written into it.
      const deleted = session.dataDeletedElsewhere();
      void import('../../services/engine')
        .then(({ detachEngine, closeAndDeleteEngine }) => (deleted ? closeAndDeleteEngine() : detachEngine()))
        .catch((error: unknown) => console.warn('Fermeture des données locales incomplète', error))
        .then(follow);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [router]);
}
