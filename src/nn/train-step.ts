import type { Adam } from './adam.js';
import { accumulateSample, LossSums, type LossWeights, type TrainingSample, UNIT_LOSS_WEIGHTS } from './loss.js';
import type { Net } from './net.js';

/** What one minibatch step measured: mean losses over the samples that had each target (null when none had it). */
export interface StepFigures {
  readonly samples: number;
  /** Mean squared error of the chosen actions' scores (utility^2). */
  readonly q: number | null;
  /** Mean cross-entropy of the policy (nats). */
  readonly policy: number | null;
  /** Mean over samples of the per-seat mean squared error of the values (utility^2). */
  readonly value: number | null;
  /** Mean weighted loss over the batch: the quantity the step descends. */
  readonly loss: number;
  /** Global L2 norm of the mean gradient, before clipping. */
  readonly gradNorm: number;
}

/**
 * One minibatch step: zeroes the gradient, adds every sample's gradient in
 * the order of `batch` (`accumulateSample`: per-sample backward, summed in
 * Float64), divides by the batch size (the mean loss), and takes one Adam
 * step. Same net, batch, weights and optimiser state: the same bits.
 * @param batch at least one sample.
 * @throws RangeError on an empty batch or a sample that does not fit the net.
 */
export function trainStep(net: Net, batch: readonly TrainingSample[], adam: Adam, weights: LossWeights = UNIT_LOSS_WEIGHTS): StepFigures {
  if (batch.length === 0) throw new RangeError('trainStep: empty batch');
  net.zeroGrads();
  const sums = new LossSums();
  for (const s of batch) accumulateSample(net, s, weights, sums);
  const g = net.grads;
  const inv = 1 / batch.length;
  for (let i = 0; i < g.length; i++) g[i] = g[i]! * inv;
  const gradNorm = adam.step(net.weights, g);
  const mean = (sum: number, n: number): number | null => (n > 0 ? sum / n : null);
  return {
    samples: batch.length,
    q: mean(sums.q, sums.qSamples),
    policy: mean(sums.policy, sums.policySamples),
    value: mean(sums.value, sums.valueSamples),
    loss: sums.total / batch.length,
    gradNorm,
  };
}
