import type { Variant } from '../core/variant.js';
import { inputSizes, type InputSizes, type LearnableGame } from './game-layout.js';
import type { NetArchitecture } from './net.js';

/**
 * A net's input at one decision, in buffers reused from decision to
 * decision (no allocation once they have grown to the largest legal list):
 * - `x`: the observation tensor (`game.tensor.write`), then, for a dense
 *   head with a base policy (`NetArchitecture.base`), a one-hot of the base
 *   action over the action ids;
 * - `features`: with a feature head, one row of `featureSize` entries per
 *   legal action, in the order of the legal list: the game's action features
 *   (`game.actionFeatures.write`), then, with a base policy, 1 for the base
 *   action's row and 0 for the others.
 *
 * Used by the `nn` bot and by self-play, so the two write the same input.
 * Source of the base-action input: residual policy learning (Silver et al.,
 * "Residual Policy Learning", 2018): the net learns where to depart from
 * the base policy instead of learning that policy from scratch.
 */
export class NetInput {
  readonly sizes: InputSizes;
  /** The trunk's input, `arch.inputSize` entries. */
  readonly x: Float32Array;
  /** Feature rows, `count × featureSize` used; null with a dense head. */
  features: Float32Array | null;
  private readonly stride: number;

  /**
   * @param game the game (its tensor, its action features with a feature head).
   * @param variant the variant played; the game's tensor must have `sizes.tensor` entries for it.
   * @throws RangeError when the game's tensor or features do not have the sizes the architecture reads.
   */
  constructor(
    private readonly game: LearnableGame,
    private readonly variant: Variant,
    private readonly arch: NetArchitecture,
  ) {
    this.sizes = inputSizes(arch);
    const tensorSize = game.tensor?.size(variant);
    if (tensorSize !== this.sizes.tensor)
      throw new RangeError(`net input: the net reads a tensor of ${this.sizes.tensor} entries, ${game.info.id} writes ${tensorSize}`);
    const featureSize = arch.head.kind === 'feature' ? (game.actionFeatures?.size(variant) ?? 0) : 0;
    if (featureSize !== this.sizes.features)
      throw new RangeError(`net input: the net reads ${this.sizes.features} action features, ${game.info.id} writes ${featureSize}`);
    this.x = new Float32Array(arch.inputSize);
    this.stride = arch.head.kind === 'feature' ? arch.head.featureSize : 0;
    this.features = this.stride > 0 ? new Float32Array(64 * this.stride) : null;
  }

  /**
   * Writes the trunk's input `x` alone (what the value head reads), not the
   * action features: for a position whose values alone are wanted (a
   * search's leaf). Allocates nothing.
   * @throws RangeError when the trunk also reads a base action (a dense head with a base): use {@link write}.
   */
  writeTensor(obs: object): void {
    if (this.sizes.baseIds > 0) throw new RangeError('net input: this net reads the base action in its trunk; write the whole input');
    this.game.tensor!.write(obs, this.variant, this.x);
  }

  /**
   * Writes the input of one decision.
   * @param obs the deciding seat's observation.
   * @param legal the legal action ids, at least `count`.
   * @param count the number of legal actions, at least 1.
   * @param baseAction the base policy's action (one of the legal ids) when
   *   the net has a base; ignored (pass -1) when it has none.
   * @throws RangeError when the net has a base and `baseAction` is not among the legal ids.
   */
  write(obs: object, legal: Int32Array, count: number, baseAction: number): void {
    const game = this.game;
    const v = this.variant;
    game.tensor!.write(obs, v, this.x);
    const hasBase = this.arch.base !== undefined;
    if (hasBase) {
      let found = false;
      for (let k = 0; k < count; k++) if (legal[k] === baseAction) found = true;
      if (!found) throw new RangeError(`net input: base action ${baseAction} is not legal`);
    }
    const ids = this.sizes.baseIds;
    if (ids > 0) {
      const t = this.sizes.tensor;
      this.x.fill(0, t, t + ids);
      this.x[t + baseAction] = 1;
    }
    const F = this.stride;
    if (F === 0) return;
    if (this.features!.length < count * F) this.features = new Float32Array(Math.max(count * F, 2 * this.features!.length));
    const rows = this.features!;
    const af = game.actionFeatures!;
    for (let k = 0; k < count; k++) {
      af.write(obs, v, legal[k]!, rows, k * F);
      if (hasBase) rows[k * F + F - 1] = legal[k] === baseAction ? 1 : 0;
    }
  }
}
