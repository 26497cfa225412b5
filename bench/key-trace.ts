/**
 * Where a typed key's main-thread time goes (bench visit-scale, issue 22): a trace of the same words
 * typed unthrottled, the time of the page's renderer main thread split by what Chromium ran for it.
 * The top-level tasks are sorted by the code that posted them (the key's events, the frame, the
 * autofill agent, the garbage collector, the rest), and three parts are read inside them: the frame's
 * paint and layerization, the text insertion, and the page's script called by the browser (its event
 * listeners and callbacks). Read side by side for the blank page, the visit's page frozen, a bare input
 * in the live visit's page and the visit's field, the differences say what the page's DOM, the running
 * app and the field's own code each cost per key.
 */
import type { CDPSession, Locator, Page } from 'playwright-core';
import { KEYS_PER_WORD, typeWords, withBareInput } from './big-visit';
import { topLevelTasks } from './trace-own-cpu';
import type { TraceEvent } from './lighthouse-tasks';

/** Milliseconds per key on the typed page's main thread (thread time: no other thread's share in it). */
export interface KeyParts {
  /** All top-level tasks: the sum of the five that follow. */
  tasksMs: number;
  /** The key's input events dispatched (keydown to keyup, the text inserted, the listeners they ran). */
  eventsMs: number;
  /** The frames drawn (style, layout, paint, layerization, commit). */
  frameMs: number;
  /** Chromium's autofill agent, told of each change of a field's text (a task of its own per key). */
  autofillMs: number;
  /** The garbage collectors' own tasks and pauses. */
  gcMs: number;
  otherMs: number;
  /** Inside the tasks: the frames' paint, their layerization, the text inserted, the page's script called by the browser. */
  paintMs: number;
  layersMs: number;
  insertTextMs: number;
  scriptMs: number;
  /**
   * The key's path, per keydown: the CPU of the tasks from the one that dispatched it to the frame that
   * painted it (the input-to-paint latency the typing goal is about; the autofill task, the grouped
   * writes and the frames without paint fall outside it), and of that frame alone. Tracing slows each
   * call into script (~0.05 ms here): a path with more listeners reads longer than it runs untraced.
   */
  pathMs: number;
  pathFrameMs: number;
}

const CATEGORIES = ['toplevel', 'devtools.timeline', 'blink', 'cc', 'v8'];

/** `typing` traced on `session`'s page: its events, all of them collected. */
async function traced(session: CDPSession, typing: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]));
  session.on('Tracing.dataCollected', collect);
  await session.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  try {
    await typing();
  } finally {
    const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
    await session.send('Tracing.end');
    await complete;
    session.off('Tracing.dataCollected', collect);
  }
  return events;
}

/** What a top-level task was posted for, from the code that posted it. */
function kindOf(task: TraceEvent): 'events' | 'frame' | 'autofill' | 'gc' | 'other' {
  const { src_file: file = '', src_func: func = '' } = task.args ?? {};
  if (func === 'PostTaskToMainThread' || file.includes('widget/input/')) return 'events';
  if (func === 'ScheduledActionSendBeginMainFrame') return 'frame';
  if (file.startsWith('components/autofill/')) return 'autofill';
  if (file.startsWith('v8/src/heap/')) return 'gc';
  return 'other';
}

/** `keys` keys typed by `typing` on `session`'s page, traced: their main thread's time per key, by part. */
async function keyParts(session: CDPSession, typing: () => Promise<void>, keys: number): Promise<KeyParts> {
  return keyPartsOf(await traced(session, typing), keys);
}

/** The events named `name` on `onMain`'s thread that no other of the same name encloses (a nested one is counted with it). */
function outermost(events: TraceEvent[], name: string, onMain: (e: TraceEvent) => boolean): TraceEvent[] {
  let until = -Infinity;
  return events
    .filter((e) => e.ph === 'X' && e.name === name && onMain(e))
    .sort((a, b) => a.ts - b.ts)
    .filter((e) => {
      if (e.ts < until) return false;
      until = e.ts + (e.dur ?? 0);
      return true;
    });
}

/** A trace of `keys` keys typed: the typed page's main thread's time per key, by part (thread time). */
export function keyPartsOf(events: TraceEvent[], keys: number): KeyParts {
  // The typed page's main thread: the one that dispatched the keys.
  const key = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  if (!key) throw new Error('visit-scale : aucune touche dans la trace de la frappe');
  const onMain = (e: TraceEvent) => e.pid === key.pid && e.tid === key.tid;
  const perKey = (ms: number) => Math.round((ms / keys) * 1000) / 1000;
  const own = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
  const total = (list: TraceEvent[]) => list.reduce((sum, e) => sum + own(e), 0);
  // A collection run inside another task (an allocation that filled the young space) is counted as GC, not as that task.
  const collections = [...outermost(events, 'MinorGC', onMain), ...outermost(events, 'MajorGC', onMain)];
  const byKind = { events: 0, frame: 0, autofill: 0, gc: 0, other: 0 };
  const tasks = topLevelTasks(events).filter(onMain);
  for (const task of tasks) {
    const kind = kindOf(task);
    const nested = kind === 'gc' ? 0 : total(collections.filter((c) => c.ts >= task.ts && c.ts < task.ts + (task.dur ?? 0)));
    byKind[kind] += own(task) - nested;
    byKind.gc += nested;
  }
  const inside = (name: string) => perKey(total(outermost(events, name, onMain)));
  const path = keyPath(events, tasks, onMain);
  return {
    tasksMs: perKey(Object.values(byKind).reduce((a, b) => a + b, 0)),
    eventsMs: perKey(byKind.events),
    frameMs: perKey(byKind.frame),
    autofillMs: perKey(byKind.autofill),
    gcMs: perKey(byKind.gc),
    otherMs: perKey(byKind.other),
    paintMs: inside('Paint'),
    layersMs: inside('Layerize'),
    insertTextMs: inside('TypingCommand::InsertText'),
    scriptMs: inside('v8.callFunction'),
    pathMs: path.cpuMs,
    pathFrameMs: path.frameMs,
  };
}

/**
 * Each keydown's path (KeyParts.pathMs): its task, those after it, up to the frame of the first paint after it; their CPU, mean
 * per key. `tasks`: the typed page's top-level tasks, as keyPartsOf sorted them.
 */
function keyPath(events: TraceEvent[], tasks: ReturnType<typeof topLevelTasks>, onMain: (e: TraceEvent) => boolean): { cpuMs: number; frameMs: number } {
  const at = (ts: number) => tasks.find((t) => t.ts <= ts && ts <= t.ts + (t.dur ?? 0));
  const paints = events.filter((e) => e.name === 'Paint' && onMain(e)).sort((a, b) => a.ts - b.ts);
  const keys = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown' && onMain(e));
  let cpu = 0;
  let frame = 0;
  let counted = 0;
  for (const key of keys) {
    const first = at(key.ts);
    const paint = paints.find((p) => p.ts > key.ts);
    const painted = paint && at(paint.ts);
    if (!first || !painted) continue;
    cpu += tasks.filter((t) => t.ts >= first.ts && t.ts <= painted.ts).reduce((sum, t) => sum + t.tdur, 0);
    frame += painted.tdur;
    counted++;
  }
  const mean = (us: number) => (counted ? Math.round(us / counted) / 1000 : 0);
  return { cpuMs: mean(cpu), frameMs: mean(frame) };
}

/** `items` in the order of round `round` of alternated rounds: from the round-th on, then the first ones (each round starts with another). */
export function inTurn<T>(items: readonly T[], round: number): T[] {
  const from = round % items.length;
  return [...items.slice(from), ...items.slice(0, from)];
}

/** Each figure's median over rounds (records of the same keys). */
export function medianEach<T extends object>(rounds: readonly T[]): T {
  const keys = Object.keys(rounds[0]!) as (keyof T)[];
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return Object.fromEntries(keys.map((k) => [k, median(rounds.map((r) => r[k] as number))])) as T;
}

/** A page to type into for the side-by-side trace: its CDP session and the input typed (a bare one added to the page when absent). */
export interface TypedSurface {
  page: Page;
  session: CDPSession;
  input?: Locator;
}

/** Words typed per measure of a key's cost (70 keys): per traced round here, and for visit-scale's CPU per key. */
export const KEY_WORDS = 10;

/**
 * The same words typed into each surface in 3 rounds, their order turned each round, each round
 * traced: every part's median per surface. Unthrottled, as the main thread's CPU per key.
 */
export async function keyPartsSideBySide<K extends string>(surfaces: Record<K, TypedSurface>): Promise<Record<K, KeyParts>> {
  const names = Object.keys(surfaces) as K[];
  const rounds = new Map<K, KeyParts[]>(names.map((name) => [name, []]));
  const typeInto = async (session: CDPSession, input: Locator) => {
    await input.click();
    return keyParts(session, () => typeWords(input, KEY_WORDS, { click: false }), KEY_WORDS * KEYS_PER_WORD);
  };
  for (let round = 0; round < 3; round++)
    for (const name of inTurn(names, round)) {
      const { page, session, input } = surfaces[name];
      await page.bringToFront();
      rounds.get(name)!.push(await (input ? typeInto(session, input) : withBareInput(page, (bare) => typeInto(session, bare))));
    }
  return Object.fromEntries(names.map((name) => [name, medianEach(rounds.get(name)!)])) as Record<K, KeyParts>;
}
