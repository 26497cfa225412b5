import { describe, expect, it } from 'vitest';
import { detailSearch, listSearch, loginSearch, osCreateSearch, visitListSearch, visitSearch } from '../../src/domain/route-search';

describe('query parameters of the routes (validateSearch)', () => {
  it('reads the list filter as a number, from the parsed URL or a typed address', () => {
    expect(listSearch({ status: 3 })).toEqual({ status: 3 });
    expect(listSearch({ status: '6' })).toEqual({ status: 6 });
    for (const bad of ['x', '-1', '1.5', 1.5, -2, null, {}, ['1'], '1e3']) expect(listSearch({ status: bad })).toEqual({});
    expect(Object.keys(listSearch({}))).toEqual([]);
  });

  it('keeps only a text redirect on /login and drops the other keys', () => {
    expect(loginSearch({ redirect: '/requests?status=1', other: 'x' })).toEqual({ redirect: '/requests?status=1' });
    expect(loginSearch({ redirect: { to: '/' } })).toEqual({});
  });

  it('passes the detail tab through as text (the screen falls back to its first tab)', () => {
    expect(detailSearch({ defaultTab: 'messages' })).toEqual({ defaultTab: 'messages' });
    expect(detailSearch({ defaultTab: ['messages'] })).toEqual({});
  });

  it('accepts data=true only, as the boolean the router parses or the text of a typed address', () => {
    expect(visitSearch({ data: true })).toEqual({ data: true });
    expect(visitSearch({ data: 'true' })).toEqual({ data: true });
    for (const bad of [false, 'false', 1, 'yes', undefined]) expect(visitSearch({ data: bad })).toEqual({});
  });

  it('reads the my-visits switch as 1 or 0', () => {
    expect(visitListSearch({ mine: 1 })).toEqual({ mine: 1 });
    expect(visitListSearch({ mine: '1' })).toEqual({ mine: 1 });
    expect(visitListSearch({ mine: 0 })).toEqual({ mine: 0 });
    expect(visitListSearch({ mine: 'oui' })).toEqual({});
  });

  it('takes an OS document id of reasonable length and a draft key of word characters only', () => {
    expect(osCreateSearch({ id: 42 })).toEqual({ id: '42' });
    expect(osCreateSearch({ id: 'local-3f2a' })).toEqual({ id: 'local-3f2a' });
    expect(osCreateSearch({ id: 'x'.repeat(101) })).toEqual({});
    expect(osCreateSearch({ draft: 'os-abc-12' })).toEqual({ draft: 'os-abc-12' });
    expect(osCreateSearch({ draft: '../x' })).toEqual({});
    expect(osCreateSearch({ draft: 'x'.repeat(61) })).toEqual({});
  });
});
