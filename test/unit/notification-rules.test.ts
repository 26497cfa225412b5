/**
 * The installed app's notification rules: the offer to turn them on shows only
 * installed, only while the browser has not been answered, and comes back a
 * week after « Plus tard »; each push note of the tick is shown once, whether
 * the server answers the user's last notes every time (the reference server)
 * or each note once.
 */
import { describe, expect, it } from 'vitest';
import { ASK_AGAIN_AFTER_DAYS, newNotes, parseLaterAt, shouldOfferNotifications } from '../../src/domain/notifications';

const DAY = 86_400_000;
const now = Date.UTC(2025, 5, 15, 9);
const offer = (over: Partial<Parameters<typeof shouldOfferNotifications>[0]>) =>
  shouldOfferNotifications({ installed: true, permission: 'default', laterAt: null, now, ...over });

describe('offer to turn notifications on', () => {
  it('shows in the installed app while the browser has not been answered', () => {
    expect(offer({})).toBe(true);
  });

  it('never shows in a browser tab, nor once granted or denied, nor without the API', () => {
    expect(offer({ installed: false })).toBe(false);
    expect(offer({ permission: 'granted' })).toBe(false);
    expect(offer({ permission: 'denied' })).toBe(false);
    expect(offer({ permission: 'unsupported' })).toBe(false);
  });

  it('waits a week after « Plus tard »', () => {
    expect(ASK_AGAIN_AFTER_DAYS).toBe(7);
    expect(offer({ laterAt: now })).toBe(false);
    expect(offer({ laterAt: now - 7 * DAY + 60_000 })).toBe(false);
    expect(offer({ laterAt: now - 7 * DAY })).toBe(true);
    expect(offer({ laterAt: now - 30 * DAY })).toBe(true);
  });

  it('is not silenced for good by a « Plus tard » dated in the future (wrong clock then)', () => {
    expect(offer({ laterAt: now + DAY })).toBe(false);
    expect(offer({ laterAt: now + 8 * DAY })).toBe(true);
  });

  it('reads the stored date, ignoring what is not one', () => {
    expect(parseLaterAt(String(now))).toBe(now);
    expect(parseLaterAt(null)).toBeNull();
    expect(parseLaterAt('')).toBeNull();
    expect(parseLaterAt('demain')).toBeNull();
    expect(parseLaterAt('-5')).toBeNull();
  });
});

describe('push notes of a tick', () => {
  it('shows everything the first time', () => {
    expect(newNotes([], ['A', 'B'])).toEqual(['A', 'B']);
  });

  it('shows only what the previous answer did not hold (a server answering the last notes every time)', () => {
    expect(newNotes(['A', 'B'], ['A', 'B'])).toEqual([]);
    expect(newNotes(['A', 'B'], ['C', 'A', 'B'])).toEqual(['C']);
  });

  it('counts repeated texts: a second identical note is new', () => {
    expect(newNotes(['A'], ['A', 'A'])).toEqual(['A']);
    expect(newNotes(['A', 'A'], ['A'])).toEqual([]);
  });

  it('shows each note of a server that hands them once', () => {
    expect(newNotes(['A'], ['B'])).toEqual(['B']);
  });
});
