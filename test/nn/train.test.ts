import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Adam } from '../../src/nn/adam.js';
import { weightBytes } from '../../src/nn/file.js';
import { Net } from '../../src/nn/net.js';
import { type StepFigures, trainStep } from '../../src/nn/train-step.js';
import { ARCHS, DENSE, FEATURE, randomBatch } from './fixtures.js';

const ALL = { q: true, policy: true, value: true } as const;

function digest(net: Net): string {
  return createHash('sha256').update(weightBytes(net.weights)).digest('hex');
}

/** `steps` minibatch steps of 16 samples (every loss) from `seed`, on `net`. */
function train(net: Net, seed: string, steps: number): StepFigures[] {
  const adam = new Adam(net.weights.length, { lr: 0.01, weightDecay: 1e-4, clipNorm: 5 });
  return Array.from({ length: steps }, (_, k) => trainStep(net, randomBatch(net.arch, `${seed}-${k}`, 16, ALL), adam));
}

describe('determinism', () => {
  it('the same seed gives the same initial weights, byte for byte; another seed other weights', () => {
    for (const arch of Object.values(ARCHS)) {
      expect(digest(Net.create(arch, 'seed-a'))).toBe(digest(Net.create(arch, 'seed-a')));
      expect(digest(Net.create(arch, 'seed-a'))).not.toBe(digest(Net.create(arch, 'seed-b')));
    }
  });

  it('the same seed and data give byte-identical weights and identical figures after training, interleaved with another net or not', () => {
    for (const arch of [DENSE, FEATURE]) {
      const a = Net.create(arch, 'det');
      const b = Net.create(arch, 'det');
      const fa = train(a, 'data', 4);
      // b is trained step by step between steps of an unrelated net: no state is shared between nets.
      const other = Net.create(arch, 'other');
      const adamB = new Adam(b.weights.length, { lr: 0.01, weightDecay: 1e-4, clipNorm: 5 });
      const adamO = new Adam(other.weights.length, { lr: 0.01 });
      const fb: StepFigures[] = [];
      for (let k = 0; k < 4; k++) {
        trainStep(other, randomBatch(arch, `noise-${k}`, 5, ALL), adamO);
        fb.push(trainStep(b, randomBatch(arch, `data-${k}`, 16, ALL), adamB));
      }
      expect(digest(b)).toBe(digest(a));
      expect(fb).toEqual(fa);
      expect(digest(a)).not.toBe(digest(Net.create(arch, 'det')));
    }
  });

  it('pins the bits: the initial weights and the weights after 3 steps of a fixed seed (changes only with init.ts, loss.ts, adam.ts or V8)', () => {
    const net = Net.create(DENSE, 'pinned');
    expect(digest(net)).toBe('e6bb4f324541afe2f447a2d5f53878459fc0d7fee17b09446f852c4ddf53bdbb');
    train(net, 'pinned', 3);
    expect(digest(net)).toBe('cd597346cec43fe77b2a309bfde6ba494cc6fa368da48c49fbcfe00f93520a70');
  });
});

describe('trainStep', () => {
  it("descends: on a fixed batch the Q and value errors fall tenfold in 200 steps, the cross-entropy (bounded below by the targets' entropy) falls", () => {
    for (const arch of [DENSE, FEATURE]) {
      const net = Net.create(arch, 'fit');
      const batch = randomBatch(arch, 'fit', 24, ALL);
      const adam = new Adam(net.weights.length, { lr: 0.01 });
      const first = trainStep(net, batch, adam);
      let last = first;
      for (let k = 0; k < 200; k++) last = trainStep(net, batch, adam);
      expect(last.q!).toBeLessThan(0.1 * first.q!);
      expect(last.value!).toBeLessThan(0.2 * first.value!);
      expect(last.policy!).toBeLessThan(0.8 * first.policy!);
      expect(last.loss).toBeLessThan(0.6 * first.loss);
    }
  });

  it('reports the mean losses over the samples that carry each target, null for none', () => {
    const net = Net.create(DENSE, 'figs');
    const batch = [...randomBatch(DENSE, 'figs-q', 3, { q: true }), ...randomBatch(DENSE, 'figs-v', 2, { value: true })];
    const f = trainStep(net, batch, new Adam(net.weights.length));
    expect(f.samples).toBe(5);
    expect(f.policy).toBeNull();
    expect(f.q).toBeGreaterThan(0);
    expect(f.loss).toBeCloseTo((3 * f.q! + 2 * f.value!) / 5, 12);
    expect(() => trainStep(net, [], new Adam(net.weights.length))).toThrow(/empty batch/);
  });
});
