import type { Bot, BotContext, BotKind, Game, GameStateBase, Rng, Variant } from '../../src/core/index.js';
import { BotSpecError, resolveBotParams } from '../../src/core/index.js';

/** The bot kinds a search can play as a policy: `rollout=greedy`, `rollout=nn`, `prior=greedy`. */
export type PolicyName = 'greedy' | 'nn';

/**
 * What each policy name plays: the bot kinds the bot registry
 * (`bots/index.ts`) hands to the search bots' factories (`greedy`: the
 * games' hand-written heuristics; `nn`: the learned bot with the game's
 * shipped net), so that `bots/search` reads the core contract alone and
 * reaches no game and no net. A name left out cannot be played.
 */
export type PolicyKinds = Readonly<Partial<Record<PolicyName, BotKind>>>;

/**
 * Builds the bot a policy name plays in `game`: its kind with every
 * parameter at its default for that game (as the registry resolves a spec
 * without parameters: `greedy` with the game's tuned weights, `nn` with
 * `file=shipped,temperature=0,epsilon=0`, the shipped net's argmax).
 * @throws BotSpecError (one line) when no kind is given for the name or it
 *   cannot play the game, or from the kind's own `create` (`nn`: the game
 *   has no shipped net, or it is malformed).
 */
export function policyBot(name: PolicyName, game: Game<GameStateBase, object>, kinds: PolicyKinds, params: Readonly<Record<string, string>> = {}): Bot {
  const kind = kinds[name];
  const id = game.info.id;
  if (kind === undefined || !kind.supports(id)) {
    throw new BotSpecError(
      name === 'greedy'
        ? `rollout=greedy needs a greedy heuristic, and ${id} has none; use rollout=random`
        : `rollout=nn needs a game with an observation tensor, and ${id} has none; use rollout=random or rollout=greedy`,
    );
  }
  return kind.create(resolveBotParams(kind, params, id), game);
}

/**
 * A bot that can say what its net thinks of a position (the `nn` bot): the
 * search's policy prior and leaf values (`ismcts:prior=net`, `leaf=net`).
 */
export interface PositionEvaluator {
  /**
   * Evaluates the observation of seat `ctx.seat`, whose legal actions are
   * `legal[0..count)`.
   * @param temperature T > 0: the prior is softmax(score / T).
   * @param priors receives `count` probabilities, in the order of `legal`.
   * @param values receives one value per seat, `values[s]` for absolute seat
   *   s, in the game's utility (win share in [0, 1], or net chips for a
   *   zero-sum game): the value head's estimate of the game's outcome (or
   *   of the round's points, see {@link valueKind}).
   */
  evaluate(obs: object, legal: Int32Array, count: number, ctx: BotContext, temperature: number, priors: Float64Array, values: Float64Array): void;
  /** The value head alone, as {@link evaluate} writes it (a leaf needs no prior). */
  evaluateValues(obs: object, legal: Int32Array, count: number, ctx: BotContext, values: Float64Array): void;
  /**
   * What the values estimate: `'game'`, every seat's outcome of the game in
   * its utility; `'round'`, every seat's points in the round being played
   * (game points, to add to `Game.runningScores`).
   */
  readonly valueKind: 'game' | 'round';
}

/** True when `bot` is a {@link PositionEvaluator}. */
export function isPositionEvaluator(bot: Bot): bot is Bot & PositionEvaluator {
  const e = bot as Partial<PositionEvaluator>;
  return typeof e.evaluate === 'function' && typeof e.evaluateValues === 'function';
}

/** A context handed to a policy's bot for one seat inside a playout. */
class PlayoutContext implements BotContext {
  constructor(
    readonly seat: number,
    readonly players: number,
    readonly variant: Variant,
    public rng: Rng,
    readonly model: Game<GameStateBase, object>,
  ) {}
}

/**
 * A bot as a policy over full states: for the seat to act, fills that seat's
 * observation of the state and asks one bot instance, shared by every seat
 * (the policies' bots keep nothing between decisions that another seat's
 * decision could disturb: greedy's caches are cleared by `reset`, `nn` holds
 * only scratch buffers). Used by playouts (`rollout=greedy`, `rollout=nn`)
 * and by `ismcts:prior=greedy` to order expansion. Allocates nothing per
 * call after construction (beyond what the bot itself allocates).
 */
export class BotPolicy {
  private readonly bot: Bot;
  private readonly obs: object;
  private readonly contexts: PlayoutContext[];

  /** @throws BotSpecError from {@link policyBot} when the policy cannot play the game. */
  constructor(
    private readonly game: Game<GameStateBase, object>,
    variant: Variant,
    players: number,
    rng: Rng,
    name: PolicyName,
    kinds: PolicyKinds,
  ) {
    this.bot = policyBot(name, game, kinds);
    this.obs = game.newObservation(variant);
    this.contexts = Array.from({ length: players }, (_, s) => new PlayoutContext(s, players, variant, rng, game));
  }

  /** Forgets what the bot kept from earlier calls (`Bot.reset`): the start of a decision. */
  reset(): void {
    this.bot.reset?.(this.contexts[0]!);
  }

  /**
   * The bot's action for the seat to act in `s`, whose legal actions are
   * `legal[0..n)`; `rng` is the stream the bot draws from (the search's).
   */
  act(s: GameStateBase, legal: Int32Array, n: number, rng: Rng): number {
    const seat = this.game.currentSeat(s);
    const ctx = this.contexts[seat]!;
    ctx.rng = rng;
    if (this.bot.observes !== false) this.game.observe(s, seat, this.obs);
    return this.bot.act(this.obs, legal, n, ctx);
  }
}
