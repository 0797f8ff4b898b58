/**
 * The sweep page's rules for what it charts and
 * says (`src/report/html/sweep-page.ts`), the choice of the fairest setting
 * (`sweepFairness` in `src/analysis/sweep.ts`), and numbers that never print as
 * "−0.0" or "p = < 0.0001" (`src/report/html/page-format.ts`).
 */
import { describe, expect, it } from 'vitest';
import { sweepFairness } from '../../src/analysis/sweep.js';
import type { BalanceReport } from '../../src/analysis/balance.js';
import { pct as termPct } from '../../src/report/terminal-format.js';
import { pct, points, pText, signed } from '../../src/report/html/page-format.js';
import { detectablePhrase, numericValues, resolved } from '../../src/report/html/sweep-page.js';
import type { Summary } from '../../src/analysis/summary.js';

describe('sweep charts: drawn only where the values differ beyond their precision', () => {
  it('0.25 against 0.25000000000000006 (floating-point noise, intervals of zero width) is one value: no chart', () => {
    expect(
      resolved(
        [
          [0.25, 0.25, 0.25],
          [0.25000000000000006, 0.25000000000000006, 0.25000000000000006],
          [0.25, 0.25, 0.25],
        ],
        true,
      ),
    ).toBe(false);
  });
  it('capped games 0.0% at every value, intervals 0.0% to 0.5%: no chart', () => {
    expect(
      resolved(
        [
          [0, 0, 0.005],
          [0, 0, 0.005],
          [0, 0, 0.005],
        ],
        true,
      ),
    ).toBe(false);
  });
  it('a first player at 22.3%, 24.6% and 29.6% (±0.6 points): a chart', () => {
    expect(
      resolved(
        [
          [0.223, 0.217, 0.229],
          [0.246, 0.24, 0.252],
          [0.296, 0.29, 0.302],
        ],
        true,
      ),
    ).toBe(true);
  });
  it('numeric sweep values make a numeric axis; a categorical one does not', () => {
    expect(numericValues(['4', '3', '5'])).toBe(true);
    expect(numericValues(['0.5', '1e3'])).toBe(true);
    expect(numericValues(['face', 'zero'])).toBe(false);
    expect(numericValues(['true', 'false'])).toBe(false);
  });
});

describe('numbers as printed: no "−0.0", no "p = < 0.0001"', () => {
  it('a bound that rounds to zero prints "0.0", without a sign', () => {
    expect(points(-0.0004)).toBe('0.0');
    expect(points(0.0004)).toBe('0.0');
    expect(points(-0.0155)).toBe('−1.6');
    expect(pct(-0.00001)).toBe('0.0%');
    expect(termPct(-0.00001)).toBe('0.0%');
    expect(signed(-0.00000001)).not.toMatch(/^−0(\.0+)?$/);
    expect(signed(-0.0004)).toBe('−4.00e-4');
  });
  it('p-values: "p < 0.0001" and "p = 0.0213"', () => {
    expect(pText(0)).toBe('p < 0.0001');
    expect(pText(0.021345)).toBe('p = 0.0213');
  });
});

/** A sweep run with the first player's win rate `w` and its jackknife replicates (4 seats, 100 deals in 10 groups). */
function run(value: string, w: number, reps: number[]): { value: string; summary: Summary; balance: BalanceReport } {
  return {
    value,
    summary: { lineup: ['a', 'a', 'a', 'a'] } as unknown as Summary,
    balance: {
      deals: 100,
      groups: reps.length,
      keyFigures: { 'win rate: first player': { value: w, format: 'percent' } },
      replicates: { 'win rate: first player': reps },
    } as unknown as BalanceReport,
  };
}

describe('the fairest setting is named only where the paired differences are resolved', () => {
  const noise = [0.001, -0.002, 0.0015, -0.001, 0.0005, -0.0005, 0.002, -0.0015, 0.001, -0.001];
  it('three settings whose distances from 1/P differ by less than their noise: not separated (fairest null)', () => {
    // Distances 0.4, 0.5 and 0.9 points; the replicates move the settings independently by ~±5 points.
    const f = sweepFairness([
      run(
        '3',
        0.254,
        noise.map((x, g) => 0.254 + 30 * x * (g % 2 ? 1 : -1)),
      ),
      run(
        '4',
        0.245,
        noise.map((x) => 0.245 + 30 * x),
      ),
      run(
        '5',
        0.259,
        noise.map((x, g) => 0.259 - 30 * x * (g % 3 ? 1 : -1)),
      ),
    ])!;
    expect(f.fairest).toBeNull();
    expect(f.pairs.some((p) => p.ci95[0] < 0 && p.ci95[1] > 0)).toBe(true);
  });
  it('one setting at 25.2% against two at 30% and 33%, every difference resolved: it is the fairest', () => {
    const f = sweepFairness([
      run(
        '3',
        0.3,
        noise.map((x) => 0.3 + x),
      ),
      run(
        '4',
        0.252,
        noise.map((x) => 0.252 + x / 2),
      ),
      run(
        '5',
        0.33,
        noise.map((x) => 0.33 - x),
      ),
    ])!;
    expect(f.fairest).toBe('4');
    // One sign convention with the sweep's differences (value − baseline): each pair is the later value less the earlier one.
    expect(f.pairs.map((p) => [p.a, p.b])).toEqual([
      ['4', '3'],
      ['5', '3'],
      ['5', '4'],
    ]);
    expect(f.pairs[0]!.difference).toBeCloseTo(Math.abs(0.252 - 0.25) - Math.abs(0.3 - 0.25), 12);
    for (const p of f.pairs.filter((x) => x.a === '4' || x.b === '4')) expect(p.ci95[0] > 0 || p.ci95[1] < 0).toBe(true);
  });
});

describe('a sweep\'s "no evidence" states what each value\'s run could have detected', () => {
  it("each value's smallest detectable gap in points, at 80% power; nothing when no run has one", () => {
    expect(
      detectablePhrase([
        { label: 'rounds=3', gap: 0.0612 },
        { label: 'rounds=4', gap: 0.0588 },
        { label: 'rounds=5', gap: Number.NaN },
      ]),
    ).toBe('; these runs detect a win-rate gap of 6.1 (rounds=3), 5.9 (rounds=4) points or more between two positions with 80% power, not smaller ones');
    expect(detectablePhrase([{ label: 'rounds=3', gap: Number.NaN }])).toBe('');
  });
});
