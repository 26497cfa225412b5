/**
 * plainData: what enters RxDB must cross tabs (structured clone), so proxies,
 * functions and class instances become plain data; long texts are kept as they
 * are (a visit's forms, 8 MB for 20,000 fields, are a string already).
 */
import { describe, expect, it } from 'vitest';
import { proxy } from 'valtio';
import { plainData } from '../../sync/store/plain';

describe('plainData', () => {
  it('gives plain copies of nested objects, as JSON would, and keeps top-level texts as they are', () => {
    const nested = { roles: ['ROLE_MANAGER'], at: new Date(0) };
    const value = { formsJson: 'x'.repeat(1000), user: nested, gone: undefined, run: () => 1, n: Number.NaN };
    const plain = plainData(value);
    expect(plain).toEqual({ formsJson: value.formsJson, user: { roles: ['ROLE_MANAGER'], at: '1970-01-01T00:00:00.000Z' }, n: null });
    expect(plain.user).not.toBe(nested);
    nested.roles.push('ROLE_ADMIN');
    expect(plain.user.roles).toEqual(['ROLE_MANAGER']);
  });

  it('turns a valtio proxy into data another tab can receive', () => {
    const state = proxy({ user: { roles: ['ROLE_MANAGER'] }, name: 'Camille' });
    const plain = plainData({ user: state.user, name: state.name });
    expect(() => structuredClone(plain)).not.toThrow();
    expect(plain).toEqual({ user: { roles: ['ROLE_MANAGER'] }, name: 'Camille' });
    expect(plainData(['a', { b: 1 }])).toEqual(['a', { b: 1 }]);
    expect(plainData('texte')).toBe('texte');
  });
});
