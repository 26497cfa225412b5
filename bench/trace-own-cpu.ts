/**
 * A trace as if each of the page's main-thread tasks had had a core to itself: every event inside
 * a top-level task is moved and shrunk by that task's own CPU time over its wall time (`tdur` /
 * `dur`), so the task lasts what its thread ran, its parts keep their order and nesting, and
 * nothing outside the page's main thread changes (lighthouse-own-cpu.ts has Lighthouse audit it).
 */
import type { TraceEvent } from './lighthouse-tasks';

const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);

/** Each thread's top-level tasks with their own CPU time, by start: a task nested in another of its thread is left out (it is counted with it). */
export function topLevelTasks(events: TraceEvent[]): (TraceEvent & { tdur: number })[] {
  const busyUntil = new Map<string, number>();
  const tasks = events.filter((e): e is TraceEvent & { tdur: number } => e.ph === 'X' && TASK.has(e.name) && e.tdur !== undefined).sort((a, b) => a.ts - b.ts);
  return tasks.filter((e) => {
    const key = `${e.pid}:${e.tid}`;
    if (e.ts < (busyUntil.get(key) ?? 0)) return false;
    busyUntil.set(key, e.ts + (e.dur ?? 0));
    return true;
  });
}

/** The trace with every main-thread event inside a top-level task moved and shrunk by that task's CPU / wall ratio. */
export function atOwnCpuTime(events: TraceEvent[], main: { pid: number; tid: number }): { events: TraceEvent[]; wallMs: number; cpuMs: number } {
  const onMain = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid;
  const tasks = topLevelTasks(events).filter((t) => onMain(t) && t.dur);
  const enclosing = (ts: number): (typeof tasks)[number] | undefined => {
    let lo = 0;
    let hi = tasks.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = tasks[mid]!;
      if (ts < t.ts) hi = mid - 1;
      else if (ts > t.ts + t.dur!) lo = mid + 1;
      else return t;
    }
    return undefined;
  };
  const moved = events.map((e) => {
    if (!onMain(e)) return e;
    // An end that falls where the next task starts closes the task before it.
    const task = enclosing(e.ph === 'E' ? e.ts - 0.5 : e.ts);
    if (!task) return e;
    const ratio = Math.min(1, task.tdur / task.dur!);
    return { ...e, ts: task.ts + (e.ts - task.ts) * ratio, ...(e.dur !== undefined ? { dur: e.dur * ratio } : {}) };
  });
  const wallMs = tasks.reduce((sum, t) => sum + t.dur!, 0) / 1000;
  const cpuMs = tasks.reduce((sum, t) => sum + Math.min(t.tdur, t.dur!), 0) / 1000;
  return { events: moved, wallMs, cpuMs };
}
