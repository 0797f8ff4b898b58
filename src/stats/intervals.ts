import { zQuantile } from './quantiles.js';

/** A closed interval [lo, hi] of a proportion. */
export type Interval = [number, number];

/**
 * The Wilson score interval of a proportion (E. B. Wilson, "Probable
 * inference, the law of succession, and statistical inference", JASA 22,
 * 1927). `successes` may be fractional (a win shared by k seats counts 1/k).
 * @param successes 0 <= successes <= n.
 * @param n trials; with n = 0 the interval is [0, 1].
 * @param confidence two-sided level, default 0.95.
 * @returns [lo, hi] within [0, 1].
 */
export function wilsonInterval(successes: number, n: number, confidence = 0.95): Interval {
  if (n <= 0) return [0, 1];
  const z = zQuantile(1 - (1 - confidence) / 2);
  const p = successes / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
