// The bench's re-audit at the page's own CPU time (bench/lighthouse-own-cpu.ts) is only as true as
// this transform: each main-thread task shrunk to its CPU time, its parts with it, nothing else moved.
import { describe, expect, it } from 'vitest';
import { atOwnCpuTime } from '../../bench/trace-own-cpu';
import type { TraceEvent } from '../../bench/lighthouse-tasks';

const main = { pid: 1, tid: 10 };
const ev = (e: Partial<TraceEvent> & { name: string; ts: number }): TraceEvent => ({ ph: 'X', pid: main.pid, tid: main.tid, ...e });

describe('a trace at the page’s own CPU time', () => {
  const task = ev({ name: 'RunTask', ts: 1_000, dur: 100_000, tdur: 25_000 });
  const nestedTask = ev({ name: 'ThreadControllerImpl::RunTask', ts: 1_000, dur: 99_000, tdur: 24_000 });
  const call = ev({ name: 'FunctionCall', ts: 41_000, dur: 20_000, tdur: 5_000 });
  const begin = ev({ name: 'ParseHTML', ph: 'B', ts: 81_000 });
  const end = ev({ name: 'ParseHTML', ph: 'E', ts: 101_000 });
  const idle = ev({ name: 'TimerFire', ts: 200_000, dur: 1_000, tdur: 1_000 });
  const otherThread = ev({ name: 'RunTask', tid: 11, ts: 1_000, dur: 100_000, tdur: 10_000 });
  const shrunk = atOwnCpuTime([task, nestedTask, call, begin, end, idle, otherThread], main);
  const at = (name: string, ph = 'X', tid = main.tid) => shrunk.events.find((e) => e.name === name && e.ph === ph && e.tid === tid)!;

  it('lasts what its thread ran, starting where it started', () => {
    expect(at('RunTask')).toMatchObject({ ts: 1_000, dur: 25_000 });
  });

  it('moves and shrinks every part inside it by the same ratio, ends included', () => {
    expect(at('FunctionCall')).toMatchObject({ ts: 11_000, dur: 5_000 });
    expect(at('ThreadControllerImpl::RunTask')).toMatchObject({ ts: 1_000, dur: 24_750 });
    expect(at('ParseHTML', 'B').ts).toBe(21_000);
    expect(at('ParseHTML', 'E').ts).toBe(26_000);
  });

  it('leaves other threads and what lies between tasks where they were', () => {
    expect(at('RunTask', 'X', 11)).toMatchObject({ ts: 1_000, dur: 100_000 });
    expect(at('TimerFire')).toMatchObject({ ts: 200_000, dur: 1_000 });
  });

  it('closes a part with its own task when the next task starts on the very microsecond it ends', () => {
    const first = ev({ name: 'RunTask', ts: 0, dur: 10_000, tdur: 5_000 });
    const next = ev({ name: 'RunTask', ts: 10_000, dur: 10_000, tdur: 10_000 });
    const open = ev({ name: 'Layout', ph: 'B', ts: 2_000 });
    const close = ev({ name: 'Layout', ph: 'E', ts: 10_000 });
    const later = ev({ name: 'RunTask', ts: 30_000, dur: 10_000, tdur: 10_000 });
    const touching = atOwnCpuTime([first, next, later, open, close], main).events;
    expect(touching.find((e) => e.ph === 'B')!.ts).toBe(1_000);
    expect(touching.find((e) => e.ph === 'E')!.ts).toBe(5_000);
  });

  it('adds up the main thread’s tasks on wall and CPU time, each counted once', () => {
    expect(shrunk.wallMs).toBe(100);
    expect(shrunk.cpuMs).toBe(25);
  });
});
