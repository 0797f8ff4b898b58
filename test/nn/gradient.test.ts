/**
 * The backward pass against central finite differences of the float64
 * oracle (test/nn/reference.ts): the net's weights are Float32, but every
 * Float32 is a float64, so the oracle differentiates in float64 at the same
 * point, with a step of 1e-6 (truncation ~1e-12 relative; the MSE losses are
 * piecewise quadratic, so their differences are exact up to rounding). A
 * coordinate whose step crosses a ReLU kink (the oracle's activation pattern
 * changes) is skipped: there the loss has no derivative.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { accumulateSample, LossSums, type LossWeights } from '../../src/nn/loss.js';
import { Net } from '../../src/nn/net.js';
import { ARCHS, randomSample, type Targets } from './fixtures.js';
import { referenceLoss } from './reference.js';

const CASES: readonly { name: string; targets: Targets; weights: LossWeights }[] = [
  { name: 'Q regression', targets: { q: true }, weights: { q: 1, policy: 0, value: 0 } },
  { name: 'policy cross-entropy', targets: { policy: true }, weights: { q: 0, policy: 1, value: 0 } },
  { name: 'value MSE', targets: { value: true }, weights: { q: 0, policy: 0, value: 1 } },
  { name: 'rollout targets of every legal action (some missing)', targets: { qAll: true }, weights: { q: 1, policy: 0, value: 0 } },
  {
    name: 'rollout targets beside a chosen action (they replace its term), weighted',
    targets: { q: true, qAll: true, value: true },
    weights: { q: 0.7, policy: 0, value: 0.5 },
  },
  { name: 'all three, weighted', targets: { q: true, policy: true, value: true }, weights: { q: 0.5, policy: 2, value: 0.25 } },
];

describe('the backward pass', () => {
  for (const [archName, arch] of Object.entries(ARCHS)) {
    for (const c of CASES) {
      it(`${archName}, ${c.name}: the gradient equals the finite difference of the loss in every weight (3 samples)`, () => {
        const net = Net.create(arch, `grad-${archName}`);
        // Biases start at zero; move them so that their gradients are not all checked at one point.
        const rng = createRng(`grad-${archName}-${c.name}`);
        for (let i = 0; i < net.weights.length; i++) net.weights[i] = net.weights[i]! + 0.05 * (rng.next() - 0.5);
        const samples = [0, 1, 2].map(() => randomSample(arch, rng, c.targets));
        net.zeroGrads();
        const sums = new LossSums();
        for (const s of samples) accumulateSample(net, s, c.weights, sums);
        const w = Float64Array.from(net.weights);
        const loss = (): { loss: number; pattern: string } => {
          let l = 0;
          let p = '';
          for (const s of samples) {
            const r = referenceLoss(arch, w, s, c.weights);
            l += r.loss;
            p += r.pattern;
          }
          return { loss: l, pattern: p };
        };
        const base = loss();
        expect(sums.total).toBeCloseTo(base.loss, 10);
        const h = 1e-6;
        let checked = 0;
        let skipped = 0;
        let worst = 0;
        for (let i = 0; i < w.length; i++) {
          const w0 = w[i]!;
          w[i] = w0 + h;
          const up = loss();
          w[i] = w0 - h;
          const down = loss();
          w[i] = w0;
          if (up.pattern !== base.pattern || down.pattern !== base.pattern) {
            skipped++;
            continue;
          }
          const fd = (up.loss - down.loss) / (2 * h);
          const g = net.grads[i]!;
          worst = Math.max(worst, Math.abs(fd - g) / Math.max(1, Math.abs(g)));
          checked++;
        }
        expect(checked).toBeGreaterThan(0.98 * w.length);
        expect(skipped).toBeLessThan(0.02 * w.length);
        expect(worst).toBeLessThan(1e-7);
      });
    }
  }

  it('a sample without targets adds nothing to the gradient; a zero loss weight removes its term', () => {
    const arch = ARCHS.DENSE!;
    const net = Net.create(arch, 'none');
    const s = randomSample(arch, createRng('none'), { q: true, policy: true, value: true });
    net.zeroGrads();
    accumulateSample(net, { obs: s.obs, legal: s.legal, count: s.count }, { q: 1, policy: 1, value: 1 }, new LossSums());
    expect(net.grads.every((g) => g === 0)).toBe(true);
    accumulateSample(net, s, { q: 0, policy: 0, value: 1 }, new LossSums());
    const valueOnly = Float64Array.from(net.grads);
    net.zeroGrads();
    accumulateSample(net, { ...s, chosen: undefined, q: undefined, policy: undefined }, { q: 1, policy: 1, value: 1 }, new LossSums());
    expect([...net.grads]).toEqual([...valueOnly]);
    expect(valueOnly.some((g) => g !== 0)).toBe(true);
  });

  it('refuses samples that do not fit (chosen without q, a policy of no mass, too few value targets)', () => {
    const arch = ARCHS.DENSE!;
    const net = Net.create(arch, 'bad');
    const s = randomSample(arch, createRng('bad'), {});
    const w = { q: 1, policy: 1, value: 1 };
    expect(() => accumulateSample(net, { ...s, chosen: 0 }, w, new LossSums())).toThrow(/chosen and q/);
    expect(() => accumulateSample(net, { ...s, policy: new Float64Array(s.count) }, w, new LossSums())).toThrow(/no mass/);
    expect(() => accumulateSample(net, { ...s, value: [1] }, w, new LossSums())).toThrow(/value targets/);
    expect(() => accumulateSample(net, { ...s, chosen: s.count, q: 0 }, w, new LossSums())).toThrow(/not an index/);
  });
});
