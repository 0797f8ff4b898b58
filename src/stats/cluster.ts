import { wilsonInterval, type Interval } from './intervals.js';
import { tQuantile } from './quantiles.js';

/**
 * Per-deal (cluster) moments of one quantity: the deal is the statistical
 * unit. `sum` and `sumSq` add the quantity's per-deal total Y_d over deals
 * (Σ Y_d, Σ Y_d²); each deal holds the same number `perDeal` of trials
 * (seat-games, games), fixed by the schedule.
 */
export interface ClusterMoments {
  readonly sum: number;
  readonly sumSq: number;
  /** Independent deals (clusters). */
  readonly deals: number;
  /** Trials in each deal (e.g. a bot's seat-games per deal), > 0. */
  readonly perDeal: number;
}

/** An estimate with its deal-level uncertainty. */
export interface ClusterEstimate {
  /** The mean per trial: Σ Y_d / (deals × perDeal). */
  readonly value: number;
  /** Its standard error from the variation between deals. */
  readonly se: number;
  /** 95% interval (Wilson with the effective sample size for proportions; Student t for means). */
  readonly ci95: Interval;
  /**
   * Design effect (Kish 1965): the deal-level variance of the estimate over
   * the variance it would have if every trial were independent (p(1-p)/n for
   * a proportion); NaN where that is undefined: no variation between deals
   * (below a relative VARIANCE_EPSILON: rounding) or none if trials were
   * independent (p = 0 or 1). Reports write it as an empty cell.
   */
  readonly deff: number;
  /** Independent deals behind the estimate. */
  readonly deals: number;
}

/** A variance below this fraction of its reference (the binomial or per-trial variance) is float rounding: zero. */
export const VARIANCE_EPSILON = 1e-9;

/**
 * Sample variance of the per-deal totals Y_d (divisor deals − 1).
 * @returns 0 with fewer than two deals.
 */
export function dealVariance(sum: number, sumSq: number, deals: number): number {
  if (deals < 2) return 0;
  return Math.max(0, (sumSq - (sum * sum) / deals) / (deals - 1));
}

/**
 * A proportion per trial (a win share per seat-game) estimated from per-deal
 * totals, with the cluster-robust variance of a mean of cluster totals
 * (Cameron & Miller, "A practitioner's guide to cluster-robust inference",
 * J. Human Resources 50(2), 2015: the clusters are the deals, so games that
 * share a deal's cards are never counted as independent). The interval is the
 * Wilson interval at the effective sample size n / deff (Kish 1965; Korn &
 * Graubard, Survey Methodology 24(2), 1998, for proportions under complex
 * designs). Where the deals show no variation at p = 0 or 1 (a bot that never
 * won) the effective sample size is the number of deals, the independent
 * units; at another p (a bot in every seat) the interval is [p, p].
 * With fewer than two deals there is no variation between deals to
 * measure: the standard error, the interval and the design effect are NaN
 * (reports print no interval).
 * @returns value in [0, 1], its standard error, the interval, the design effect.
 */
export function clusterProportion(m: ClusterMoments, confidence = 0.95): ClusterEstimate {
  const n = m.deals * m.perDeal;
  if (n <= 0) return { value: 0, se: NaN, ci95: [0, 1], deff: NaN, deals: m.deals };
  const p = m.sum / n;
  if (m.deals < 2) return { value: p, se: NaN, ci95: [NaN, NaN], deff: NaN, deals: m.deals };
  const iid = (p * (1 - p)) / n;
  // A deal variance below a relative VARIANCE_EPSILON of the binomial one is rounding in the sums (a bot in every seat: 2.4e-16 of it), i.e. 0.
  const raw = dealVariance(m.sum, m.sumSq, m.deals) / (m.deals * m.perDeal * m.perDeal);
  const variance = raw <= VARIANCE_EPSILON * iid ? 0 : raw;
  // With no variance on either side (p = 0 or 1, or every deal alike) there is nothing to divide: no design effect.
  const deff = iid > 0 && variance > 0 ? variance / iid : NaN;
  if (variance === 0 && p > 0 && p < 1) {
    // Every deal gave the same total (a bot that holds every seat wins exactly the games that have a winner): nothing varies.
    return { value: p, se: 0, ci95: [p, p], deff, deals: m.deals };
  }
  const nEff = variance > 0 && iid > 0 ? (p * (1 - p)) / variance : m.deals;
  return { value: p, se: Math.sqrt(variance), ci95: wilsonInterval(p * nEff, nEff, confidence), deff, deals: m.deals };
}

/**
 * A mean per trial (a score per seat-game) from per-deal totals, with the
 * cluster-robust standard error and a Student t interval on deals − 1 degrees
 * of freedom (Cameron & Miller 2015, section VI.A). With fewer than two
 * deals the standard error, the interval and the design effect are NaN.
 * @param iidVariance the per-trial variance if trials were independent (for the
 *   design effect); omit it when unknown (deff is then NaN).
 */
export function clusterMean(m: ClusterMoments, iidVariance?: number, confidence = 0.95): ClusterEstimate {
  const n = m.deals * m.perDeal;
  if (n <= 0) return { value: 0, se: NaN, ci95: [0, 0], deff: NaN, deals: m.deals };
  const mean = m.sum / n;
  // Fewer than two deals: nothing varies between deals to measure.
  if (m.deals < 2) return { value: mean, se: NaN, ci95: [NaN, NaN], deff: NaN, deals: m.deals };
  const raw = dealVariance(m.sum, m.sumSq, m.deals) / (m.deals * m.perDeal * m.perDeal);
  const variance = iidVariance !== undefined && raw <= (VARIANCE_EPSILON * iidVariance) / n ? 0 : raw;
  const se = Math.sqrt(variance);
  const half = m.deals > 1 ? tQuantile(1 - (1 - confidence) / 2, m.deals - 1) * se : 0;
  const deff = iidVariance !== undefined && iidVariance > VARIANCE_EPSILON * mean * mean && variance > 0 ? variance / (iidVariance / n) : NaN;
  return { value: mean, se, ci95: [mean - half, mean + half], deff, deals: m.deals };
}

/**
 * The sums of a group of components of per-deal vectors: Σ_d (Σ_{i∈G} Y_{i,d})
 * and Σ_d (Σ_{i∈G} Y_{i,d})², from the component sums and the cross-product
 * matrix Σ_d Y_{i,d} Y_{j,d} (row-major, `size` × `size`). Pools line-up
 * entries that hold the same bot, or takes a difference with weights ±1.
 * @param weights per component (0 leaves it out).
 */
export function combine(sums: readonly number[], cross: readonly number[], size: number, weights: readonly number[]): { sum: number; sumSq: number } {
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < size; i++) {
    const wi = weights[i] ?? 0;
    if (wi === 0) continue;
    sum += wi * sums[i]!;
    for (let j = 0; j < size; j++) {
      const wj = weights[j] ?? 0;
      if (wj !== 0) sumSq += wi * wj * cross[i * size + j]!;
    }
  }
  return { sum, sumSq };
}
