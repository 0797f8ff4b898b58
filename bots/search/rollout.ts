import type { BotParam, Game, GameStateBase, Rng, Variant } from '../../src/core/index.js';
import { BotPolicy, type PolicyKinds, type PolicyName, policyBot } from './policy.js';

/** How a playout picks the actions of every seat after the search's own choices. */
export type RolloutPolicy = 'random' | PolicyName;

/** The search bots' shared parameter: the playout policy. */
export const ROLLOUT_PARAM: BotParam = {
  key: 'rollout',
  kind: 'enum',
  choices: ['random', 'greedy', 'nn'],
  default: 'random',
  doc: "playout policy: uniform random, the game's greedy heuristic for every seat, or the game's shipped net (nn) for every seat",
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
 * Checks, when a bot is built, that its rollout policy can play `game`, by
 * building the policy's bot once (`nn` reads the shipped net here).
 * @param kinds what `greedy` and `nn` play (see {@link PolicyKinds}).
 * @throws BotSpecError (one line) when `policy` is `greedy` and the game has
 *   no greedy heuristic, or `nn` and the game has no observation tensor or
 *   no shipped net (`bots/nets/<game>.json`).
 */
export function checkRollout(policy: RolloutPolicy, game: Game<GameStateBase, object>, kinds: PolicyKinds): void {
  if (policy !== 'random') policyBot(policy, game, kinds);
}

/**
 * Plays a state to the end (or to the end of its round) with one rollout
 * policy, allocating nothing per step after construction: one legal-action
 * buffer and, for `greedy` and `nn`, one {@link BotPolicy}. Built for one variant.
 */
export class Rollout {
  private readonly legal: Int32Array;
  private readonly policy: BotPolicy | null;
  private readonly bound: number;

  /**
   * @param kinds what `greedy` and `nn` play (see {@link PolicyKinds}); unused for `random`.
   * @throws BotSpecError when the policy cannot play the game (see {@link checkRollout}).
   */
  constructor(
    private readonly game: Game<GameStateBase, object>,
    readonly variant: Variant,
    players: number,
    policy: RolloutPolicy,
    rng: Rng,
    kinds: PolicyKinds = {},
  ) {
    this.legal = new Int32Array(game.numDistinctActions(variant));
    this.bound = game.maxDecisions(variant);
    this.policy = policy === 'random' ? null : new BotPolicy(game, variant, players, rng, policy, kinds);
  }

  /** Forgets what the policy's bot kept from earlier playouts (the start of a decision). */
  reset(): void {
    this.policy?.reset();
  }

  /**
   * Plays `s` to a terminal state, every seat's action drawn from `rng`
   * (random) or chosen by the policy's bot (greedy, nn) on that seat's observation.
   * With `roundLimit >= 0` and a game that has `roundsDone`, stops as soon
   * as more than `roundLimit` rounds are done (the end of the round that was
   * being played when `roundsDone(s)` was `roundLimit`).
   * @throws Error when the game outlasts its own `maxDecisions` (a game bug).
   */
  run(s: GameStateBase, rng: Rng, roundLimit = -1): void {
    const { game, legal, policy } = this;
    const truncate = roundLimit >= 0 && game.roundsDone !== undefined;
    let steps = 0;
    if (policy === null && game.legalCount !== undefined && game.legalAt !== undefined) {
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
      const a = policy !== null ? policy.act(s, legal, n, rng) : legal[rng.int(n)]!;
      game.apply(s, a);
      if (++steps > this.bound) throw new Error(`${game.info.id}: playout exceeded ${this.bound} decisions`);
    }
  }
}
