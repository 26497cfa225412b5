/** handleError and failureText (src/services/errors.ts) say the app's own French errors, and keep anything else generic (issue 14). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, AppError, CommandRefused, SessionEnded, StorageFullError } from '../../sync/index';

vi.mock('../../src/services/session', () => ({ session: { logout: vi.fn(), state: { tokens: { token: 't' }, expired: false } } }));
const { session } = await import('../../src/services/session');
const shown: { title: string; text: string }[] = [];
vi.mock('../../src/services/toasts', () => ({ showToast: (t: { title: string; text: string }) => shown.push(t) }));
const { failureText, handleError, knownErrorText } = await import('../../src/services/errors');

describe('known errors', () => {
  beforeEach(() => {
    shown.length = 0;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('a full device storage is said as such in the toast', () => {
    handleError(new StorageFullError());
    expect(shown).toEqual([{ title: 'Erreur', text: expect.stringContaining("L'espace de stockage de l'appareil est plein"), tone: 'error' }]);
  });
  it('an AppError (written for the user) shows its message; a plain Error does not, even in French', () => {
    handleError(new AppError('Le fichier à envoyer a disparu du stockage local.'));
    expect(shown[0]?.text).toBe('Le fichier à envoyer a disparu du stockage local.');
    expect(failureText(new AppError('Données locales fermées : reconnectez-vous.'))).toBe('Données locales fermées : reconnectez-vous.');
    expect(failureText(new Error('Données locales fermées : reconnectez-vous.'))).toBe('Une erreur est survenue.');
  });
  it('a refused command is told once with the catalogue text for its code, titled by its status', () => {
    handleError(new CommandRefused("Changement d'étape", 400, 'texte du serveur', '010003'));
    handleError(new CommandRefused('Reprise de la visite', 403, 'Forbidden'));
    expect(shown[0]?.title).toBe('Envoi refusé');
    expect(shown[0]?.text).toBe("Changement d'étape : Cette étape n'est pas accessible.");
    expect(shown[1]).toMatchObject({ title: 'Autorisation' });
  });
  it('a 401 or SessionEnded ends the session as a session event, with no toast here (the shell says it and keeps the work)', () => {
    handleError(new ApiFailure('http', 401, 'GET', 'api/x', 'Unauthorized'));
    expect(session.state.expired).toBe(true);
    session.state.expired = false;
    handleError(new SessionEnded(), { background: true });
    expect(session.state.expired).toBe(true);
    expect(shown).toEqual([]);
  });
  it('unknown errors stay generic', () => {
    handleError(new TypeError("Cannot read properties of undefined (reading 'id')"));
    handleError(new Error('Failed to fetch'));
    handleError('chaîne jetée');
    handleError(new DOMException('La transaction est terminée', 'AbortError'));
    expect(shown.map((t) => t.text)).toEqual(Array(4).fill('Une erreur est survenue.'));
    expect(knownErrorText(null)).toBeNull();
    expect(failureText(new RangeError('Invalid time value'))).toBe('Une erreur est survenue.');
  });
});
