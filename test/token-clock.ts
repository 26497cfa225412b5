/**
 * Access tokens expire on whole seconds (JWT `exp`), so a token issued late in a second with a
 * one-second lifetime lives only what is left of that second. Tests that need a token expired and
 * then a fresh one valid move the clock past the lifetime and hold it there: the tokens issued next
 * cannot expire mid-test, whatever the machine's load.
 */
import { vi } from 'vitest';

/** `Date` (only) held at `at`; the timers run as usual. */
function holdClockAt(at: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

export function holdClockPastTokenExpiry(lifetimeSeconds: number): void {
  holdClockAt(Date.now() + lifetimeSeconds * 1000 + 1100);
}

/**
 * Holds the clock just after a whole second: a token issued now lives its whole lifetime, however
 * long the test's requests take (the server runs in the same process and reads the same clock).
 */
export function holdClockAtSecondStart(): void {
  holdClockAt(Math.ceil(Date.now() / 1000) * 1000 + 10);
}

export function releaseClock(): void {
  vi.useRealTimers();
}
