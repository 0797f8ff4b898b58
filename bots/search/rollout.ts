import type { Bot, BotContext, BotParam, Game, GameStateBase, Rng, Variant } from '../../src/core/index.js';
import { BotSpecError } from '../../src/core/index.js';
// Imported directly, not through bots/index.ts, which imports the search bots.
import { greedyBot } from '../greedy/index.js';

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
 * @throws BotSpecError when `policy` is `greedy` and the game has no greedy heuristic.
 */
export function checkRollout(policy: RolloutPolicy, game: Game<GameStateBase, object>): void {
  if (policy === 'greedy' && !greedyBot.supports(game.info.id)) {
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
 * Plays a state to the end with one rollout policy, allocating nothing per
 * step after construction: one legal-action buffer and, for `greedy`, one
 * observation buffer and one context per seat. Built for one variant.
 */
export class Rollout {
  private readonly legal: Int32Array;
  private readonly obs: object | null;
  private readonly contexts: PlayoutContext[];
  private readonly greedy: Bot | null;
  private readonly bound: number;

  /**
   * @throws BotSpecError when `policy` is `greedy` and the game has no greedy heuristic.
   */
  constructor(
    private readonly game: Game<GameStateBase, object>,
    readonly variant: Variant,
    players: number,
    policy: RolloutPolicy,
    rng: Rng,
  ) {
    this.legal = new Int32Array(game.numDistinctActions(variant));
    this.bound = game.maxDecisions(variant);
    if (policy === 'greedy') {
      checkRollout(policy, game);
      this.greedy = greedyBot.create({}, game);
      this.obs = game.newObservation(variant);
      this.contexts = Array.from({ length: players }, (_, s) => new PlayoutContext(s, players, variant, rng, game));
    } else {
      this.greedy = null;
      this.obs = null;
      this.contexts = [];
    }
  }

  /**
   * Plays `s` to a terminal state, every seat's action drawn from `rng`
   * (random) or chosen by the greedy heuristic on that seat's observation.
   * @throws Error when the game outlasts its own `maxDecisions` (a game bug).
   */
  run(s: GameStateBase, rng: Rng): void {
    const { game, legal, greedy, obs } = this;
    let steps = 0;
    while (!game.isTerminal(s)) {
      const n = game.legalActions(s, legal);
      let a: number;
      if (greedy !== null && obs !== null) {
        const seat = game.currentSeat(s);
        const ctx = this.contexts[seat]!;
        ctx.rng = rng;
        if (greedy.observes !== false) game.observe(s, seat, obs);
        a = greedy.act(obs, legal, n, ctx);
      } else {
        a = legal[rng.int(n)]!;
      }
      game.apply(s, a);
      if (++steps > this.bound) throw new Error(`${game.info.id}: playout exceeded ${this.bound} decisions`);
    }
  }
}
