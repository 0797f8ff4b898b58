import { fSurvival } from './quantiles.js';

/** The result of a test that the components of a mean vector are all equal. */
export interface EqualityTest {
  /** Hotelling's T² (a Wald statistic with the estimated covariance). */
  readonly statistic: number;
  /** Numerator and denominator degrees of freedom of the F form. */
  readonly df1: number;
  readonly df2: number;
  /** P(F(df1, df2) >= statistic × df2 / ((units − 1) × df1)); NaN when it cannot be computed. */
  readonly pValue: number;
  /** Independent units behind the covariance (deals, or jackknife groups). */
  readonly units: number;
}

/**
 * Solves A x = b for a symmetric positive definite k × k matrix (row-major)
 * by Gaussian elimination with partial pivoting.
 * @returns x, or null when A is singular (to a relative 1e-12).
 */
export function solve(a: readonly number[], b: readonly number[], k: number): number[] | null {
  const m = a.slice();
  const x = b.slice();
  let scale = 0;
  for (const v of m) scale = Math.max(scale, Math.abs(v));
  if (scale === 0) return null;
  for (let c = 0; c < k; c++) {
    let piv = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(m[r * k + c]!) > Math.abs(m[piv * k + c]!)) piv = r;
    if (Math.abs(m[piv * k + c]!) <= 1e-12 * scale) return null;
    if (piv !== c) {
      for (let j = 0; j < k; j++) [m[c * k + j], m[piv * k + j]] = [m[piv * k + j]!, m[c * k + j]!];
      [x[c], x[piv]] = [x[piv]!, x[c]!];
    }
    for (let r = c + 1; r < k; r++) {
      const f = m[r * k + c]! / m[c * k + c]!;
      if (f === 0) continue;
      for (let j = c; j < k; j++) m[r * k + j]! -= f * m[c * k + j]!;
      x[r]! -= f * x[c]!;
    }
  }
  for (let c = k - 1; c >= 0; c--) {
    let s = x[c]!;
    for (let j = c + 1; j < k; j++) s -= m[c * k + j]! * x[j]!;
    x[c] = s / m[c * k + c]!;
  }
  return x;
}

/**
 * Hotelling's one-sample T² test that all P components of a mean vector are
 * equal (H. Hotelling, "The generalization of Student's ratio", Ann. Math.
 * Statist. 2(3), 1931), on the P − 1 contrasts μ_s − μ_{P−1}. With the
 * covariance of per-deal vectors this is the cluster-robust Wald test of
 * "every seat wins equally often" with the deal as the unit (Cameron & Miller
 * 2015, section VII): games of one deal are never counted as independent.
 * The F form T² (n − k) / ((n − 1) k) ~ F(k, n − k), k = P − 1, is exact for
 * normal per-deal vectors and tends to the χ²(k) Wald test as n grows.
 * @param mean the estimated mean vector, length P.
 * @param cov the covariance matrix of `mean` itself (P × P, row-major), e.g.
 *   the per-deal covariance divided by n, or a jackknife covariance.
 * @param units independent units n behind `cov` (deals, or jackknife groups).
 * @returns NaN statistic and p-value when the contrasts' covariance is singular
 *   (e.g. no variation at all) or n <= k.
 */
export function equalMeansTest(mean: readonly number[], cov: readonly number[], units: number): EqualityTest {
  const P = mean.length;
  const k = P - 1;
  const df2 = units - k;
  const nan: EqualityTest = { statistic: NaN, df1: k, df2, pValue: NaN, units };
  if (k < 1 || df2 < 1) return nan;
  const d: number[] = [];
  for (let s = 0; s < k; s++) d.push(mean[s]! - mean[k]!);
  // Covariance of the contrasts: C Σ C' with C = [I | −1].
  const c: number[] = new Array<number>(k * k).fill(0);
  for (let s = 0; s < k; s++) {
    for (let t = 0; t < k; t++) c[s * k + t] = cov[s * P + t]! - cov[s * P + k]! - cov[k * P + t]! + cov[k * P + k]!;
  }
  const x = solve(c, d, k);
  if (x === null) return nan;
  let t2 = 0;
  for (let s = 0; s < k; s++) t2 += d[s]! * x[s]!;
  const f = (t2 * df2) / ((units - 1) * k);
  return { statistic: t2, df1: k, df2, pValue: Math.min(1, Math.max(0, fSurvival(f, k, df2))), units };
}

/**
 * The covariance matrix of the mean of per-deal vectors from their sums and
 * cross products: Cov(Ȳ) = S / n with S the sample covariance of the Y_d.
 * @param sums Σ_d Y_{s,d}, length P.
 * @param cross Σ_d Y_{s,d} Y_{t,d}, P × P row-major.
 * @param units n, the number of deals.
 */
export function meanCovariance(sums: readonly number[], cross: readonly number[], units: number): number[] {
  const P = sums.length;
  const out = new Array<number>(P * P).fill(0);
  if (units < 2) return out;
  for (let s = 0; s < P; s++) {
    for (let t = 0; t < P; t++) out[s * P + t] = (cross[s * P + t]! - (sums[s]! * sums[t]!) / units) / (units - 1) / units;
  }
  return out;
}
