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
