/**
 * What costs the time or the memory, for the `explanation` of a missed goal:
 * the CDP CPU profiler's top self-time functions over a stretch of work, the
 * long tasks the page saw (PerformanceObserver 'longtask'), and the sampling
 * heap profiler's top allocators still alive.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { round } from './big-visit';
import { ROOT } from './env';

export interface HotFunction {
  function: string;
  where: string;
  selfMs: number;
  percent: number;
  /** The minified code where the function starts (dist/ has no source maps), to find it in src/. */
  code?: string;
}

const sources = new Map<string, string | null>();

/** 80 characters of the built file at a profile position, read from dist/. */
function codeAt(url: string, line: number, column: number): string | undefined {
  const pathname = url.replace(/^https?:\/\/[^/]+/, '');
  if (!pathname.startsWith('/assets/')) return undefined;
  if (!sources.has(pathname)) {
    const file = path.join(ROOT, 'dist', pathname);
    sources.set(pathname, fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
  }
  const text = sources.get(pathname)?.split('\n')[line];
  return text?.slice(column, column + 80);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/** Runs `work` under the CPU profiler and returns the `top` functions by self time (idle left out). */
export async function topSelfTime(session: CDPSession, work: () => Promise<void>, top = 15): Promise<{ totalMs: number; functions: HotFunction[] }> {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  await work();
  const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, { fn: string; where: string; us: number; code: string | undefined }>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byNode.get(id);
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (!node || node.callFrame.functionName === '(idle)') return;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const where = url ? `${shortUrl(url)}:${lineNumber + 1}:${columnNumber + 1}` : '';
    const key = `${functionName}@${where}`;
    const entry = self.get(key) ?? { fn: functionName || '(anonymous)', where, us: 0, code: url ? codeAt(url, lineNumber, columnNumber) : undefined };
    entry.us += us;
    total += us;
    self.set(key, entry);
  });
  const functions = [...self.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, top)
    .map((e) => ({
      function: e.fn,
      where: e.where,
      selfMs: round(e.us / 1000),
      percent: round((100 * e.us) / Math.max(1, total)),
      ...(e.code ? { code: e.code } : {}),
    }));
  await session.send('Profiler.disable');
  return { totalMs: round(total / 1000), functions };
}

/** In the page: keeps every long task from now on in window.longTasks. */
export function observeLongTasks() {
  const w = window as unknown as { longTasks: { start: number; duration: number }[] };
  w.longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.longTasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
  }).observe({ type: 'longtask' });
}

export interface LongTasks {
  count: number;
  over50Ms: number;
  longestMs: number;
  totalMs: number;
  /** The part of each task over 50 ms, summed (as total blocking time counts it, without its window). */
  blockingMs: number;
}

/** Reads and empties what observeLongTasks gathered. Every entry is over 50 ms by definition. */
export async function takeLongTasks(page: Page): Promise<LongTasks> {
  const tasks = await page.evaluate(() => {
    const w = window as unknown as { longTasks: { start: number; duration: number }[] };
    const taken = w.longTasks ?? [];
    w.longTasks = [];
    return taken;
  });
  return {
    count: tasks.length,
    over50Ms: tasks.filter((t) => t.duration > 50).length,
    longestMs: Math.max(0, ...tasks.map((t) => t.duration)),
    totalMs: tasks.reduce((s, t) => s + t.duration, 0),
    blockingMs: tasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0),
  };
}

/**
 * In the page: keeps every long animation frame from now on in window.longFrames (Chromium's
 * `long-animation-frame` entries). Unlike the CPU profiler or a trace, which inflate the browser's
 * own work (a pushState of 5 ms at 4× showed as 45 ms at 1× under the profiler), they cost nothing
 * and say which script ran: the explanation the pause's figures rely on.
 */
export function observeLongFrames() {
  const w = window as unknown as { longFrames: PerformanceEntry[] };
  w.longFrames = [];
  new PerformanceObserver((list) => void w.longFrames.push(...list.getEntries())).observe({ type: 'long-animation-frame' });
}

export interface LongFrame {
  ms: number;
  /** The part of its longest task over 50 ms, as the browser counts it. */
  blockingMs: number;
  /** Style, layout and paint at the end of the frame. */
  renderMs: number;
  /** The scripts that ran in it, longest first: who called them, and where. */
  scripts: { ms: number; forcedLayoutMs: number; invoker: string; source: string }[];
}

/** Reads and empties what observeLongFrames gathered: the frames that blocked, longest first. */
export async function takeLongFrames(page: Page, top = 4): Promise<LongFrame[]> {
  const frames = await page.evaluate(() => {
    type Script = {
      duration: number;
      forcedStyleAndLayoutDuration: number;
      invoker: string;
      sourceFunctionName: string;
      sourceURL: string;
      sourceCharPosition: number;
    };
    type Frame = { duration: number; blockingDuration: number; startTime: number; renderStart: number; scripts: Script[] };
    const w = window as unknown as { longFrames: Frame[] };
    const taken = (w.longFrames ?? []).map((f) => ({
      ms: Math.round(f.duration),
      blockingMs: Math.round(f.blockingDuration),
      renderMs: Math.round(f.renderStart ? f.startTime + f.duration - f.renderStart : 0),
      scripts: f.scripts.map((s) => ({
        ms: Math.round(s.duration),
        forcedLayoutMs: Math.round(s.forcedStyleAndLayoutDuration),
        invoker: s.invoker,
        source: `${s.sourceFunctionName || '(anonymous)'} ${s.sourceURL.replace(/^https?:\/\/[^/]+/, '')}:${s.sourceCharPosition}`,
      })),
    }));
    w.longFrames = [];
    return taken;
  });
  return frames
    .filter((f) => f.blockingMs > 0)
    .sort((a, b) => b.blockingMs - a.blockingMs)
    .slice(0, top)
    .map((f) => ({ ...f, scripts: f.scripts.sort((a, b) => b.ms - a.ms).slice(0, 4) }));
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/** Runs `work` under the sampling heap profiler; returns who allocated what is still alive after a GC. */
export async function topAllocators(session: CDPSession, work: () => Promise<void>, top = 15): Promise<{ function: string; where: string; selfMB: number }[]> {
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.startSampling', { samplingInterval: 32768 });
  await work();
  await session.send('HeapProfiler.collectGarbage');
  const { profile } = (await session.send('HeapProfiler.stopSampling')) as unknown as { profile: { head: SamplingNode } };
  const sizes = new Map<string, { fn: string; where: string; bytes: number }>();
  const walk = (node: SamplingNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${shortUrl(url)}:${lineNumber + 1}` : '';
    const key = `${functionName}@${where}`;
    const entry = sizes.get(key) ?? { fn: functionName || '(anonymous)', where, bytes: 0 };
    entry.bytes += node.selfSize;
    sizes.set(key, entry);
    node.children.forEach(walk);
  };
  walk(profile.head);
  return [...sizes.values()]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top)
    .map((e) => ({ function: e.fn, where: e.where, selfMB: round(e.bytes / 1_048_576) }));
}

/** CDP's metric (seconds, or a count) → the figure's name (ms, or the count). */
const METRICS = {
  TaskDuration: 'TaskMs',
  ScriptDuration: 'ScriptMs',
  LayoutDuration: 'LayoutMs',
  RecalcStyleDuration: 'RecalcStyleMs',
  LayoutCount: 'LayoutCount',
  RecalcStyleCount: 'RecalcStyleCount',
} as const;

/**
 * Where the main thread's time went over `work`, from CDP Performance.getMetrics
 * (the CPU profile files layout and style under "(program)"): its tasks, script, layout,
 * style in ms of wall time (what CPU throttling stretches), the counts, and the DOM size at the end.
 * With `threadCpu`, also the thread's own CPU time (ThreadCpuMs: what other threads on the same
 * cores do not change), for unthrottled work only: Chromium's throttling keeps the thread busy
 * (98 ms of it per key typed at 4×, docs/measurements.md, 24th session).
 */
export async function rendererTime(session: CDPSession, work: () => Promise<void>, { threadCpu = false } = {}): Promise<Record<string, number>> {
  await session.send('Performance.enable');
  const read = async () =>
    Object.fromEntries(
      ((await session.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.map((m) => [m.name, m.value]),
    );
  const before = await read();
  await work();
  const after = await read();
  const out: Record<string, number> = {};
  for (const [name, figure] of Object.entries(METRICS)) {
    const delta = (after[name] ?? 0) - (before[name] ?? 0);
    out[figure] = figure.endsWith('Ms') ? Math.round(delta * 1000) : delta;
  }
  if (threadCpu) out.ThreadCpuMs = Math.round(((after.ThreadTime ?? 0) - (before.ThreadTime ?? 0)) * 1000);
  out.domNodes = after.Nodes ?? 0;
  await session.send('Performance.disable');
  return out;
}

interface StackNode extends ProfileNode {
  children?: number[];
}

export interface BusyStretch {
  ms: number;
  /** Of which the garbage collector (V8's and Blink's heaps): the part no app function is on the stack for. */
  gcMs: number;
  /** The app's functions on the stack during the stretch, by inclusive time. */
  functions: { function: string; where: string; ms: number; code?: string }[];
  /**
   * Work outside the app's files, by self time: the browser's own ('(program)': style, layout, paint),
   * its built-in calls (showModal, pushState…), which no app line shows, and functions of scripts
   * without a file (Playwright's queries in the page; an anonymous one is named '(no file)').
   */
  browser: { call: string; ms: number }[];
}

/** Samples that are not a built-in call: the profiler's own markers. */
const NOT_A_CALL = new Set(['(root)', '(idle)', '(garbage collector)']);

/**
 * Runs `work` under the CPU profiler and returns the stretches of the main thread busy without a
 * break for `minMs` or more (the long tasks, seen from the profile; tasks that follow each other with
 * no idle moment between them make one stretch), each with the app's functions
 * that were on the stack, by inclusive time: what a long task was made of.
 */
export async function busyStretches(session: CDPSession, work: () => Promise<void>, minMs = 50): Promise<BusyStretch[]> {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 500 });
  await session.send('Profiler.start');
  await work();
  const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: { nodes: StackNode[]; samples: number[]; timeDeltas: number[] } };
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stretches: BusyStretch[] = [];
  let run: {
    us: number;
    gcUs: number;
    fns: Map<string, { fn: string; where: string; us: number; code: string | undefined }>;
    calls: Map<string, number>;
  } | null = null;
  const close = () => {
    if (run && run.us / 1000 >= minMs) {
      const functions = [...run.fns.values()]
        .sort((a, b) => b.us - a.us)
        .slice(0, 10)
        .map((e) => ({ function: e.fn, where: e.where, ms: round(e.us / 1000), ...(e.code ? { code: e.code } : {}) }));
      const browser = [...run.calls.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([call, us]) => ({ call, ms: round(us / 1000) }));
      stretches.push({ ms: round(run.us / 1000), gcMs: round(run.gcUs / 1000), functions, browser });
    }
    run = null;
  };
  profile.samples.forEach((id, i) => {
    const node = byNode.get(id);
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (!node || node.callFrame.functionName === '(idle)') return close();
    run ??= { us: 0, gcUs: 0, fns: new Map(), calls: new Map() };
    run.us += us;
    if (node.callFrame.functionName === '(garbage collector)') run.gcUs += us;
    // A sample's own frame without a file: the browser's ('(program)', a built-in call) or a script's without one.
    const call = node.callFrame.functionName || '(no file)';
    if (!node.callFrame.url && !NOT_A_CALL.has(call)) run.calls.set(call, (run.calls.get(call) ?? 0) + us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber, columnNumber } = byNode.get(at)!.callFrame;
      if (!url.includes('/assets/')) continue;
      const where = `${shortUrl(url)}:${lineNumber + 1}:${columnNumber + 1}`;
      const key = `${functionName}@${where}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = run.fns.get(key) ?? { fn: functionName || '(anonymous)', where, us: 0, code: codeAt(url, lineNumber, columnNumber) };
      entry.us += us;
      run.fns.set(key, entry);
    }
  });
  close();
  return stretches.sort((a, b) => b.ms - a.ms).slice(0, 12);
}
