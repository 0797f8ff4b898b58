/**
 * A training run's win-share fitness is a proportion, so its
 * interval lies within [0, 1] (Wilson at the effective sample size with the
 * deal as the unit, `src/train/evaluate.ts`), where a Student t over a few
 * deals gave "77.1% [45.5%, 108.6%]".
 */
import { describe, expect, it } from 'vitest';
import { candidateSeatings, seatGamesPerDeal } from '../../src/stats/seatings.js';
import { tQuantile } from '../../src/stats/quantiles.js';
import { emptyTally } from '../../src/tourney/aggregate.js';
import { entryFitness } from '../../src/train/evaluate.js';

/** A tally of a candidate (entry 0) in every seat of 4 against 3 opponents, winning `wins[d]` of its 4 seat-games in deal d. */
function tallyOf(wins: readonly number[]) {
  const P = 4;
  const seatings = candidateSeatings(P);
  const t = emptyTally(P, P, seatings.length);
  const per = seatGamesPerDeal(seatings, P);
  for (const w of wins) {
    t.deals++;
    t.games += seatings.length;
    for (let e = 0; e < P; e++) t.entryGames[e]! += per[e]!;
    t.entryWins[0]! += w;
    t.entryWinsCross[0]! += w * w;
  }
  return { t, seatings };
}

describe('training fitness: a win share gets an interval within [0, 1]', () => {
  it('8 deals at 78% (the Student t interval reaches past 100%): the interval is within [0, 1] and holds the estimate', () => {
    const wins = [4, 4, 4, 4, 4, 4, 1, 0];
    const { t, seatings } = tallyOf(wins);
    const f = entryFitness(t, seatings, 0, 'win');
    expect(f.value).toBeCloseTo(25 / 32, 12);
    // The old interval: Student t on 7 degrees of freedom, past 1.
    const y = wins.map((w) => w / 4);
    const sd = Math.sqrt(y.reduce((a, x) => a + (x - f.value) ** 2, 0) / 7);
    expect(f.value + tQuantile(0.975, 7) * (sd / Math.sqrt(8))).toBeGreaterThan(1);
    expect(f.ci95[0]).toBeGreaterThanOrEqual(0);
    expect(f.ci95[1]).toBeLessThanOrEqual(1);
    expect(f.ci95[0]).toBeLessThan(f.value);
    expect(f.ci95[1]).toBeGreaterThan(f.value);
    expect(f.se).toBeCloseTo(sd / Math.sqrt(8), 12);
  });

  it('a candidate that won every game of every deal: the interval ends at 100% and starts below it', () => {
    const { t, seatings } = tallyOf([4, 4, 4, 4, 4, 4, 4, 4]);
    const f = entryFitness(t, seatings, 0, 'win');
    expect(f.value).toBe(1);
    expect(f.ci95[1]).toBe(1);
    expect(f.ci95[0]).toBeGreaterThan(0.5);
    expect(f.ci95[0]).toBeLessThan(1);
  });

  it('a score fitness keeps its Student t interval (a score is not bounded by 1)', () => {
    const { t, seatings } = tallyOf([4, 4, 4, 4, 4, 4, 1, 0]);
    const f = entryFitness(t, seatings, 0, 'score');
    // entryScore is 0 here: a mean of 0 with no spread.
    expect(f.value).toBe(0);
    expect(f.ci95).toEqual([0, 0]);
  });
});
