import { describe, expect, it } from 'vitest';
import { chiSquareTest } from '../../src/stats/chisquare.js';
import { meanInterval, separated, wilsonInterval } from '../../src/stats/intervals.js';

describe('statistics', () => {
  it('Wilson interval matches the textbook value (Wilson 1927; 81 of 263: 0.2553 – 0.3662)', () => {
    const [lo, hi] = wilsonInterval(81, 263);
    expect(lo).toBeCloseTo(0.2553, 3);
    expect(hi).toBeCloseTo(0.3662, 3);
  });

  it('Wilson interval stays inside [0, 1] at 0 and n successes and is [0, 1] with no trials', () => {
    expect(wilsonInterval(0, 50)[0]).toBe(0);
    expect(wilsonInterval(50, 50)[1]).toBe(1);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });

  it('chi-square test of equal seats: known statistic and p-value (df 3, χ² = 7.815 at p = 0.05)', () => {
    const r = chiSquareTest([10, 20, 30, 40]);
    expect(r.statistic).toBeCloseTo(20, 10);
    expect(r.df).toBe(3);
    expect(r.pValue).toBeCloseTo(0.000169, 5);
    expect(chiSquareTest([25, 25, 25, 25]).pValue).toBeCloseTo(1, 10);
  });

  it('mean interval of a normal sample and the separation test', () => {
    const xs = [1, 2, 3, 4, 5];
    const [lo, hi] = meanInterval(xs.reduce((a, b) => a + b), xs.reduce((a, b) => a + b * b, 0), xs.length);
    expect((lo + hi) / 2).toBeCloseTo(3, 10);
    expect(hi - lo).toBeCloseTo(2 * 1.959964 * Math.sqrt(2.5 / 5), 5);
    expect(separated([0.1, 0.2], [0.25, 0.3])).toBe(true);
    expect(separated([0.1, 0.26], [0.25, 0.3])).toBe(false);
  });
});
