/**
 * Access tokens expire on whole seconds (JWT `exp`), so a token issued late in a second with a
 * one-second lifetime lives only what is left of that second. Tests that need a token expired and
 * then a fresh one valid move the clock past the lifetime and hold it there: the tokens issued next
 * cannot expire mid-test, whatever the machine's load.
 */
import { vi } from 'vitest';

export function holdClockPastTokenExpiry(lifetimeSeconds: number): void {
  const later = Date.now() + lifetimeSeconds * 1000 + 1100;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(later);
}

/**
 * Holds the clock just after a whole second: a token issued now lives its whole lifetime, however
 * long the test's requests take (the server runs in the same process and reads the same clock).
 */
export function holdClockAtSecondStart(): void {
  const next = Math.ceil(Date.now() / 1000) * 1000 + 10;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(next);
}

export function releaseClock(): void {
  vi.useRealTimers();
}
