import { createHash } from 'node:crypto';
import { UsageError } from '../core/errors.js';
import type { Game } from '../core/game.js';
import type { Variant } from '../core/variant.js';
import type { BasePolicy, NetArchitecture, ValueTarget } from './net.js';

/** What a net needs of a game: its id, its tensors and its action ids. */
export type LearnableGame = Pick<Game, 'info' | 'tensor' | 'actionFeatures' | 'numDistinctActions'>;

/** The default trunk: two hidden layers (about 57k weights on a 300-entry tensor with a 130-id dense head). */
export const DEFAULT_TRUNK: readonly number[] = [128, 64];
/** The default hidden widths of a feature head's scorer (DouZero's is deeper; this keeps a score at a few µs). */
export const DEFAULT_FEATURE_HIDDEN: readonly number[] = [64];
/** The most action ids a dense head takes: past it, the game must declare `actionFeatures`. */
export const MAX_DENSE_ACTIONS = 4096;

/**
 * The layout a net is trained for, as canonical JSON: the observation
 * tensor's fields as `[name, length]` pairs in order, then the action side,
 * either the action features' fields (a feature head) or the number of
 * action ids (a dense head), e.g.
 * `{"tensor":[["hand",27],["bids",4]],"actions":{"ids":130}}` or
 * `{"tensor":[...],"actions":{"features":[["rank",9],["count",4]]}}`.
 * Offsets are implied by the order; the game id and the variant are not part
 * of it (the file holds them beside the hash).
 * @throws UsageError when the game has no observation tensor.
 */
export function layoutDescription(game: LearnableGame, variant: Variant): string {
  const tensor = game.tensor;
  if (!tensor) throw new UsageError(`${game.info.id} has no observation tensor: no net can be trained or loaded for it`);
  const fields = (layout: readonly { name: string; length: number }[]): [string, number][] => layout.map((f) => [f.name, f.length]);
  const actions = game.actionFeatures ? { features: fields(game.actionFeatures.layout(variant)) } : { ids: game.numDistinctActions(variant) };
  return JSON.stringify({ tensor: fields(tensor.layout(variant)), actions });
}

/**
 * SHA-256 (hex, 64 characters) of `layoutDescription(game, variant)`: two
 * nets with the same hash read the same tensor fields and score the same
 * actions. A net file stores the hash it was trained for; loading refuses
 * a file whose hash differs from the game's current one.
 * @throws UsageError when the game has no observation tensor.
 */
export function layoutHash(game: LearnableGame, variant: Variant): string {
  return createHash('sha256').update(layoutDescription(game, variant)).digest('hex');
}

/** The seats of a variant: its `players` parameter, else the game's default. */
export function seatsOf(game: LearnableGame, variant: Variant): number {
  return typeof variant.players === 'number' ? variant.players : game.info.defaultPlayers;
}

/** Layer widths to override in {@link architectureFor}. */
export interface ArchitectureSizes {
  readonly trunk?: readonly number[];
  readonly valueHidden?: readonly number[];
  /** The action head's hidden widths (default: `[]` for a dense head, {@link DEFAULT_FEATURE_HIDDEN} for a feature head). */
  readonly actionHidden?: readonly number[];
  /** A base policy the net reads (`NetArchitecture.base`); absent: none. */
  readonly base?: BasePolicy;
  /** What the value head estimates (`NetArchitecture.valueTarget`); absent: the game's outcome. */
  readonly valueTarget?: ValueTarget;
}

/**
 * The architecture of a net for a game and variant: the tensor's size as
 * input, one value per seat, and a feature head when the game declares
 * `actionFeatures`, else a dense head over `numDistinctActions`.
 * @throws UsageError when the game has no tensor, or has too many action ids
 *   for a dense head and no action features.
 */
export function architectureFor(game: LearnableGame, variant: Variant, sizes: ArchitectureSizes = {}): NetArchitecture {
  const tensor = game.tensor;
  if (!tensor) throw new UsageError(`${game.info.id} has no observation tensor: no net can be built for it`);
  const features = game.actionFeatures;
  const ids = game.numDistinctActions(variant);
  if (!features && ids > MAX_DENSE_ACTIONS) {
    throw new UsageError(`${game.info.id} has ${ids} action ids and no action features: a dense head takes at most ${MAX_DENSE_ACTIONS}`);
  }
  const base = sizes.base;
  return {
    inputSize: tensor.size(variant) + (base && !features ? ids : 0),
    trunk: [...(sizes.trunk ?? DEFAULT_TRUNK)],
    seats: seatsOf(game, variant),
    valueHidden: [...(sizes.valueHidden ?? [])],
    head: features
      ? { kind: 'feature', featureSize: features.size(variant) + (base ? 1 : 0), hidden: [...(sizes.actionHidden ?? DEFAULT_FEATURE_HIDDEN)] }
      : { kind: 'dense', actions: ids, hidden: [...(sizes.actionHidden ?? [])] },
    ...(base ? { base } : {}),
    ...(sizes.valueTarget ? { valueTarget: sizes.valueTarget } : {}),
  };
}

/**
 * The entries of a net's input that the game writes (its tensor, its action
 * features) and that the base policy's action adds (`NetArchitecture.base`).
 */
export interface InputSizes {
  /** Entries of the observation tensor (the trunk's input is this, plus `baseIds`). */
  readonly tensor: number;
  /** The base action's one-hot after the tensor: the action ids with a dense head and a base, else 0. */
  readonly baseIds: number;
  /** The game's action features per action (0 with a dense head); the head reads one more with a base. */
  readonly features: number;
}

/** How a net's input splits between the game's tensors and its base action (see {@link InputSizes}). */
export function inputSizes(arch: NetArchitecture): InputSizes {
  const h = arch.head;
  const baseIds = arch.base && h.kind === 'dense' ? h.actions : 0;
  const features = h.kind === 'feature' ? h.featureSize - (arch.base ? 1 : 0) : 0;
  return { tensor: arch.inputSize - baseIds, baseIds, features };
}

/**
 * The unit of a net's value head and of Deep Monte-Carlo's Q-targets, as a
 * divisor of the game's own utility: a zero-sum game's score (Nines
 * Hold'em's chips) is divided by its score per thousand hands' big blinds
 * (`GameInfo.scoreRate`: chips over hands × big blind), so targets are
 * about 1; a win-share game's utility is used as it is (1).
 * @returns the divisor (positive).
 */
export function utilityScale(game: Pick<LearnableGame, 'info'>, variant: Variant): number {
  return game.info.utility === 'zero-sum' && game.info.scoreRate ? 1000 / game.info.scoreRate.scale(variant) : 1;
}
