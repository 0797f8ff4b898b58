import { initMlpWeights, initRng } from './init.js';
import { Mlp } from './mlp.js';
import { maskedSoftmax } from './policy.js';

/**
 * How the net scores the legal actions:
 * - `'dense'`: one output per action id (`actions` = the game's
 *   `numDistinctActions`), read at the legal ids (the others are masked out):
 *   for games with few ids (Nine Virtues 130, Captain's Orders 148, Nines
 *   Hold'em 5). `hidden`: the widths of the head's hidden layers between the
 *   trunk and the outputs (`[]`: a linear map of the trunk's output).
 * - `'feature'`: DouZero's design (Zha et al., "DouZero: Mastering DouDizhu
 *   with Self-Play Deep Reinforcement Learning", ICML 2021): score(a) is a
 *   small MLP on `[trunk output, features(a)]`, one call per legal action,
 *   for games whose ids are too many or too structured (Nine Muses,
 *   Multiples of Nine, Nine Lives) and that declare `actionFeatures`
 *   (`featureSize` = its `size(variant)`). `hidden`: the MLP's hidden widths.
 */
export type ActionHead =
  | { readonly kind: 'dense'; readonly actions: number; readonly hidden: readonly number[] }
  | { readonly kind: 'feature'; readonly featureSize: number; readonly hidden: readonly number[] };

/**
 * The shape of a net: everything but the weights (the file's `architecture`).
 * Blocks, in the order of the flat weight vector:
 * - trunk: an MLP `[inputSize, ...trunk]`, ReLU after every layer;
 * - value head: `[trunk output, ...valueHidden, seats]`, linear output;
 * - action head: dense `[trunk output, ...hidden, actions]` or feature
 *   `[trunk output + featureSize, ...hidden, 1]`, linear output.
 */
export interface NetArchitecture {
  /**
   * Length of the trunk's input: the observation tensor
   * (`game.tensor.size(variant)`), followed, for a dense head with a
   * `base`, by a one-hot of the base policy's action over the action ids.
   */
  readonly inputSize: number;
  /** Widths of the trunk's layers, at least one; the last is the trunk's output, which both heads read. */
  readonly trunk: readonly number[];
  /** Value outputs: one per seat, seat-relative (the observer first, then the seat to its left...). */
  readonly seats: number;
  /** Widths of the value head's hidden layers (`[]`: linear in the trunk's output). */
  readonly valueHidden: readonly number[];
  readonly head: ActionHead;
  /**
   * A base policy whose action is part of the input (`base-action.ts`):
   * absent, the net reads the observation alone; `'greedy'`, it also reads
   * which legal action the game's greedy bot would play (residual policy
   * learning: Silver, Allen, Tenenbaum & Kaelbling, "Residual Policy
   * Learning", 2018; Johannink et al., "Residual Reinforcement Learning for
   * Robot Control", ICRA 2019): a one-hot over the ids after the tensor
   * (dense head), or one more action feature, 1 for that action (feature
   * head; `head.featureSize` counts it).
   */
  readonly base?: BasePolicy;
  /**
   * What the value head estimates: absent, every seat's outcome of the game
   * in the game's utility (`utilityScale`); `{ kind: 'round', scale }`,
   * every seat's points in the round being played (its gain in
   * `Game.runningScores` from the round's start to its end, in game points)
   * divided by `scale`, for a search that stops at the round's end
   * (`ismcts:horizon=round,leaf=net`) in games whose rounds are scored
   * apart (`Game.roundsDone`).
   */
  readonly valueTarget?: ValueTarget;
}

/** The base policies a net can read (`NetArchitecture.base`). */
export type BasePolicy = 'greedy';

/** A value head of round points (`NetArchitecture.valueTarget`): targets are the round's points divided by `scale` (game points, > 0). */
export interface ValueTarget {
  readonly kind: 'round';
  readonly scale: number;
}

/** A block's slice `[start, end)` of the flat weight vector. */
export interface BlockRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Checks an architecture's numbers.
 * @returns a one-line description of the first problem, or null when it is valid.
 */
export function architectureProblem(a: NetArchitecture): string | null {
  const positive = (n: unknown): boolean => Number.isInteger(n) && (n as number) > 0;
  const widths = (xs: unknown): boolean => Array.isArray(xs) && xs.every(positive);
  if (!positive(a.inputSize)) return `inputSize ${a.inputSize} is not a positive integer`;
  if (!widths(a.trunk) || a.trunk.length === 0) return 'trunk must list one or more positive layer widths';
  if (!positive(a.seats)) return `seats ${a.seats} is not a positive integer`;
  if (!widths(a.valueHidden)) return 'valueHidden must list positive layer widths';
  const h = a.head as { kind?: unknown; actions?: unknown; featureSize?: unknown; hidden?: unknown };
  if (h.kind === 'dense') {
    if (!positive(h.actions)) return `head.actions ${String(h.actions)} is not a positive integer`;
  } else if (h.kind === 'feature') {
    if (!positive(h.featureSize)) return `head.featureSize ${String(h.featureSize)} is not a positive integer`;
  } else return `head.kind ${JSON.stringify(h.kind)} is neither "dense" nor "feature"`;
  if (!widths(h.hidden)) return 'head.hidden must list positive layer widths';
  if (a.base !== undefined && a.base !== 'greedy') return `base ${JSON.stringify(a.base)} is not "greedy"`;
  if (a.base !== undefined && h.kind === 'dense' && !((a.inputSize as number) > (h.actions as number))) {
    return `inputSize ${a.inputSize} cannot hold a one-hot of ${String(h.actions)} base actions`;
  }
  if (a.base !== undefined && h.kind === 'feature' && !((h.featureSize as number) >= 2)) return 'a feature head with a base needs 2 or more features';
  const vt = a.valueTarget as { kind?: unknown; scale?: unknown } | undefined;
  if (vt !== undefined && (vt.kind !== 'round' || typeof vt.scale !== 'number' || !(vt.scale > 0) || !Number.isFinite(vt.scale)))
    return 'valueTarget must be { "kind": "round", "scale": a positive number }';
  return null;
}

/** The layer widths of each block of an architecture (see {@link NetArchitecture}). */
export function blockSizes(a: NetArchitecture): { readonly trunk: number[]; readonly value: number[]; readonly action: number[] } {
  const t = a.trunk[a.trunk.length - 1]!;
  const h = a.head;
  return {
    trunk: [a.inputSize, ...a.trunk],
    value: [t, ...a.valueHidden, a.seats],
    action: h.kind === 'dense' ? [t, ...h.hidden, h.actions] : [t + h.featureSize, ...h.hidden, 1],
  };
}

/** The number of weights (and biases) of a net of this architecture. */
export function parameterCount(a: NetArchitecture): number {
  const b = blockSizes(a);
  return Mlp.paramCount(b.trunk) + Mlp.paramCount(b.value) + Mlp.paramCount(b.action);
}

/**
 * The ninefold net: a trunk MLP on the observation tensor, a value head (one
 * output per seat) and an action head (see {@link ActionHead}), over one flat
 * Float32 weight vector (blocks in the order trunk, value, action; each block
 * as `Mlp` stores it) with a Float64 gradient of the same length.
 *
 * The forward methods allocate nothing and may be called in any order; an
 * instance is not reentrant (its activations are its own), so each thread or
 * each concurrent search holds its own `Net` (`new Net(arch, net.weights)`
 * shares the weights, read-only, with a second set of buffers).
 *
 * Units: the values are in the game's utility (`GameInfo.utility`: win
 * shares, or zero-sum scores) as the trainer's targets were; the scores are
 * logits for `maskedSoftmax` when trained with the policy loss, and
 * estimates of the action's return (Q, the same unit as the values) when
 * trained with the Q loss (`loss.ts`).
 */
export class Net {
  readonly arch: NetArchitecture;
  /** The flat weight vector, `parameterCount(arch)` entries. */
  readonly weights: Float32Array;
  /** The gradient accumulator of the training code (`loss.ts`), same length. */
  readonly grads: Float64Array;
  readonly trunk: Mlp;
  readonly value: Mlp;
  readonly action: Mlp;
  /** Slices of the flat vector by block. */
  readonly blocks: { readonly trunk: BlockRange; readonly value: BlockRange; readonly action: BlockRange };
  /** Width of the trunk's output. */
  readonly trunkOutput: number;
  /** Entries per action in a feature vector (0 with a dense head). */
  readonly featureSize: number;
  /** Training scratch (`loss.ts`): d(loss)/d(trunk output), d/d(values), d/d(action head outputs). */
  readonly dTrunk: Float64Array;
  readonly dValue: Float64Array;
  readonly dAction: Float64Array;

  /**
   * @param arch the architecture.
   * @param weights the weights (used in place, not copied: pass a copy to
   *   keep two nets apart); zeros when omitted (see `Net.create`).
   * @throws RangeError when the architecture is invalid or the weights have the wrong length.
   */
  constructor(arch: NetArchitecture, weights?: Float32Array) {
    const problem = architectureProblem(arch);
    if (problem) throw new RangeError(`net architecture: ${problem}`);
    this.arch = arch;
    const sizes = blockSizes(arch);
    const n = parameterCount(arch);
    if (weights && weights.length !== n) throw new RangeError(`net: the architecture has ${n} weights, given ${weights.length}`);
    this.weights = weights ?? new Float32Array(n);
    this.grads = new Float64Array(n);
    const t1 = Mlp.paramCount(sizes.trunk);
    const v1 = t1 + Mlp.paramCount(sizes.value);
    this.blocks = { trunk: { start: 0, end: t1 }, value: { start: t1, end: v1 }, action: { start: v1, end: n } };
    const block = (r: BlockRange, s: number[], relu: boolean): Mlp =>
      new Mlp(s, relu, this.weights.subarray(r.start, r.end), this.grads.subarray(r.start, r.end));
    this.trunk = block(this.blocks.trunk, sizes.trunk, true);
    this.value = block(this.blocks.value, sizes.value, false);
    this.action = block(this.blocks.action, sizes.action, false);
    this.trunkOutput = arch.trunk[arch.trunk.length - 1]!;
    this.featureSize = arch.head.kind === 'feature' ? arch.head.featureSize : 0;
    this.dTrunk = new Float64Array(this.trunkOutput);
    this.dValue = new Float64Array(arch.seats);
    this.dAction = new Float64Array(this.action.output.length);
  }

  /**
   * A net with initial weights drawn from `seed` (`init.ts`: He uniform for
   * layers followed by ReLU, Glorot uniform for the linear outputs, zero
   * biases; blocks in order trunk, value, action from one stream).
   * @param seed any string; the same seed gives the same bits.
   */
  static create(arch: NetArchitecture, seed: string): Net {
    const net = new Net(arch);
    const rng = initRng(seed);
    const sizes = blockSizes(arch);
    const b = net.blocks;
    initMlpWeights(net.weights.subarray(b.trunk.start, b.trunk.end), sizes.trunk, true, rng);
    initMlpWeights(net.weights.subarray(b.value.start, b.value.end), sizes.value, false, rng);
    initMlpWeights(net.weights.subarray(b.action.start, b.action.end), sizes.action, false, rng);
    return net;
  }

  /**
   * The per-seat values of an observation.
   * @param obs the observation tensor, at least `inputSize` entries (read from 0).
   * @param out receives `seats` values, seat-relative (the observer first), in the game's utility.
   */
  values(obs: Float32Array, out: Float64Array | Float32Array): void {
    this.forwardTrunk(obs);
    this.valuesFromTrunk(out);
  }

  /**
   * One score per legal action, in the order of `legal`.
   * @param obs the observation tensor, at least `inputSize` entries.
   * @param legal the legal action ids (`legalActions`' output), at least `count` entries.
   * @param count the number of legal actions.
   * @param features with a feature head: `count x featureSize` entries, action k's
   *   features at `[k * featureSize, (k + 1) * featureSize)`; ignored by a dense head.
   * @param out receives `count` scores.
   * @throws RangeError when a dense head meets an id past its outputs, or a
   *   feature head gets no (or too few) features.
   */
  scoreActions(obs: Float32Array, legal: Int32Array, count: number, features: Float32Array | undefined, out: Float64Array | Float32Array): void {
    this.forwardTrunk(obs);
    this.scoresFromTrunk(legal, count, features, out);
  }

  /**
   * `scoreActions` and `values` of one observation, running the trunk once
   * (what a search asks at a leaf: the policy prior and the values).
   */
  evaluate(
    obs: Float32Array,
    legal: Int32Array,
    count: number,
    features: Float32Array | undefined,
    outScores: Float64Array | Float32Array,
    outValues: Float64Array | Float32Array,
  ): void {
    this.forwardTrunk(obs);
    this.scoresFromTrunk(legal, count, features, outScores);
    this.valuesFromTrunk(outValues);
  }

  /**
   * The policy over the legal actions: `scoreActions` then `maskedSoftmax`.
   * @param temperature T >= 0; 1 is the trained policy, 0 the greedy one.
   * @param out receives `count` probabilities, in the order of `legal`.
   */
  policy(obs: Float32Array, legal: Int32Array, count: number, features: Float32Array | undefined, temperature: number, out: Float64Array): void {
    this.scoreActions(obs, legal, count, features, out);
    maskedSoftmax(out, count, temperature, out);
  }

  /** Sets the gradient accumulator to zero. */
  zeroGrads(): void {
    this.grads.fill(0);
  }

  /**
   * The trunk's forward pass (training code and the methods above).
   * @returns the trunk's output (`trunkOutput` entries, owned by the trunk).
   * @throws RangeError when `obs` is shorter than `inputSize`.
   */
  forwardTrunk(obs: Float32Array): Float64Array {
    const n = this.arch.inputSize;
    if (obs.length < n) throw new RangeError(`net: observation of ${obs.length} entries, the net reads ${n}`);
    const input = this.trunk.input;
    for (let i = 0; i < n; i++) input[i] = obs[i]!;
    return this.trunk.run();
  }

  /** The value head on the trunk's last output. */
  valuesFromTrunk(out: Float64Array | Float32Array): void {
    this.value.input.set(this.trunk.output);
    const v = this.value.run();
    for (let s = 0; s < v.length; s++) out[s] = v[s]!;
  }

  /** The action head on the trunk's last output (see `scoreActions`). */
  scoresFromTrunk(legal: Int32Array, count: number, features: Float32Array | undefined, out: Float64Array | Float32Array): void {
    const a = this.action;
    const head = this.arch.head;
    if (head.kind === 'dense') {
      a.input.set(this.trunk.output);
      for (let k = 0; k < count; k++) {
        const id = legal[k]!;
        if (!(id >= 0 && id < head.actions)) throw new RangeError(`net: action ${id} past the dense head's ${head.actions} outputs`);
      }
      if (head.hidden.length === 0) {
        a.runColumns(legal, count, out);
        return;
      }
      const s = a.run();
      for (let k = 0; k < count; k++) out[k] = s[legal[k]!]!;
      return;
    }
    this.actionPrefix(count, features);
    for (let k = 0; k < count; k++) out[k] = this.runFeatureRow(features!, k)[0]!;
  }

  /**
   * Feature head, first half: the trunk's output into the head's input and
   * its share of the first layer, once for all actions (`Mlp.runPrefix`).
   * @throws RangeError when `features` is missing or shorter than `count x featureSize`.
   */
  actionPrefix(count: number, features: Float32Array | undefined): void {
    const f = this.featureSize;
    if (!features || features.length < count * f) {
      throw new RangeError(`net: the feature head needs ${count} x ${f} action features, given ${features ? features.length : 'none'}`);
    }
    this.action.input.set(this.trunk.output);
    this.action.runPrefix(this.trunkOutput);
  }

  /**
   * Feature head, second half: the head run on action k's features (row k
   * of `features`) after `actionPrefix`.
   * @returns the head's output, entry 0 the score (an array, not the number:
   *   a double returned by a call V8 does not inline is boxed, 16 bytes a
   *   legal action).
   */
  runFeatureRow(features: Float32Array, k: number): Float64Array {
    const f = this.featureSize;
    const t = this.trunkOutput;
    const input = this.action.input;
    const from = k * f;
    for (let i = 0; i < f; i++) input[t + i] = features[from + i]!;
    return this.action.runRest();
  }
}
