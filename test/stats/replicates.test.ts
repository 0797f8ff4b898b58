/**
 * The delete-a-group jackknife's replicates (`groupReplicates` in
 * `src/stats/jackknife.ts`, and `runReplicates`, which leaves a group of
 * whole deals out of a run's tally and game totals), against answers
 * computed by hand (docs/tourney.md, "Statistics").
 */
import { describe, expect, it } from 'vitest';
import { groupReplicates, jackknife } from '../../src/stats/jackknife.js';
import { emptyTally, mergeTally, runReplicates, type Group, type Tally } from '../../src/tourney/aggregate.js';

describe('delete-a-group jackknife replicates (Quenouille 1956; Efron & Tibshirani 1993, ch. 11; Kott 2001)', () => {
  // Four groups of observations, one of them empty; the statistic is the mean of what is left.
  const groups = [[1, 2], [3], [], [4, 6]];
  const meanWithout = (g: readonly number[]): number => {
    const rest = groups.filter((h) => h !== g).flat();
    return rest.reduce((a, b) => a + b, 0) / rest.length;
  };

  it('θ_(g) of a mean over uneven groups, by hand: 13/3, 13/4 and 2, the empty group skipped (it would repeat θ = 16/5)', () => {
    const reps = groupReplicates(groups, (g) => g.length, meanWithout);
    expect(reps).toEqual([13 / 3, 13 / 4, 2]);
  });

  it('Var(θ) = (G − 1)/G Σ_g (θ_(g) − θ̄)² over the G = 3 groups with data: 589/324 by hand (θ̄ = 115/36)', () => {
    const reps = groupReplicates(groups, (g) => g.length, meanWithout);
    const j = jackknife(16 / 5, reps);
    expect(j.df).toBe(2);
    expect(j.se ** 2).toBeCloseTo(589 / 324, 12);
  });

  it('keeps group order and asks the statistic only of groups with units', () => {
    const asked: number[] = [];
    const reps = groupReplicates(
      [0, 5, 0, 2, 7],
      (n) => n,
      (n) => {
        asked.push(n);
        return -n;
      },
    );
    expect(asked).toEqual([5, 2, 7]);
    expect(reps).toEqual([-5, -2, -7]);
  });
});

describe('runReplicates: a run less one group of whole deals (the replicates of every key figure, table cell and rating)', () => {
  /** A tally of `deals` deals of two seats, seat 0 winning `wins` of them (made up; only the sums matter). */
  function tallyOf(deals: number, wins: number): Tally {
    const t = emptyTally(2, 2, 1);
    t.deals = deals;
    t.games = deals;
    t.entryGames = [deals, deals];
    t.entryWins = [wins, deals - wins];
    t.entryWinsCross = [wins, 0, 0, deals - wins];
    t.decisions = 10 * deals;
    return t;
  }
  const parts: Group[] = [
    { tally: tallyOf(3, 2), balance: { players: 2, rounds: 7, bids: [1, 2] } },
    { tally: tallyOf(0, 0), balance: { players: 2, rounds: 0, bids: [0, 0] } },
    { tally: tallyOf(5, 1), balance: { players: 2, rounds: 11, bids: [3, 0] } },
    { tally: tallyOf(2, 2), balance: { players: 2, rounds: 4, bids: [0, 5] } },
  ];
  const run = emptyTally(2, 2, 1);
  for (const g of parts) mergeTally(run, g.tally);
  const totals = { players: 2, rounds: 22, bids: [4, 7] };

  it('each replicate is the tally and totals of the other groups (sizes kept: players is not summed)', () => {
    const reps = runReplicates(run, totals, parts, (tally, b) => ({ tally, b }));
    const others = (skip: number): Tally => {
      const t = emptyTally(2, 2, 1);
      parts.forEach((g, i) => i !== skip && mergeTally(t, g.tally));
      return t;
    };
    expect(reps.map((r) => r.tally)).toEqual([others(0), others(2), others(3)]);
    expect(reps.map((r) => r.b)).toEqual([
      { players: 2, rounds: 15, bids: [3, 5] },
      { players: 2, rounds: 11, bids: [1, 7] },
      { players: 2, rounds: 18, bids: [4, 2] },
    ]);
    // The run itself is left as it was.
    expect(run.deals).toBe(10);
    expect(totals).toEqual({ players: 2, rounds: 22, bids: [4, 7] });
  });

  it("a win rate's jackknife over groups of deals: replicates 3/7, 4/5, 3/8 of seat 0's share (5 of 10 in all)", () => {
    const reps = runReplicates(run, null, parts, (t) => t.entryWins[0]! / t.entryGames[0]!);
    expect(reps).toEqual([3 / 7, 4 / 5, 3 / 8]);
    const mean = (3 / 7 + 4 / 5 + 3 / 8) / 3;
    const ss = (3 / 7 - mean) ** 2 + (4 / 5 - mean) ** 2 + (3 / 8 - mean) ** 2;
    expect(jackknife(0.5, reps).se).toBeCloseTo(Math.sqrt((2 / 3) * ss), 12);
  });
});
