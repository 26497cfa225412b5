import { describe, expect, it } from 'vitest';
import { ratioInterval } from '../../bench/ratio-interval';

/** Latencies like the bench's: a floor around 16 ms with a tail, from a seeded generator. */
function latencies(n: number, scale: number, seed: number): number[] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  return Array.from({ length: n }, () => scale * (14 + 6 * next() + (next() < 0.1 ? 15 * next() : 0)));
}

describe('ratioInterval', () => {
  it('holds 1 for two samples of the same latencies', () => {
    const p50 = ratioInterval(latencies(210, 1, 7), latencies(210, 1, 11), 0.5);
    expect(p50.low).toBeLessThan(1);
    expect(p50.high).toBeGreaterThan(1);
    const p95 = ratioInterval(latencies(210, 1, 7), latencies(210, 1, 11), 0.95);
    expect(p95.low).toBeLessThan(1);
    expect(p95.high).toBeGreaterThan(1);
  });

  it('lies around the true ratio, away from 1, for a page 1.4 times slower', () => {
    const { low, high } = ratioInterval(latencies(210, 1.4, 3), latencies(210, 1, 5), 0.5);
    expect(low).toBeGreaterThan(1.2);
    expect(high).toBeLessThan(1.6);
    expect(low).toBeLessThanOrEqual(high);
  });

  it('narrows as the samples grow, and gives the same bounds for the same samples', () => {
    const small = ratioInterval(latencies(40, 1.2, 3), latencies(40, 1, 5), 0.5);
    const large = ratioInterval(latencies(2000, 1.2, 3), latencies(2000, 1, 5), 0.5);
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
    expect(ratioInterval(latencies(40, 1.2, 3), latencies(40, 1, 5), 0.5)).toEqual(small);
  });

  it('refuses an empty sample', () => {
    expect(() => ratioInterval([], [1], 0.5)).toThrow();
  });
});
