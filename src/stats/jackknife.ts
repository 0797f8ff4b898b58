import { wilsonInterval, type Interval } from './intervals.js';
import { tQuantile } from './quantiles.js';
import { equalMeansTest, type EqualityTest } from './wald.js';

/**
 * Groups of deals for the delete-a-group jackknife. A run's batches (whole
 * deals each, laid out independently of the worker count) are dealt into at
 * most this many groups, batch b into group b mod G.
 */
export const JACKKNIFE_GROUPS = 100;

/**
 * The replicates of the delete-a-group jackknife, θ_(g): the statistic
 * computed from all the data but group g's, for every group that holds any
 * (Quenouille 1956; Efron & Tibshirani, An Introduction to the Bootstrap,
 * 1993, ch. 11, for one unit a group; Kott 2001 and Wolter 2007, ch. 4, for
 * groups of clusters; ninefold's groups are whole deals, `docs/tourney.md`,
 * "Statistics: the deal is the unit"). Every replicate of a run, of a key
 * figure, a game table's cell or a rating, comes from here, and `jackknife`
 * turns them into an interval.
 *
 * Shapes: G groups in, one replicate out per group with units, in group
 * order (at most G; a run shorter than JACKKNIFE_GROUPS batches leaves
 * groups empty). An empty group is skipped: its θ_(g) would be θ itself, and
 * counting it would add a group that holds no deals to G.
 * @param units the independent units (deals) in a group.
 * @param without θ_(g) from the data less group g, in the statistic's own units.
 */
export function groupReplicates<G, R>(groups: readonly G[], units: (g: G) => number, without: (g: G) => R): R[] {
  const out: R[] = [];
  for (const g of groups) if (units(g) > 0) out.push(without(g));
  return out;
}

/** An estimate with a jackknife standard error. */
export interface JackknifeEstimate {
  readonly value: number;
  readonly se: number;
  /** Degrees of freedom of the interval: groups − 1. */
  readonly df: number;
  readonly ci95: Interval;
}

/**
 * The delete-a-group jackknife (Quenouille 1956, Tukey 1958; for groups of
 * clusters: Kott, "The delete-a-group jackknife", J. Official Statistics
 * 17(4), 2001; Wolter, Introduction to Variance Estimation, 2nd ed., 2007,
 * ch. 4): with θ the estimate from all deals and θ_(g) the estimate with group
 * g left out, Var(θ) = (G − 1)/G Σ_g (θ_(g) − θ̄)². Any statistic computed
 * from a run's totals (a ratio, a share, a difference between two runs on the
 * same deals) gets a standard error from the variation between groups of
 * whole deals, never between games of one deal.
 * @param value θ from all groups.
 * @param replicates θ_(g), one per group (G >= 2); non-finite replicates are skipped.
 * @param proportion when the statistic is a proportion of `trials` trials, the
 *   interval is Wilson's at the effective sample size p(1 − p)/se²
 *   (Korn & Graubard 1998), else Student t on G − 1 degrees of freedom.
 * @returns se NaN and the interval [value, value] with fewer than two usable groups.
 */
export function jackknife(value: number, replicates: readonly number[], proportion?: { trials: number; units: number }): JackknifeEstimate {
  const r = replicates.filter((x) => Number.isFinite(x));
  const G = r.length;
  if (G < 2 || !Number.isFinite(value)) return { value, se: NaN, df: Math.max(0, G - 1), ci95: [value, value] };
  const mean = r.reduce((a, b) => a + b, 0) / G;
  let ss = 0;
  for (const x of r) ss += (x - mean) ** 2;
  const se = Math.sqrt(((G - 1) / G) * ss);
  if (proportion) {
    const p = Math.min(1, Math.max(0, value));
    const nEff = se > 0 && p > 0 && p < 1 ? (p * (1 - p)) / (se * se) : Math.min(proportion.trials, proportion.units);
    return { value, se, df: G - 1, ci95: wilsonInterval(p * nEff, nEff) };
  }
  const half = tQuantile(0.975, G - 1) * se;
  return { value, se, df: G - 1, ci95: [value - half, value + half] };
}

/**
 * Jackknife covariance of a vector statistic: (G − 1)/G Σ_g (θ_(g) − θ̄)(θ_(g) − θ̄)'.
 * @param replicates one vector per group, all of one length P.
 * @returns P × P row-major.
 */
export function jackknifeCovariance(replicates: readonly (readonly number[])[]): number[] {
  const G = replicates.length;
  const P = replicates[0]?.length ?? 0;
  const mean = new Array<number>(P).fill(0);
  for (const v of replicates) for (let i = 0; i < P; i++) mean[i]! += v[i]! / G;
  const cov = new Array<number>(P * P).fill(0);
  if (G < 2) return cov;
  const f = (G - 1) / G;
  for (const v of replicates) {
    for (let i = 0; i < P; i++) for (let j = 0; j < P; j++) cov[i * P + j]! += f * (v[i]! - mean[i]!) * (v[j]! - mean[j]!);
  }
  return cov;
}

/**
 * The test that every component of a vector statistic is equal (e.g. round
 * win rates by position left of the dealer), with the jackknife covariance:
 * Hotelling's T² in F form on G groups (see `equalMeansTest`).
 * @param value the vector from all groups; @param replicates one per group.
 */
export function jackknifeEqualityTest(value: readonly number[], replicates: readonly (readonly number[])[]): EqualityTest {
  const usable = replicates.filter((v) => v.every((x) => Number.isFinite(x)));
  return equalMeansTest(value, jackknifeCovariance(usable), usable.length);
}
