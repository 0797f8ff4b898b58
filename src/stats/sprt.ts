/**
 * The sequential probability ratio test on per-deal scores (Wald, "Sequential
 * tests of statistical hypotheses", Ann. Math. Statist. 16(2), 1945), in the
 * generalized form that fishtest uses for engine tests: the log-likelihood
 * ratio of H1: μ = μ1 against H0: μ = μ0 under a normal approximation of the
 * mean of n independent samples with their sample variance σ̂²,
 *   LLR = n (μ1 − μ0) (2 x̄ − μ0 − μ1) / (2 σ̂²)
 * (M. Van den Bergh, "A practical introduction to the GSPRT", notes behind
 * fishtest's `stats/LLRcalc.py`; fishtest applies it to game pairs, whose
 * results are correlated, as the pentanomial model; here the sample is the
 * deal, whose games are correlated in the same way, and any bounded per-deal
 * score can be tested). The test accepts H1 when LLR >= log((1 − β)/α) and
 * H0 when LLR <= log(β/(1 − α)).
 */
export interface SprtParams {
  /** The mean per-deal score under H0 and H1, μ0 < μ1 (here: win-share differences per seat-game). */
  readonly mu0: number;
  readonly mu1: number;
  /** False-positive and false-negative rates, in (0, 0.5). */
  readonly alpha: number;
  readonly beta: number;
}

/** The state of the test after n samples. */
export interface SprtState {
  readonly llr: number;
  /** Accept H0 at or below `lower`, H1 at or above `upper`. */
  readonly lower: number;
  readonly upper: number;
  /** 'H0' or 'H1' once a bound is crossed; null while the test goes on. */
  readonly accepted: 'H0' | 'H1' | null;
  readonly samples: number;
  /** True when every sample so far was the same (e.g. two copies of a deterministic bot): the variance floor decided. */
  readonly noVariation: boolean;
}

/**
 * Fewest samples before the test may decide, and the fewest new samples
 * between two looks. Wald's bounds hold for a test that looks continuously
 * with a known variance; here the variance is estimated, and a look after every
 * deal from the tenth (as matches of 64 deals or fewer did, one deal a batch)
 * let its noise cross the H1 bound: A/A simulations accept H1 in 6.2% of
 * matches of 64 deals at α = 5% (`test/stats/sprt-level.test.ts`). Looking
 * from 16 deals on and at most every 8 deals keeps the A/A rate below α at
 * every match size measured, 16 to 400 deals (3.8% at worst); a run's
 * batches are its looks when they are larger (`sprtLookDue`).
 */
export const SPRT_MIN_SAMPLES = 16;
export const SPRT_LOOK_SPACING = 8;

/**
 * Whether the test looks at this point: at a batch boundary with at least
 * SPRT_MIN_SAMPLES deals, SPRT_LOOK_SPACING or more deals after the last look.
 * @param lastLook deals at the last look (0 before the first).
 */
export function sprtLookDue(deals: number, lastLook: number): boolean {
  return deals >= SPRT_MIN_SAMPLES && deals - lastLook >= SPRT_LOOK_SPACING;
}

/**
 * The SPRT's state from the sum and sum of squares of n per-deal scores.
 * A sample variance of zero (every deal gave the same score, e.g. two copies
 * of a deterministic bot) is floored at 1e-9 so that the ratio is finite.
 * @param look false when this is not one of the test's looks (`sprtLookDue`): the LLR is given, no decision.
 * @throws Error when μ0 >= μ1 or α, β are outside (0, 0.5).
 */
export function sprt(sum: number, sumSq: number, n: number, p: SprtParams, look = true): SprtState {
  if (!(p.mu0 < p.mu1)) throw new Error(`SPRT: the H0 bound (${p.mu0}) must be below the H1 bound (${p.mu1})`);
  if (!(p.alpha > 0 && p.alpha < 0.5 && p.beta > 0 && p.beta < 0.5)) throw new Error('SPRT: alpha and beta must be in (0, 0.5)');
  const lower = Math.log(p.beta / (1 - p.alpha));
  const upper = Math.log((1 - p.beta) / p.alpha);
  if (n < 2) return { llr: 0, lower, upper, accepted: null, samples: n, noVariation: false };
  const mean = sum / n;
  const raw = (sumSq - sum * mean) / (n - 1);
  const variance = Math.max(1e-9, raw);
  const llr = (n * (p.mu1 - p.mu0) * (2 * mean - p.mu0 - p.mu1)) / (2 * variance);
  const accepted = !look || n < SPRT_MIN_SAMPLES ? null : llr >= upper ? 'H1' : llr <= lower ? 'H0' : null;
  return { llr, lower, upper, accepted, samples: n, noVariation: raw <= 1e-12 };
}
