import { lazyRequire } from '../io/lazy.js';

// The stdlib distributions, loaded on first use (`lazyRequire`): a run's start does not wait for them.
const fCdf = lazyRequire<typeof import('@stdlib/stats-base-dists-f-cdf')>('@stdlib/stats-base-dists-f-cdf', { atEnd: true });
const normalCdfLib = lazyRequire<typeof import('@stdlib/stats-base-dists-normal-cdf')>('@stdlib/stats-base-dists-normal-cdf', { atEnd: true });
const normalQuantile = lazyRequire<typeof import('@stdlib/stats-base-dists-normal-quantile')>('@stdlib/stats-base-dists-normal-quantile', { atEnd: true });
const tQuantileLib = lazyRequire<typeof import('@stdlib/stats-base-dists-t-quantile')>('@stdlib/stats-base-dists-t-quantile', { atEnd: true });

/** The standard normal quantile Φ⁻¹(p), p in (0, 1) (stdlib). */
export function zQuantile(p: number): number {
  return normalQuantile()(p, 0, 1);
}

/** The standard normal distribution function Φ(x) (stdlib). */
export function normalCdf(x: number): number {
  return normalCdfLib()(x, 0, 1);
}

/** Student's t quantile with `df` degrees of freedom (stdlib); the normal quantile when df is infinite. */
export function tQuantile(p: number, df: number): number {
  return Number.isFinite(df) ? tQuantileLib()(p, df) : normalQuantile()(p, 0, 1);
}

/** P(F > x) for Snedecor's F with (d1, d2) degrees of freedom (stdlib). */
export function fSurvival(x: number, d1: number, d2: number): number {
  return 1 - fCdf()(x, d1, d2);
}
