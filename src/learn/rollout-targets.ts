/**
 * Rollout targets: the Q-value of every legal action at a decision,
 * estimated by taking the action and letting a fixed policy (a built-in bot,
 * `greedy` by default) play every seat to the end of the game, as a rollout
 * algorithm does (Tesauro & Galperin, "On-line Policy Improvement using
 * Monte-Carlo Search", NIPS 1996; Bertsekas, Tsitsiklis & Wu, "Rollout
 * Algorithms for Combinatorial Optimization", 1997). The rollouts start from
 * the game's true state, so they see the hidden cards; the net that learns
 * from them sees only the observation, and a squared loss makes it learn the
 * mean over the states that observation allows, weighted as play reaches
 * them: an unbiased target, unlike a determinization's guess at that
 * distribution. Every action's rollout starts from the same state with the
 * same bot generators (common random numbers), so the differences between
 * actions carry no noise of their own but the policy's.
 */
import type { Bot, BotContext } from '../core/bot.js';
import type { GameStateBase } from '../core/game.js';
import type { AnyGame } from '../core/registry.js';
import { createRng, type Rng } from '../core/rng.js';
import type { Variant } from '../core/variant.js';
import { createBot, parseLineup } from '../../bots/index.js';
import { utilities } from './utility.js';

/** Labels decisions of one game and variant with rollout targets; reuses its state and buffers (not thread-safe). */
export class RolloutLabeller {
  private readonly t: GameStateBase;
  private readonly obs: object;
  private readonly legal: Int32Array;
  private readonly bots: Bot[];
  private readonly ctxs: BotContext[];
  private readonly rngs: Rng[];
  private readonly util: Float64Array;

  /**
   * @param spec the rollout policy, a built-in bot's spec (e.g. `greedy`), one instance per seat.
   * @param scoreScale a zero-sum game's scores are divided by this (1 for win-share games), as the Monte-Carlo returns are.
   * @throws BotSpecError when `spec` is not a built-in bot of the game.
   */
  constructor(
    private readonly game: AnyGame,
    variant: Variant,
    spec: string,
    private readonly scoreScale: number,
  ) {
    this.t = game.newState(variant);
    this.obs = game.newObservation(variant);
    this.legal = new Int32Array(game.numDistinctActions(variant));
    const P = this.t.players;
    const parsed = parseLineup(spec)[0]!;
    this.bots = Array.from({ length: P }, () => createBot(parsed, game));
    this.rngs = Array.from({ length: P }, () => createRng('unused'));
    this.ctxs = this.rngs.map((rng, seat) => ({ seat, players: P, variant, rng, model: game }));
    this.util = new Float64Array(P);
  }

  /**
   * Writes into `out[offset + k]`, for k in [0, n), the utility for `seat`
   * (its win share, or its score over `scoreScale`) of taking `legal[k]` in
   * state `s` and then playing every seat with the rollout policy to the
   * game's end. `s` is left as it was. Deterministic in (`s`, `key`).
   */
  label(s: GameStateBase, seat: number, legal: Int32Array, n: number, key: string, out: Float32Array, offset: number): void {
    const { game, t, bots, ctxs, rngs } = this;
    for (let k = 0; k < n; k++) {
      game.clone(s, t);
      game.apply(t, legal[k]!);
      for (let p = 0; p < bots.length; p++) {
        rngs[p]!.seed(`${key}/${p}`);
        bots[p]!.reset?.(ctxs[p]!);
      }
      while (!game.isTerminal(t)) {
        const q = game.currentSeat(t);
        const m = game.legalActions(t, this.legal);
        game.observe(t, q, this.obs);
        game.apply(t, bots[q]!.act(this.obs, this.legal, m, ctxs[q]!));
      }
      utilities(game, t, this.scoreScale, this.util);
      out[offset + k] = this.util[seat]!;
    }
  }
}
