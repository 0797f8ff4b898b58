import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { Net, parameterCount } from '../../src/nn/net.js';
import { maskedSoftmax } from '../../src/nn/policy.js';
import { ARCHS, DENSE, FEATURE, randomSample, sameNumbers } from './fixtures.js';
import { referenceForward } from './reference.js';

describe('the net forward pass', () => {
  for (const [name, arch] of Object.entries(ARCHS)) {
    it(`${name}: scores and values equal the dense float64 oracle bit for bit (the sparse skip and the feature head's shared prefix change no sum)`, () => {
      const net = Net.create(arch, `fwd-${name}`);
      const rng = createRng(`fwd-${name}`);
      for (let n = 0; n < 50; n++) {
        const s = randomSample(arch, rng, {});
        const scores = new Float64Array(s.count);
        const values = new Float64Array(arch.seats);
        net.evaluate(s.obs, s.legal, s.count, s.features, scores, values);
        const ref = referenceForward(arch, net.weights, s);
        expect(sameNumbers(scores, ref.scores)).toBe(true);
        expect(sameNumbers(values, ref.values)).toBe(true);
      }
    });
  }

  it('scoreActions and values give what evaluate gives, whatever the order of calls', () => {
    for (const arch of [DENSE, FEATURE]) {
      const net = Net.create(arch, 'order');
      const rng = createRng('order');
      const a = randomSample(arch, rng, {});
      const b = randomSample(arch, rng, {});
      const sa = new Float64Array(a.count);
      const va = new Float64Array(arch.seats);
      net.evaluate(a.obs, a.legal, a.count, a.features, sa, va);
      const sb = new Float64Array(b.count);
      net.scoreActions(b.obs, b.legal, b.count, b.features, sb);
      const s2 = new Float64Array(a.count);
      const v2 = new Float64Array(arch.seats);
      net.values(a.obs, v2);
      net.scoreActions(a.obs, a.legal, a.count, a.features, s2);
      expect(sameNumbers(s2, sa)).toBe(true);
      expect(sameNumbers(v2, va)).toBe(true);
    }
  });

  it('a dense head reads each legal id at its own output (the same id scores the same in any legal list)', () => {
    const net = Net.create(DENSE, 'ids');
    const obs = randomSample(DENSE, createRng('ids'), {}).obs;
    const all = Int32Array.from({ length: 20 }, (_, i) => i);
    const full = new Float64Array(20);
    net.scoreActions(obs, all, 20, undefined, full);
    const some = Int32Array.of(3, 7, 19);
    const out = new Float64Array(3);
    net.scoreActions(obs, some, 3, undefined, out);
    expect([...out]).toEqual([full[3], full[7], full[19]]);
    expect(new Set(full).size).toBe(20);
  });

  it('refuses a dense id past the outputs, missing features, and a short observation', () => {
    const dense = Net.create(DENSE, 'x');
    const feat = Net.create(FEATURE, 'x');
    const out = new Float64Array(4);
    expect(() => dense.scoreActions(new Float32Array(40), Int32Array.of(20), 1, undefined, out)).toThrow(/action 20 past/);
    expect(() => feat.scoreActions(new Float32Array(30), Int32Array.of(0, 1), 2, new Float32Array(7), out)).toThrow(/2 x 7 action features/);
    expect(() => dense.values(new Float32Array(39), out)).toThrow(/39 entries/);
  });

  it('has the parameter count of its layers (in x out + out per layer, trunk, value and action blocks)', () => {
    // trunk 40->16->12, value 12->3, action 12->20
    expect(parameterCount(DENSE)).toBe(40 * 16 + 16 + 16 * 12 + 12 + 12 * 3 + 3 + 12 * 20 + 20);
    // trunk 30->14->10, value 10->5->4, action (10+7)->9->1
    expect(parameterCount(FEATURE)).toBe(30 * 14 + 14 + 14 * 10 + 10 + 10 * 5 + 5 + 5 * 4 + 4 + 17 * 9 + 9 + 9 + 1);
    expect(Net.create(FEATURE, 's').weights.length).toBe(parameterCount(FEATURE));
  });

  it('initialises layers followed by ReLU within He bounds, linear outputs within Glorot bounds, biases at zero', () => {
    const net = Net.create(DENSE, 'bounds');
    const w = net.weights;
    const he = Math.sqrt(6 / 40);
    const first = w.subarray(0, 40 * 16);
    expect(Math.max(...first.map(Math.abs))).toBeLessThanOrEqual(he);
    expect(Math.max(...first.map(Math.abs))).toBeGreaterThan(0.9 * he);
    expect([...w.subarray(40 * 16, 40 * 16 + 16)].every((b) => b === 0)).toBe(true);
    const a0 = net.blocks.action.start;
    const glorot = Math.sqrt(6 / (12 + 20));
    const out = w.subarray(a0, a0 + 12 * 20);
    expect(Math.max(...out.map(Math.abs))).toBeLessThanOrEqual(glorot);
    expect(Math.max(...out.map(Math.abs))).toBeGreaterThan(0.9 * glorot);
  });
});

describe('maskedSoftmax', () => {
  it('gives probabilities proportional to exp(score / T), T = 0 all on the first best', () => {
    const s = Float64Array.of(1, 3, 3, -2);
    const p = new Float64Array(4);
    maskedSoftmax(s, 4, 1, p);
    const z = Math.exp(1) + 2 * Math.exp(3) + Math.exp(-2);
    expect(p[0]).toBeCloseTo(Math.exp(1) / z, 14);
    expect(p[3]).toBeCloseTo(Math.exp(-2) / z, 14);
    maskedSoftmax(s, 4, 2, p);
    expect(p[1]! / p[0]!).toBeCloseTo(Math.exp(1), 12);
    maskedSoftmax(s, 4, 0, p);
    expect([...p]).toEqual([0, 1, 0, 0]);
    maskedSoftmax(Float64Array.of(1000, 0), 2, 1, p);
    expect(p[0]).toBe(1);
  });

  it('Net.policy is the softmax of scoreActions over the legal actions only', () => {
    const net = Net.create(DENSE, 'policy');
    const s = randomSample(DENSE, createRng('policy'), {});
    const scores = new Float64Array(s.count);
    net.scoreActions(s.obs, s.legal, s.count, undefined, scores);
    const p = new Float64Array(s.count);
    net.policy(s.obs, s.legal, s.count, undefined, 1, p);
    const q = new Float64Array(s.count);
    maskedSoftmax(scores, s.count, 1, q);
    expect([...p]).toEqual([...q]);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
  });
});
