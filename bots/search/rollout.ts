import type { Bot, BotContext, BotKind, BotParam, Game, GameStateBase, Rng, Variant } from '../../src/core/index.js';
import { BotSpecError } from '../../src/core/index.js';

/**
 * The heuristic behind `rollout=greedy` and `prior=greedy`: a bot kind that
 * the bot registry (`bots/index.ts`) hands to the search bots' factories (it
 * passes `greedy`, the games' hand-written heuristics), so that
 * `bots/search` reads the core contract alone and reaches no game.
 */
export type Heuristic = Pick<BotKind, 'supports' | 'create'>;

/** How a playout picks the actions of every seat after the search's own choices. */
export type RolloutPolicy = 'random' | 'greedy';

/** The search bots' shared parameter: the playout policy. */
export const ROLLOUT_PARAM: BotParam = {
  key: 'rollout',
  kind: 'enum',
  choices: ['random', 'greedy'],
  default: 'random',
  doc: "playout policy: uniform random, or the game's greedy heuristic for every seat",
};

/** The search bots' shared parameter: wall-clock budget (0: use iterations). */
export const MS_PARAM: BotParam = {
  key: 'ms',
  kind: 'int',
  min: 0,
  max: 600_000,
  default: 0,
  doc: 'milliseconds per decision instead of iterations (not reproducible); 0 = use iterations',
};

/**
 * Checks, when a bot is built, that its rollout policy can play `game`.
 * @param heuristic what `greedy` means (null: none was given).
 * @throws BotSpecError when `policy` is `greedy` and the game has no greedy heuristic.
 */
export function checkRollout(policy: RolloutPolicy, game: Game<GameStateBase, object>, heuristic: Heuristic | null): void {
  if (policy === 'greedy' && (heuristic === null || !heuristic.supports(game.info.id))) {
    throw new BotSpecError(`rollout=greedy needs a greedy heuristic, and ${game.info.id} has none; use rollout=random`);
  }
}

/** A context handed to the greedy heuristic for one seat inside a playout. */
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
 * The game's greedy heuristic as a policy over full states: for the seat to
 * act, fills that seat's observation of the state and asks the heuristic.
 * Used by playouts (`rollout=greedy`) and by `ismcts:prior=greedy` to order
 * expansion. Allocates nothing per call after construction.
 */
export class GreedyPolicy {
  private readonly bot: Bot;
  private readonly obs: object;
  private readonly contexts: PlayoutContext[];

  /** @throws BotSpecError when the game has no greedy heuristic. */
  constructor(
    private readonly game: Game<GameStateBase, object>,
    variant: Variant,
    players: number,
    rng: Rng,
    heuristic: Heuristic | null,
  ) {
    checkRollout('greedy', game, heuristic);
    this.bot = heuristic!.create({}, game);
    this.obs = game.newObservation(variant);
    this.contexts = Array.from({ length: players }, (_, s) => new PlayoutContext(s, players, variant, rng, game));
  }

  /** Forgets what the heuristic kept from earlier calls (`Bot.reset`): the start of a decision. */
  reset(): void {
    this.bot.reset?.(this.contexts[0]!);
  }

  /**
   * The heuristic's action for the seat to act in `s`, whose legal actions
   * are `legal[0..n)`.
   */
  act(s: GameStateBase, legal: Int32Array, n: number, rng: Rng): number {
    const seat = this.game.currentSeat(s);
    const ctx = this.contexts[seat]!;
    ctx.rng = rng;
    if (this.bot.observes !== false) this.game.observe(s, seat, this.obs);
    return this.bot.act(this.obs, legal, n, ctx);
  }
}

/**
 * Plays a state to the end (or to the end of its round) with one rollout
 * policy, allocating nothing per step after construction: one legal-action
 * buffer and, for `greedy`, one {@link GreedyPolicy}. Built for one variant.
 */
export class Rollout {
  private readonly legal: Int32Array;
  private readonly greedy: GreedyPolicy | null;
  private readonly bound: number;

  /**
   * @param heuristic what `greedy` means (see {@link Heuristic}); unused for `random`.
   * @throws BotSpecError when `policy` is `greedy` and the game has no greedy heuristic.
   */
  constructor(
    private readonly game: Game<GameStateBase, object>,
    readonly variant: Variant,
    players: number,
    policy: RolloutPolicy,
    rng: Rng,
    heuristic: Heuristic | null = null,
  ) {
    this.legal = new Int32Array(game.numDistinctActions(variant));
    this.bound = game.maxDecisions(variant);
    this.greedy = policy === 'greedy' ? new GreedyPolicy(game, variant, players, rng, heuristic) : null;
  }

  /** Forgets what the greedy policy kept from earlier playouts (the start of a decision). */
  reset(): void {
    this.greedy?.reset();
  }

  /**
   * Plays `s` to a terminal state, every seat's action drawn from `rng`
   * (random) or chosen by the greedy heuristic on that seat's observation.
   * With `roundLimit >= 0` and a game that has `roundsDone`, stops as soon
   * as more than `roundLimit` rounds are done (the end of the round that was
   * being played when `roundsDone(s)` was `roundLimit`).
   * @throws Error when the game outlasts its own `maxDecisions` (a game bug).
   */
  run(s: GameStateBase, rng: Rng, roundLimit = -1): void {
    const { game, legal, greedy } = this;
    const truncate = roundLimit >= 0 && game.roundsDone !== undefined;
    let steps = 0;
    if (greedy === null && game.legalCount !== undefined && game.legalAt !== undefined) {
      // Random playouts in a game that decodes an index: count, draw, decode (no listing; the same actions).
      while (!game.isTerminal(s)) {
        if (truncate && game.roundsDone!(s) > roundLimit) return;
        game.apply(s, game.legalAt(s, rng.int(game.legalCount(s))));
        if (++steps > this.bound) throw new Error(`${game.info.id}: playout exceeded ${this.bound} decisions`);
      }
      return;
    }
    while (!game.isTerminal(s)) {
      if (truncate && game.roundsDone!(s) > roundLimit) return;
      const n = game.legalActions(s, legal);
      const a = greedy !== null ? greedy.act(s, legal, n, rng) : legal[rng.int(n)]!;
      game.apply(s, a);
      if (++steps > this.bound) throw new Error(`${game.info.id}: playout exceeded ${this.bound} decisions`);
    }
  }
}
