import { lazyRequire } from '../io/lazy.js';
import { fSurvival } from './quantiles.js';
import type { EqualityTest } from './wald.js';

const chisqCdf = lazyRequire<typeof import('@stdlib/stats-base-dists-chisquare-cdf')>('@stdlib/stats-base-dists-chisquare-cdf', { atEnd: true });

/** The level of the equality tests, and the power at which a run states the gap it could have detected. */
export const TEST_ALPHA = 0.05;
export const DETECTION_POWER = 0.8;

/**
 * The randomization test that the P components of per-deal vectors (seat or
 * position win shares) are exchangeable within each deal: under "no seat
 * advantage", with every bot in every seat equally often on the same cards,
 * relabelling the seats of a deal at random leaves its distribution unchanged
 * (E. S. Edgington & P. Onghena, Randomization Tests, 4th ed., 2007, ch. 6,
 * repeated measures; P. Good, Permutation, Parametric and Bootstrap Tests of
 * Hypotheses, 3rd ed., 2005, 5.4). The statistic is the quadratic form of the
 * seat totals S_s = Σ_d Y_{s,d} in the inverse of their covariance under that
 * relabelling, which needs only the run's sums and cross products:
 *   W = Σ_d Σ_s (Y_{s,d} − Ȳ_d)²,  Q = (P − 1) Σ_s (S_s − S̄)² / W,
 * Cochran's Q (Biometrika 37, 1950) and Friedman's χ² (JASA 32, 1937) for
 * binary and ranked Y; with real-valued Y, Q = D (P − 1) SS_seat / W, with
 * SS_seat the between-seat sum of squares of the randomized block design.
 * Q is at most D (P − 1): it is never infinite, whatever a seat won. Its
 * p-value is Iman & Davenport's F form ("Approximations of the critical region
 * of the Friedman statistic", Comm. Statist. A 9, 1980),
 *   F = (D − 1) Q / (D (P − 1) − Q) ~ F(P − 1, (P − 1)(D − 1)),
 * the randomized-block ANOVA F, which holds its level from a few deals where
 * Hotelling's T² (P (P − 1)/2 covariances estimated from D deals) rejects fair
 * runs too often (10.8–16.8% at 20 deals): on High Card
 * (`test/stats/calibration.test.ts`) it rejects 2–8% of fair runs from 20 deals
 * up. When every deal has the same pattern (the F is unbounded) the p-value is
 * the exact randomization probability that D relabelled deals all coincide,
 * m^(1 − D) for the m distinct arrangements of the pattern.
 *
 * Beside the p-value the test states what the run could have detected: the gap
 * δ between two seats (the others between them), in the components' mean per
 * trial, that it finds with power 80% at level 5%: δ = √(2 σ² λ / D) / perDeal,
 * with σ² = SS_error / ((D − 1)(P − 1)) the within-deal variance of a seat's
 * per-deal total (the randomized block's error mean square, from the variation
 * between deals) and λ the noncentrality at which a noncentral χ²(P − 1) exceeds
 * the χ²(P − 1) 95% point with probability 0.8 (J. Cohen, Statistical Power
 * Analysis for the Behavioral Sciences, 2nd ed., 1988, ch. 7).
 * @param sums Σ_d Y_{s,d}, length P; @param cross Σ_d Y_{s,d} Y_{t,d}, P × P row-major.
 * @param deals D independent deals; @param perDeal trials of each component per deal (games per seat), for `detectableGap`.
 * @returns a NaN p-value and statistic, with `note`, when the run cannot be tested (fewer than two deals, or no variation within any deal).
 */
export function exchangeableTest(sums: readonly number[], cross: readonly number[], deals: number, perDeal = 1): EqualityTest {
  const P = sums.length;
  const D = deals;
  const df1 = P - 1;
  const df2 = (P - 1) * (D - 1);
  const base = { df1, df2, units: D, method: 'randomization' as const };
  if (P < 2 || D < 2) return { ...base, statistic: NaN, pValue: NaN, note: `too few deals to test (${D})` };
  let grand = 0;
  let trace = 0;
  let all = 0;
  for (let s = 0; s < P; s++) {
    grand += sums[s]!;
    trace += cross[s * P + s]!;
    for (let t = 0; t < P; t++) all += cross[s * P + t]!;
  }
  const mean = grand / P;
  let between = 0;
  for (const x of sums) between += (x - mean) ** 2;
  // W = Σ_d Σ_s Y² − Σ_d (Σ_s Y)² / P; SS_seat = Σ_s (S_s − S̄)² / D; SS_error = W − SS_seat.
  const w = trace - all / P;
  const ssSeat = between / D;
  const eps = 1e-12 * Math.max(1, trace);
  if (!(w > eps)) return { ...base, statistic: NaN, pValue: NaN, note: 'no variation within any deal: the seats cannot be told apart' };
  const ssError = Math.max(0, w - ssSeat);
  const q = Math.min(D * df1, (df1 * D * ssSeat) / w);
  const sigma2 = ssError > eps ? ssError / df2 : w / (D * df1);
  const detectableGap = Math.sqrt((2 * sigma2 * noncentrality(df1)) / D) / perDeal;
  if (ssError <= eps) {
    // Every deal's deviations from its mean are the same vector e: only relabellings that put all D deals alike reach Q.
    const e = sums.map((x) => (x - mean) / D);
    return { ...base, statistic: q, pValue: Math.min(1, arrangements(e, eps / D) ** (1 - D)), detectableGap };
  }
  const f = ((D - 1) * q) / (D * df1 - q);
  return { ...base, statistic: q, pValue: Math.min(1, Math.max(0, fSurvival(f, df1, df2))), detectableGap };
}

/** The distinct arrangements of a vector: P! over the product of the factorials of its tied values' counts. */
function arrangements(e: readonly number[], tol: number): number {
  const sorted = e.slice().sort((a, b) => a - b);
  let out = 1;
  for (let i = 1; i <= sorted.length; i++) out *= i;
  let run = 1;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && Math.abs(sorted[i]! - sorted[i - 1]!) <= tol) run++;
    else {
      for (let k = 2; k <= run; k++) out /= k;
      run = 1;
    }
  }
  return out;
}

/** P(χ²(k, λ) <= x) for the noncentral χ², a Poisson(λ/2) mixture of central χ²(k + 2j) (Johnson, Kotz & Balakrishnan, Continuous Univariate Distributions 2, 2nd ed., 29.2). */
export function noncentralChisqCdf(x: number, k: number, lambda: number): number {
  const half = lambda / 2;
  let weight = Math.exp(-half);
  let total = 0;
  let mass = 0;
  for (let j = 0; j < 1000; j++) {
    total += weight * chisqCdf()(x, k + 2 * j);
    mass += weight;
    if (j > half && 1 - mass < 1e-12) break;
    weight *= half / (j + 1);
  }
  return total;
}

/** P(χ²(k) > x). */
export function chisqSurvival(x: number, k: number): number {
  return 1 - chisqCdf()(x, k);
}

const lambdaCache = new Map<number, number>();

/** The noncentrality λ at which a χ²(k) test at level TEST_ALPHA has power DETECTION_POWER (bisection; λ = 7.85 for k = 1, 10.9 for k = 3). */
export function noncentrality(k: number): number {
  const cached = lambdaCache.get(k);
  if (cached !== undefined) return cached;
  let lo = 0;
  let hi = 1;
  let crit = 0;
  {
    // The χ²(k) upper TEST_ALPHA point, by bisection on the survival function.
    let a = 0;
    let b = 10 + 10 * k;
    for (let i = 0; i < 100; i++) {
      const m = (a + b) / 2;
      if (chisqSurvival(m, k) > TEST_ALPHA) a = m;
      else b = m;
    }
    crit = (a + b) / 2;
  }
  const power = (l: number): number => 1 - noncentralChisqCdf(crit, k, l);
  while (power(hi) < DETECTION_POWER) hi *= 2;
  for (let i = 0; i < 100; i++) {
    const m = (lo + hi) / 2;
    if (power(m) < DETECTION_POWER) lo = m;
    else hi = m;
  }
  const out = (lo + hi) / 2;
  lambdaCache.set(k, out);
  return out;
}
