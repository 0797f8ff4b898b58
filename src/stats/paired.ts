import { combine, dealVariance } from './cluster.js';
import type { Interval } from './intervals.js';
import { normalCdf, tQuantile, zQuantile } from './quantiles.js';

/** The per-deal totals a paired comparison needs, as kept by a run's tally (`src/tourney/aggregate.ts`). */
export interface PairedInput {
  /** Independent deals. */
  readonly deals: number;
  /** Line-up entries E; `wins`, `scores` length E, the cross products E × E (Σ over deals of per-deal totals' products). */
  readonly entries: number;
  readonly wins: readonly number[];
  readonly winsCross: readonly number[];
  readonly scores: readonly number[];
  readonly scoresCross: readonly number[];
  /** Seat-games of each entry per deal (the same in every deal). */
  readonly perDeal: readonly number[];
}

/** A difference A − B with its deal-level uncertainty. */
export interface Difference {
  /** Mean per seat-game of A less that of B. */
  readonly value: number;
  /** Standard error from the variation of the per-deal differences. */
  readonly se: number;
  /** 95% Student t interval on deals − 1 degrees of freedom. */
  readonly ci95: Interval;
  /** Likelihood of superiority P(A better than B | data) ≈ Φ(value / se) (the normal approximation cutechess-cli and fastchess print as LOS); NaN for one deal. */
  readonly los: number;
}

/** The paired comparison of entry A with entry B on the same deals. */
export interface PairedComparison {
  readonly deals: number;
  /** Win share per seat-game of A and of B. */
  readonly winRateA: number;
  readonly winRateB: number;
  /** A − B in win share per seat-game. */
  readonly winShare: Difference;
  /** A − B in game score per seat-game. */
  readonly score: Difference;
  /**
   * Two players only: the Elo difference of A and B, each measured against the
   * same opponent on the same deals: elo(s_A) − elo(s_B) with
   * elo(s) = −400 log10(1/s − 1), and its 95% margin by the delta method with
   * the deal-level covariance of s_A and s_B. Null for more players or a
   * score of 0 or 1.
   */
  readonly elo: { readonly value: number; readonly margin: number } | null;
}

/**
 * The difference a paired comparison detects with 80% power at the
 * two-sided 5% level: δ = (t_{0.975} + t_{0.8}) se on deals − 1 degrees of
 * freedom (J. Cohen, Statistical Power Analysis for the Behavioral
 * Sciences, 2nd ed., 1988, ch. 2), in the unit of `se`.
 * @param se the deal-level standard error of A − B (`Difference.se`).
 * @returns NaN for fewer than two deals.
 */
export function detectableDifference(se: number, deals: number): number {
  return (tQuantile(0.975, deals - 1) + tQuantile(0.8, deals - 1)) * se;
}

/**
 * The deals a paired comparison needs to detect a difference `delta` with
 * 80% power at the two-sided 5% level ({@link detectableDifference}), when
 * its per-deal spread is what a comparison of `deals` deals with standard
 * error `se` measured: the smallest n with
 * (t_{0.975} + t_{0.8}) (se √(deals / n)) <= delta on n − 1 degrees of
 * freedom (Cohen 1988, ch. 2).
 * @param se, deals a measured comparison (`Difference.se`, its deals); delta in the unit of `se`, above 0.
 * @returns at least 2; NaN when the spread is unknown (fewer than two deals, or a NaN `se`); 2 when every deal gave the same difference.
 */
export function dealsForPower(se: number, deals: number, delta: number): number {
  if (!(deals > 1) || Number.isNaN(se) || !(delta > 0)) return Number.NaN;
  const sd = se * Math.sqrt(deals);
  if (sd === 0) return 2;
  // The normal approximation's n, then up until the t quantiles agree.
  let n = Math.max(2, Math.ceil((((zQuantile(0.975) + zQuantile(0.8)) * sd) / delta) ** 2));
  while ((tQuantile(0.975, n - 1) + tQuantile(0.8, n - 1)) * (sd / Math.sqrt(n)) > delta) n++;
  return n;
}

function difference(sum: number, sumSq: number, deals: number): Difference {
  const mean = deals > 0 ? sum / deals : 0;
  const se = deals > 1 ? Math.sqrt(dealVariance(sum, sumSq, deals) / deals) : NaN;
  const half = deals > 1 ? tQuantile(0.975, deals - 1) * se : NaN;
  // One deal has no spread to weigh the difference by: no LOS (NaN), as it has no interval.
  const los = deals < 2 ? NaN : se > 0 ? normalCdf(mean / se) : mean > 0 ? 1 : mean < 0 ? 0 : 0.5;
  return { value: mean, se, ci95: [mean - half, mean + half], los };
}

/**
 * The duplicate comparison of two line-up entries (`match`: A is entry 0, B
 * entry 1): the sample is the per-deal difference of A's and B's results,
 * each per seat-game, so the cards, the opponents and the seats cancel out.
 * @param a, b the entries compared; `players` the seat count (for the Elo difference).
 */
export function pairedComparison(x: PairedInput, a: number, b: number, players: number): PairedComparison {
  const E = x.entries;
  const w = new Array<number>(E).fill(0);
  w[a] = 1 / x.perDeal[a]!;
  w[b] = -1 / x.perDeal[b]!;
  const win = combine(x.wins, x.winsCross, E, w);
  const sc = combine(x.scores, x.scoresCross, E, w);
  const D = x.deals;
  const sA = D > 0 ? x.wins[a]! / (D * x.perDeal[a]!) : 0;
  const sB = D > 0 ? x.wins[b]! / (D * x.perDeal[b]!) : 0;
  let elo: PairedComparison['elo'] = null;
  if (players === 2 && sA > 0 && sA < 1 && sB > 0 && sB < 1 && D > 1) {
    const eloOf = (s: number): number => -400 * Math.log10(1 / s - 1);
    const slope = (s: number): number => 400 / (Math.LN10 * s * (1 - s));
    // Covariance of the per-deal shares of A and B, over deals.
    const na = x.perDeal[a]!;
    const nb = x.perDeal[b]!;
    const cov = (i: number, j: number, ni: number, nj: number): number => (x.winsCross[i * E + j]! - (x.wins[i]! * x.wins[j]!) / D) / (D - 1) / (ni * nj) / D;
    const variance = slope(sA) ** 2 * cov(a, a, na, na) + slope(sB) ** 2 * cov(b, b, nb, nb) - 2 * slope(sA) * slope(sB) * cov(a, b, na, nb);
    elo = { value: eloOf(sA) - eloOf(sB), margin: zQuantile(0.975) * Math.sqrt(Math.max(0, variance)) };
  }
  return { deals: D, winRateA: sA, winRateB: sB, winShare: difference(win.sum, win.sumSq, D), score: difference(sc.sum, sc.sumSq, D), elo };
}
