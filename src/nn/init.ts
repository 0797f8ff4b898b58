import { createRng, type Rng } from '../core/rng.js';
import { Mlp } from './mlp.js';

/**
 * Fills an MLP block's weights from a generator, deterministically: layer
 * by layer, each weight matrix in storage order (input-major), one draw of
 * `rng.next()` per weight, biases zero.
 *
 * - A layer followed by ReLU: He initialisation (He, Zhang, Ren & Sun,
 *   "Delving Deep into Rectifiers", ICCV 2015), in its uniform form
 *   (Keras' `he_uniform`): U(-a, a) with a = sqrt(6 / fan_in), variance
 *   2 / fan_in, which keeps the activations' scale through ReLU layers.
 * - A linear output layer: Glorot initialisation (Glorot & Bengio,
 *   "Understanding the difficulty of training deep feedforward neural
 *   networks", AISTATS 2010), uniform: a = sqrt(6 / (fan_in + fan_out)).
 *
 * Uniform rather than normal draws: a weight is `(2u - 1) * a` rounded to
 * Float32, with only a multiplication and a square root (both correctly
 * rounded in IEEE arithmetic), so the same seed gives the same bits on every
 * machine; a Box-Muller normal would go through `Math.log` and `Math.cos`,
 * whose last bits the ECMAScript standard leaves to the engine.
 * @param weights the block (`Mlp.paramCount(sizes)` entries), overwritten.
 * @param sizes the block's layer widths.
 * @param reluOutput whether ReLU follows its output layer.
 * @param rng the generator, advanced by one draw per weight.
 */
export function initMlpWeights(weights: Float32Array, sizes: readonly number[], reluOutput: boolean, rng: Rng): void {
  let off = 0;
  const layers = sizes.length - 1;
  for (let l = 0; l < layers; l++) {
    const nIn = sizes[l]!;
    const nOut = sizes[l + 1]!;
    const relu = l < layers - 1 || reluOutput;
    const a = relu ? Math.sqrt(6 / nIn) : Math.sqrt(6 / (nIn + nOut));
    for (let k = 0; k < nIn * nOut; k++) weights[off + k] = (2 * rng.next() - 1) * a;
    off += nIn * nOut;
    weights.fill(0, off, off + nOut);
    off += nOut;
  }
  if (off !== Mlp.paramCount(sizes) || off !== weights.length) throw new RangeError(`initMlpWeights: ${weights.length} weights for ${off} parameters`);
}

/**
 * The generator of a net's initial weights: `createRng('nn-init:' + seed)`,
 * so a seed that also seeds games or bots gives the net its own stream.
 */
export function initRng(seed: string): Rng {
  return createRng(`nn-init:${seed}`);
}
