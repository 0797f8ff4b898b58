import type { BotContext, Game, GameStateBase, Rng, Variant } from '../../src/core/index.js';
import { BotSpecError } from '../../src/core/index.js';
import { isPositionEvaluator, type PolicyKinds, policyBot, type PositionEvaluator } from './policy.js';

/**
 * A learned net as a search's guide over full states (`ismcts:prior=net`,
 * `leaf=net`): for the seat to act, fills that seat's observation of the
 * state and asks the `nn` bot's {@link PositionEvaluator} for the policy
 * head's prior over the legal actions and the value head's estimate of
 * every seat's outcome. The net is the AlphaZero kind of guide (Silver et
 * al., "A general reinforcement learning algorithm that masters chess,
 * shogi, and Go through self-play", Science 362, 2018) and Expert
 * Iteration's apprentice inside its expert (Anthony, Tian and Barber,
 * NeurIPS 2017). Allocates nothing per call after construction (beyond
 * what the `nn` bot allocates, which is nothing after its first decision).
 */
export class NetGuide {
  private readonly evaluator: PositionEvaluator;
  private readonly obs: object;
  private readonly contexts: BotContext[];

  /**
   * @param file the net: a path, or `shipped` for the game's own.
   * @throws BotSpecError (one line) when the registry gave no `nn` kind, the
   *   game has no tensor, or the net cannot be read or is for another game.
   */
  constructor(
    private readonly game: Game<GameStateBase, object>,
    variant: Variant,
    players: number,
    rng: Rng,
    file: string,
    kinds: PolicyKinds,
  ) {
    if (kinds.nn === undefined || !kinds.nn.supports(game.info.id))
      throw new BotSpecError(`prior=net and leaf=net need a game with an observation tensor, and ${game.info.id} has none; use net=none`);
    const bot = policyBot('nn', game, kinds, { file });
    if (!isPositionEvaluator(bot)) throw new BotSpecError('prior=net and leaf=net need the nn bot to evaluate positions');
    this.evaluator = bot;
    this.obs = game.newObservation(variant);
    this.contexts = Array.from({ length: players }, (_, seat) => ({ seat, players, variant, rng, model: game }));
    bot.reset?.(this.contexts[0]!);
  }

  /** What the net's values estimate (`PositionEvaluator.valueKind`): the game's outcome, or the round's points. */
  get valueKind(): 'game' | 'round' {
    return this.evaluator.valueKind;
  }

  /** The value head alone at `s` (a leaf): one value per absolute seat, as {@link evaluate} writes them. */
  values(s: GameStateBase, legal: Int32Array, n: number, values: Float64Array): void {
    const seat = this.game.currentSeat(s);
    this.game.observe(s, seat, this.obs);
    this.evaluator.evaluateValues(this.obs, legal, n, this.contexts[seat]!, values);
  }

  /**
   * The net's view of `s` for the seat to act, whose legal actions are
   * `legal[0..n)` (see {@link PositionEvaluator.evaluate}).
   * @param priors receives `n` probabilities, softmax(score / temperature).
   * @param values receives one value per absolute seat, in the game's utility.
   */
  evaluate(s: GameStateBase, legal: Int32Array, n: number, temperature: number, priors: Float64Array, values: Float64Array): void {
    const seat = this.game.currentSeat(s);
    this.game.observe(s, seat, this.obs);
    this.evaluator.evaluate(this.obs, legal, n, this.contexts[seat]!, temperature, priors, values);
  }
}
