/**
 * Tuning the rules toward seat fairness (`train --tune-rules`): the search's
 * fitness is an unbiased estimate of the seats' spread, so noise alone does
 * not make a rule set look unfair (which would steer the search toward rules
 * with less luck instead of fairer ones).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { emptyTally, type Tally } from '../../src/tourney/aggregate.js';
import { seatGap, seatSpread } from '../../src/train/rules.js';

/** A tally of D deals of one game each, seat s winning with probability p[s]. */
function simulate(p: readonly number[], D: number, rng: Rng): Tally {
  const P = p.length;
  const t = emptyTally(P, P, 1);
  for (let d = 0; d < D; d++) {
    let u = rng.next();
    let w = P - 1;
    for (let s = 0; s < P; s++) {
      if (u < p[s]!) {
        w = s;
        break;
      }
      u -= p[s]!;
    }
    t.seatWins[w]! += 1;
    t.seatWinsCross[w * P + w]! += 1;
    for (let s = 0; s < P; s++) t.seatGames[s]! += 1;
    t.games++;
    t.deals++;
  }
  return t;
}

describe('the seat-fair target', () => {
  it('the spread estimate is unbiased: about 0 for fair seats, the true spread for unfair ones; the largest gap is not', () => {
    const rng = new Rng('spread');
    const runs = 400;
    for (const [p, truth] of [
      [[0.25, 0.25, 0.25, 0.25], 0],
      [[0.4, 0.2, 0.2, 0.2], (0.15 ** 2 + 3 * 0.05 ** 2) / 4],
    ] as const) {
      let spread = 0;
      let gap = 0;
      for (let r = 0; r < runs; r++) {
        const t = simulate(p, 60, rng);
        spread += seatSpread(t).value / runs;
        gap += seatGap(t).value / runs;
      }
      expect(Math.abs(spread - truth), `spread for ${p.join(',')}`).toBeLessThan(0.001);
      if (truth === 0) expect(gap).toBeGreaterThan(0.05);
    }
  });
});

describe('the largest seat gap gets a bounded interval', () => {
  it('within [0, 1] in every run, and it covers the true gap (0 fair, 0.2 unfair) in at least 95% of 400 runs of 60 deals', () => {
    const rng = new Rng('gap-interval');
    for (const [p, truth] of [
      [[0.25, 0.25, 0.25, 0.25], 0],
      [[0.4, 0.2, 0.2, 0.2], 0.2],
    ] as const) {
      let covered = 0;
      for (let r = 0; r < 400; r++) {
        const g = seatGap(simulate(p, 60, rng));
        expect(g.ci95[0]).toBeGreaterThanOrEqual(0);
        expect(g.ci95[1]).toBeLessThanOrEqual(1);
        expect(g.ci95[0]).toBeLessThanOrEqual(g.value + 1e-12);
        if (g.ci95[0] <= truth && truth <= g.ci95[1]) covered++;
      }
      expect(covered / 400, `coverage for ${p.join(',')}`).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('fair seats over many deals: the interval starts at 0 (not below), as "1.1% (−1.9% to 4.2%)" did', () => {
    const g = seatGap(simulate([0.25, 0.25, 0.25, 0.25], 4000, new Rng('gap-fair')));
    expect(g.value).toBeGreaterThan(0);
    expect(g.ci95[0]).toBe(0);
    expect(g.ci95[1]).toBeGreaterThan(g.value);
  });
});
