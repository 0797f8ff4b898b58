/**
 * Differences of two runs' estimates, A − B, from their delete-a-group
 * jackknife replicates: paired where both played the same deals in the same
 * groups (a sweep's values, `report --compare` of runs of one seed), else
 * unpaired.
 */
import { jackknife } from '../stats/jackknife.js';
import { tQuantile } from '../stats/quantiles.js';
import type { BalanceReport } from './balance.js';

/** A key figure's difference between two runs (A − B), with its 95% interval. */
export interface SweepDifference {
  readonly value: number;
  readonly ci95: readonly [number, number];
  /** True when both runs played the same deals in the same jackknife groups, so the difference is paired. */
  readonly paired: boolean;
}

/** True when two runs' jackknife groups can be paired: the same number of deals in the same number of groups. */
export function sameLayout(a: BalanceReport, b: BalanceReport): boolean {
  return a.deals === b.deals && a.groups === b.groups;
}

/**
 * A jackknife difference of two runs' statistics g(figure), A − B. Paired
 * when `paired` holds and both runs have as many replicates (two or more):
 * the delete-a-group jackknife over the replicates' differences, each pair
 * leaving out the same group of deals, so the deals' luck cancels. Else
 * unpaired: se = √(se_A² + se_B²) with the smaller of the two degrees of
 * freedom (conservative when the runs are positively correlated).
 * @param paired whether the runs played the same deals in the same groups
 *   (default: the same number of deals and groups, as a sweep's values do).
 * @returns null when either run lacks the figure or its value is not finite.
 */
export function jackknifeDifference(
  a: BalanceReport,
  b: BalanceReport,
  figure: string,
  ga: (x: number) => number,
  gb: (x: number) => number,
  paired = sameLayout(a, b),
): SweepDifference | null {
  const fa = a.keyFigures[figure];
  const fb = b.keyFigures[figure];
  if (!fa || !fb) return null;
  return replicateDifference(ga(fa.value), (a.replicates[figure] ?? []).map(ga), gb(fb.value), (b.replicates[figure] ?? []).map(gb), paired);
}

/**
 * The difference A − B of two runs' estimates θ_A − θ_B from their
 * delete-a-group jackknife replicates (Kott 2001; `src/stats/jackknife.ts`).
 * Paired when `paired` holds and both have as many replicates (two or more):
 * the jackknife over the replicates' differences θ_A,(g) − θ_B,(g), each
 * pair leaving out the same group of whole deals, so the deals' luck
 * cancels. Else unpaired: se = √(se_A² + se_B²) on the smaller of the two
 * degrees of freedom (conservative when the runs are positively correlated).
 * Replicates that are not finite (null from JSON, NaN) are skipped, a pair
 * when either is. Units are the estimates' (proportions stay proportions).
 * @returns null when either estimate is not finite.
 */
export function replicateDifference(
  va: number,
  ra: readonly (number | null)[],
  vb: number,
  rb: readonly (number | null)[],
  paired: boolean,
): SweepDifference | null {
  if (!Number.isFinite(va) || !Number.isFinite(vb)) return null;
  const fin = (x: number | null | undefined): number => (typeof x === 'number' ? x : NaN);
  const value = va - vb;
  if (paired && ra.length === rb.length && ra.length >= 2) {
    return {
      value,
      ci95: jackknife(
        value,
        ra.map((x, g) => fin(x) - fin(rb[g])),
      ).ci95,
      paired: true,
    };
  }
  const ja = jackknife(va, ra.map(fin));
  const jb = jackknife(vb, rb.map(fin));
  const half = tQuantile(0.975, Math.max(1, Math.min(ja.df, jb.df))) * Math.sqrt(ja.se ** 2 + jb.se ** 2);
  return { value, ci95: [value - half, value + half], paired: false };
}

const identity = (x: number): number => x;

/**
 * The difference of one key figure between two runs, A − B (a sweep: a
 * value's run less the first value's). Every value of a sweep plays the same
 * deals (same seed, same line-up, same batch layout), so the jackknife
 * replicates of the two runs leave out the same deals and their difference
 * is a paired estimate (the deals' luck cancels). Where the layouts differ
 * (a sweep of `players` changes the table), or `paired` is false, the
 * difference is unpaired (see {@link jackknifeDifference}).
 * @returns null for a p-value (a difference of p-values means nothing) or a missing figure.
 */
export function sweepDifference(a: BalanceReport, b: BalanceReport, figure: string, paired = sameLayout(a, b)): SweepDifference | null {
  if (figure.endsWith(': p')) return null;
  return jackknifeDifference(a, b, figure, identity, identity, paired);
}
