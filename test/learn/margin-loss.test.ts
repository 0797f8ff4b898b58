/**
 * DQfD's large-margin loss (Hester et al., "Deep Q-learning from
 * Demonstrations", AAAI 2018, eq. 2) in `src/nn/loss.ts`: its value is
 * max_a [Q(s, a) + l(a)] − Q(s, a_E), zero once the demonstrated action leads
 * every other by the margin, and its gradient matches finite differences.
 */
import { describe, expect, it } from 'vitest';
import { accumulateSample, LossSums, type TrainingSample } from '../../src/nn/loss.js';
import { Net, type NetArchitecture } from '../../src/nn/net.js';

const arch: NetArchitecture = { inputSize: 6, trunk: [5], seats: 2, valueHidden: [], head: { kind: 'dense', actions: 4, hidden: [] } };
const obs = Float32Array.from([0.5, 0, 1, 0.25, 0, 0.75]);
const legal = Int32Array.from([0, 1, 3]);
const weights = { q: 0, policy: 0, value: 0, margin: 1 };

function loss(net: Net, s: TrainingSample): number {
  const sums = new LossSums();
  net.zeroGrads();
  accumulateSample(net, s, weights, sums);
  return sums.total;
}

describe("DQfD's large-margin loss of demonstrated actions", () => {
  it('equals max_a [Q(s, a) + l(a)] − Q(s, a_E), with l = 0 for the demonstrated action', () => {
    const net = Net.create(arch, 'margin');
    const scores = new Float64Array(3);
    net.scoreActions(obs, legal, 3, undefined, scores);
    const l = 0.1;
    for (let aE = 0; aE < 3; aE++) {
      let best = -Infinity;
      for (let k = 0; k < 3; k++) best = Math.max(best, scores[k]! + (k === aE ? 0 : l));
      expect(loss(net, { obs, legal, count: 3, chosen: aE, q: 0, demo: l })).toBeCloseTo(best - scores[aE]!, 6);
    }
    // A margin of 0 around the best-scored action: nothing to learn.
    let top = 0;
    for (let k = 1; k < 3; k++) if (scores[k]! > scores[top]!) top = k;
    expect(loss(net, { obs, legal, count: 3, chosen: top, q: 0, demo: 0 })).toBe(0);
  });

  it('its gradient matches central finite differences of the loss, weight by weight', () => {
    const net = Net.create(arch, 'margin-fd');
    const s: TrainingSample = { obs, legal, count: 3, chosen: 2, q: 0, demo: 0.3 };
    loss(net, s);
    const grad = Float64Array.from(net.grads);
    expect(grad.some((g) => g !== 0)).toBe(true);
    const h = 1e-3;
    let checked = 0;
    for (let i = 0; i < net.weights.length; i++) {
      const w0 = net.weights[i]!;
      net.weights[i] = w0 + h;
      const up = loss(net, s);
      net.weights[i] = w0 - h;
      const down = loss(net, s);
      net.weights[i] = w0;
      const fd = (up - down) / (2 * h);
      // Float32 weights: a tolerance of the step's rounding; a kink of the max within ±h would show as a large error.
      expect(Math.abs(fd - grad[i]!), `weight ${i}`).toBeLessThan(2e-3);
      checked++;
    }
    expect(checked).toBe(net.weights.length);
  });
});
