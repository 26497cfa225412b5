/**
 * The tick's push notes as the phone's own notifications, titled with the
 * product name (spec part 1: local notifications in the mobile container).
 * Shown through the service worker's registration: `new Notification()` throws
 * in an Android page ("Illegal constructor"), and only a worker-shown
 * notification stays in the tray once the app is in the background. Loaded
 * with the session's life (session-life.ts), never on the login path.
 */
import { fr } from '../../i18n/fr';
import { newNotes } from '../../domain/notifications';
import { session, storage } from '../../services/session';

/** The previous tick's answer, per user, so a reload or the next tick does not show it again. */
const LAST_NOTES_KEY = 'bp.pushNotes.v1';

function readLast(userId: number): string[] {
  try {
    const stored = JSON.parse(storage.getItem(LAST_NOTES_KEY) ?? 'null') as { userId?: unknown; notes?: unknown } | null;
    if (stored?.userId !== userId || !Array.isArray(stored.notes)) return [];
    return stored.notes.filter((n): n is string => typeof n === 'string');
  } catch {
    return [];
  }
}

async function workerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration().catch(() => undefined);
}

export async function showPushNotes(contents: string[]): Promise<void> {
  const userId = session.state.user?.id;
  if (userId === undefined || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const fresh = newNotes(readLast(userId), contents);
  if (fresh.length === 0) return storage.setItem(LAST_NOTES_KEY, JSON.stringify({ userId, notes: contents }));
  const registration = await workerRegistration();
  for (const body of fresh) {
    const options: NotificationOptions = { body, icon: '/icons/icon-192.png', lang: 'fr' };
    try {
      if (registration?.active) await registration.showNotification(fr.appName, options);
      else new Notification(fr.appName, options);
    } catch (error) {
      // Not recorded as seen: the next tick shows these notes again (a worker being replaced, a
      // phone refusing for a moment) rather than losing them.
      console.warn('Notification non affichée', error);
      return;
    }
  }
  storage.setItem(LAST_NOTES_KEY, JSON.stringify({ userId, notes: contents }));
}
