/**
 * The scale's 0 of `rate`'s ratings: the precision-weighted mean of the rated
 * bots (Cochran 1954). Two bots that play every deal alike (greedy and the
 * search in Multiples of Nine) have a difference whose jackknife variance is
 * rounding, not a measurement: it must not give them an enormous weight
 * that pins the 0 on them and prints their margins as 0.
 */
import { describe, expect, it } from 'vitest';
import { ratingsOf, scaleWeights } from '../../src/analysis/ratings.js';
import type { GameOutcome } from '../../src/core/game-runner.js';
import { roundRobinSeatings } from '../../src/stats/seatings.js';
import { DealTally, emptyTally, type Group, mergeTally, type Tally } from '../../src/tourney/aggregate.js';

/** A deterministic uniform in [0, 1) from integers (a small hash), so that the test's deals are fixed. */
function u(...xs: number[]): number {
  let h = 2166136261;
  for (const x of xs) h = Math.imul(h ^ (x + 0x9e3779b9), 16777619) >>> 0;
  h ^= h >>> 15;
  h = Math.imul(h, 2246822507) >>> 0;
  h ^= h >>> 13;
  return (h >>> 0) / 4294967296;
}

/**
 * Two-seat games of a pool whose bots have the given kinds: bots of one kind
 * play alike (the same result on every deal, a shared win against each
 * other). A bot of strength a beats one of strength b on deal d when a
 * deal-seeded draw falls under a / (a + b).
 */
function roundRobin(kinds: readonly number[], strength: readonly number[], deals: number, groups: number): { tally: Tally; groups: Group[] } {
  const P = 2;
  const { seatings } = roundRobinSeatings(kinds.length, P);
  const total = emptyTally(P, kinds.length, seatings.length);
  const out: Group[] = [];
  for (let g = 0; g < groups; g++) {
    const tally = emptyTally(P, kinds.length, seatings.length);
    const deal = new DealTally(tally);
    for (let d = g; d < deals; d += groups) {
      seatings.forEach((seating, k) => {
        const [x, y] = seating.entries as [number, number];
        const [kx, ky] = [kinds[x]!, kinds[y]!];
        let winners: number[];
        if (kx === ky) winners = [0, 1];
        else {
          const [lo, hi] = kx < ky ? [kx, ky] : [ky, kx];
          const loWins = u(d, lo, hi) < strength[lo]! / (strength[lo]! + strength[hi]!);
          winners = [(loWins ? lo : hi) === kx ? 0 : 1];
        }
        const o: GameOutcome = { status: 'ok', result: { scores: [0, 0], winners, capped: false }, decisions: 1, firstSeat: 0, faults: [] };
        deal.addGame(k, seating, o, d);
      });
      deal.endDeal();
    }
    mergeTally(total, tally);
    out.push({ tally, balance: null });
  }
  return { tally: total, groups: out };
}

describe('rate: the scale’s 0 when two bots play every deal alike', () => {
  it('clones share the weight of the 0 with the others, and each keeps a margin (not "0 ± 0")', () => {
    // Pool: random-like (kind 0, weak), two clones of kind 1, a search-like kind 2.
    const kinds = [0, 1, 1, 2];
    const pool = ['weak', 'greedy', 'ismcts', 'strong'];
    const { tally, groups } = roundRobin(kinds, [1, 3, 4], 400, 10);
    const { seatings, lineups } = roundRobinSeatings(pool.length, 2);
    const r = ratingsOf(tally, groups, seatings, lineups, pool);
    const by = new Map(r.ratings.map((x) => [x.bot, x]));
    const greedy = by.get('greedy')!;
    const clone = by.get('ismcts')!;
    // Alike: the same rating, a difference known exactly.
    expect(clone.elo).toBeCloseTo(greedy.elo, 6);
    // Weights as bots measured on 400 deals, the clones alike, none holding the 0 alone.
    const w = r.centreWeights;
    expect(w[1]).toBeCloseTo(w[2]!, 12);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    for (const x of w) expect(x).toBeGreaterThan(0.05);
    for (const x of w) expect(x).toBeLessThan(0.6);
    // Each clone's margin is that of a bot measured on 400 deals, like the others', not a zero.
    for (const b of [greedy, clone]) {
      expect(b.margin).toBeGreaterThan(5);
      expect(b.margin).toBeLessThan(Math.max(by.get('weak')!.margin, by.get('strong')!.margin) * 2);
    }
    // The clones are not separated from each other; the order of the rest is the strengths'.
    expect(r.los[1]![2]).toBeCloseTo(0.5, 6);
    expect(by.get('strong')!.elo).toBeGreaterThan(greedy.elo);
    expect(greedy.elo).toBeGreaterThan(by.get('weak')!.elo);
  });

  it('without clones the weights stay inverse-variance: a bot measured better weighs more', () => {
    const pool = ['weak', 'mid', 'strong'];
    const { tally, groups } = roundRobin([0, 1, 2], [1, 3, 4], 400, 10);
    const { seatings, lineups } = roundRobinSeatings(pool.length, 2);
    const r = ratingsOf(tally, groups, seatings, lineups, pool);
    const w = r.centreWeights;
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // Unequal: the weights follow the jackknife variances, not 1/3 each.
    expect(Math.max(...w) - Math.min(...w)).toBeGreaterThan(0.01);
  });

  it('a difference whose variance is rounding is left out of the weights: the two bots get the weight their other differences give', () => {
    // Bots 0 and 1 played alike: their difference varies by rounding (1e-25 Elo²); the others by 100-150 Elo².
    const v = (i: number, j: number): number => (i + j === 1 ? 1e-25 : 100 + 10 * (i + j));
    const w = scaleWeights(5, [0, 1, 2, 3], v);
    // Least measured variances: 120, 130, 120, 130 (bot 4 is not rated).
    const inv = [1 / 120, 1 / 130, 1 / 120, 1 / 130];
    const sum = inv.reduce((a, b) => a + b, 0);
    inv.forEach((x, i) => expect(w[i]).toBeCloseTo(x / sum, 12));
    expect(w[4]).toBe(0);
  });

  it('a bot with no measured difference at all (alike with every other) gives every rated bot the same weight', () => {
    const w = scaleWeights(3, [0, 1, 2], (i, j) => (i === 0 || j === 0 ? 0 : 50));
    for (const x of w) expect(x).toBeCloseTo(1 / 3, 12);
  });
});
