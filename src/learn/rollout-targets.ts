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
 *
 * With the round horizon (games with `roundsDone` and `runningScores`), a
 * rollout stops at the end of the current round, and an action's value is
 * its seat's margin over the best other seat in the running scores there,
 * as `ismcts:horizon=round` scores its playouts; a decision's margins are
 * then centred on their mean over its actions and divided by a fixed scale
 * (points). The mean is common to every action of the decision, so the
 * expected targets keep the order of the expected margins (a min-max map
 * onto [0, 1] did not: it rewarded actions that are often best by a little
 * over actions that are never worst by a lot), and it takes out what the
 * hidden cards do to every action alike.
 */
import type { Bot, BotContext } from '../core/bot.js';
import type { GameStateBase } from '../core/game.js';
import type { AnyGame } from '../core/registry.js';
import { createRng, type Rng } from '../core/rng.js';
import type { Variant } from '../core/variant.js';
import { createBot, parseLineup } from '../../bots/index.js';
import { utilities } from './utility.js';

/** Where a rollout stops: the game's end (the seat's utility), or the end of the current round (the seat's margin in the running scores). */
export type RolloutHorizon = 'game' | 'round';

/** Labels decisions of one game and variant with rollout targets; reuses its state and buffers (not thread-safe). */
export class RolloutLabeller {
  private readonly t: GameStateBase;
  private readonly obs: object;
  private readonly legal: Int32Array;
  private readonly bots: Bot[];
  private readonly ctxs: BotContext[];
  private readonly rngs: Rng[];
  private readonly util: Float64Array;
  private readonly scores: Float64Array;

  /**
   * @param spec the rollout policy, a built-in bot's spec (e.g. `greedy`), one instance per seat.
   * @param scoreScale a zero-sum game's scores are divided by this (1 for win-share games), as the Monte-Carlo returns are.
   * @param horizon `round`: stop at the end of the current round (see the module's note).
   * @param roundScale with the round horizon: the points a centred margin is divided by.
   * @param advantage with the game horizon: each target less the mean of its decision's
   *   (an advantage: the hidden cards' effect on every action alike cancels); the round
   *   horizon always centres.
   * @throws BotSpecError when `spec` is not a built-in bot of the game.
   * @throws RangeError for the round horizon in a game without `roundsDone` and `runningScores`.
   */
  constructor(
    private readonly game: AnyGame,
    variant: Variant,
    spec: string,
    private readonly scoreScale: number,
    private readonly horizon: RolloutHorizon = 'game',
    private readonly roundScale = 10,
    private readonly advantage = false,
  ) {
    if (horizon === 'round' && (game.roundsDone === undefined || game.runningScores === undefined))
      throw new RangeError(`${game.info.id} has no rounds with running scores: its rollouts can only end with the game`);
    this.t = game.newState(variant);
    this.obs = game.newObservation(variant);
    this.legal = new Int32Array(game.numDistinctActions(variant));
    const P = this.t.players;
    const parsed = parseLineup(spec)[0]!;
    this.bots = Array.from({ length: P }, () => createBot(parsed, game));
    this.rngs = Array.from({ length: P }, () => createRng('unused'));
    this.ctxs = this.rngs.map((rng, seat) => ({ seat, players: P, variant, rng, model: game }));
    this.util = new Float64Array(P);
    this.scores = new Float64Array(P);
  }

  /**
   * Writes into `out[offset + k]`, for k in [0, n), the utility for `seat`
   * (its win share, or its score over `scoreScale`) of taking `legal[k]` in
   * state `s` and then playing every seat with the rollout policy to the
   * game's end; with the round horizon, its margin at the end of the round
   * less the mean of the decision's margins, over `roundScale`. `s` is left as it was.
   * Deterministic in (`s`, `key`).
   */
  label(s: GameStateBase, seat: number, legal: Int32Array, n: number, key: string, out: Float32Array, offset: number): void {
    const { game, t, bots, ctxs, rngs } = this;
    const round = this.horizon === 'round' ? game.roundsDone!(s) : -1;
    for (let k = 0; k < n; k++) {
      game.clone(s, t);
      game.apply(t, legal[k]!);
      for (let p = 0; p < bots.length; p++) {
        rngs[p]!.seed(`${key}/${p}`);
        bots[p]!.reset?.(ctxs[p]!);
      }
      while (!game.isTerminal(t)) {
        if (round >= 0 && game.roundsDone!(t) > round) break;
        const q = game.currentSeat(t);
        const m = game.legalActions(t, this.legal);
        game.observe(t, q, this.obs);
        game.apply(t, bots[q]!.act(this.obs, this.legal, m, ctxs[q]!));
      }
      if (round >= 0) out[offset + k] = this.margin(t, seat);
      else {
        utilities(game, t, this.scoreScale, this.util);
        out[offset + k] = this.util[seat]!;
      }
    }
    if (round >= 0) centre(out, offset, n, this.roundScale);
    else if (this.advantage) centre(out, offset, n, 1);
  }

  /** `seat`'s running score less the best other seat's (game points). */
  private margin(t: GameStateBase, seat: number): number {
    this.game.runningScores!(t, this.scores);
    let best = -Infinity;
    for (let q = 0; q < t.players; q++) if (q !== seat && this.scores[q]! > best) best = this.scores[q]!;
    return this.scores[seat]! - best;
  }
}

/** Replaces `x[offset, offset + n)` by its differences from its mean, divided by `scale`. */
export function centre(x: Float32Array, offset: number, n: number, scale: number): void {
  let mean = 0;
  for (let k = 0; k < n; k++) mean += x[offset + k]!;
  mean /= n;
  for (let k = 0; k < n; k++) x[offset + k] = (x[offset + k]! - mean) / scale;
}
