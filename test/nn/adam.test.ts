import { describe, expect, it } from 'vitest';
import { Adam } from '../../src/nn/adam.js';

/**
 * Adam against values worked out by hand from Algorithm 1 of Kingma & Ba
 * (2015), with the L2 term added to the gradient and the global norm clipped
 * first; each new weight rounded to float32.
 */
describe('Adam', () => {
  it('takes the hand-computed steps with L2 weight decay (lr 0.1, decay 0.01, default betas)', () => {
    const w = Float32Array.of(1, -2, 0.5);
    const adam = new Adam(3, { lr: 0.1, weightDecay: 0.01 });
    // Step 1: g' = g + 0.01 w = (0.51, -0.27, 0.005); m-hat = g', v-hat = g'^2, so each weight moves by
    // 0.1 g' / (|g'| + 1e-8), i.e. 0.1 against the sign of g'.
    expect(adam.step(w, Float64Array.of(0.5, -0.25, 0))).toBeCloseTo(Math.sqrt(0.5 ** 2 + 0.25 ** 2), 15);
    expect([...w]).toEqual([Math.fround(0.9), Math.fround(-1.9), Math.fround(0.4000002145767212)]);
    // Step 2, first weight: g' = 0.1 + 0.01 x 0.9 = 0.109; m = 0.9 x 0.051 + 0.1 x 0.109 = 0.0568, m-hat = 0.0568 / 0.19;
    // v = 0.999 x 0.0002601 + 0.001 x 0.109^2 = 0.000271720, v-hat = v / 0.001999; w = 0.9 - 0.1 m-hat / sqrt(v-hat) = 0.8189151.
    adam.step(w, Float64Array.of(0.1, 0.3, -0.2));
    expect(w[0]).toBeCloseTo(0.8189151287078857, 7);
    expect(w[1]).toBeCloseTo(-1.9072580337524414, 7);
    expect(w[2]).toBeCloseTo(0.47268179059028625, 7);
    expect(adam.t).toBe(2);
  });

  it('clips the gradient to its global norm first (norm 5 clipped to 1: the step of (0.6, 0.8, 0))', () => {
    const w = Float32Array.of(1, -2, 0.5);
    const adam = new Adam(3, { lr: 0.01, clipNorm: 1 });
    expect(adam.step(w, Float64Array.of(3, 4, 0))).toBe(5);
    // The first step's size does not depend on the gradient's scale (m-hat / sqrt(v-hat) = sign): a zero gradient does not move.
    expect([...w]).toEqual([Math.fround(0.99), Math.fround(-2.01), 0.5]);
    // Step 2: g = (0.3, -0.4, 1.2) has norm 1.3, scaled by 1 / 1.3 before the moments.
    expect(adam.step(w, Float64Array.of(0.3, -0.4, 1.2))).toBeCloseTo(1.3, 15);
    expect(w[0]).toBeCloseTo(0.9810739755630493, 7);
    expect(w[1]).toBeCloseTo(-2.0135810375213623, 7);
    expect(w[2]).toBeCloseTo(0.49255862832069397, 7);
  });

  it('leaves the gradient as it was and refuses mismatched lengths and bad settings', () => {
    const g = Float64Array.of(3, 4);
    new Adam(2, { clipNorm: 1, weightDecay: 0.1 }).step(Float32Array.of(1, 1), g);
    expect([...g]).toEqual([3, 4]);
    expect(() => new Adam(2).step(new Float32Array(3), new Float64Array(3))).toThrow(/size 2/);
    expect(() => new Adam(2, { lr: 0 })).toThrow(/lr/);
    expect(() => new Adam(2, { beta2: 1 })).toThrow(/beta2/);
  });
});
