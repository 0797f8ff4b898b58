/**
 * #17 item 5 (tune the rules toward seat fairness): the search's fitness is
 * an unbiased estimate of the seats' spread, so noise alone does not make a
 * rule set look unfair (which would steer the search toward rules with less
 * luck instead of fairer ones).
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

describe('#17 item 5: the seat-fair target', () => {
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
