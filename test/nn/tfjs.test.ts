/**
 * The module against TensorFlow.js on the same weights (test/nn/tfjs-net.ts):
 * an independent implementation of the forward pass and of the gradient
 * (tfjs's automatic differentiation), in float32, so agreement is to float32
 * rounding: 1e-5 of the largest magnitude.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { accumulateSample, LossSums } from '../../src/nn/loss.js';
import { Net } from '../../src/nn/net.js';
import { ARCHS, randomBatch, randomSample } from './fixtures.js';
import { tfjsEvaluate, tfjsGradient, tfjsReady } from './tfjs-net.js';

/** max |a - b| / max(1, max |b|). */
function relError(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let d = 0;
  let m = 1;
  for (let i = 0; i < a.length; i++) {
    d = Math.max(d, Math.abs(a[i]! - b[i]!));
    m = Math.max(m, Math.abs(b[i]!));
  }
  return d / m;
}

beforeAll(tfjsReady);

describe('against TensorFlow.js', () => {
  for (const [name, arch] of Object.entries(ARCHS)) {
    it(`${name}: the same scores and values as tfjs's forward pass`, () => {
      const net = Net.create(arch, `tf-${name}`);
      const rng = createRng(`tf-${name}`);
      for (let n = 0; n < 5; n++) {
        const s = randomSample(arch, rng, {});
        const scores = new Float64Array(s.count);
        const values = new Float64Array(arch.seats);
        net.evaluate(s.obs, s.legal, s.count, s.features, scores, values);
        const tf = tfjsEvaluate(net, s);
        expect(relError(scores, tf.scores)).toBeLessThan(1e-5);
        expect(relError(values, tf.values)).toBeLessThan(1e-5);
      }
    });

    it(`${name}: the same loss and gradient as tfjs's automatic differentiation (8 samples, every loss)`, () => {
      const net = Net.create(arch, `tfg-${name}`);
      const batch = randomBatch(arch, `tfg-${name}`, 8, { q: true, policy: true, value: true });
      const weights = { q: 1, policy: 0.5, value: 2 };
      net.zeroGrads();
      const sums = new LossSums();
      for (const s of batch) accumulateSample(net, s, weights, sums);
      const tf = tfjsGradient(net, batch, weights);
      expect(Math.abs(sums.total - tf.loss) / Math.max(1, Math.abs(tf.loss))).toBeLessThan(1e-5);
      expect(relError(net.grads, tf.grads)).toBeLessThan(1e-5);
      expect(net.grads.some((g) => g !== 0)).toBe(true);
    });
  }
});
