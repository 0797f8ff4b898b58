/**
 * SPSA, simultaneous perturbation stochastic approximation (J. C. Spall,
 * "Implementation of the Simultaneous Perturbation Algorithm for Stochastic
 * Optimization", IEEE Trans. Aerospace and Electronic Systems 34(3):817-823,
 * 1998), as fishtest tunes chess engines with pairs of games: each
 * iteration plays θ + c_k Δ against θ − c_k Δ (Δ a random ±1 vector) on the
 * same deals, and moves θ along Δ by the measured difference.
 *
 * Everything is in normalized coordinates (each parameter's tuning range is
 * [0, 1], `space.ts`), maximizing the fitness:
 * - gains a_k = a / (A + k + 1)^α and c_k = c / (k + 1)^γ with Spall's
 *   α = 0.602, γ = 0.101 and A = 10% of the iterations (his §III);
 * - c is set so that c_k at the last iteration is `cEnd` (fishtest's c_end,
 *   here a share of the range);
 * - a is set, as Spall's §III recommends, from the noise of the gradient
 *   estimate: with σ the mean standard error of the paired differences of
 *   the first `CALIBRATION` iterations that have one, a_0 · σ / (2 c_0) =
 *   `step`, so a difference of one standard error moves θ by `step` (a share
 *   of the range) at the start; later steps shrink with a_k / c_k. Until
 *   then a follows the running mean of σ, and it is fixed from there on;
 * - the gradient of parameter i is d / (u⁺_i − u⁻_i) with the coordinates
 *   actually played (after clamping to [0, 1] and rounding integers), and 0
 *   when they coincide (an integer perturbed by less than one step).
 * Pure functions over plain data (the state is written to the checkpoint).
 */
import type { Rng } from '../core/rng.js';

/** The settings of an SPSA run (`npm run train -- --method spsa`). */
export interface SpsaSettings {
  /** Iterations planned (N); sets A and c. */
  readonly iterations: number;
  /** Perturbation c_k at the last iteration, as a share of each range (fishtest's c_end). Default 0.1. */
  readonly cEnd: number;
  /** Step, as a share of the range, that a difference of one standard error makes at the calibrating iteration. Default 0.05. */
  readonly step: number;
  /** Spall's α (0.602) and γ (0.101). */
  readonly alpha: number;
  readonly gamma: number;
  /** Spall's stability constant A (default 10% of the iterations). */
  readonly A: number;
}

/** The defaults above for `iterations` iterations. */
export function spsaDefaults(iterations: number): SpsaSettings {
  return { iterations, cEnd: 0.1, step: 0.05, alpha: 0.602, gamma: 0.101, A: Math.max(1, Math.round(iterations / 10)) };
}

/** An SPSA run between iterations. */
export interface SpsaState {
  /** Iterations done (k of the next one). */
  readonly k: number;
  /** θ, normalized, one per dimension. */
  readonly theta: readonly number[];
  /** Spall's a from the standard errors seen so far (null before the first difference with one). */
  readonly a: number | null;
  /** The standard errors that set a: their sum and count (at most `CALIBRATION`). */
  readonly seSum: number;
  readonly seCount: number;
}

/** Iterations whose standard errors set Spall's a. */
export const CALIBRATION = 5;

/** c_k of iteration k. */
export function perturbation(s: SpsaSettings, k: number): number {
  const c = s.cEnd * Math.max(1, s.iterations) ** s.gamma;
  return c / (k + 1) ** s.gamma;
}

/** One iteration's probe: θ ± c_k Δ, clamped to [0, 1]. */
export interface SpsaProbe {
  readonly delta: readonly number[];
  readonly plus: readonly number[];
  readonly minus: readonly number[];
  readonly ck: number;
}

/**
 * Draws Δ (each component ±1 with probability 1/2, Spall's recommended
 * Bernoulli perturbation) and the two points to play.
 */
export function spsaProbe(s: SpsaSettings, state: SpsaState, rng: Rng): SpsaProbe {
  const ck = perturbation(s, state.k);
  const delta = state.theta.map(() => (rng.next() < 0.5 ? -1 : 1));
  const clamp = (x: number): number => Math.min(1, Math.max(0, x));
  return {
    delta,
    plus: state.theta.map((t, i) => clamp(t + ck * delta[i]!)),
    minus: state.theta.map((t, i) => clamp(t - ck * delta[i]!)),
    ck,
  };
}

/**
 * The state after an iteration.
 * @param played the normalized coordinates actually played at θ⁺ and θ⁻ (after rounding).
 * @param d the measured fitness of θ⁺ less that of θ⁻ (a paired difference).
 * @param se its standard error (0 or NaN when the deals did not vary).
 */
export function spsaUpdate(s: SpsaSettings, state: SpsaState, played: { plus: readonly number[]; minus: readonly number[] }, d: number, se: number): SpsaState {
  const k = state.k;
  let { a, seSum, seCount } = state;
  if (seCount < CALIBRATION && se > 0) {
    seSum += se;
    seCount++;
    a = (s.step * (s.A + 1) ** s.alpha * 2 * perturbation(s, 0)) / (seSum / seCount);
  }
  if (a === null) return { k: k + 1, theta: state.theta, a, seSum, seCount };
  const ak = a / (s.A + k + 1) ** s.alpha;
  const theta = state.theta.map((t, i) => {
    const span = played.plus[i]! - played.minus[i]!;
    const g = span !== 0 ? d / span : 0;
    return Math.min(1, Math.max(0, t + ak * g));
  });
  return { k: k + 1, theta, a, seSum, seCount };
}
