/**
 * What the long tasks of one Lighthouse load are made of, from the trace
 * Lighthouse recorded (its report only names each task's script): every
 * main-thread task that counts towards total blocking time on the simulated
 * phone (observed duration × the CPU slowdown over 50 ms), with its parts —
 * scripts run (the function and the minified code where it starts, read from
 * dist/ since the build has no source maps), script evaluation, style,
 * layout, paint, garbage collection — largest first. Read with the bench's
 * explanation of a missed TBT or score.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Artifacts } from 'lighthouse';
import { ROOT } from './env';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event (wall time is `dur`). */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    /** Where a task was posted from (toplevel's RunTask). */
    src_file?: string;
    src_func?: string;
    data?: {
      /** An EventDispatch's event type. */
      type?: string;
      url?: string;
      functionName?: string;
      lineNumber?: number;
      columnNumber?: number;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface Sample {
  ts: number;
  frame: ProfileNode['callFrame'];
}

/**
 * The main thread's CPU samples (the trace's 'Profile' and 'ProfileChunk'
 * events, recorded with the category disabled-by-default-v8.cpu_profiler),
 * each with its time and the function on top of the stack.
 */
function samplesOf(events: TraceEvent[], pid: number, tid: number): Sample[] {
  const nodes = new Map<number, ProfileNode['callFrame']>();
  const out: Sample[] = [];
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!profile) return out;
  let ts = profile.args?.data?.startTime ?? 0;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id)) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node.callFrame);
    const samples = data?.cpuProfile?.samples ?? [];
    samples.forEach((id, i) => {
      ts += data?.timeDeltas?.[i] ?? 0;
      const frame = nodes.get(id);
      if (frame) out.push({ ts, frame });
    });
  }
  return out;
}

/** Self time per function over the samples within [from, to), in ms (each sample stands until the next). */
function hotIn(samples: Sample[], from: number, to: number): HotInTask[] {
  const self = new Map<string, HotInTask>();
  for (let i = 0; i < samples.length - 1; i++) {
    const s = samples[i]!;
    if (s.ts < from || s.ts >= to) continue;
    const { functionName, url, lineNumber, columnNumber } = s.frame;
    if (functionName === '(idle)') continue;
    const where = url ? `${short(url)}:${lineNumber + 1}:${columnNumber + 1}` : '';
    const key = `${functionName}@${where}`;
    const entry = self.get(key) ?? {
      function: functionName || '(anonymous)',
      where,
      selfMs: 0,
      ...(url ? { code: codeAt(url, lineNumber + 1, columnNumber + 1) } : {}),
    };
    entry.selfMs += (Math.min(samples[i + 1]!.ts, to) - s.ts) / 1000;
    self.set(key, entry);
  }
  return [...self.values()]
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, 6)
    .map((f) => ({ ...f, selfMs: Math.round(f.selfMs * 10) / 10 }));
}

export interface TaskPart {
  what: string;
  ms: number;
  code?: string;
}

export interface HotInTask {
  function: string;
  where: string;
  selfMs: number;
  code?: string;
}

export interface TaskAnatomy {
  /** From the navigation's start, observed (not simulated) time. */
  atMs: number;
  observedMs: number;
  /** What the simulated phone counts: observed × slowdown. */
  simulatedMs: number;
  parts: TaskPart[];
  /** The JS functions the sampling profiler found running in the task, by self time. */
  functions: HotInTask[];
}

const sources = new Map<string, string | null>();

/** 80 characters of the built file where a function starts (dist/ has no source maps). */
function codeAt(url: string | undefined, line: number | undefined, column: number | undefined): string | undefined {
  const pathname = url?.replace(/^https?:\/\/[^/]+/, '');
  if (!pathname?.startsWith('/assets/') || line === undefined) return undefined;
  if (!sources.has(pathname)) {
    const file = path.join(ROOT, 'dist', pathname);
    sources.set(pathname, fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
  }
  // Trace positions are 1-based lines, 1-based columns.
  return sources
    .get(pathname)
    ?.split('\n')
    [line - 1]?.slice(Math.max(0, (column ?? 1) - 1), (column ?? 1) + 79);
}

const short = (url: string | undefined) => (url ?? '').replace(/^https?:\/\/[^/]+/, '');

/** A direct child of a task, named for a person: which script, or which kind of browser work. */
function label(e: TraceEvent): { what: string; code?: string } {
  const d = e.args?.data;
  switch (e.name) {
    case 'FunctionCall':
    case 'v8.callFunction':
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'EventDispatch':
    case 'FireIdleCallback':
      return d?.url
        ? {
            what: `script ${short(d.url)}:${d.lineNumber ?? '?'}:${d.columnNumber ?? '?'} ${d.functionName || '(anonymous)'}`,
            code: codeAt(d.url, d.lineNumber, d.columnNumber),
          }
        : { what: `script (${e.name})` };
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return { what: `evaluate ${short(d?.url) || 'module'}` };
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.produceCache':
      return { what: 'compile' };
    case 'RunMicrotasks':
      return { what: 'microtasks (promise callbacks: IndexedDB, RxDB, React)' };
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return { what: 'style' };
    case 'Layout':
      return { what: 'layout' };
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
      return { what: 'paint' };
    case 'MinorGC':
    case 'MajorGC':
    case 'BlinkGC.AtomicPhase':
      return { what: 'garbage collection' };
    case 'ParseHTML':
    case 'ParseAuthorStyleSheet':
      return { what: 'parse HTML/CSS' };
    default:
      return { what: e.name };
  }
}

/** The renderer main thread of the audited page: the CrRendererMain with the most task time. */
export function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const time = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'RunTask' || !e.dur) continue;
    const key = `${e.pid}:${e.tid}`;
    if (mains.has(key)) time.set(key, (time.get(key) ?? 0) + e.dur);
  }
  const best = [...time.entries()].sort((a, b) => b[1] - a[1])[0];
  if (!best) return null;
  const [pid, tid] = best[0].split(':').map(Number);
  return { pid: pid!, tid: tid! };
}

/** The tasks of the load that block on the simulated phone, each with its parts; `top` longest. */
export function longTaskAnatomy(artifacts: Artifacts, slowdown = 4, top = 8): TaskAnatomy[] {
  const events = (artifacts.Trace?.traceEvents ?? []) as unknown as TraceEvent[];
  const main = mainThread(events);
  if (!main) return [];
  const navigation = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? 0;
  const own = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const samples = samplesOf(events, main.pid, main.tid);
  const tasks = own.filter((e) => e.name === 'RunTask' && e.ts >= navigation && e.dur! * slowdown > 50_000);
  return tasks
    .sort((a, b) => b.dur! - a.dur!)
    .slice(0, top)
    .map((task) => {
      const end = task.ts + task.dur!;
      // Direct children only: an event inside another one of the task is part of it.
      const parts = new Map<string, TaskPart>();
      let coveredUntil = task.ts;
      for (const e of own) {
        if (e === task || e.ts < task.ts || e.ts + e.dur! > end) continue;
        if (e.ts < coveredUntil) continue;
        coveredUntil = e.ts + e.dur!;
        const { what, code } = label(e);
        const part = parts.get(what) ?? { what, ms: 0, ...(code ? { code } : {}) };
        part.ms += e.dur! / 1000;
        parts.set(what, part);
      }
      return {
        atMs: Math.round((task.ts - navigation) / 1000),
        observedMs: Math.round(task.dur! / 100) / 10,
        simulatedMs: Math.round((task.dur! * slowdown) / 1000),
        parts: [...parts.values()]
          .filter((p) => p.ms >= 1)
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 6)
          .map((p) => ({ ...p, ms: Math.round(p.ms * 10) / 10 })),
        functions: hotIn(samples, task.ts, end),
      };
    });
}
