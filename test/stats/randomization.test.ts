/**
 * The randomization test of exchangeable seats (`src/stats/randomization.ts`)
 * against values computed independently with scipy 1.17 (friedmanchisquare,
 * f.sf, ncx2.sf): Cochran's Q on binary blocks, Friedman's χ² on ranks and
 * Iman–Davenport's F p-value, the noncentrality of 80% power.
 */
import { describe, expect, it } from 'vitest';
import { exchangeableTest, noncentrality } from '../../src/stats/randomization.js';

/** Sums and cross products of per-deal rows. */
function moments(rows: readonly (readonly number[])[]): { sums: number[]; cross: number[] } {
  const P = rows[0]!.length;
  const sums = new Array<number>(P).fill(0);
  const cross = new Array<number>(P * P).fill(0);
  for (const r of rows) {
    for (let i = 0; i < P; i++) {
      sums[i]! += r[i]!;
      for (let j = 0; j < P; j++) cross[i * P + j]! += r[i]! * r[j]!;
    }
  }
  return { sums, cross };
}

describe('randomization test of exchangeable seats', () => {
  it("is Cochran's Q on binary deals, with Iman-Davenport's F p-value and the detectable gap from the error mean square", () => {
    const rows = [
      [1, 0, 0],
      [1, 1, 0],
      [0, 1, 0],
      [1, 0, 0],
      [1, 0, 1],
      [1, 1, 0],
    ];
    const { sums, cross } = moments(rows);
    const t = exchangeableTest(sums, cross, rows.length);
    // scipy: Q = 4.0, F = 2.5, f.sf(2.5, 2, 10) = 0.13168724279835387; gap √(2 × 0.26667 × 9.63469 / 6) = 0.92543.
    expect(t.statistic).toBeCloseTo(4, 12);
    expect(t.df1).toBe(2);
    expect(t.df2).toBe(10);
    expect(t.pValue).toBeCloseTo(0.13168724279835387, 9);
    expect(t.detectableGap).toBeCloseTo(0.9254278946865725, 6);
    expect(t.method).toBe('randomization');
  });

  it("is Friedman's χ² on ranked deals (scipy friedmanchisquare 7.8, Iman-Davenport p 0.02748)", () => {
    const rows = [
      [3, 2, 1, 4],
      [2, 3, 1, 4],
      [1, 3, 2, 4],
      [2, 1, 3, 4],
      [4, 2, 1, 3],
    ];
    const { sums, cross } = moments(rows);
    const t = exchangeableTest(sums, cross, rows.length);
    expect(t.statistic).toBeCloseTo(7.8, 12);
    expect(t.pValue).toBeCloseTo(0.027483902125462634, 9);
  });

  it('noncentrality of 80% power at the 5% level matches scipy (ncx2) for 1 to 4 degrees of freedom', () => {
    const scipy = [7.848860509326206, 9.634688867970246, 10.902563290133267, 11.93528583770469];
    scipy.forEach((l, i) => expect(noncentrality(i + 1)).toBeCloseTo(l, 5));
  });

  it('a seat that never won and fewer deals than seats give a finite statistic and a p-value of at least the exact bound', () => {
    // Three deals of four seats, every deal won by seat 0: the randomization p-value is 4^(1 − 3) exactly.
    const rows = [
      [1, 0, 0, 0],
      [1, 0, 0, 0],
      [1, 0, 0, 0],
    ];
    const { sums, cross } = moments(rows);
    const t = exchangeableTest(sums, cross, rows.length);
    expect(Number.isFinite(t.statistic)).toBe(true);
    expect(t.statistic).toBeCloseTo(9, 12);
    expect(t.pValue).toBeCloseTo(1 / 16, 12);
    // Seat 3 never won in ten deals: still finite and not below 0.0001.
    const ten = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0].map((w) => [0, 1, 2, 3].map((s) => (s === w ? 1 : 0)));
    const m = moments(ten);
    const u = exchangeableTest(m.sums, m.cross, ten.length);
    expect(Number.isFinite(u.statistic)).toBe(true);
    expect(u.pValue).toBeGreaterThan(1e-4);
  });

  it('says "too few deals to test" with one deal, and that nothing varies when every seat of every deal is equal', () => {
    const one = moments([[1, 0, 0, 0]]);
    const t = exchangeableTest(one.sums, one.cross, 1);
    expect(t.pValue).toBeNaN();
    expect(t.note).toMatch(/too few deals to test/);
    const flat = moments([
      [0.25, 0.25, 0.25, 0.25],
      [0.25, 0.25, 0.25, 0.25],
    ]);
    const u = exchangeableTest(flat.sums, flat.cross, 2);
    expect(u.pValue).toBeNaN();
    expect(u.note).toMatch(/no variation/);
  });
});
