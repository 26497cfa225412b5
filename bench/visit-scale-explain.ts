/**
 * visit-scale's goals (issue 22) and the sentences that explain a missed one with what the same run
 * measured beside it (the floors, the frames that blocked, the navigation from a light screen).
 */
import type { Stats } from './big-visit';
import type { FrozenPageFloors } from './frozen-page';
import type { LongFrame, LongTasks } from './profile';
import type { KeyParts } from './key-trace';
import type { RatioInterval } from './ratio-interval';

export const GOALS = {
  typingRatioSmall: 1.15,
  typingP95RatioLarge: 1.3,
  openMsLarge: 3000,
  sectionChangeP95Ms: 100,
  longTaskMs: 50,
  heapMB: 200,
};

/** A blocking frame in a line: its length, blocking part and rendering, then the scripts that ran in it. */
export const frameLine = (f: LongFrame) =>
  `${f.ms} ms (${f.blockingMs} blocking, render ${f.renderMs}): ${f.scripts.map((x) => `${x.ms} ${x.invoker}`).join(', ') || 'no script'}`;
const framesLine = (frames: LongFrame[]) => frames.map(frameLine).join('; ');
export const hundredth = (n: number) => Math.round(n * 100) / 100;
/** `a` over `b` to two decimals: a goal of 1.15× is not read from one decimal. */
export const ratioOf = (a: number, b: number) => hundredth(a / b);
/** `a` over `b` at p50 and at p95. */
export const ratiosOf = (a: Stats, b: Stats) => ({ p50: ratioOf(a.p50Ms, b.p50Ms), p95: ratioOf(a.p95Ms, b.p95Ms) });
/** `a` against `b`, p50 and p95: "1.21× / 1.13×". */
const times = (a: Stats, b: Stats) => {
  const r = ratiosOf(a, b);
  return `${r.p50}× / ${r.p95}×`;
};

/** The main thread's own CPU time per key typed (unthrottled), its script part, its style recalculations. */
export interface KeyCpu {
  threadMs: number;
  scriptMs: number;
  styleRecalcs: number;
}

const spread = (i: RatioInterval) => `${i.low}–${i.high}×`;

const cpuLine = (c: KeyCpu) => `${c.threadMs} ms (script ${c.scriptMs}, ${c.styleRecalcs} style recalculations)`;

/** VisitScaleSize.keyTrace: each key's main-thread time by part, on the four surfaces typed side by side. */
export type KeyTrace = Record<'blank' | 'frozen' | 'inPage' | 'field', KeyParts>;

const PARTS: [keyof KeyParts, string][] = [
  ['eventsMs', "the key's events"],
  ['frameMs', 'the frames'],
  ['autofillMs', "Chromium's autofill task"],
  ['gcMs', 'GC'],
  ['otherMs', 'other tasks'],
  ['paintMs', 'paint'],
  ['layersMs', 'layerization'],
  ['insertTextMs', 'the text inserted'],
  ['scriptMs', "the page's script called by the browser"],
];

/** Each part for the four surfaces, then what each step from one to the next adds. */
function keyTraceLine(t: KeyTrace): string {
  const four = (k: keyof KeyParts) => `${t.blank[k]} / ${t.frozen[k]} / ${t.inPage[k]} / ${t.field[k]}`;
  const added = (a: KeyParts, b: KeyParts) => {
    const plus = (k: keyof KeyParts) => `${b[k] >= a[k] ? '+' : ''}${Math.round((b[k] - a[k]) * 1000) / 1000}`;
    return `${plus('tasksMs')} ms (frames ${plus('frameMs')}, autofill ${plus('autofillMs')}, script ${plus('scriptMs')})`;
  };
  return (
    `Where a key's main-thread time goes, traced unthrottled side by side (blank page / the visit's page frozen / a bare input in the ` +
    `live visit's page / the visit's field, ms per key, medians of 3 alternated rounds): all tasks ${four('tasksMs')}, of which ` +
    PARTS.slice(0, 5)
      .map(([k, name]) => `${name} ${four(k)}`)
      .join(', ') +
    `; inside them, ${PARTS.slice(5)
      .map(([k, name]) => `${name} ${four(k)}`)
      .join(', ')}; on the key's path (its task to the frame that painted it, per keydown: what the latency is made of) ` +
    `${four('pathMs')}, of which that frame ${four('pathFrameMs')}. ` +
    `The frozen page over the blank one (the screen's DOM): ${added(t.blank, t.frozen)}; the live page over the frozen one (the running app, ` +
    `the key not listened to): ${added(t.frozen, t.inPage)}; the field over that (its own code): ${added(t.inPage, t.field)}`
  );
}

/** The goals missed, each with what the same run measured beside it. */
export function explain(r: {
  typing: Stats;
  floor: Stats;
  floorBefore: Stats;
  twinRatio: { p50: number; p95: number };
  twinSpread: { p50: RatioInterval; p95: RatioInterval };
  inPageFloor: Stats;
  fieldNoScript: Stats;
  frozenPageFloor: FrozenPageFloors;
  lightScreenFloor: Stats;
  keyCpu: { blank: KeyCpu; inPage: KeyCpu; field: KeyCpu; fieldNoScript: KeyCpu };
  keyTrace: KeyTrace;
  ratio: { p50: number; p95: number };
  ratioBefore: { p50: number; p95: number };
  ratioSpread: { p50: RatioInterval; p95: RatioInterval };
  typingMet: boolean;
  pause: LongTasks;
  pauseFrames: LongFrame[];
  navigation: { longest: Stats; frames: LongFrame[] };
  sectionChange: Stats;
  sectionFrames: LongFrame[];
}): string[] {
  const out: string[] = [];
  if (!r.typingMet) {
    out.push(
      `typing p50 ${r.typing.p50Ms} / p95 ${r.typing.p95Ms} ms, ${r.ratio.p50}× / ${r.ratio.p95}× the blank page's ${r.floor.p50Ms} / ${r.floor.p95Ms} ms ` +
        `(90 % interval of the ratio, samples redrawn: ${spread(r.ratioSpread.p50)} / ${spread(r.ratioSpread.p95)}), typed in rounds alternated with the visit's; ` +
        `${r.ratioBefore.p50}× / ${r.ratioBefore.p95}× the same blank page typed before the app was opened (${r.floorBefore.p50Ms} / ${r.floorBefore.p95Ms} ms); ` +
        `an identical blank page typed in the same rounds (the floor against itself) gave ${r.twinRatio.p50}× / ${r.twinRatio.p95}× ` +
        `(${spread(r.twinSpread.p50)} / ${spread(r.twinSpread.p95)}): how far from 1.00 this machine puts a ratio when nothing differs; ` +
        `a bare input added to the visit's page outside React, same words: ${r.inPageFloor.p50Ms} / ${r.inPageFloor.p95Ms} ms ` +
        `(${times(r.inPageFloor, r.floor)} the blank page): the visit's field is ` +
        `${times(r.typing, r.inPageFloor)} an input with no app code in the same page, the rest is the page's (its DOM, styles, the browser's work per frame). ` +
        `The visit's field itself with no listener left on the window, the document or the app's root (nothing of the app runs on a key), typed in the same rounds ` +
        `in turn with the field as built: ${r.fieldNoScript.p50Ms} / ${r.fieldNoScript.p95Ms} ms (${times(r.fieldNoScript, r.floor)} the blank page): what the live ` +
        `page costs a key before any app code; the field as built is ${times(r.typing, r.fieldNoScript)} that. ` +
        `The same page frozen, no script running (its document copied with its style sheets, the visit closed, beside the blank page again: ` +
        `${r.frozenPageFloor.blank.p50Ms} / ${r.frozenPageFloor.blank.p95Ms} ms): the bare input typed there ${r.frozenPageFloor.styled.p50Ms} / ${r.frozenPageFloor.styled.p95Ms} ms ` +
        `(${times(r.frozenPageFloor.styled, r.frozenPageFloor.blank)} that blank page); the visit's own field typed there, in its own form: ` +
        `${r.frozenPageFloor.field.p50Ms} / ${r.frozenPageFloor.field.p95Ms} ms (${times(r.frozenPageFloor.field, r.frozenPageFloor.blank)}), and with the ` +
        `rest of the page laid out but not painted (visibility: hidden): ${r.frozenPageFloor.fieldPaintedAlone.p50Ms} / ${r.frozenPageFloor.fieldPaintedAlone.p95Ms} ms ` +
        `(${times(r.frozenPageFloor.fieldPaintedAlone, r.frozenPageFloor.blank)}): what the screen costs the browser per key before any app code, ` +
        `and how much of it is painting what the screen shows around the field (the frame's paint, layers, raster and composite). ` +
        `The same bare input on a light screen of the app (the visits dashboard, freshly loaded, no visit open): ${r.lightScreenFloor.p50Ms} / ${r.lightScreenFloor.p95Ms} ms ` +
        `(${times(r.lightScreenFloor, r.floor)} the blank page): what a light screen of the app costs the browser per key. ` +
        `The main thread's own CPU per key, unthrottled (no other thread's share in it): blank page ${cpuLine(r.keyCpu.blank)}, ` +
        `the bare input in the visit's page ${cpuLine(r.keyCpu.inPage)}, the visit's field ${cpuLine(r.keyCpu.field)}, ` +
        `the same field with no listener left on the window, the document or the app's root but the bench's recorder (no app script on a key, ` +
        `the text not handed to the draft; medians of 3 rounds alternated with the field as built) ${cpuLine(r.keyCpu.fieldNoScript)}: the app's script costs the field ` +
        `${hundredth(r.keyCpu.field.threadMs - r.keyCpu.fieldNoScript.threadMs)} ms a key, the page without it ` +
        `${ratioOf(r.keyCpu.fieldNoScript.threadMs, r.keyCpu.blank.threadMs)}× the blank page's CPU (measured before the app was opened, not alternated: from one minute to the next a measure moves by ±0.5 ms)`,
      keyTraceLine(r.keyTrace),
    );
  }
  if (r.pause.longestMs > GOALS.longTaskMs) {
    out.push(
      `pause: longest task ${r.pause.longestMs} ms; its frames: ${framesLine(r.pauseFrames)}. The same navigation to the list from a light screen ` +
        `(visits dashboard, nav bar link), 4×: longest task p50 ${r.navigation.longest.p50Ms} ms, max ${r.navigation.longest.maxMs} ms over 5; ` +
        `the slowest one's frames: ${framesLine(r.navigation.frames)}`,
    );
  }
  if (r.sectionChange.p95Ms > GOALS.sectionChangeP95Ms)
    out.push(
      `section change p95 ${r.sectionChange.p95Ms} ms (p50 ${r.sectionChange.p50Ms}, max ${r.sectionChange.maxMs}, ${r.sectionChange.count} changes); ` +
        `the longest frames of the changes: ${framesLine(r.sectionFrames)}. The same change in the visit's page frozen, no app code (its section's ` +
        `nodes replaced by a fresh copy with plain DOM calls, tapped the same way, 4×): p50 ${r.frozenPageFloor.sectionChange.p50Ms} / ` +
        `p95 ${r.frozenPageFloor.sectionChange.p95Ms} ms, the app ${times(r.sectionChange, r.frozenPageFloor.sectionChange)} that: what the browser ` +
        `costs for the change before React and the app`,
    );
  return out;
}
