/**
 * The one global error handler (spec part 2 §8.1): every failed call that a
 * screen does not explain itself ends here. It applies the pure error policy:
 * toast, logout, or go back.
 */
import { StorageFullError, isApiFailure } from '../../sync/index';
import { errorReaction } from '../domain/error-policy';
import { fr } from '../i18n/fr';
import { session } from './session';
import { detachEngine } from './engine';
import { showToast } from './toasts';

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);

/** The router registers its navigation so that logout and go-back stay inside the app. */
export function setErrorNavigation(fn: Navigate): void {
  navigate = fn;
}

export interface HandleOptions {
  /**
   * A call the user did not ask for (start-up refresh, 120 s tick): it never
   * navigates nor toasts, except the end of the session, which must be said.
   */
  background?: boolean;
}

export function handleError(error: unknown, options: HandleOptions = {}): void {
  if (options.background) {
    if (isApiFailure(error) && error.status === 401) handleError(error);
    else console.warn('Rafraîchissement en arrière-plan impossible', error);
    return;
  }
  if (!isApiFailure(error)) {
    console.error(error);
    showToast({ title: fr.errorTitle, text: knownErrorText(error) ?? fr.genericError, tone: 'error' });
    return;
  }
  const reaction = errorReaction(error);
  if (reaction.toast) showToast(reaction.toast);
  if (reaction.logout) {
    // The session is over, not the user's work: their store and queued commands stay on the
    // device and resume when they sign in again.
    void detachEngine().catch((e: unknown) => console.warn('Fermeture des données locales incomplète', e));
    session.logout();
    navigate('/login');
  } else if (reaction.goBack) {
    window.history.back();
  }
}

/** Accents or common French words: a message written for the user, not a browser's or a library's. */
const FRENCH = /[àâçéèêëîïôûùüœ]|\b(le|la|les|des|du|une|est|vous|pas|impossible)\b/i;

/**
 * The text of an error the app raises on purpose (device storage full, a file
 * gone from the device, local data closed…), which tells the user what to do;
 * null for anything else (TypeError, DOMException, English library errors),
 * which stays 'Une erreur est survenue.'.
 */
export function knownErrorText(error: unknown): string | null {
  if (error instanceof StorageFullError || (error instanceof Error && error.name === 'StorageFullError')) return error.message;
  if (!(error instanceof Error) || error.name !== 'Error') return null;
  return error.message && FRENCH.test(error.message) ? error.message : null;
}

/** The server's own text for a failure, as forms show it next to their button. */
export function failureText(error: unknown): string {
  if (!isApiFailure(error)) return knownErrorText(error) ?? fr.genericError;
  if (error.kind === 'network' || error.kind === 'timeout') return fr.noNetwork;
  const reaction = errorReaction(error);
  return reaction.toast?.text ?? fr.genericError;
}
