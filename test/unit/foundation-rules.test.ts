/** The foundation's pure rules: version gate, formats, validation texts, guards and navigation. */
import { describe, expect, it } from 'vitest';
import { compareVersions, isVersionAllowed } from '../../sync/session/version';
import { capitalize, formatDateTime, formatPickerDate, formatPrice, fullName } from '../../src/domain/format';
import { formMessage, validateAccount, validateContact, validateForgottenEmail, validateNewPassword } from '../../src/domain/validation';
import { guardRedirect, homeCards, navItems, safeRedirect } from '../../src/domain/access';
import { isValidServerUrl } from '../../sync/session/server-url';

describe('version gate', () => {
  it('compares dot-separated numbers, not strings', () => {
    expect(compareVersions('1.0.10', '1.0.9')).toBe(1);
    expect(compareVersions('1.0.2', '1.0.2')).toBe(0);
    expect(compareVersions('1.0', '1.0.0')).toBe(0);
    expect(compareVersions('1.0.2', '1.1')).toBe(-1);
    expect(compareVersions('2', '1.99.99')).toBe(1);
  });
  it('allows the built-in 1.0.2 at or above the minimum only', () => {
    expect(isVersionAllowed('1.0.2')).toBe(true);
    expect(isVersionAllowed('1.0.1')).toBe(true);
    expect(isVersionAllowed('1.0.3')).toBe(false);
    expect(isVersionAllowed('1.0.10')).toBe(false);
    expect(isVersionAllowed(null)).toBe(true);
  });
});

describe('French formats', () => {
  it('shows UTC dates in local time as DD/MM/yy HH:mm (TZ=Europe/Paris in this test)', () => {
    process.env.TZ = 'Europe/Paris';
    expect(formatDateTime('2026-11-22T14:05:00Z')).toBe('22/11/26 15:05');
    expect(formatDateTime('2026-07-01T22:30:00Z')).toBe('02/07/26 00:30');
    expect(formatPickerDate('2026-03-09T10:00:00Z')).toBe('09/03/2026');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('pas une date')).toBe('');
  });
  it('gives the same dates again after more distinct dates than it remembers (a long list formatted twice)', () => {
    process.env.TZ = 'Europe/Paris';
    const dates = Array.from({ length: 6000 }, (_, i) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString());
    const first = dates.map(formatDateTime);
    expect(dates.map(formatDateTime)).toEqual(first);
    expect(formatDateTime(dates[0])).toBe('01/01/26 01:00');
    expect(formatDateTime(dates[5999])).toBe('05/01/26 04:59');
    expect(formatDateTime(new Date('2026-11-22T14:05:00Z'))).toBe('22/11/26 15:05');
  });
  it('formats prices with a comma, grouped thousands, 2 decimals and €', () => {
    expect(formatPrice(1234.5)).toBe('1\u00a0234,50\u00a0€');
    expect(formatPrice(10000)).toBe('10\u00a0000,00\u00a0€');
    expect(formatPrice('850')).toBe('850,00\u00a0€');
    expect(formatPrice(1234567.891)).toBe('1\u00a0234\u00a0567,89\u00a0€');
    expect(formatPrice(null)).toBe('');
  });
  it('capitalises the greeting and upper-cases last names', () => {
    expect(capitalize('camille')).toBe('Camille');
    expect(capitalize('élodie')).toBe('Élodie');
    expect(fullName('Camille', 'Martin')).toBe('Camille MARTIN');
  });
});

describe('validation texts', () => {
  it('forgotten password: notValidEmail for a missing or malformed e-mail', () => {
    expect(validateForgottenEmail('')).toBe("Le mail n'est pas valide");
    expect(validateForgottenEmail('camille@')).toBe("Le mail n'est pas valide");
    expect(validateForgottenEmail('camille@demo.fr')).toBeNull();
  });
  it('new password: passwordDiff when the confirmation differs', () => {
    expect(validateNewPassword('abc12345', 'abc12346').confirmation).toBe('Les deux mots de passe ne coïncident pas');
    expect(validateNewPassword('abc12345', 'abc12345')).toEqual({});
  });
  it('contact: every field but the message required, e-mail and digits-only phone', () => {
    const ok = { firstname: 'Ana', lastname: 'Lopez', email: 'ana@x.fr', gsm: '0611223344', company: 'SCI', real_estate: 'Lac', message: '' };
    expect(validateContact(ok)).toEqual({});
    const missing = validateContact({ ...ok, company: ' ', real_estate: '' });
    expect(missing.company).toBe('Champ obligatoire');
    expect(formMessage(missing)).toBe('Complétez tous les champs');
    expect(validateContact({ ...ok, email: 'ana' }).email).toBe("Le mail n'est pas valide");
    expect(validateContact({ ...ok, gsm: '06 11 22' }).gsm).toBe("Le numéro de téléphone n'est pas valide");
  });
  it('account: first name, last name and digits-only phone', () => {
    expect(validateAccount({ firstname: '', lastname: 'B', gsm: '06' }).firstname).toBe('Champ obligatoire');
    expect(validateAccount({ firstname: 'A', lastname: 'B', gsm: '+336' }).gsm).toBe("Le numéro de téléphone n'est pas valide");
    expect(validateAccount({ firstname: 'A', lastname: 'B', gsm: '0612' })).toEqual({});
  });
  it('dedicated server: http(s) URLs only', () => {
    expect(isValidServerUrl('https://api.exemple.fr')).toBe(true);
    expect(isValidServerUrl('http://192.168.1.10:8080/')).toBe(true);
    expect(isValidServerUrl('ftp://exemple.fr')).toBe(false);
    expect(isValidServerUrl('exemple.fr')).toBe(false);
    expect(isValidServerUrl('javascript:alert(1)')).toBe(false);
  });
});

describe('guards', () => {
  it('sends guests of protected routes to /login with the wanted path', () => {
    expect(guardRedirect('auth', false, '/requests?status=3')).toEqual({ to: '/login', search: { redirect: '/requests?status=3' } });
    expect(guardRedirect('auth', true, '/requests')).toBeNull();
  });
  it('sends signed-in users away from guest-only routes, leaves open routes open', () => {
    expect(guardRedirect('guest', true, '/login')).toEqual({ to: '/' });
    expect(guardRedirect('guest', false, '/login')).toBeNull();
    expect(guardRedirect('open', true, '/boarding')).toBeNull();
    expect(guardRedirect('open', false, '/boarding')).toBeNull();
  });
  it('follows only in-app redirects after sign-in', () => {
    expect(safeRedirect('/requests?status=3')).toEqual({ to: '/requests', search: { status: '3' } });
    expect(safeRedirect('https://evil.example')).toEqual({ to: '/' });
    expect(safeRedirect('//evil.example')).toEqual({ to: '/' });
    expect(safeRedirect('/login?redirect=/x')).toEqual({ to: '/' });
    expect(safeRedirect(undefined)).toEqual({ to: '/' });
  });
});

describe('navigation by role', () => {
  const keys = (variant: 'default' | 'visit' | 'echopark', roles: string[]) => navItems(variant, roles).map((i) => i.key);
  it('default bar: interventions for owners and providers, OS for OS roles, agenda and messages for either', () => {
    expect(keys('default', ['ROLE_SERVICE_PROVIDER'])).toEqual(['home', 'requests', 'planning', 'messaging']);
    expect(keys('default', ['ROLE_FIRM_TECHNICAL_MANAGER'])).toEqual(['home', 'requests-os', 'planning', 'messaging']);
    expect(keys('default', ['ROLE_OWNER_ADMIN'])).toEqual(['home', 'requests', 'requests-os', 'planning', 'messaging']);
    expect(keys('default', ['ROLE_VISIT_TECHNICIAN'])).toEqual(['home']);
  });
  it('lists open on their remembered filter (no status in the link) and the messages entry carries the unread badge', () => {
    const items = navItems('default', ['ROLE_OWNER_ADMIN']);
    expect(items.find((i) => i.key === 'requests')?.search).toBeUndefined();
    expect(items.find((i) => i.key === 'requests-os')?.search).toBeUndefined();
    expect(items.find((i) => i.key === 'messaging')?.badge).toBe('unread');
  });
  it('visit and echopark bars for their roles', () => {
    expect(keys('visit', ['ROLE_VISIT_TECHNICIAN'])).toEqual(['home', 'visit-dashboard', 'visit-list']);
    expect(keys('echopark', ['ROLE_ECHOPARK'])).toEqual(['home', 'echopark-list']);
  });
  it('home cards by rights, then one per AI link', () => {
    const links = [{ name: 'A', url: 'https://a.example' }];
    expect(homeCards(['ROLE_ADMIN'], links).map((c) => c.key)).toEqual(['echopark', 'interventions', 'os', 'visits', 'ai-0']);
    expect(homeCards(['ROLE_VISIT_TECHNICIAN'], []).map((c) => c.key)).toEqual(['visits']);
  });
});
