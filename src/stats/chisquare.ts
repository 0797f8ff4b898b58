import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';

/** The result of Pearson's chi-square goodness-of-fit test. */
export interface ChiSquare {
  readonly statistic: number;
  readonly df: number;
  /** P(X >= statistic) under the null hypothesis. */
  readonly pValue: number;
}

/**
 * Pearson's chi-square test that observed counts match expected proportions
 * (default: all equal), e.g. "every seat wins equally often".
 * @param observed counts (win shares may be fractional), length k >= 2.
 * @param expectedShare proportions summing to 1 (default 1/k each).
 * @returns statistic, k - 1 degrees of freedom and the p-value; NaN p-value when nothing was observed.
 */
export function chiSquareTest(observed: readonly number[], expectedShare?: readonly number[]): ChiSquare {
  const k = observed.length;
  const total = observed.reduce((a, b) => a + b, 0);
  let stat = 0;
  for (let i = 0; i < k; i++) {
    const e = total * (expectedShare ? expectedShare[i]! : 1 / k);
    if (e > 0) stat += (observed[i]! - e) ** 2 / e;
  }
  const df = k - 1;
  return { statistic: stat, df, pValue: total > 0 ? 1 - chisquareCdf(stat, df) : NaN };
}
