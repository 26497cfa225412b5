/**
 * A trace as if each of the page's main-thread tasks had had a core to itself: every event inside
 * a top-level task is moved and shrunk by that task's own CPU time over its wall time (`tdur` /
 * `dur`), so the task lasts what its thread ran, its parts keep their order and nesting, and
 * nothing outside the page's main thread changes (lighthouse-own-cpu.ts has Lighthouse audit it).
 */
import type { TraceEvent } from './lighthouse-tasks';

const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The trace with every main-thread event inside a top-level task moved and shrunk by that task's CPU / wall ratio. */
export function atOwnCpuTime(events: TraceEvent[], main: { pid: number; tid: number }): { events: TraceEvent[]; wallMs: number; cpuMs: number } {
  const onMain = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid;
  const tasks: TraceEvent[] = [];
  for (const e of events.filter((x) => onMain(x) && x.ph === 'X' && TASK.has(x.name) && x.dur && x.tdur !== undefined).sort((a, b) => a.ts - b.ts)) {
    const last = tasks[tasks.length - 1];
    if (last && e.ts < last.ts + last.dur!) continue; // nested in the previous one: moved with it
    tasks.push(e);
  }
  const enclosing = (ts: number): TraceEvent | undefined => {
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
    const ratio = Math.min(1, task.tdur! / task.dur!);
    return { ...e, ts: task.ts + (e.ts - task.ts) * ratio, ...(e.dur !== undefined ? { dur: e.dur * ratio } : {}) };
  });
  const wallMs = tasks.reduce((sum, t) => sum + t.dur!, 0) / 1000;
  const cpuMs = tasks.reduce((sum, t) => sum + Math.min(t.tdur!, t.dur!), 0) / 1000;
  return { events: moved, wallMs, cpuMs };
}
