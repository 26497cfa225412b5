/**
 * Issue 20: a list or tab never downloaded says « Pas encore disponible hors
 * ligne » offline, never the spec's « Aucun … »; online it is loading; once
 * refreshed, empty is empty.
 */
import { describe, expect, it } from 'vitest';
import { dataTruth } from '../../src/services/offline-truth';

describe('dataTruth', () => {
  it('shows what the store holds, whatever its refresh time or the network', () => {
    for (const refreshedAt of [undefined, null, 1]) for (const online of [true, false]) expect(dataTruth({ count: 2, refreshedAt, online })).toBe('data');
  });

  it('says empty only once the resource came from the server', () => {
    expect(dataTruth({ count: 0, refreshedAt: 1_700_000_000_000, online: false })).toBe('empty');
    expect(dataTruth({ count: 0, refreshedAt: 1_700_000_000_000, online: true, pullUnreachable: true })).toBe('empty');
  });

  it('never refreshed and unreachable: not yet available offline', () => {
    expect(dataTruth({ count: 0, refreshedAt: null, online: false })).toBe('not-yet');
    // navigator.onLine may say true while the pull failed for want of network.
    expect(dataTruth({ count: 0, refreshedAt: null, online: true, pullUnreachable: true })).toBe('not-yet');
  });

  it('never refreshed and online: loading; the store not read yet: loading', () => {
    expect(dataTruth({ count: 0, refreshedAt: null, online: true })).toBe('loading');
    expect(dataTruth({ count: 0, refreshedAt: undefined, online: false })).toBe('loading');
  });

  it('a pull that ended well with nothing recorded (an object created on this device) is empty, not loading', () => {
    expect(dataTruth({ count: 0, refreshedAt: null, online: true, pullDone: true })).toBe('empty');
  });
});
