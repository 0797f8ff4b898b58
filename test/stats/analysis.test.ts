/**
 * The analyses of `src/analysis` that are more than a call: the match's SPRT
 * from its tally (Σ and Σ² of the per-deal differences recovered from the
 * paired comparison's mean and standard error) against the SPRT of the
 * per-deal differences counted directly, and a learning curve's ends.
 */
import { describe, expect, it } from 'vitest';
import { curveEnds } from '../../src/analysis/curve.js';
import { matchComparison, matchSprt } from '../../src/analysis/match.js';
import { Rng } from '../../src/core/rng.js';
import { matchSeatings, seatGamesPerDeal } from '../../src/stats/seatings.js';
import { sprt } from '../../src/stats/sprt.js';
import { DealTally, emptyTally } from '../../src/tourney/aggregate.js';

describe("a match's SPRT from its tally (Wald 1945, the generalized form of fishtest's LLRcalc; the deal as the sample)", () => {
  it('equals the SPRT of the per-deal differences A − B (win share per seat-game) counted deal by deal', () => {
    const P = 2;
    const seatings = matchSeatings(P);
    const E = 3;
    const perDeal = seatGamesPerDeal(seatings, E);
    const t = emptyTally(P, E, seatings.length);
    const d = new DealTally(t);
    const rng = new Rng('match-sprt');
    let sum = 0;
    let sumSq = 0;
    const deals = 60;
    for (let deal = 0; deal < deals; deal++) {
      const wins = [0, 0, 0];
      seatings.forEach((s, k) => {
        // A (entry 0) wins 60% of its games, B (entry 1) 45%, against the opponent (entry 2).
        const me = s.entries.findIndex((e) => e < 2);
        const p = s.entries[me] === 0 ? 0.6 : 0.45;
        const winner = rng.next() < p ? me : 1 - me;
        wins[s.entries[winner]!]!++;
        d.addGame(
          k,
          s,
          {
            status: 'ok',
            result: { scores: [winner === 0 ? 1 : 0, winner === 1 ? 1 : 0], winners: [winner], capped: false },
            decisions: 1,
            firstSeat: 0,
            faults: [],
          },
          deal,
        );
      });
      d.endDeal();
      const diff = wins[0]! / perDeal[0]! - wins[1]! / perDeal[1]!;
      sum += diff;
      sumSq += diff * diff;
    }
    const params = { mu0: 0, mu1: 0.05, alpha: 0.05, beta: 0.05 };
    const direct = sprt(sum, sumSq, deals, params);
    const fromTally = matchSprt(t, seatings, params, 'win');
    expect(fromTally.llr).toBeCloseTo(direct.llr, 9);
    expect(fromTally.accepted).toBe(direct.accepted);
    expect(matchComparison(t, seatings).winShare.value).toBeCloseTo(sum / deals, 12);
  });
});

describe("a learning curve's ends", () => {
  it('the first and last tenth, rounded, at least one point: 25 points give stretches of 3 (means 2 and 24)', () => {
    const values = Array.from({ length: 25 }, (_, i) => i + 1);
    expect(curveEnds(values)).toEqual({ first: { points: 3, mean: 2 }, last: { points: 3, mean: 24 } });
    expect(curveEnds([0.4])).toEqual({ first: { points: 1, mean: 0.4 }, last: { points: 1, mean: 0.4 } });
  });
});
