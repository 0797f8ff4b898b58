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
  /**
   * 'hotelling' (this file: the statistic is T²) or 'randomization'
   * (`src/stats/randomization.ts`: the statistic is the randomization χ² Q, the
   * p-value Iman–Davenport's F); absent in files written before the latter.
   */
  readonly method?: 'hotelling' | 'randomization';
  /** The gap between two components (per trial) the test finds with 80% power at the 5% level, when known. */
  readonly detectableGap?: number;
  /** Why the test was not computed (NaN p-value), in words. */
  readonly note?: string;
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
 * Eigenvalues and eigenvectors of a symmetric k × k matrix (row-major) by
 * cyclic Jacobi rotations (Golub & Van Loan, Matrix Computations, 4th ed., 8.5).
 * @returns values[i] with its vector in column i of `vectors` (row-major k × k).
 */
export function symmetricEigen(a: readonly number[], k: number): { values: number[]; vectors: number[] } {
  const m = a.slice();
  const v = new Array<number>(k * k).fill(0);
  for (let i = 0; i < k; i++) v[i * k + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < k; p++) for (let q = p + 1; q < k; q++) off += m[p * k + q]! ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < k; p++) {
      for (let q = p + 1; q < k; q++) {
        const apq = m[p * k + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (m[q * k + q]! - m[p * k + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let r = 0; r < k; r++) {
          const arp = m[r * k + p]!;
          const arq = m[r * k + q]!;
          m[r * k + p] = c * arp - s * arq;
          m[r * k + q] = s * arp + c * arq;
        }
        for (let r = 0; r < k; r++) {
          const apr = m[p * k + r]!;
          const aqr = m[q * k + r]!;
          m[p * k + r] = c * apr - s * aqr;
          m[q * k + r] = s * apr + c * aqr;
        }
        for (let r = 0; r < k; r++) {
          const vrp = v[r * k + p]!;
          const vrq = v[r * k + q]!;
          v[r * k + p] = c * vrp - s * vrq;
          v[r * k + q] = s * vrp + c * vrq;
        }
      }
    }
  }
  return { values: Array.from({ length: k }, (_, i) => m[i * k + i]!), vectors: v };
}

/**
 * Hotelling's one-sample T² test that all P components of a mean vector are
 * equal (H. Hotelling, "The generalization of Student's ratio", Ann. Math.
 * Statist. 2(3), 1931), on the P − 1 contrasts μ_s − μ_{P−1}. With the
 * covariance of per-deal vectors this is the cluster-robust Wald test of
 * "every seat wins equally often" with the deal as the unit (Cameron & Miller
 * 2015, section VII): games of one deal are never counted as independent.
 * The F form T² (n − r) / ((n − 1) r) ~ F(r, n − r) is exact for normal
 * per-deal vectors and tends to the χ²(r) Wald test as n grows. When the
 * schedule ties the contrasts together (e.g. a,b,a,b: the two seats of one
 * bot always hold exactly one of the two seatings' wins between them), their
 * covariance is singular; the test then uses its Moore-Penrose inverse and
 * r = its rank (C. R. Rao & S. K. Mitra, Generalized Inverse of Matrices and
 * its Applications, 1971). A difference in a direction with no variance at
 * all cannot be weighed (a category no unit ever won): the test then has no
 * p-value and says so, rather than claiming certainty (p = 0, T² = ∞). The
 * seat and position tests use the randomization test instead
 * (`src/stats/randomization.ts`): Hotelling's T² rejects fair runs too often
 * below about 100 deals; it remains for the jackknife tests of game tables.
 * @param mean the estimated mean vector, length P.
 * @param cov the covariance matrix of `mean` itself (P × P, row-major), e.g.
 *   the per-deal covariance divided by n, or a jackknife covariance.
 * @param units independent units n behind `cov` (deals, or jackknife groups).
 * @returns NaN statistic and p-value, with a note, when nothing varies, n <= r, or a difference has no variance.
 */
export function equalMeansTest(mean: readonly number[], cov: readonly number[], units: number): EqualityTest {
  const P = mean.length;
  const k = P - 1;
  if (k < 1) return { statistic: NaN, df1: 0, df2: units, pValue: NaN, units };
  const d: number[] = [];
  for (let s = 0; s < k; s++) d.push(mean[s]! - mean[k]!);
  // Covariance of the contrasts: C Σ C' with C = [I | −1].
  const c: number[] = new Array<number>(k * k).fill(0);
  for (let s = 0; s < k; s++) {
    for (let t = 0; t < k; t++) c[s * k + t] = cov[s * P + t]! - cov[s * P + k]! - cov[k * P + t]! + cov[k * P + k]!;
  }
  const { values, vectors } = symmetricEigen(c, k);
  const top = Math.max(0, ...values);
  let t2 = 0;
  let rank = 0;
  let dNorm = 0;
  for (const x of d) dNorm = Math.max(dNorm, Math.abs(x));
  let certain = false;
  for (let i = 0; i < k; i++) {
    let proj = 0;
    for (let s = 0; s < k; s++) proj += vectors[s * k + i]! * d[s]!;
    if (values[i]! > 1e-10 * top && values[i]! > 0) {
      rank++;
      t2 += (proj * proj) / values[i]!;
    } else if (Math.abs(proj) > 1e-9 * Math.max(dNorm, 1e-12) && Math.abs(proj) > 1e-12) certain = true;
  }
  // A difference where the units show no variation at all (a category no group ever won): the covariance cannot weigh it, so no p-value.
  if (certain)
    return {
      statistic: NaN,
      df1: Math.max(1, rank),
      df2: units - Math.max(1, rank),
      pValue: NaN,
      units,
      method: 'hotelling',
      note: `a difference with no variation between the ${units} units to weigh it (too few units)`,
    };
  const df2 = units - rank;
  if (rank === 0 || df2 < 1) return { statistic: NaN, df1: rank, df2, pValue: NaN, units, method: 'hotelling', note: `too few units to test (${units})` };
  const f = (t2 * df2) / ((units - 1) * rank);
  return { statistic: t2, df1: rank, df2, pValue: Math.min(1, Math.max(0, fSurvival(f, rank, df2))), units, method: 'hotelling' };
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
