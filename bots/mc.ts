/**
 * `mc`: flat Monte Carlo with determinization ("Perfect Information Monte
 * Carlo" as in Ginsberg's GIB, Journal of AI Research 14, 2001; the flat
 * determinized baseline of Cowling, Powley and Whitehouse, "Information Set
 * Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012).
 *
 * For each decision, playouts are spread round-robin over the legal actions:
 * playout i tries action `legal[i mod n]` in a fresh determinization of the
 * observation (`model.determinize`, a state drawn uniformly among those the
 * seat cannot tell apart), then plays to the end with the rollout policy.
 * The action with the best mean reward of this seat wins (ties: the lowest
 * action id). Rewards: `search/reward.ts`.
 *
 * Budget: `iterations` playouts in all (at least one per legal action), or
 * `ms` milliseconds when `ms > 0` (then `reproducible` is false).
 * @throws BotSpecError from `create` when rollout=greedy and the game has no greedy heuristic, or
 *   rollout=nn and the game has no observation tensor or no shipped net.
 * Works for every game through the `Game` interface alone.
 */
import type { Action, Bot, BotContext, BotKind, BotParams, Game, GameStateBase } from '../src/core/index.js';
import { Budget } from './search/budget.js';
import { SearchBuffers, type SearchOptions } from './search/buffers.js';
import type { PolicyKinds } from './search/policy.js';
import { checkRollout, MS_PARAM, ROLLOUT_PARAM, type RolloutPolicy } from './search/rollout.js';

/** Default playouts per decision of `mc`. */
export const MC_DEFAULT_ITERATIONS = 500;

/**
 * How a {@link FlatMonteCarloBot} plays: the `mc` parameters as values.
 * Every field may be left out; its default is the parameter's own.
 */
export interface McOptions {
  /**
   * Playouts per decision in all, spread round-robin over the legal actions
   * (at least one each, so a decision may play more); the budget unless
   * `ms > 0`. Default {@link MC_DEFAULT_ITERATIONS} (`mc:iterations=`).
   */
  readonly iterations?: number;
  /**
   * Wall-clock budget per decision in milliseconds, instead of `iterations`;
   * then the bot is not reproducible. Default 0: count playouts (`mc:ms=`).
   */
  readonly ms?: number;
  /**
   * Who plays the playouts: uniform random, the game's greedy heuristic or its
   * shipped net, for every seat. Default `'random'` (`mc:rollout=`).
   * `greedy` and `nn` need their kind in `policies` (the kind's `create`
   * checks it, `checkRollout`).
   */
  readonly rollout?: RolloutPolicy;
  /**
   * The bot kinds `rollout=greedy` and `rollout=nn` play, injected by the bot
   * registry (`bots/index.ts`). Default `{}`: none, so only random playouts.
   */
  readonly policies?: PolicyKinds;
}

/** A flat Monte Carlo player; one instance per seat entry, reused across games. */
export class FlatMonteCarloBot implements Bot {
  /** False when the budget is wall-clock time: results then depend on the machine. */
  readonly reproducible: boolean;
  private readonly policy: RolloutPolicy;
  /** What its buffers need besides the rollout policy: no round horizon, no prior. */
  private readonly search: SearchOptions;
  private readonly budget: Budget;
  private buffers: SearchBuffers | null = null;
  private sums = new Float64Array(0);
  private counts = new Int32Array(0);

  /** @param options how it plays; every field left out takes its default (see {@link McOptions}). */
  constructor(
    private readonly game: Game<GameStateBase, object>,
    options: McOptions = {},
  ) {
    const { iterations = MC_DEFAULT_ITERATIONS, ms = 0, rollout = 'random', policies = {} } = options;
    this.policy = rollout;
    this.search = { roundHorizon: false, greedyPrior: false, policies };
    this.budget = new Budget(iterations, ms);
    this.reproducible = this.budget.reproducible;
  }

  /** Checks the net its playouts read against the run's variant (`Bot.checkVariant`, `SearchBuffers.forDecision`). */
  checkVariant(ctx: BotContext): void {
    this.buffers = SearchBuffers.forDecision(this.buffers, this.game, ctx, this.policy, this.search);
  }

  act(obs: object, legal: Int32Array, count: number, ctx: BotContext): Action {
    if (count === 1) return legal[0]!;
    const b = (this.buffers = SearchBuffers.forDecision(this.buffers, this.game, ctx, this.policy, this.search));
    if (this.sums.length < count) {
      this.sums = new Float64Array(b.legal.length);
      this.counts = new Int32Array(b.legal.length);
    }
    const { game, budget } = this;
    const { state, utilities, scale, rollout } = b;
    const { sums, counts } = this;
    const rng = ctx.rng;
    const me = ctx.seat;
    sums.fill(0, 0, count);
    counts.fill(0, 0, count);
    scale.reset();
    budget.start();
    for (let i = 0; budget.allows(i, count) || i < count; i++) {
      const k = i % count;
      game.determinize(obs, rng, state);
      game.apply(state, legal[k]!);
      rollout.run(state, rng);
      scale.utilities(game.result(state), b.players, utilities);
      sums[k]! += utilities[me]!;
      counts[k]!++;
    }
    let best = 0;
    let bestMean = -Infinity;
    for (let k = 0; k < count; k++) {
      const mean = sums[k]! / counts[k]!;
      if (mean > bestMean) {
        bestMean = mean;
        best = k;
      }
    }
    return legal[best]!;
  }
}

/**
 * The `mc` bot kind: `mc:iterations=500,rollout=greedy`.
 * @param policies what `rollout=greedy` and `rollout=nn` play (the bot
 *   registry passes the greedy heuristics and the nn bot).
 */
export const mcKind = (policies: PolicyKinds): BotKind => ({
  name: 'mc',
  doc: 'flat Monte Carlo: determinized playouts spread round-robin over the legal actions, best mean reward',
  params: [
    { key: 'iterations', kind: 'int', min: 1, max: 10_000_000, default: MC_DEFAULT_ITERATIONS, doc: 'playouts per decision (at least one per legal action)' },
    MS_PARAM,
    ROLLOUT_PARAM,
  ],
  supports: () => true,
  create(params: BotParams, game: Game<GameStateBase, object>): Bot {
    const policy = params.rollout as RolloutPolicy;
    checkRollout(policy, game, policies);
    return new FlatMonteCarloBot(game, { iterations: Number(params.iterations), ms: Number(params.ms), rollout: policy, policies });
  },
});
