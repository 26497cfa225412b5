/** The global error handler's table (spec part 2 §8.1) and the code catalogue (§8.2). */
import { describe, expect, it } from 'vitest';
import { errorReaction, type FailureLike } from '../../src/domain/error-policy';
import { ERROR_CODES } from '../../sync/contract/errors';
import { failureFromResponse } from '../../sync/api/failure';

const http = (status: number, extra: Partial<FailureLike> = {}): FailureLike => ({ kind: 'http', status, message: '', ...extra });

describe('error policy', () => {
  it('400 with a code shows the French text of the code', () => {
    expect(errorReaction(http(400, { code: '006001', message: 'raw' })).toast?.text).toBe("Vous n'avez pas accès à cette demande d'intervention.");
  });
  it('400 otherwise: description, else message, else the generic text', () => {
    expect(errorReaction(http(400, { description: 'Desc', message: 'Msg' })).toast?.text).toBe('Desc');
    expect(errorReaction(http(400, { message: 'Msg' })).toast?.text).toBe('Msg');
    expect(errorReaction(http(400)).toast?.text).toBe('Une erreur est survenue.');
  });
  it('an echopark refusal with only data.reason shows the French text of the reason', () => {
    const failure = failureFromResponse('POST', 'api/echopark/requests/', 400, { data: { reason: 'echoparkNoRecipient' } });
    expect(errorReaction(failure).toast?.text).toBe("Aucun destinataire n'est défini pour ce type de demande dans votre communauté.");
    const unknown = failureFromResponse('POST', 'api/echopark/requests/', 400, { data: { reason: 'toString' }, message: 'Brut' });
    expect(errorReaction(unknown).toast?.text).toBe('Brut');
  });
  it('401 after the failed refresh: Déconnecté toast and logout', () => {
    const r = errorReaction(http(401));
    expect(r.toast).toMatchObject({ title: 'Déconnecté', text: 'Vous avez été déconnecté. Veuillez-vous reconnecter.' });
    expect(r.logout).toBe(true);
  });
  it('403: Autorisation toast', () => {
    expect(errorReaction(http(403)).toast).toMatchObject({ title: 'Autorisation', text: "Vous n'êtes pas autorisé à voir cette page" });
  });
  it('404 with a code shows its text; otherwise Page introuvable and back', () => {
    const coded = errorReaction(http(404, { code: '101001' }));
    expect(coded.toast?.text).toBe("Cette demande d'intervention est introuvable.");
    expect(coded.goBack).toBe(false);
    const plain = errorReaction(http(404));
    expect(plain.toast?.title).toBe('Page introuvable');
    expect(plain.goBack).toBe(true);
  });
  it('500: Erreur with the description, else message, else the generic text', () => {
    expect(errorReaction(http(500, { description: 'Base indisponible' })).toast).toMatchObject({ title: 'Erreur', text: 'Base indisponible' });
    expect(errorReaction(http(503)).toast?.text).toBe('Une erreur est survenue.');
  });
  it('network failures say there is no connection and never log out', () => {
    const r = errorReaction({ kind: 'network', status: null, message: '' });
    expect(r.toast?.text).toBe('Aucune connexion internet');
    expect(r.logout).toBe(false);
  });
  it('has a French text for every code of the catalogue', () => {
    const codes = [
      '100001',
      '000001',
      '101001',
      '000002',
      '000003',
      '000004',
      '001001',
      '002001',
      '003001',
      '003002',
      '004001',
      '005001',
      '006001',
      '006002',
      '007001',
      '008001',
      '008002',
      '009001',
      '010001',
      '010002',
      '010003',
      '010004',
    ];
    expect(Object.keys(ERROR_CODES).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(ERROR_CODES[code as keyof typeof ERROR_CODES]).toMatch(/^[A-ZÀ-Ý].+\.$/);
  });
});
