/**
 * The §8.1 table (spec part 2) for the failures the user did not ask for and
 * for refused writes (issue 23): background pulls say 403 and a code's text
 * (and end the session on 401), refused writes say the catalogue's text,
 * 'Autorisation' on 403, 'Page introuvable' and back on a 404; a detail the
 * server has not got is 'Page introuvable', not « not on this device ».
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backgroundReaction, entityPages, missingDetailReaction, refusalReaction, type FailureLike } from '../../src/domain/error-policy';
import { ApiFailure, CommandRefused } from '../../sync/index';
import { refusalOf } from '../../sync/errors';

vi.mock('../../src/services/session', () => ({ session: { logout: vi.fn(), state: { tokens: { token: 't' }, expired: false } } }));
const shown: { title: string; text: string }[] = [];
vi.mock('../../src/services/toasts', () => ({ showToast: (t: { title: string; text: string }) => shown.push(t) }));
const { session } = await import('../../src/services/session');
const { detailMissing, handleError, setErrorNavigation } = await import('../../src/services/errors');

const http = (status: number, extra: Partial<FailureLike> = {}): FailureLike => ({ kind: 'http', status, message: '', ...extra });
const AUTH = { title: 'Autorisation', text: "Vous n'êtes pas autorisé à voir cette page" };

describe('§8.1 for a background pull', () => {
  it('401: the session ends (after the one refresh failed)', () => {
    expect(backgroundReaction(http(401)).logout).toBe(true);
  });
  it("403: 'Autorisation'", () => {
    expect(backgroundReaction(http(403)).toast).toMatchObject(AUTH);
  });
  it("a code: the catalogue's text, not the server's", () => {
    expect(backgroundReaction(http(400, { code: '006001', message: 'raw' })).toast).toMatchObject({
      title: 'Erreur',
      text: "Vous n'avez pas accès à cette demande d'intervention.",
    });
    expect(backgroundReaction(http(404, { code: '006002' })).toast?.text).toBe("Cette demande n'existe pas.");
  });
  it('no network, no answer, a server error, a 404 without code or a 400 without code: nothing said, never back', () => {
    for (const failure of [
      { kind: 'network', status: null, message: '' } as FailureLike,
      { kind: 'timeout', status: null, message: '' } as FailureLike,
      http(500, { description: 'Base indisponible' }),
      http(404),
      http(400, { message: 'Brut' }),
    ]) {
      const r = backgroundReaction(failure);
      expect(r.toast, `${failure.kind} ${failure.status}`).toBeNull();
      expect(r.goBack || r.logout).toBe(false);
    }
  });
});

describe('§8.1 for a detail not on the device, opened online', () => {
  it("the server has none: 'Page introuvable', then back", () => {
    expect(missingDetailReaction(null)).toMatchObject({ toast: { title: 'Page introuvable', text: "Cette page n'existe pas ou plus." }, goBack: true });
  });
  it("refused: its row ('Autorisation', a code's text), then back", () => {
    expect(missingDetailReaction(http(403))).toMatchObject({ toast: AUTH, goBack: true });
    expect(missingDetailReaction(http(400, { code: '006001' }))).toMatchObject({
      toast: { text: "Vous n'avez pas accès à cette demande d'intervention." },
      goBack: true,
    });
  });
  it('no answer (offline, timeout, server error): null, the screen says it is not on this device', () => {
    expect(missingDetailReaction({ kind: 'network', status: null, message: '' })).toBeNull();
    expect(missingDetailReaction({ kind: 'timeout', status: null, message: '' })).toBeNull();
    expect(missingDetailReaction(http(503))).toBeNull();
    expect(missingDetailReaction(http(429))).toBeNull();
  });
});

describe('§8.1 for a refused write', () => {
  const refusal = (status: number | null, serverText: string, code?: '010003' | '006002') => ({ label: "Changement d'étape", status, serverText, code });
  it("a code: 'Envoi refusé' with the catalogue's text after what was refused, never the server's", () => {
    expect(refusalReaction(refusal(400, 'step not reachable', '010003')).toast).toMatchObject({
      title: 'Envoi refusé',
      text: "Changement d'étape : Cette étape n'est pas accessible.",
    });
    expect(refusalReaction(refusal(404, 'gone', '006002')).toast?.text).toBe("Changement d'étape : Cette demande n'existe pas.");
  });
  it("403: 'Autorisation'", () => {
    expect(refusalReaction(refusal(403, 'Forbidden')).toast).toMatchObject({ title: 'Autorisation', text: `Changement d'étape : ${AUTH.text}` });
  });
  it("404 without a code: 'Page introuvable', and back", () => {
    const r = refusalReaction(refusal(404, 'Not Found'));
    expect(r.toast).toMatchObject({ title: 'Page introuvable', text: "Changement d'étape : Cette page n'existe pas ou plus." });
    expect(r.goBack).toBe(true);
  });
  it('no code: the server’s description (a refusal by the device itself too)', () => {
    expect(refusalReaction(refusal(422, 'Le prix doit être positif.')).toast?.text).toBe("Changement d'étape : Le prix doit être positif.");
    expect(refusalReaction(refusal(null, 'Le fichier a disparu.')).toast?.title).toBe('Envoi refusé');
  });
  it('the pages of a command’s object', () => {
    expect(entityPages('os:12')).toEqual({ paths: ['/requests-os-detail/12'], list: '/requests-os' });
    expect(entityPages('thread:intervention:3')).toEqual({ paths: ['/requestsdetail/3'], list: '/requests' });
    expect(entityPages('visit:7')?.paths).toEqual(['/visite-detail/7', '/visite-fiche/7']);
    expect(entityPages('user:1')).toBeNull();
  });
});

describe('the one error handler carries them out', () => {
  const navigate = vi.fn();
  let canGoBack = true;
  const back = vi.fn(() => canGoBack);
  beforeEach(() => {
    shown.length = 0;
    navigate.mockClear();
    back.mockClear();
    canGoBack = true;
    setErrorNavigation({ navigate, back });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("a background 403 says 'Autorisation' once for the screen's three pulls; a background network failure says nothing", () => {
    for (const path of ['api/a', 'api/b', 'api/c']) handleError(new ApiFailure('http', 403, 'GET', path, 'Forbidden'), { background: true });
    handleError(new ApiFailure('network', null, 'GET', 'api/d', 'Aucune connexion internet'), { background: true });
    handleError(new ApiFailure('http', 500, 'GET', 'api/e', 'Erreur'), { background: true });
    expect(shown).toEqual([{ ...AUTH, tone: 'error' }]);
    expect(navigate).not.toHaveBeenCalled();
    expect(back).not.toHaveBeenCalled();
  });
  it('a background 401 ends the session', () => {
    handleError(new ApiFailure('http', 401, 'GET', 'api/a', 'Unauthorized'), { background: true });
    expect(session.state.expired).toBe(true);
    session.state.expired = false;
  });
  it('a refused write of an object gone (404) goes back only from that object’s page', () => {
    const refused = refusalOf({ label: "Changement d'étape", entity: 'os:12', lastError: { status: 404, message: 'Not Found' } });
    expect(refused).toBeInstanceOf(CommandRefused);
    vi.stubGlobal('location', { pathname: '/requests-os' });
    handleError(refused);
    expect(back).not.toHaveBeenCalled();
    vi.stubGlobal('location', { pathname: '/requests-os-detail/12' });
    handleError(refused);
    expect(back).toHaveBeenCalledTimes(1);
    expect(shown.map((t) => t.title)).toEqual(['Page introuvable', 'Page introuvable']);
  });
  it('a detail opened directly (no page of the app before it) goes to its list instead of back', () => {
    canGoBack = false;
    expect(detailMissing(null, '/requests')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/requests', true);
    expect(detailMissing(new ApiFailure('network', null, 'GET', 'api/x', ''), '/requests')).toBe(false);
  });
});
