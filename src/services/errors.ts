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
import { backgroundReaction, entityPages, errorReaction, missingDetailReaction, refusalReaction, type ErrorReaction } from '../domain/error-policy';
import { fr } from '../i18n/fr';
import { session } from './session';
import { showToast } from './toasts';

export interface ErrorNavigation {
  /** Opens an in-app path; `replace`: the page left is not kept in the history. */
  navigate(to: string, replace?: boolean): void;
  /** Goes back one page when the app has one to go back to (false: opened directly, in a fresh tab). */
  back(): boolean;
}
let navigation: ErrorNavigation = {
  navigate: (to) => window.location.assign(to),
  back: () => false,
};

/** The router registers its navigation so that go-back stays inside the app. */
export function setErrorNavigation(next: ErrorNavigation): void {
  navigation = next;
}

const navigate = (to: string) => navigation.navigate(to);

/** The table's « go back one page »; a page opened directly has none in the app: `fallback` instead (the module's list). */
function goBack(fallback: string): void {
  if (!navigation.back()) navigation.navigate(fallback, true);
}

// A background failure is said once, not once per call of the same screen's pulls (three 403s at once).
const SAID_FOR_MS = 5000;
const lastSaid = new Map<string, number>();

function tell(toast: NonNullable<ErrorReaction['toast']>, once = false): void {
  if (once) {
    const key = `${toast.title}\n${toast.text}`;
    const said = lastSaid.get(key);
    if (said !== undefined && Date.now() - said < SAID_FOR_MS) return;
    lastSaid.set(key, Date.now());
  }
  showToast(toast);
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
export const refusalText = (refusal: CommandRefused): string => refusalReaction(refusal).toast?.text ?? fr.genericError;

/** Whether the screen shown is a page of the refused command's object (its detail, a visit's fiche). */
function onPageOf(entity: string | undefined): boolean {
  const pages = entity ? entityPages(entity) : null;
  return pages !== null && typeof location !== 'undefined' && pages.paths.includes(location.pathname);
}

export function handleError(error: unknown, options: HandleOptions = {}): void {
  if (isSessionEnded(error) || (isApiFailure(error) && error.status === 401)) return endSession();
  if (options.background) {
    // The user did not ask: said only when they must know (403, a code's text), else the screen keeps the store's copy.
    const reaction = isApiFailure(error) ? backgroundReaction(error) : null;
    if (reaction?.toast) tell(reaction.toast, true);
    else console.warn('Rafraîchissement en arrière-plan impossible', error);
    return;
  }
  if (isCommandRefused(error)) {
    // Told once, when the server says no; the command stays in 'Envois en attente', marked refused.
    const reaction = refusalReaction(error);
    if (reaction.toast) showToast(reaction.toast);
    // Its object is gone (404): back from its page, if that is the page shown (the refusal may come much later).
    if (reaction.goBack && onPageOf(error.entity)) goBack(entityPages(error.entity!)!.list);
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
  else if (reaction.goBack) goBack('/');
}

/**
 * A detail opened online whose object is not on the device and that the server did not give
 * (`failure` null: it has none; else its refusal): said by the table, then back, or to `fallback`
 * (the module's list) when the detail was opened directly. Returns false when that is not what
 * happened (no network, no answer): the screen says the object is not on this device.
 */
export function detailMissing(failure: unknown, fallback: string): boolean {
  const reaction = missingDetailReaction(failure === null ? null : isApiFailure(failure) ? failure : { kind: 'network', status: null, message: '' });
  if (!reaction) return false;
  // The pull's own failure was just told as a background error: the same toast is not said twice.
  if (reaction.toast) tell(reaction.toast, true);
  if (reaction.logout) endSession();
  else goBack(fallback);
  return true;
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
