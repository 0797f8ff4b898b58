import type { BotContext, Game, GameStateBase, Variant } from '../../src/core/index.js';
import { RewardScale } from './reward.js';
import { Rollout, type RolloutPolicy } from './rollout.js';

/**
 * What a search bot reuses across iterations and decisions for one variant:
 * the determinized state, the legal-action buffer, the per-seat utilities,
 * the reward scale and the rollout. Built on a bot's first decision in a
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

  constructor(game: Game<GameStateBase, object>, ctx: BotContext, policy: RolloutPolicy) {
    this.variant = ctx.variant;
    this.players = ctx.players;
    this.state = game.newState(ctx.variant);
    this.legal = new Int32Array(game.numDistinctActions(ctx.variant));
    this.utilities = new Float64Array(ctx.players);
    this.scale = new RewardScale(game.info);
    this.rollout = new Rollout(game, ctx.variant, ctx.players, policy, ctx.rng);
  }

  /** The buffers for `ctx`'s variant: `current` when it fits, else new ones. */
  static for(current: SearchBuffers | null, game: Game<GameStateBase, object>, ctx: BotContext, policy: RolloutPolicy): SearchBuffers {
    if (current !== null && current.variant === ctx.variant) return current;
    if (current !== null && current.players === ctx.players && sameVariant(current.variant, ctx.variant)) return current;
    return new SearchBuffers(game, ctx, policy);
  }
}

function sameVariant(a: Variant, b: Variant): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (a[k] !== b[k]) return false;
  return true;
}
