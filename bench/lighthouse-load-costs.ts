/**
 * What a Lighthouse load cost the machine beside the page's own work, from the trace of the
 * median run: the frames drawn (the trace captures a screenshot of each one), the CPU time of the
 * threads that ran during the load, and the blocking time the simulated phone counts from the
 * page's tasks measured in wall time (what Lighthouse does) and in the main thread's own CPU time.
 *
 * Lighthouse multiplies each observed task's wall time by 4. On a 2-core machine shared with
 * Lighthouse, the reference server and the browser's other processes, a task's wall time also
 * holds the time its thread waited for a core: with the navigation loader's 2-second grow
 * animation, the GPU process's compositor drew 105 frames in a load of /dashboard-visites and took
 * 1,000 ms of CPU beside the page's 600, and the page's tasks ran 4 to 10 times longer than their
 * own CPU time (docs/measurements.md, 21st session). These figures tell that apart from the page's
 * own cost.
 */
import type { Artifacts } from 'lighthouse';
import { mainThread, type TraceEvent } from './lighthouse-tasks';
import { topLevelTasks } from './trace-own-cpu';

export interface LoadCosts {
  /** Frames the compositor drew during the traced load (one screenshot each). */
  framesDrawn: number;
  /** CPU time of the busiest threads during the load, by process/thread name, ms. */
  cpuMsByThread: Record<string, number>;
  /** Σ max(0, 4 × task − 50 ms) over the page's main-thread tasks, on wall time and on their own CPU time. */
  blockingOnWallMs: number;
  blockingOnCpuMs: number;
}

export function loadCosts(artifacts: Artifacts, slowdown = 4): LoadCosts | null {
  const events = (artifacts.Trace?.traceEvents ?? []) as unknown as TraceEvent[];
  const main = mainThread(events);
  if (!main) return null;
  const threadNames = new Map<string, string>();
  const processNames = new Map<number, string>();
  for (const e of events) {
    if (e.ph !== 'M') continue;
    if (e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
    if (e.name === 'process_name') processNames.set(e.pid, e.args?.name ?? '');
  }
  const cpu = new Map<string, number>();
  let blockingOnWallMs = 0;
  let blockingOnCpuMs = 0;
  for (const e of topLevelTasks(events)) {
    const key = `${e.pid}:${e.tid}`;
    const thread = threadNames.get(key) ?? String(e.tid);
    const mine = e.pid === main.pid && e.tid === main.tid;
    const name = mine ? 'page main thread' : e.pid === main.pid ? `page ${thread}` : `${processNames.get(e.pid) ?? e.pid} ${thread}`;
    cpu.set(name, (cpu.get(name) ?? 0) + e.tdur / 1000);
    if (!mine) continue;
    blockingOnWallMs += Math.max(0, ((e.dur ?? 0) * slowdown) / 1000 - 50);
    blockingOnCpuMs += Math.max(0, (e.tdur * slowdown) / 1000 - 50);
  }
  const busiest = [...cpu.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
  return {
    framesDrawn: events.filter((e) => e.name === 'Screenshot').length,
    cpuMsByThread: Object.fromEntries(busiest.map(([name, ms]) => [name, Math.round(ms)])),
    blockingOnWallMs: Math.round(blockingOnWallMs),
    blockingOnCpuMs: Math.round(blockingOnCpuMs),
  };
}

export const loadCostsText = (c: LoadCosts) =>
  `${c.framesDrawn} frames drawn; blocking from the page's tasks on wall time ${c.blockingOnWallMs} ms, on their own CPU time ${c.blockingOnCpuMs} ms; CPU ${Object.entries(
    c.cpuMsByThread,
  )
    .map(([name, ms]) => `${name} ${ms} ms`)
    .join(', ')}`;
