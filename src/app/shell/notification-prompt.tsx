/**
 * The installed app's offer to turn notifications on (issue 14): a small card
 * above the nav bar, not a dialog, shown on home a few seconds after it has
 * shown (never on the login path, never over a form being filled), in the
 * installed app only and while the browser has not been answered. Only the
 * click on « Activer les notifications » asks the browser (a user gesture:
 * browsers refuse or hide a request made without one). « Plus tard » hides it
 * and stores the date: asked again after ASK_AGAIN_AFTER_DAYS (7) days.
 * Granted or denied: never shown again; the browser's prompt closed without
 * an answer counts as « Plus tard ». Loaded on demand by session-life.ts.
 */
import { useEffect, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { NOTIFICATIONS_LATER_KEY, parseLaterAt, shouldOfferNotifications, type PermissionState } from '../../domain/notifications';
import { storage } from '../../services/session';
import { showToast } from '../../services/toasts';
import { Button } from '../../ui/controls';
import { SvgIcon } from '../../ui/svg-icon';
import { isInstalled } from '../../ui/installed';
import { notificationTexts as t } from './notification-texts';
import './notification-prompt.css';

/** Home must have been on screen this long: the user sees where they are before being asked anything. */
export const OFFER_DELAY_MS = 4000;

const BELL = 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0';

function permission(): PermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

function offerNow(): boolean {
  return shouldOfferNotifications({
    installed: isInstalled(),
    permission: permission(),
    laterAt: parseLaterAt(storage.getItem(NOTIFICATIONS_LATER_KEY)),
    now: Date.now(),
  });
}

/**
 * On home? Read from the router's events, as the navigation loader does: useRouterState, used
 * nowhere else, made the bundler split the router's code shared with the login screen into a
 * chunk of its own, 1 kB more gzip before login.
 */
function useOnHome(): boolean {
  const router = useRouter();
  const [onHome, setOnHome] = useState(() => router.state.location.pathname === '/');
  useEffect(() => router.subscribe('onResolved', () => setOnHome(router.state.location.pathname === '/')), [router]);
  return onHome;
}

export function NotificationPrompt({ screenShown }: { screenShown: boolean }) {
  const onHome = useOnHome();
  const [answered, setAnswered] = useState(false);
  const [due, setDue] = useState(false);
  const waiting = onHome && screenShown && !answered;

  useEffect(() => {
    // Leaving home hides the card (the next screen may be a form); it comes back on home later.
    setDue(false);
    if (!waiting || !offerNow()) return;
    const timer = setTimeout(() => setDue(offerNow()), OFFER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  if (!waiting || !due) return null;

  const later = () => {
    storage.setItem(NOTIFICATIONS_LATER_KEY, String(Date.now()));
    setAnswered(true);
  };
  const enable = async () => {
    setAnswered(true);
    const answer = await Notification.requestPermission().catch((): NotificationPermission => 'default');
    if (answer === 'granted') showToast({ title: t.enabledTitle, text: t.enabledText, tone: 'success' });
    else if (answer === 'denied') showToast({ title: t.refusedTitle, text: t.refusedText, tone: 'info' });
    // Closed without answering: taken as « Plus tard » (Chromium blocks a site whose prompt is dismissed again and again).
    else storage.setItem(NOTIFICATIONS_LATER_KEY, String(Date.now()));
  };

  return (
    <section className="notify-offer" aria-labelledby="notify-offer-title">
      <div className="notify-offer__head">
        <span className="notify-offer__icon">
          <SvgIcon d={BELL} />
        </span>
        <div>
          <h2 id="notify-offer-title">{t.title}</h2>
          <p>{t.text}</p>
        </div>
      </div>
      {/* The main action first (first reached with the keyboard); the row shows it on the right. */}
      <div className="notify-offer__actions">
        <Button onClick={() => void enable()}>{t.enable}</Button>
        <Button variant="ghost" onClick={later}>
          {t.later}
        </Button>
      </div>
    </section>
  );
}
