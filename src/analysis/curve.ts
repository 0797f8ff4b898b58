/**
 * A learning curve summed up: the mean of its first and of its last tenth
 * (at least one point each), the numbers `train` prints under its table (each
 * iteration is measured on its own deals; `curve.csv` keeps every point with
 * its interval).
 */

/** The mean of a stretch of a curve, and how many points it holds. */
export interface CurveStretch {
  readonly points: number;
  readonly mean: number;
}

/**
 * The first and last tenth of a curve's values (rounded, at least one point;
 * the two overlap on a curve of fewer than two points per stretch).
 * @param values one per iteration, in order (e.g. each iteration's fitness).
 * @returns NaN means for an empty curve.
 */
export function curveEnds(values: readonly number[]): { readonly first: CurveStretch; readonly last: CurveStretch } {
  const n = Math.max(1, Math.round(values.length / 10));
  const mean = (xs: readonly number[]): CurveStretch => ({ points: xs.length, mean: xs.reduce((a, x) => a + x, 0) / xs.length });
  const last = values.slice(-n);
  return { first: mean(values.slice(0, last.length)), last: mean(last) };
}
