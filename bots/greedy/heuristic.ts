import type { Bot, BotParam, BotParams, Game, GameStateBase } from '../../src/core/index.js';

/**
 * One game's hand-written heuristic: its tunable weights and thresholds
 * (`greedy:leak=0.08`), whose defaults are the heuristic as shipped, and the
 * factory that builds it from resolved values of every one of them.
 * @typeParam O the game's observation type, which its bot reads without a
 *   cast; the table of heuristics (`index.ts`) holds them erased, as `object`.
 */
export interface GreedyHeuristic<O extends object = object> {
  readonly params: readonly BotParam[];
  /** @param params a value for every key of `params` (numbers for numeric ones). */
  create(params: BotParams, game: Game<GameStateBase, O>): Bot<O>;
}
