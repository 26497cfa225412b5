/**
 * The spec's table of what the app does with a failed call (part 2 §8.1), as
 * a pure function: given the normalised failure, which toast to show and
 * whether to log out or go back. The React side only carries it out.
 */
import { ERROR_CODES, type ErrorCode } from '../../sync/rules';
import { fr } from '../i18n/fr';

export interface FailureLike {
  kind: 'http' | 'network' | 'timeout' | 'invalid-response';
  status: number | null;
  code?: ErrorCode | undefined;
  message: string;
  description?: string | undefined;
}

export interface ErrorReaction {
  toast: { title: string; text: string; tone: 'error' | 'warning' } | null;
  logout: boolean;
  goBack: boolean;
}

const reaction = (title: string, text: string, extra: Partial<ErrorReaction> = {}): ErrorReaction => ({
  toast: { title, text, tone: 'error' },
  logout: false,
  goBack: false,
  ...extra,
});

const serverText = (f: FailureLike) => f.description || f.message || fr.genericError;

/** 401 reaches here only after the client's one refresh-and-retry failed. */
export function errorReaction(failure: FailureLike): ErrorReaction {
  if (failure.kind === 'network' || failure.kind === 'timeout')
    return { toast: { title: fr.offline, text: fr.noNetwork, tone: 'warning' }, logout: false, goBack: false };
  if (failure.kind === 'invalid-response') return reaction(fr.errorTitle, fr.genericError);
  const coded = failure.code ? ERROR_CODES[failure.code] : undefined;
  switch (failure.status) {
    case 400:
      return reaction(fr.errorTitle, coded ?? serverText(failure));
    case 401:
      return reaction(fr.disconnectedTitle, fr.disconnectedText, { logout: true });
    case 403:
      return reaction(fr.forbiddenTitle, fr.forbiddenText);
    case 404:
      return coded ? reaction(fr.errorTitle, coded) : reaction(fr.notFoundTitle, fr.notFoundText, { goBack: true });
    default:
      if (failure.status !== null && failure.status >= 500) return reaction(fr.errorTitle, serverText(failure));
      return reaction(fr.errorTitle, coded ?? serverText(failure));
  }
}

const NOTHING: ErrorReaction = { toast: null, logout: false, goBack: false };

/**
 * A failed call the user did not ask for (start-up refresh, the 120 s tick, a screen's pull):
 * the rows of the table the user must know of, and nothing else — the screen keeps showing what
 * the store holds, and says how old it is. The session's end (401); 'Autorisation' (403); the
 * catalogue's text for a code. Network, timeouts, server errors and a 404 without a code are
 * not said: a detail whose object the server no longer has says it itself
 * (`missingDetailReaction`), a list keeps what it has.
 */
export function backgroundReaction(failure: FailureLike): ErrorReaction {
  if (failure.kind !== 'http' || failure.status === null) return NOTHING;
  if (failure.status === 401 || failure.status === 403) return errorReaction(failure);
  const coded = failure.code ? ERROR_CODES[failure.code] : undefined;
  if (coded && failure.status >= 400 && failure.status < 500) return reaction(fr.errorTitle, coded);
  return NOTHING;
}

/** A command the server refused (the outbox's CommandRefused), as its toast says it. */
export interface RefusalLike {
  /** What the command was: « Changement d'étape », « Nouveau message »… */
  label: string;
  status: number | null;
  code?: ErrorCode | undefined;
  serverText: string;
}

/**
 * A refused write (told once, when the server says no; the command stays in 'Envois en attente'):
 * the table's text after what was refused — the catalogue's for a code, 'Autorisation' for a 403,
 * 'Page introuvable' for a 404 without a code (its object is gone: back, when its page is open).
 */
export function refusalReaction(refusal: RefusalLike): ErrorReaction {
  const table = errorReaction({ kind: 'http', status: refusal.status, code: refusal.code, message: refusal.serverText, description: refusal.serverText });
  const text = fr.sendRefused(refusal.label, table.toast?.text ?? fr.genericError);
  if (refusal.status === 403) return reaction(fr.forbiddenTitle, text);
  if (refusal.status === 404 && !refusal.code) return reaction(fr.notFoundTitle, text, { goBack: true });
  return reaction(fr.sendRefusedTitle, text);
}

/**
 * A detail whose object is not on the device, opened online: the server answered. `failure`
 * null: it has no such object (its 404 removed any copy) — 'Page introuvable', then back. A
 * refusal (4xx): the table's row for it, then back, nothing being there to show. Anything
 * else (no network, no answer, a server error) is not the object's absence: null, the screen
 * says it is not on this device.
 */
export function missingDetailReaction(failure: FailureLike | null): ErrorReaction | null {
  if (failure === null) return reaction(fr.notFoundTitle, fr.notFoundText, { goBack: true });
  const status = failure.status;
  if (failure.kind !== 'http' || status === null || status < 400 || status >= 500 || status === 401 || status === 408 || status === 429) return null;
  return { ...errorReaction(failure), goBack: true };
}

/** The pages of an outbox entity ('os:12', 'thread:intervention:3'…) and its module's list: where a refusal's « back » applies. */
export function entityPages(entity: string): { paths: string[]; list: string } | null {
  const match = /^(?:thread:)?(intervention|os|echopark|visit):(.+)$/.exec(entity);
  if (!match) return null;
  const [, kind, id] = match;
  switch (kind) {
    case 'intervention':
      return { paths: [`/requestsdetail/${id}`], list: '/requests' };
    case 'os':
      return { paths: [`/requests-os-detail/${id}`], list: '/requests-os' };
    case 'echopark':
      return { paths: [`/echopark-request/${id}`], list: '/echopark-requests' };
    default:
      return { paths: [`/visite-detail/${id}`, `/visite-fiche/${id}`], list: '/visites' };
  }
}
