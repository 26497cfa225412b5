/**
 * How sure a typing ratio is. The bench compares a quantile of the visit's latencies with the same
 * quantile of the floor's. The same code has given 1.16 to 1.27 at p95 within one run (docs/measurements.md,
 * 29th session), and a single ratio cannot say whether a change moved it. The interval is a bootstrap:
 * both samples are redrawn with replacement, the ratio of their quantiles taken each time, and the
 * central `level` of those ratios kept. Keys typed in a row are not independent (a slow moment of the
 * machine slows several), so the interval is, if anything, too narrow: a change inside it is noise.
 * Seeded, so that the same samples always give the same interval.
 */
import { seededRandom } from '../server/http/faults';

/** The quantile as `stats` (big-visit.ts) takes it: the value at floor(q × n) of the sorted sample. */
function quantileOf(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function redrawn(values: number[], random: () => number): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[Math.floor(random() * values.length)]!;
  return out.sort();
}

export interface RatioInterval {
  /** Lower and upper bounds of the ratio, rounded to 0.01. */
  low: number;
  high: number;
  level: number;
}

/** The `level` interval of quantile(values, q) / quantile(floor, q). Both samples must be non-empty. */
export function ratioInterval(values: number[], floor: number[], q: number, { level = 0.9, draws = 2000, seed = 1 } = {}): RatioInterval {
  if (values.length === 0 || floor.length === 0) throw new Error('ratioInterval: empty sample');
  const random = seededRandom(seed);
  const ratios = new Float64Array(draws);
  for (let i = 0; i < draws; i++) ratios[i] = quantileOf(redrawn(values, random), q) / quantileOf(redrawn(floor, random), q);
  ratios.sort();
  const tail = (1 - level) / 2;
  const round = (x: number) => Math.round(x * 100) / 100;
  return { low: round(quantileOf(ratios, tail)), high: round(quantileOf(ratios, 1 - tail)), level };
}

/** The 90 % intervals of the p50 and p95 ratios of `values` to `floor`. */
export function ratioIntervals(values: number[], floor: number[]): { p50: RatioInterval; p95: RatioInterval } {
  return { p50: ratioInterval(values, floor, 0.5), p95: ratioInterval(values, floor, 0.95) };
}
