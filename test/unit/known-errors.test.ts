/** handleError and failureText (src/services/errors.ts) say the app's own French errors, and keep anything else generic (issue 14). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageFullError } from '../../sync/index';

vi.mock('../../src/services/session', () => ({ session: { logout: vi.fn() } }));
vi.mock('../../src/services/engine', () => ({ getEngine: vi.fn() }));
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
  it('an Error with a French message shows its message', () => {
    handleError(new Error('Le fichier à envoyer a disparu du stockage local.'));
    expect(shown[0]?.text).toBe('Le fichier à envoyer a disparu du stockage local.');
    expect(failureText(new Error('Données locales fermées : reconnectez-vous.'))).toBe('Données locales fermées : reconnectez-vous.');
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
