/** The outbox's pure decisions: backoff, failure classes, ordering, dependencies, wake-ups. */
import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, backoffDelay, blockedBy, classifyFailure, nextWakeUp, readyCommands, type QueuedCommand } from '../../sync/outbox/policy';

const cmd = (id: string, seq: number, entity: string, extra: Partial<QueuedCommand> = {}): QueuedCommand => ({
  id,
  seq,
  entity,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  dependsOn: null,
  ...extra,
});

describe('backoff', () => {
  it('doubles from 1 s up to 5 min, with jitter between 50 % and 100 % of each step', () => {
    expect(backoffDelay(1, () => 1)).toBe(1000);
    expect(backoffDelay(2, () => 1)).toBe(2000);
    expect(backoffDelay(5, () => 1)).toBe(16000);
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(30, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(30, () => 0)).toBe(BACKOFF_MAX_MS / 2);
  });
});

describe('failure classes', () => {
  it('retries network errors, timeouts, 5xx and 429', () => {
    expect(classifyFailure({ kind: 'network', status: null })).toBe('retry');
    expect(classifyFailure({ kind: 'timeout', status: null })).toBe('retry');
    expect(classifyFailure({ kind: 'http', status: 500 })).toBe('retry');
    expect(classifyFailure({ kind: 'http', status: 503 })).toBe('retry');
    expect(classifyFailure({ kind: 'http', status: 429 })).toBe('retry');
  });
  it('waits for the session on 401 and rejects other 4xx', () => {
    expect(classifyFailure({ kind: 'http', status: 401 })).toBe('session');
    expect(classifyFailure({ kind: 'http', status: 400 })).toBe('reject');
    expect(classifyFailure({ kind: 'http', status: 403 })).toBe('reject');
    expect(classifyFailure({ kind: 'http', status: 404 })).toBe('reject');
    expect(classifyFailure({ kind: 'http', status: 409 })).toBe('reject');
  });
});

describe('ready commands', () => {
  it('sends entities in parallel but one command at a time per entity, oldest first', () => {
    const ready = readyCommands([cmd('b2', 4, 'B'), cmd('a1', 1, 'A'), cmd('a2', 2, 'A'), cmd('b1', 3, 'B')], 10);
    expect(ready.map((c) => c.id)).toEqual(['a1', 'b1']);
  });
  it('holds an entity while its head is in flight or waiting for its next attempt', () => {
    expect(readyCommands([cmd('a1', 1, 'A', { status: 'inflight' }), cmd('a2', 2, 'A')], 10)).toEqual([]);
    expect(readyCommands([cmd('a1', 1, 'A', { nextAttemptAt: 50 }), cmd('a2', 2, 'A')], 10)).toEqual([]);
    expect(readyCommands([cmd('a1', 1, 'A', { nextAttemptAt: 50 })], 50).map((c) => c.id)).toEqual(['a1']);
  });
  it('does not let a rejected command block the next ones', () => {
    expect(readyCommands([cmd('a1', 1, 'A', { status: 'rejected' }), cmd('a2', 2, 'A')], 10).map((c) => c.id)).toEqual(['a2']);
  });
  it('waits for a dependency still in the outbox, and says when a rejected one blocks it', () => {
    const parent = cmd('p', 1, 'request:tmp', { nextAttemptAt: 100 });
    const child = cmd('c', 2, 'photo:1', { dependsOn: 'p' });
    expect(readyCommands([parent, child], 10)).toEqual([]);
    expect(readyCommands([child], 10).map((c) => c.id)).toEqual(['c']);
    expect(blockedBy(child, [{ ...parent, status: 'rejected' }, child])?.id).toBe('p');
    expect(blockedBy(child, [parent, child])).toBeNull();
  });
  it('wakes up at the earliest future attempt', () => {
    expect(
      nextWakeUp(
        [cmd('a', 1, 'A', { nextAttemptAt: 300 }), cmd('b', 2, 'B', { nextAttemptAt: 200 }), cmd('c', 3, 'C', { status: 'rejected', nextAttemptAt: 100 })],
        50,
      ),
    ).toBe(200);
    expect(nextWakeUp([cmd('a', 1, 'A', { nextAttemptAt: 10 })], 50)).toBeNull();
  });
});
