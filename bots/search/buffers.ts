import type { BotContext, Game, GameStateBase, Variant } from '../../src/core/index.js';
import { RewardScale } from './reward.js';
import { NetGuide } from './net-guide.js';
import { BotPolicy, type PolicyKinds } from './policy.js';
import { Rollout, type RolloutPolicy } from './rollout.js';

/** How a search bot uses its buffers beyond the rollout policy (`ismcts` parameters). */
export interface SearchOptions {
  /** End playouts at the end of the current round and score them by standings (`horizon=round`). */
  readonly roundHorizon: boolean;
  /** Build the game's greedy heuristic as an expansion prior (`prior=greedy`). */
  readonly greedyPrior: boolean;
  /** What `rollout=greedy`, `rollout=nn` and `prior=greedy` play (injected by the bot registry); `{}`: none of them. */
  readonly policies: PolicyKinds;
  /** The net file guiding the search (`prior=net`, `leaf=net`: a path or `shipped`); absent: no net. */
  readonly net?: string;
}

const PLAIN: SearchOptions = { roundHorizon: false, greedyPrior: false, policies: {} };

/**
 * What a search bot reuses across iterations and decisions for one variant:
 * the determinized state, the legal-action buffer, the per-seat utilities,
 * the reward scale, the rollout, and what its options need (running scores,
 * the greedy prior). Built on a bot's first decision in a
 * variant (warm-up), rebuilt only if the variant changes.
 */
export class SearchBuffers {
  readonly variant: Variant;
  readonly players: number;
  /** The state every iteration determinizes into and plays forward. */
  readonly state: GameStateBase;
  /** Legal actions of `state`, ascending (size: the game's distinct actions). */
  readonly legal: Int32Array;
  /** One utility per seat of the last finished playout. */
  readonly utilities: Float64Array;
  readonly scale: RewardScale;
  readonly rollout: Rollout;
  /**
   * True when playouts end with the current round: the option asked for it
   * and the game has `roundsDone` and `runningScores` (else they play to the end).
   */
  readonly roundHorizon: boolean;
  /** Running game scores per seat (round horizon). */
  readonly scores: Float64Array;
  /** The greedy heuristic as a policy, when the options ask for the prior. */
  readonly prior: BotPolicy | null;
  /** The net guiding the search, when the options name one (`net`). */
  readonly guide: NetGuide | null;
  /** The guide's prior over the legal actions of the last position it evaluated (size: the game's distinct actions). */
  readonly priors: Float64Array;
  /** The guide's values of the last position it evaluated, one per seat. */
  readonly values: Float64Array;

  /**
   * @throws BotSpecError when the rollout's or the prior's policy cannot play
   *   the game (`checkRollout`), or the net cannot be read or is for another
   *   game (`NetGuide`).
   */
  constructor(game: Game<GameStateBase, object>, ctx: BotContext, policy: RolloutPolicy, options: SearchOptions = PLAIN) {
    this.variant = ctx.variant;
    this.players = ctx.players;
    this.state = game.newState(ctx.variant);
    this.legal = new Int32Array(game.numDistinctActions(ctx.variant));
    this.utilities = new Float64Array(ctx.players);
    this.roundHorizon = options.roundHorizon && game.roundsDone !== undefined && game.runningScores !== undefined;
    this.scale = new RewardScale(game.info, this.roundHorizon);
    this.rollout = new Rollout(game, ctx.variant, ctx.players, policy, ctx.rng, options.policies);
    this.scores = new Float64Array(ctx.players);
    this.prior = options.greedyPrior ? new BotPolicy(game, ctx.variant, ctx.players, ctx.rng, 'greedy', options.policies) : null;
    this.guide = options.net !== undefined ? new NetGuide(game, ctx.variant, ctx.players, ctx.rng, options.net, options.policies) : null;
    this.priors = new Float64Array(this.legal.length);
    this.values = new Float64Array(ctx.players);
  }

  /**
   * Starts a decision: clears what the policies' bots of the rollout and
   * the prior kept from the last one (Nines Hold'em's cached equities), so
   * that a search depends on its observation and generator alone, never on
   * the decisions it made before.
   */
  startDecision(): void {
    this.rollout.reset();
    this.prior?.reset();
  }

  /**
   * The buffers for `ctx`'s variant (`current` when it fits, else new
   * ones) with a decision started ({@link startDecision}): what a search bot's decision
   * begins with, and what its `checkVariant` runs before the run, which
   * checks the net a policy reads (`rollout=nn`, `prior=net`, `leaf=net`)
   * against the variant.
   * @throws BotSpecError or Error when a policy's net was trained for another tensor layout.
   */
  static forDecision(
    current: SearchBuffers | null,
    game: Game<GameStateBase, object>,
    ctx: BotContext,
    policy: RolloutPolicy,
    options: SearchOptions = PLAIN,
  ): SearchBuffers {
    const fits = current !== null && (current.variant === ctx.variant || (current.players === ctx.players && sameVariant(current.variant, ctx.variant)));
    const b = fits ? current : new SearchBuffers(game, ctx, policy, options);
    b.startDecision();
    return b;
  }
}

function sameVariant(a: Variant, b: Variant): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (a[k] !== b[k]) return false;
  return true;
}
