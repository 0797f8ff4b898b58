/**
 * Expert Iteration (Anthony, Tian and Barber, "Thinking Fast and Slow with
 * Deep Learning and Tree Search", NeurIPS 2017), in AlphaGo Zero's form
 * (Silver et al., Nature 550, 2017: a replay buffer of recent generations,
 * each new net gated against the champion): a generation plays
 * `episodesPerGeneration` episodes of self-play by the search guided by the
 * champion net (`search-selfplay.ts`), keeps their samples in a replay
 * buffer of the last `replay` generations, and trains the learner net on
 * the buffer: the policy head by cross-entropy against the root's visit
 * counts, the value head against every seat's outcome. The gate that
 * promotes a learner to champion is a paired match (`src/cli/train-exit-run.ts`).
 * Same plan, seed and starting weights: the same samples and weights, bit
 * for bit, for any worker count, and after a stop and resume at a
 * generation's boundary.
 */
import { join } from 'node:path';
import { createRng, shuffleInPlace } from '../core/rng.js';
import type { Adam } from '../nn/adam.js';
import type { TrainingSample } from '../nn/loss.js';
import type { Net, NetArchitecture } from '../nn/net.js';
import { trainStep } from '../nn/train-step.js';
import { type LearnerSteps, sampleRefs, trainingSample } from './dmc.js';
import type { SamplePack } from './sample-pack.js';
import type { SelfPlayTask } from './selfplay.js';
import { chunkTasks } from './chunk-tasks.js';

/** What an Expert Iteration run keeps fixed (`train-state.json`'s `plan`); its steps pass over the replay buffer. */
export interface ExitPlan extends LearnerSteps {
  readonly exit: true;
  readonly gameId: string;
  readonly variant: SelfPlayTask['variant'];
  readonly arch: NetArchitecture;
  readonly seed: string;
  readonly generations: number;
  readonly episodesPerGeneration: number;
  /** Episodes per chunk (a worker's task): fixed, so chunks are the same for any worker count. */
  readonly chunk: number;
  /** The net-guided search, a built-in spec without `net=` (each generation adds its champion's file), e.g. `ismcts:iterations=100,prior=net,leaf=net`. */
  readonly search: string;
  /** The weight ε and concentration α of the Dirichlet noise on the root's priors at a seat's first `exploreMoves` decisions. */
  readonly noise: number;
  readonly alpha: number;
  readonly exploreMoves: number;
  /** Generations whose samples the learner trains on (the replay buffer), this one's included. */
  readonly replay: number;
  readonly scoreScale: number;
}

/** One generation's figures from its self-play and training (part of a row of `curve.csv`). */
export interface ExitGenerationFigures {
  readonly generation: number;
  /** Episodes played so far, this generation's included. */
  readonly episodes: number;
  /** Samples (decisions) of this generation, and in the replay buffer it trained on. */
  readonly samples: number;
  readonly replaySamples: number;
  /** Mean cross-entropy of the policy targets (nats) and mean per-seat squared error of the value head (utility²), before each step. */
  readonly lossPolicy: number;
  readonly lossValue: number;
  /** Search iterations run in this generation's self-play (its iterations per second are this over its seconds, in `train-state.json`). */
  readonly searchIterations: number;
}

/** The file of generation `generation`'s net in a run directory (`nets/gen-<k>.json`; 0: the first champion). */
export function generationNetFile(dir: string, generation: number): string {
  return join(dir, 'nets', `gen-${generation}.json`);
}

/** The search spec of a generation's self-play with its net file, with or without the root noise. */
export function searchSpec(plan: ExitPlan, netFile: string, noisy: boolean): string {
  return `${plan.search},net=${netFile}${noisy && plan.noise > 0 ? `,noise=${plan.noise},alpha=${plan.alpha}` : ''}`;
}

const NO_WEIGHTS = new Float32Array(0);

/** The chunks of generation `k` (0-based): episodes [k E, (k + 1) E) in order, searched with the champion's net file. */
export function generationTasks(plan: ExitPlan, k: number, championFile: string): SelfPlayTask[] {
  const start = k * plan.episodesPerGeneration;
  return chunkTasks(plan, start, start + plan.episodesPerGeneration, () => ({
    // The searches read the champion's file: no weights cross to the threads.
    weights: NO_WEIGHTS,
    epsilon: 0,
    selfPlay: 1,
    opponents: [],
    behaviour: null,
    rolloutShare: 0,
    rolloutBot: null,
    search: { explore: searchSpec(plan, championFile, true), play: searchSpec(plan, championFile, false), exploreMoves: plan.exploreMoves },
  }));
}

/**
 * Trains the learner on the replay buffer after generation `k` (0-based):
 * `epochs` passes over every sample of `buffer` (oldest generation first) in
 * the order of a shuffle drawn from `<seed>/shuffle/<k>/<epoch>`, one Adam
 * step per minibatch, the policy head against the visit counts and the value
 * head against the outcomes (no Q loss).
 * @param onStep called after each Adam step (a progress display writes from here).
 * @returns the mean losses over the steps.
 */
export function trainOnReplay(
  plan: ExitPlan,
  k: number,
  net: Net,
  adam: Adam,
  buffer: readonly SamplePack[],
  onStep?: () => void,
): { lossPolicy: number; lossValue: number; samples: number } {
  const refs = sampleRefs(buffer);
  const order = new Int32Array(refs.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  const weights = { q: 0, policy: 1, value: plan.valueWeight, margin: 0 };
  const lossPlan = { margin: 0, qWeight: 0 };
  let lossPolicy = 0;
  let lossValue = 0;
  let steps = 0;
  for (let epoch = 0; epoch < plan.epochs; epoch++) {
    shuffleInPlace(order, createRng(`${plan.seed}/shuffle/${k}/${epoch}`));
    for (let at = 0; at < order.length; at += plan.batch) {
      const batch: TrainingSample[] = [];
      for (let i = at; i < Math.min(order.length, at + plan.batch); i++)
        batch.push(trainingSample(buffer, refs[order[i]!]!, plan.arch, plan.valueWeight, lossPlan));
      const f = trainStep(net, batch, adam, weights);
      onStep?.();
      lossPolicy += f.policy ?? 0;
      lossValue += f.value ?? 0;
      steps++;
    }
  }
  return { lossPolicy: steps > 0 ? lossPolicy / steps : Number.NaN, lossValue: steps > 0 ? lossValue / steps : Number.NaN, samples: refs.length };
}
