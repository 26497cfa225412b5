/**
 * The forgotten-password code refused by the server (codes 100001 and 000001,
 * spec part 2 §8.2) reads 'Code non valide' on the code and change screens;
 * any other failure keeps the server's own text.
 */
import { isApiFailure } from '../../../sync/index';
import { fr } from '../../i18n/fr';

const INVALID_CODE = new Set(['100001', '000001']);

export function codeRefusalText(error: unknown): string | null {
  return isApiFailure(error) && error.code !== undefined && INVALID_CODE.has(error.code) ? fr.invalidCode : null;
}
