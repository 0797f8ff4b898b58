import type { Net } from './net.js';
import { logSumExp } from './policy.js';

/**
 * Weights of the three losses in a sample's loss (dimensionless). A sample
 * contributes only the terms whose targets it carries.
 */
export interface LossWeights {
  /** Q regression (Deep Monte-Carlo). */
  readonly q: number;
  /** Cross-entropy of the policy (Expert Iteration). */
  readonly policy: number;
  /** Value regression. */
  readonly value: number;
  /**
   * Large-margin loss of demonstrated actions (DQfD: Hester et al., "Deep
   * Q-learning from Demonstrations", AAAI 2018, eq. 2); 0 or absent: none.
   */
  readonly margin?: number;
}

/** Every loss at weight 1. */
export const UNIT_LOSS_WEIGHTS: LossWeights = { q: 1, policy: 1, value: 1 };

/**
 * One training sample: an observation, its legal actions, and any of three
 * targets.
 *
 * - Q target (Deep Monte-Carlo; Zha et al., DouZero, ICML 2021): `chosen`
 *   and `q` together; loss (Q(s, legal[chosen]) - q)^2, the squared error of
 *   the chosen action's score against the return that followed it. A trainer
 *   that keeps only the chosen action may pass it as a legal list of one
 *   (`legal = [a]`, `count` 1, `chosen` 0, `features` its row).
 * - Policy target (Expert Iteration; Anthony, Tian & Barber, "Thinking Fast
 *   and Slow with Deep Learning and Tree Search", NeurIPS 2017): `policy`,
 *   one non-negative weight per legal action (visit counts or
 *   probabilities), normalised here to pi; loss -sum_k pi_k log p_k with p
 *   the masked softmax of the scores at temperature 1.
 * - Value target: `value`, one outcome per seat, seat-relative (the
 *   observer first), in the game's utility; loss (1/P) sum_s (v_s - z_s)^2.
 */
export interface TrainingSample {
  /** The observation tensor (`inputSize` entries from 0). */
  readonly obs: Float32Array;
  /** Legal action ids, at least `count` entries (ascending, as `legalActions` writes them). */
  readonly legal: Int32Array;
  readonly count: number;
  /** Feature head: `count x featureSize` action features, row k for `legal[k]`. */
  readonly features?: Float32Array | undefined;
  /** Index into `legal` of the action taken (with `q`). */
  readonly chosen?: number | undefined;
  /** The return that followed the chosen action, in the game's utility (with `chosen`). */
  readonly q?: number | undefined;
  /**
   * Q targets for every legal action (rollout targets: each action's return
   * when it is taken and a fixed policy plays on), `count` entries, NaN for
   * an action without one; loss (1/m) sum_k (Q(s, legal[k]) - qAll[k])^2
   * over the m actions with a target, weighted by `LossWeights.q`. With
   * `chosen` and `q` too, this replaces their term.
   */
  readonly qAll?: ArrayLike<number> | undefined;
  /** `count` non-negative weights over the legal actions, not all zero. */
  readonly policy?: ArrayLike<number> | undefined;
  /**
   * The chosen action was a demonstrator's (a warm start's bot): with
   * `LossWeights.margin`, the loss gains max_a [Q(s, a) + l(a)] - Q(s, a_E),
   * l(a) = `demo` for a != a_E and 0 for a_E (DQfD's supervised loss), so
   * the demonstrated action scores at least `demo` above the others.
   */
  readonly demo?: number | undefined;
  /** `seats` outcomes, seat-relative. */
  readonly value?: ArrayLike<number> | undefined;
}

/** Running sums of the losses over samples (unweighted), with the count of samples that had each target. */
export class LossSums {
  q = 0;
  qSamples = 0;
  policy = 0;
  policySamples = 0;
  value = 0;
  valueSamples = 0;
  margin = 0;
  marginSamples = 0;
  /** Sum over samples of the weighted loss (the quantity whose gradient is accumulated). */
  total = 0;
  samples = 0;
}

/** Scratch of the policy loss (module state: grown, never shrunk; the training code is single-threaded). */
let scores = new Float64Array(64);
let dScores = new Float64Array(64);

function scratch(count: number): void {
  if (scores.length < count) {
    scores = new Float64Array(count * 2);
    dScores = new Float64Array(count * 2);
  }
}

/**
 * Adds one sample's gradient of its weighted loss
 * `w.q * Lq + w.policy * Lpolicy + w.value * Lvalue` (see
 * {@link TrainingSample}) into `net.grads`, not divided by any batch size,
 * and its losses into `sums`. A forward and a backward pass per sample
 * (the feature head: one forward per legal action for the policy, then a
 * forward and a backward per action with a nonzero gradient).
 * @throws RangeError on a sample that does not fit the net (lengths, ids,
 *   `chosen` without `q`, a policy target of zero mass).
 */
export function accumulateSample(net: Net, s: TrainingSample, w: LossWeights, sums: LossSums): void {
  const count = s.count;
  if (!(count >= 1) || s.legal.length < count) throw new RangeError(`sample: ${count} legal actions, legal list of ${s.legal.length}`);
  if ((s.chosen === undefined) !== (s.q === undefined)) throw new RangeError('sample: chosen and q go together');
  if (s.chosen !== undefined && !(Number.isInteger(s.chosen) && s.chosen >= 0 && s.chosen < count)) {
    throw new RangeError(`sample: chosen ${s.chosen} is not an index of the ${count} legal actions`);
  }
  const t = net.forwardTrunk(s.obs);
  const dT = net.dTrunk;
  dT.fill(0);
  let loss = 0;
  let any = false;

  if (s.value !== undefined && w.value !== 0) {
    const seats = net.arch.seats;
    if (s.value.length < seats) throw new RangeError(`sample: ${s.value.length} value targets for ${seats} seats`);
    const vh = net.value;
    vh.input.set(t);
    const v = vh.run();
    const dv = net.dValue;
    let l = 0;
    for (let k = 0; k < seats; k++) {
      const e = v[k]! - s.value[k]!;
      l += e * e;
      dv[k] = (w.value * 2 * e) / seats;
    }
    l /= seats;
    sums.value += l;
    sums.valueSamples++;
    loss += w.value * l;
    vh.backward(dv, dT);
    any = true;
  }

  const wantPolicy = s.policy !== undefined && w.policy !== 0;
  const wantAll = s.qAll !== undefined && w.q !== 0;
  if (wantAll && s.qAll!.length < count) throw new RangeError(`sample: ${s.qAll!.length} Q targets for ${count} legal actions`);
  const wantQ = s.chosen !== undefined && w.q !== 0 && !wantAll;
  const wantMargin = s.chosen !== undefined && s.demo !== undefined && (w.margin ?? 0) !== 0 && count > 1;
  const allScores = wantPolicy || wantMargin || wantAll;
  if (wantPolicy || wantQ || wantMargin || wantAll) {
    scratch(count);
    const head = net.arch.head;
    let lastRow = -1;
    if (head.kind === 'dense') {
      net.action.input.set(t);
      const out = net.action.run();
      for (let k = 0; k < count; k++) {
        const id = s.legal[k]!;
        if (!(id >= 0 && id < head.actions)) throw new RangeError(`sample: action ${id} past the dense head's ${head.actions} outputs`);
        scores[k] = out[id]!;
      }
    } else {
      net.actionPrefix(count, s.features);
      if (allScores) for (let k = 0; k < count; k++) scores[k] = net.runFeatureRow(s.features!, k)[0]!;
      else scores[s.chosen!] = net.runFeatureRow(s.features!, s.chosen!)[0]!;
      lastRow = allScores ? count - 1 : s.chosen!;
    }
    dScores.fill(0, 0, count);
    if (wantPolicy) loss += w.policy * policyLoss(s.policy!, count, w.policy, sums);
    if (wantQ) {
      const e = scores[s.chosen!]! - s.q!;
      sums.q += e * e;
      sums.qSamples++;
      loss += w.q * e * e;
      dScores[s.chosen!]! += w.q * 2 * e;
    }
    if (wantAll) loss += w.q * allActionsLoss(s.qAll!, count, w.q, sums);
    if (wantMargin) {
      const aE = s.chosen!;
      const l = s.demo!;
      let best = aE;
      for (let k = 0; k < count; k++) if (scores[k]! + (k === aE ? 0 : l) > scores[best]! + (best === aE ? 0 : l)) best = k;
      const m = scores[best]! + (best === aE ? 0 : l) - scores[aE]!;
      sums.margin += m;
      sums.marginSamples++;
      loss += w.margin! * m;
      if (best !== aE) {
        dScores[best]! += w.margin!;
        dScores[aE]! -= w.margin!;
      }
    }
    if (head.kind === 'dense') {
      const dA = net.dAction;
      dA.fill(0);
      for (let k = 0; k < count; k++) dA[s.legal[k]!]! += dScores[k]!;
      net.action.backward(dA, dT, net.trunkOutput);
    } else {
      const dA = net.dAction;
      for (let k = 0; k < count; k++) {
        const d = dScores[k]!;
        if (d === 0) continue;
        // The head's activations must be row k's: run it again unless it was the last one run.
        if (k !== lastRow) net.runFeatureRow(s.features!, k);
        lastRow = k;
        dA[0] = d;
        net.action.backward(dA, dT, net.trunkOutput);
      }
    }
    any = true;
  }

  if (any) net.trunk.backward(dT);
  sums.total += loss;
  sums.samples++;
}

/**
 * The mean squared error of the scores in `scores[0, count)` against the
 * targets that are not NaN, its gradient times `weight` into `dScores`.
 * @returns the unweighted mean squared error (utility²), 0 when no action has a target.
 */
function allActionsLoss(target: ArrayLike<number>, count: number, weight: number, sums: LossSums): number {
  let m = 0;
  for (let k = 0; k < count; k++) if (!Number.isNaN(target[k]!)) m++;
  if (m === 0) return 0;
  let l = 0;
  for (let k = 0; k < count; k++) {
    const t = target[k]!;
    if (Number.isNaN(t)) continue;
    const e = scores[k]! - t;
    l += (e * e) / m;
    dScores[k]! += (weight * 2 * e) / m;
  }
  sums.q += l;
  sums.qSamples++;
  return l;
}

/**
 * The policy loss of the scores in `scores[0, count)` against the target
 * weights, its gradient times `weight` into `dScores`: d/ds_k = p_k - pi_k.
 * @returns the unweighted cross-entropy (nats).
 */
function policyLoss(target: ArrayLike<number>, count: number, weight: number, sums: LossSums): number {
  if (target.length < count) throw new RangeError(`sample: ${target.length} policy targets for ${count} legal actions`);
  let mass = 0;
  for (let k = 0; k < count; k++) {
    const p = target[k]!;
    if (!(p >= 0 && Number.isFinite(p))) throw new RangeError(`sample: policy target ${p} is not a finite non-negative weight`);
    mass += p;
  }
  if (!(mass > 0)) throw new RangeError('sample: the policy target has no mass');
  const lse = logSumExp(scores, count);
  let ce = 0;
  for (let k = 0; k < count; k++) {
    const pi = target[k]! / mass;
    const logP = scores[k]! - lse;
    if (pi > 0) ce -= pi * logP;
    dScores[k]! += weight * (Math.exp(logP) - pi);
  }
  sums.policy += ce;
  sums.policySamples++;
  return ce;
}
