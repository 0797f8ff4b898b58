/** Small architectures and random samples shaped like the games' (sparse one-hot observations), for test/nn. */
import { createRng, type Rng } from '../../src/core/rng.js';
import { layoutSize, tensorLayout } from '../../src/core/tensor.js';
import type { LearnableGame } from '../../src/nn/game-layout.js';
import type { TrainingSample } from '../../src/nn/loss.js';
import type { NetArchitecture } from '../../src/nn/net.js';

/** A dense action head, linear heads. */
export const DENSE: NetArchitecture = { inputSize: 40, trunk: [16, 12], seats: 3, valueHidden: [], head: { kind: 'dense', actions: 20, hidden: [] } };

/** A dense action head with hidden layers in both heads. */
export const DENSE_DEEP: NetArchitecture = { inputSize: 33, trunk: [14], seats: 4, valueHidden: [6], head: { kind: 'dense', actions: 11, hidden: [10] } };

/** A feature head (DouZero's form). */
export const FEATURE: NetArchitecture = { inputSize: 30, trunk: [14, 10], seats: 4, valueHidden: [5], head: { kind: 'feature', featureSize: 7, hidden: [9] } };

/** A feature head without hidden layer (a linear scorer of [trunk, features]). */
export const FEATURE_LINEAR: NetArchitecture = { inputSize: 25, trunk: [8], seats: 2, valueHidden: [], head: { kind: 'feature', featureSize: 5, hidden: [] } };

export const ARCHS: Readonly<Record<string, NetArchitecture>> = { DENSE, DENSE_DEEP, FEATURE, FEATURE_LINEAR };

/** A sparse vector like an observation tensor: about `density` of the entries nonzero, most of them 1, some fractions. */
export function sparseVector(rng: Rng, n: number, density = 0.15): Float32Array {
  const x = new Float32Array(n);
  for (let i = 0; i < n; i++) if (rng.next() < density) x[i] = rng.next() < 0.7 ? 1 : rng.next();
  return x;
}

/** Which targets a random sample carries. */
export interface Targets {
  readonly q?: boolean;
  readonly policy?: boolean;
  readonly value?: boolean;
  /** Rollout targets over the legal actions (some NaN). */
  readonly qAll?: boolean;
}

/**
 * A random sample for `arch`: a sparse observation, 1..min(8, ids) legal
 * actions (ascending distinct ids for a dense head, features for a feature
 * head), and the targets asked for.
 */
export function randomSample(arch: NetArchitecture, rng: Rng, targets: Targets): TrainingSample {
  const ids = arch.head.kind === 'dense' ? arch.head.actions : 100;
  const count = 1 + rng.int(Math.min(8, ids));
  const pool = Array.from({ length: ids }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + rng.int(ids - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const legal = Int32Array.from(pool.slice(0, count).sort((a, b) => a - b));
  const features = arch.head.kind === 'feature' ? sparseVector(rng, count * arch.head.featureSize, 0.4) : undefined;
  const chosen = rng.int(count);
  return {
    obs: sparseVector(rng, arch.inputSize),
    legal,
    count,
    features,
    chosen: targets.q ? chosen : undefined,
    q: targets.q ? 2 * rng.next() - 1 : undefined,
    policy: targets.policy
      ? Float64Array.from({ length: count }, () => (rng.next() < 0.3 ? 0 : rng.int(50))).map((x, k) => (k === chosen ? x + 1 : x))
      : undefined,
    value: targets.value ? Float64Array.from({ length: arch.seats }, () => rng.next()) : undefined,
    // Rollout targets: every legal action's, but for about a quarter (NaN: no target), and always the first.
    qAll: targets.qAll ? Float64Array.from({ length: count }, (_, k) => (k > 0 && rng.next() < 0.25 ? Number.NaN : 2 * rng.next() - 1)) : undefined,
  };
}

/** `n` random samples from a seed. */
export function randomBatch(arch: NetArchitecture, seed: string, n: number, targets: Targets): TrainingSample[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => randomSample(arch, rng, targets));
}

/** True when the arrays hold the same numbers (+0 and -0 equal), entry by entry. */
export function sameNumbers(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A game with only what a net needs of one (`LearnableGame`): a tensor of
 * the given fields, and action features of the given fields or `ids` dense
 * action ids. Its tensor writes nothing real: the file and hash tests read
 * layouts only.
 */
export function fakeGame(opts: {
  readonly id?: string;
  readonly tensor?: readonly (readonly [string, number])[];
  readonly features?: readonly (readonly [string, number])[];
  readonly ids?: number;
  readonly defaultPlayers?: number;
}): LearnableGame {
  const layoutOf = (fields: readonly (readonly [string, number])[]) => {
    const layout = tensorLayout(fields);
    return { layout: () => layout, size: () => layoutSize(layout) };
  };
  const tensor = opts.tensor ? { ...layoutOf(opts.tensor), write: () => {} } : undefined;
  const features = opts.features ? { ...layoutOf(opts.features), write: () => {} } : undefined;
  return {
    info: {
      id: opts.id ?? 'fake',
      name: 'Fake',
      minPlayers: 2,
      maxPlayers: 6,
      defaultPlayers: opts.defaultPlayers ?? 3,
      hiddenInformation: true,
      params: [],
      scoreUnit: 'points',
      utility: 'win-share',
    },
    ...(tensor ? { tensor } : {}),
    ...(features ? { actionFeatures: features } : {}),
    numDistinctActions: () => opts.ids ?? 20,
  };
}
