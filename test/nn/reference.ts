/**
 * The plain oracle of src/nn: the whole net and its losses written the
 * obvious way (dense, output by output, plain arrays of float64), from a
 * flat weight vector laid out as `Net` lays it out. The module's sparse,
 * allocation-free passes must agree with it (bit for bit in the forward pass:
 * the same sums in the same order), and the finite-difference check
 * differentiates it in float64.
 */
import { blockSizes, type NetArchitecture } from '../../src/nn/net.js';

export interface ReferenceSample {
  readonly obs: ArrayLike<number>;
  readonly legal: ArrayLike<number>;
  readonly count: number;
  readonly features?: ArrayLike<number> | undefined;
  readonly chosen?: number | undefined;
  readonly q?: number | undefined;
  readonly policy?: ArrayLike<number> | undefined;
  readonly value?: ArrayLike<number> | undefined;
  readonly qAll?: ArrayLike<number> | undefined;
}

export interface ReferenceOutput {
  readonly scores: number[];
  readonly values: number[];
  /** Sign of every hidden pre-activation (ReLU's side), in order: a changed pattern means a kink was crossed. */
  readonly pattern: string;
}

/** One MLP: dense layers, ReLU between (and after the last when reluOut), output by output. */
function mlp(w: ArrayLike<number>, off: number, sizes: readonly number[], reluOut: boolean, x: readonly number[], pattern: string[]): number[] {
  let a = x;
  for (let l = 0; l + 1 < sizes.length; l++) {
    const nIn = sizes[l]!;
    const nOut = sizes[l + 1]!;
    const b = off + nIn * nOut;
    const next: number[] = [];
    for (let j = 0; j < nOut; j++) {
      let s = w[b + j]!;
      for (let i = 0; i < nIn; i++) s += a[i]! * w[off + i * nOut + j]!;
      const relu = l + 2 < sizes.length || reluOut;
      if (relu) pattern.push(s > 0 ? '1' : '0');
      next.push(relu ? (s > 0 ? s : 0) : s);
    }
    off = b + nOut;
    a = next;
  }
  return [...a];
}

function paramCount(sizes: readonly number[]): number {
  let n = 0;
  for (let l = 0; l + 1 < sizes.length; l++) n += sizes[l]! * sizes[l + 1]! + sizes[l + 1]!;
  return n;
}

/** Scores of the legal actions and the values, as `Net.evaluate` computes them. */
export function referenceForward(arch: NetArchitecture, w: ArrayLike<number>, s: ReferenceSample): ReferenceOutput {
  const sizes = blockSizes(arch);
  const pattern: string[] = [];
  const t = mlp(
    w,
    0,
    sizes.trunk,
    true,
    Array.from({ length: arch.inputSize }, (_, i) => s.obs[i]!),
    pattern,
  );
  const vOff = paramCount(sizes.trunk);
  const aOff = vOff + paramCount(sizes.value);
  const values = mlp(w, vOff, sizes.value, false, t, pattern);
  const scores: number[] = [];
  if (arch.head.kind === 'dense') {
    const out = mlp(w, aOff, sizes.action, false, t, pattern);
    for (let k = 0; k < s.count; k++) scores.push(out[s.legal[k]!]!);
  } else {
    const f = arch.head.featureSize;
    for (let k = 0; k < s.count; k++) {
      const x = [...t, ...Array.from({ length: f }, (_, i) => s.features![k * f + i]!)];
      scores.push(mlp(w, aOff, sizes.action, false, x, pattern)[0]!);
    }
  }
  return { scores, values, pattern: pattern.join('') };
}

/** The sample's weighted loss (loss.ts's definitions, written out). */
export function referenceLoss(
  arch: NetArchitecture,
  w: ArrayLike<number>,
  s: ReferenceSample,
  weights: { q: number; policy: number; value: number },
): { loss: number; pattern: string } {
  const out = referenceForward(arch, w, s);
  let loss = 0;
  if (s.value) {
    let l = 0;
    for (let k = 0; k < arch.seats; k++) l += (out.values[k]! - s.value[k]!) ** 2;
    loss += (weights.value * l) / arch.seats;
  }
  if (s.policy) {
    let mass = 0;
    for (let k = 0; k < s.count; k++) mass += s.policy[k]!;
    const max = Math.max(...out.scores);
    const lse = max + Math.log(out.scores.reduce((acc, x) => acc + Math.exp(x - max), 0));
    for (let k = 0; k < s.count; k++) loss -= (weights.policy * (s.policy[k]! / mass) * (out.scores[k]! - lse)) as number;
  }
  if (s.qAll) {
    const labelled = Array.from({ length: s.count }, (_, k) => k).filter((k) => !Number.isNaN(s.qAll![k]!));
    for (const k of labelled) loss += (weights.q * (out.scores[k]! - s.qAll[k]!) ** 2) / labelled.length;
  } else if (s.chosen !== undefined) loss += weights.q * (out.scores[s.chosen]! - s.q!) ** 2;
  return { loss, pattern: out.pattern };
}
