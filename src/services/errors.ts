/**
 * The one global error handler (spec part 2 §8.1): every failed call that a
 * screen does not explain itself ends here. It only presents: the pure error
 * policy (domain/error-policy.ts) says which toast for an HTTP failure; the
 * engine's own errors are types (a refused command, the session ended, no
 * local store, storage full, an AppError written for the user). The end of a
 * session is a session event: the shell closes the store and goes to /login
 * (app/shell/session-life.ts), so this module imports nothing of the engine.
 */
import { AppError, StorageFullError, isApiFailure, isCommandRefused, isSessionEnded, type CommandRefused } from '../../sync/index';
import { errorReaction } from '../domain/error-policy';
import { fr } from '../i18n/fr';
import { session } from './session';
import { showToast } from './toasts';

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);

/** The router registers its navigation so that go-back stays inside the app. */
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

/** The session is over: flagged on the session; the shell says it, keeps the user's work and goes to /login. */
function endSession(): void {
  if (session.state.tokens) session.state.expired = true;
  else navigate('/login');
}

/** Why a command was refused, in the catalogue's words (the spec's table by status and code). */
export function refusalReason(refusal: CommandRefused): string {
  const reaction = errorReaction({ kind: 'http', status: refusal.status, code: refusal.code, message: refusal.serverText, description: refusal.serverText });
  return reaction.toast?.text ?? fr.genericError;
}

/** The refusal with what it was: « Changement d'étape : Cette étape n'est pas accessible. ». */
export const refusalText = (refusal: CommandRefused): string => fr.sendRefused(refusal.label, refusalReason(refusal));

export function handleError(error: unknown, options: HandleOptions = {}): void {
  if (isSessionEnded(error) || (isApiFailure(error) && error.status === 401)) return endSession();
  if (options.background) {
    console.warn('Rafraîchissement en arrière-plan impossible', error);
    return;
  }
  if (isCommandRefused(error)) {
    // Told once, when the server says no; the command stays in 'Envois en attente', marked refused.
    const reaction = errorReaction({ kind: 'http', status: error.status, code: error.code, message: error.serverText, description: error.serverText });
    showToast({ title: error.status === 403 ? (reaction.toast?.title ?? fr.sendRefusedTitle) : fr.sendRefusedTitle, text: refusalText(error), tone: 'error' });
    return;
  }
  if (!isApiFailure(error)) {
    console.error(error);
    showToast({ title: fr.errorTitle, text: knownErrorText(error) ?? fr.genericError, tone: 'error' });
    return;
  }
  const reaction = errorReaction(error);
  if (reaction.toast) showToast(reaction.toast);
  if (reaction.logout) endSession();
  else if (reaction.goBack) window.history.back();
}

/**
 * The text of an error the app raises on purpose (device storage full, a file gone from the
 * device, local data closed…), which tells the user what to do; null for anything else
 * (TypeError, DOMException, a library's error), which stays 'Une erreur est survenue.'.
 */
export function knownErrorText(error: unknown): string | null {
  if (error instanceof StorageFullError || error instanceof AppError) return error.message;
  return null;
}

/** The text for a failure, as forms show it next to their button. */
export function failureText(error: unknown): string {
  if (isCommandRefused(error)) return refusalText(error);
  if (!isApiFailure(error)) return knownErrorText(error) ?? fr.genericError;
  if (error.kind === 'network' || error.kind === 'timeout') return fr.noNetwork;
  const reaction = errorReaction(error);
  return reaction.toast?.text ?? fr.genericError;
}
