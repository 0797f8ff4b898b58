/**
 * Offline imitation of the search (docs/learning.md, "Imitating the search"):
 * label once, then fit many nets to the same labels and compare them on
 * held-out decisions, without paying for the search again.
 *
 *   node scripts/run.mjs scripts/imitation-lab.ts label GAME FIRST COUNT OUT [EXPERT]
 *     Greedy plays every seat of episodes FIRST .. FIRST+COUNT-1 (the deals of
 *     `train --seed imitation-lab`); the expert (default: the shipped `ismcts`
 *     profile) labels every decision with two or more legal actions with its
 *     root visit counts. The samples (observation tensors, action features
 *     with greedy's action as the last one, the visit counts) are written to
 *     OUT with `v8.serialize`.
 *
 *   node scripts/run.mjs scripts/imitation-lab.ts fit GAME NET_OUT TEST_FILE EPOCHS TRUNK LR TRAIN_FILE...
 *     Fits a fresh net (trunk widths TRUNK, e.g. `128,64`, greedy's action as
 *     an input) to the visit counts of the TRAIN_FILEs by cross-entropy, and
 *     prints after each epoch the held-out cross-entropy and how often its
 *     best action is the search's most visited one, and greedy's, on the
 *     decisions of TEST_FILE (greedy's own agreement with the search is the
 *     bar). Writes the net of the best epoch (held-out agreement) to NET_OUT.
 *     With TRAIN_FILE = TEST_FILE, the file's first three quarters train and
 *     its last quarter tests.
 *
 * The labels cost one search each (about 0.15 s of CPU in Nine Lives); the
 * fits cost seconds. Deterministic: fixed seeds throughout. Exit 2 with one
 * line on bad input.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import '../src/games/index.js';
import { scriptArgs } from './learn-script-args.js';
import type { AnyGame } from '../src/core/registry.js';
import { createRng } from '../src/core/rng.js';
import type { Variant } from '../src/core/variant.js';
import { playEpisodes, type SamplePack } from '../src/learn/selfplay.js';
import { Adam } from '../src/nn/adam.js';
import { netMeta, saveNetFile } from '../src/nn/file.js';
import { architectureFor, type LearnableGame } from '../src/nn/game-layout.js';
import type { TrainingSample } from '../src/nn/loss.js';
import { Net, type NetArchitecture } from '../src/nn/net.js';
import { trainStep } from '../src/nn/train-step.js';

const USAGE = 'usage: imitation-lab.ts label GAME FIRST COUNT OUT [EXPERT] | fit GAME NET_OUT TEST_FILE EPOCHS TRUNK LR TRAIN_FILE...';

const args = scriptArgs('imitation-lab', USAGE);
const { integer, gameOf } = args;

function fail(message: string): never {
  return args.fail(message);
}

function archOf(game: AnyGame, variant: Variant, trunk: readonly number[] = [128, 64]): NetArchitecture {
  return architectureFor(game as unknown as LearnableGame, variant, { base: 'greedy', trunk });
}

/** `label`: greedy's games, every choice labelled by the expert's visit counts. */
function label(gameId: string | undefined, firstText: string | undefined, countText: string | undefined, out: string | undefined, expert = 'ismcts'): void {
  const { game, variant } = gameOf(gameId);
  const first = integer(firstText, 'FIRST', 0);
  const count = integer(countText, 'COUNT', 1);
  if (!out) fail(USAGE);
  const arch = archOf(game, variant);
  const t0 = performance.now();
  const pack = playEpisodes({
    gameId: game.info.id,
    variant,
    arch,
    weights: Net.create(arch, 'imitation-lab').weights,
    seed: 'imitation-lab',
    first,
    count,
    epsilon: 0,
    selfPlay: 1,
    opponents: [],
    behaviour: 'greedy',
    scoreScale: 1,
    rolloutShare: 0,
    rolloutBot: null,
    expertShare: 1,
    expertBot: expert,
    expertTarget: 'visits',
  });
  writeFileSync(out, serialize(pack));
  let labelled = 0;
  for (let k = 0; k < pack.samples; k++) if (pack.counts[k]! > 1) labelled++;
  console.log(`${game.info.id}: ${count} games, ${labelled} labelled decisions in ${((performance.now() - t0) / 1000).toFixed(0)} s -> ${out}`);
}

/** A labelled decision: the training sample (policy target only) and the index of greedy's action among its legal ones. */
interface Labelled {
  readonly sample: TrainingSample;
  readonly greedy: number;
}

/**
 * The target a decision trains towards: the search's visit counts
 * (`visits`), or with a threshold θ (`CONFIDENT=θ` in the environment) a
 * one-hot on the search's most visited action where it leaves greedy's
 * with at least a share θ of the visits and twice greedy's action's, else
 * on greedy's action: the search's confident departures alone.
 */
function targetOf(policy: Float32Array, c: number, greedy: number): Float32Array {
  const theta = Number(process.env.CONFIDENT ?? 'NaN');
  if (Number.isNaN(theta)) return policy;
  let total = 0;
  let top = 0;
  for (let i = 0; i < c; i++) {
    total += policy[i]!;
    if (policy[i]! > policy[top]!) top = i;
  }
  const confident = top !== greedy && policy[top]! >= theta * total && policy[top]! >= 2 * policy[greedy]!;
  const out = new Float32Array(c);
  out[confident ? top : greedy] = 1;
  return out;
}

/** The labelled decisions of a pack. */
function samplesOf(p: SamplePack, arch: NetArchitecture): Labelled[] {
  const out: Labelled[] = [];
  const I = arch.inputSize;
  const F = arch.head.kind === 'feature' ? arch.head.featureSize : 0;
  let at = 0;
  for (let k = 0; k < p.samples; k++) {
    const c = p.counts[k]!;
    if (c > 1 && p.policy && !Number.isNaN(p.policy[at]!))
      out.push({
        sample: {
          obs: p.obs.subarray(k * I, (k + 1) * I),
          legal: p.legal.subarray(at, at + c),
          count: c,
          features: F ? p.features!.subarray(at * F, (at + c) * F) : undefined,
          policy: targetOf(p.policy.subarray(at, at + c), c, p.chosen[k]!),
        },
        greedy: p.chosen[k]!,
      });
    at += c;
  }
  return out;
}

function readPack(file: string): SamplePack {
  try {
    return deserialize(readFileSync(file)) as SamplePack;
  } catch (e) {
    fail(`cannot read ${file}: ${(e as Error).message}`);
  }
}

/** `fit`: a fresh net fitted to the visit counts, measured on held-out decisions. */
function fitNet(
  gameId: string | undefined,
  netOut: string | undefined,
  testFile: string | undefined,
  epochsText: string | undefined,
  trunkText: string | undefined,
  lrText: string | undefined,
  trainFiles: string[],
): void {
  const { game, variant } = gameOf(gameId);
  if (!netOut || !testFile || trainFiles.length === 0) fail(USAGE);
  const epochs = integer(epochsText, 'EPOCHS', 1);
  const trunk = (trunkText ?? '').split(',').map((w) => integer(w, 'a trunk width', 1));
  const lr = Number(lrText);
  if (!(lr > 0 && lr < 1)) fail(`LR must be in (0, 1), got '${lrText ?? ''}'`);
  const arch = archOf(game, variant, trunk);
  // The packs were written with the default trunk; the inputs do not depend on it.
  const dataArch = archOf(game, variant);
  let train = trainFiles.flatMap((f) => samplesOf(readPack(f), dataArch));
  let test = samplesOf(readPack(testFile), dataArch);
  if (trainFiles.length === 1 && trainFiles[0] === testFile) {
    // One file for both: its first three quarters (whole games come in order) train, the last quarter tests.
    const cut = Math.floor(0.75 * test.length);
    train = test.slice(0, cut);
    test = test.slice(cut);
  }
  const net = Net.create(arch, 'imitation-lab');
  const adam = new Adam(net.weights.length, { lr, weightDecay: 1e-6, clipNorm: 10 });
  const shuffle = createRng('imitation-lab/shuffle');
  const scores = new Float64Array(game.numDistinctActions(variant));
  const argmax = (v: ArrayLike<number>, n: number): number => {
    let b = 0;
    for (let k = 1; k < n; k++) if (v[k]! > v[b]!) b = k;
    return b;
  };
  let greedyAgrees = 0;
  for (const { sample: s, greedy } of test) if (argmax(s.policy!, s.count) === greedy) greedyAgrees++;
  console.log(
    `${game.info.id}: ${train.length} training and ${test.length} held-out decisions; greedy plays the search's most visited action at ${((100 * greedyAgrees) / test.length).toFixed(1)}% of the held-out ones; net ${trunk.join('-')}, ${net.weights.length} weights, lr ${lr}`,
  );
  let best = -1;
  for (let e = 0; e < epochs; e++) {
    for (let i = train.length - 1; i > 0; i--) {
      const j = shuffle.int(i + 1);
      [train[i], train[j]] = [train[j]!, train[i]!];
    }
    for (let i = 0; i < train.length; i += 128)
      trainStep(
        net,
        train.slice(i, i + 128).map((l) => l.sample),
        adam,
        { q: 0, policy: 1, value: 0 },
      );
    let ce = 0;
    let agree = 0;
    let agreeGreedy = 0;
    for (const { sample: s, greedy } of test) {
      net.scoreActions(s.obs, s.legal, s.count, s.features, scores);
      let m = -Infinity;
      for (let k = 0; k < s.count; k++) m = Math.max(m, scores[k]!);
      let z = 0;
      let total = 0;
      for (let k = 0; k < s.count; k++) {
        z += Math.exp(scores[k]! - m);
        total += s.policy![k]!;
      }
      for (let k = 0; k < s.count; k++) ce -= (s.policy![k]! / total) * (scores[k]! - m - Math.log(z));
      const b = argmax(scores, s.count);
      if (b === argmax(s.policy!, s.count)) agree++;
      if (b === greedy) agreeGreedy++;
    }
    const share = agree / test.length;
    console.log(
      `epoch ${e + 1}: held out: cross-entropy ${(ce / test.length).toFixed(4)}, plays the search's action at ${(100 * share).toFixed(1)}%, greedy's at ${((100 * agreeGreedy) / test.length).toFixed(1)}%`,
    );
    if (share > best) {
      best = share;
      saveNetFile(
        netOut,
        net,
        netMeta(game as unknown as LearnableGame, variant, { command: `scripts/imitation-lab.ts fit (${trainFiles.join(', ')})`, epochs: e + 1 }),
      );
    }
  }
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'label') label(rest[0], rest[1], rest[2], rest[3], rest[4]);
else if (mode === 'fit') fitNet(rest[0], rest[1], rest[2], rest[3], rest[4], rest[5], rest.slice(6));
else fail(USAGE);
