/**
 * Dirichlet noise for a search's root (AlphaZero's exploration in self-play:
 * Silver et al., "A general reinforcement learning algorithm that masters
 * chess, shogi, and Go through self-play", Science 362, 2018, Methods: the
 * root's priors become (1 − ε) p + ε η, η ~ Dir(α)). The gamma variates come
 * from `@stdlib/random-base-gamma` (Marsaglia and Tsang's method) fed by the
 * caller's seeded generator, so the noise is a function of that stream
 * alone (a bot with noise carries nothing from one decision to the next). The package loads on the first draw: a search without noise never
 * loads it.
 */
import { createRequire } from 'node:module';
import type { Rng } from '../../src/core/index.js';

type GammaFactory = (options: { prng: () => number }) => (alpha: number, beta: number) => number;

const require = createRequire(import.meta.url);
let factory: GammaFactory | null = null;

/** A source of Dir(α) draws over one decision's legal actions, reading uniforms from whichever generator `draw` is given. */
export class DirichletNoise {
  /** @param alpha the concentration α > 0 (AlphaZero: 0.3 in chess, 0.03 in Go; about 10 / typical legal actions). */
  constructor(readonly alpha: number) {
    factory ??= (require('@stdlib/random-base-gamma') as { factory: GammaFactory }).factory;
  }

  /**
   * Writes one Dir(α) draw over the legal actions into `into[legal[i]]`, for
   * i < `count` (so `into` is indexed by action id); the draws sum to 1.
   * @param rng the uniforms' generator (advanced by the draw).
   */
  draw(rng: Rng, legal: Int32Array, count: number, into: Float64Array): void {
    // A generator for this draw alone: with an external source, the package's normal variates come from a Mersenne
    // Twister it seeds from one uniform and keeps, so one kept across draws would carry state from one decision
    // (and game) to the next; seeded here, each draw is a function of `rng`'s stream alone.
    const gamma = factory!({ prng: () => rng.next() });
    let sum = 0;
    for (let i = 0; i < count; i++) {
      const g = gamma(this.alpha, 1);
      into[legal[i]!] = g;
      sum += g;
    }
    // Every variate can underflow to 0 at a small α: the noise is then uniform.
    for (let i = 0; i < count; i++) into[legal[i]!] = sum > 0 ? into[legal[i]!]! / sum : 1 / count;
  }
}
