/**
 * The outbox's decisions as pure functions, so they are tested with fake
 * clocks in milliseconds: what a failure means (retry later, refresh the
 * session, or reject), how long to wait before the next attempt, and which
 * commands may go now (FIFO per entity, entities in parallel, dependencies).
 */
export type CommandStatus = 'pending' | 'inflight' | 'rejected';

export interface CommandError {
  status: number | null;
  code?: string | undefined;
  message: string;
}

export interface QueuedCommand {
  id: string;
  seq: number;
  entity: string;
  status: CommandStatus;
  attempts: number;
  nextAttemptAt: number;
  /** Id of a command that must have succeeded first (e.g. the creation of the object). */
  dependsOn: string | null;
}

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/**
 * Exponential backoff with jitter: 1 s, 2 s, 4 s … capped at 5 min, each
 * drawn in [50 %, 100 %] of its step so that many devices coming back online
 * together do not hammer the server in step.
 */
export function backoffDelay(attempts: number, random: () => number): number {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(step * (0.5 + random() * 0.5));
}

export type FailureClass = 'retry' | 'session' | 'reject';

/** Network, timeouts, 5xx and 429 retry; 401 waits for the session; other 4xx reject. */
export function classifyFailure(failure: { kind: string; status: number | null }): FailureClass {
  if (failure.kind === 'network' || failure.kind === 'timeout' || failure.status === null) return 'retry';
  if (failure.status === 401) return 'session';
  if (failure.status === 429 || failure.status >= 500) return 'retry';
  if (failure.kind === 'invalid-response') return 'retry';
  return 'reject';
}

/**
 * The commands that may be sent now: for each entity, its oldest unfinished
 * command (rejected ones do not block the others), when its time has come and
 * what it depends on has gone through.
 */
export function readyCommands<C extends QueuedCommand>(commands: readonly C[], now: number): C[] {
  const ids = new Set(commands.map((c) => c.id));
  const heads = new Map<string, C>();
  for (const command of [...commands].sort((a, b) => a.seq - b.seq)) {
    if (command.status === 'rejected') continue;
    if (!heads.has(command.entity)) heads.set(command.entity, command);
  }
  return [...heads.values()].filter((c) => {
    if (c.status !== 'pending' || c.nextAttemptAt > now) return false;
    if (c.dependsOn && ids.has(c.dependsOn)) return false;
    return true;
  });
}

/** A command waiting for a rejected one can never go: the user must retry or discard the first. */
export function blockedBy<C extends QueuedCommand>(command: C, commands: readonly C[]): C | null {
  if (!command.dependsOn) return null;
  const dependency = commands.find((c) => c.id === command.dependsOn);
  return dependency && dependency.status === 'rejected' ? dependency : null;
}

/** When the next timer should fire: the earliest future attempt among pending commands. */
export function nextWakeUp(commands: readonly QueuedCommand[], now: number): number | null {
  const times = commands.filter((c) => c.status === 'pending' && c.nextAttemptAt > now).map((c) => c.nextAttemptAt);
  return times.length === 0 ? null : Math.min(...times);
}
