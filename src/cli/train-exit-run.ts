/**
 * An Expert Iteration run played from its spec and state (`npm run train --
 * --method exit`, or its `--resume`): per generation, self-play by the
 * champion's search on the self-play threads, training on the replay buffer
 * (`replay/gen-<k>.bin`), the learner's net (`nets/gen-<k>.json`), a gate
 * when due (`train-exit-gate.ts`), the state and the curve; at the end the
 * champion as `net.json`, `train.json` and the page.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { AnyGame } from '../core/registry.js';
import { writeFileAtomic } from '../io/files.js';
import { newAdam } from '../learn/dmc.js';
import { type ExitPlan, generationNetFile, generationTasks, trainOnReplay } from '../learn/exit.js';
import type { SamplePack } from '../learn/sample-pack.js';
import { selfPlayer } from '../learn/selfplay-pool.js';
import { loadNetFile, netMeta, saveNetFile } from '../nn/file.js';
import { Net } from '../nn/net.js';
import { writeExitCurve } from '../results/curve-file.js';
import type { ExitSetup, ExitState } from '../results/exit-state.js';
import { NET_FILE } from '../results/registry.js';
import { writeTrainFile } from '../results/train-file.js';
import { b64, f32, f64, writeTrainState } from '../results/train-state-file.js';
import { progressReporter } from './progress.js';
import { writePageAndName } from './run-dir.js';
import type { RunFlags } from './run-flags.js';
import { installStopper, type Stopper } from './stopper.js';
import { playGate } from './train-exit-gate.js';
import { printGates } from './train-exit-text.js';

/** An Expert Iteration run being played: its game, flags, spec, directory, and the learner's net and optimizer. */
interface ExitRun {
  readonly game: AnyGame;
  readonly flags: RunFlags;
  readonly setup: ExitSetup;
  readonly plan: ExitPlan;
  readonly dir: string;
  readonly net: Net;
  readonly adam: ReturnType<typeof newAdam>;
}

/** The replay file of generation `k` (1-based): its chunks' samples, `v8.serialize`d. */
const replayFile = (dir: string, k: number): string => join(dir, 'replay', `gen-${k}.bin`);

/** The replay buffer after generation `k`: the samples of generations max(1, k − replay + 1) … k, oldest first (generation k's from memory). */
function replayBuffer(r: ExitRun, k: number, latest: readonly SamplePack[]): SamplePack[] {
  const out: SamplePack[] = [];
  for (let g = Math.max(1, k - r.plan.replay + 1); g < k; g++) out.push(...(deserialize(readFileSync(replayFile(r.dir, g))) as SamplePack[]));
  out.push(...latest);
  // A generation that no later buffer reads is deleted.
  const stale = k - r.plan.replay;
  if (stale >= 1) rmSync(replayFile(r.dir, stale), { force: true });
  return out;
}

/** Writes the state and the curve (after each generation and each gate). */
function save(r: ExitRun, state: ExitState): void {
  writeTrainState(r.dir, { setup: r.setup, plan: r.plan, state });
  writeExitCurve(r.dir, state.curve);
}

/**
 * Plays generation `state.generation + 1`: the champion's self-play, training on the replay buffer, the learner's net file.
 * @returns the state after it (its gate pending when one is due), or null when stopped.
 */
async function playGeneration(
  r: ExitRun,
  state: ExitState,
  player: ReturnType<typeof selfPlayer>,
  stopper: Stopper,
  pulse: () => void,
): Promise<ExitState | null> {
  const { plan, setup, dir, net, adam } = r;
  const k = state.generation + 1;
  const t0 = performance.now();
  let packs: SamplePack[];
  try {
    packs = await player.playAll(generationTasks(plan, k - 1, generationNetFile(dir, state.champion)), stopper.signal);
  } catch (e) {
    if (stopper.signal.aborted) return null;
    throw e;
  }
  if (stopper.signal.aborted) return null;
  const selfPlay = (performance.now() - t0) / 1000;
  mkdirSync(join(dir, 'replay'), { recursive: true });
  writeFileAtomic(replayFile(dir, k), serialize(packs));
  const trained = trainOnReplay(plan, k - 1, net, adam, replayBuffer(r, k, packs), pulse);
  saveNetFile(
    generationNetFile(dir, k),
    net,
    netMeta(r.game, plan.variant, { command: setup.command, generation: k, games: k * plan.episodesPerGeneration, seed: setup.seed }),
  );
  const gated = k % setup.gateEvery === 0 || k === plan.generations;
  const row = {
    generation: k,
    episodes: k * plan.episodesPerGeneration,
    samples: packs.reduce((a, p) => a + p.samples, 0),
    replaySamples: trained.samples,
    lossPolicy: trained.lossPolicy,
    lossValue: trained.lossValue,
    searchIterations: packs.reduce((a, p) => a + (p.searchIterations ?? 0), 0),
    gate: null,
    champion: state.champion,
  };
  return {
    ...state,
    generation: k,
    gatePending: gated,
    seconds: state.seconds + (performance.now() - t0) / 1000,
    selfPlaySeconds: [...state.selfPlaySeconds, selfPlay],
    curve: [...state.curve, row],
    weights: b64(net.weights),
    adam: { t: adam.t, m: b64(adam.m), v: b64(adam.v) },
  };
}

/**
 * Plays the pending gate of the last generation and records it: the learner becomes the champion when its SPRT accepts H1.
 * @returns the state after it, or null when stopped.
 */
async function gateOf(r: ExitRun, state: ExitState, stopper: Stopper): Promise<ExitState | null> {
  const t0 = performance.now();
  const k = state.generation;
  const gate = await playGate(r.dir, r.setup, r.plan, r.flags, k, state.champion, stopper);
  if (gate === null) return null;
  const champion = gate.promoted ? k : state.champion;
  const last = state.curve[state.curve.length - 1]!;
  return {
    ...state,
    gatePending: false,
    champion,
    seconds: state.seconds + (performance.now() - t0) / 1000,
    curve: [...state.curve.slice(0, -1), { ...last, gate, champion }],
  };
}

/** Plays the remaining generations and gates. @returns the state at the end or at the stop, and whether the run was stopped. */
async function playGenerations(r: ExitRun, start: ExitState, stopper: Stopper): Promise<{ state: ExitState; stopped: boolean }> {
  const player = selfPlayer(r.flags.workers);
  const progress = progressReporter();
  const total = r.plan.generations * r.plan.episodesPerGeneration;
  let state = start;
  try {
    for (;;) {
      if (state.gatePending) {
        progress.stop();
        const gated = await gateOf(r, state, stopper);
        if (gated === null) return { state, stopped: true };
        state = gated;
        save(r, state);
      }
      if (state.generation >= r.plan.generations) return { state, stopped: false };
      progress.update(state.generation * r.plan.episodesPerGeneration, total, `generation ${state.generation + 1}/${r.plan.generations}`);
      const next = await playGeneration(r, state, player, stopper, progress.pulse);
      if (next === null) return { state, stopped: true };
      state = next;
      save(r, state);
    }
  } finally {
    progress.stop();
    await player.close();
  }
}

/**
 * Runs (or resumes) an Expert Iteration run from its saved state: the
 * remaining generations and gates, then the champion as `net.json`,
 * `train.json` and the page.
 * @returns the exit code (130 / 143 when stopped: resume with --resume DIR).
 */
export async function exitRun(game: AnyGame, flags: RunFlags, setup: ExitSetup, plan: ExitPlan, start: ExitState, dir: string): Promise<number> {
  const net = new Net(plan.arch, f32(start.weights));
  const adam = newAdam(plan, net.weights.length);
  adam.restore(start.adam.t, f64(start.adam.m), f64(start.adam.v));
  const r: ExitRun = { game, flags, setup, plan, dir, net, adam };
  const stopper = installStopper();
  const { state, stopped } = await playGenerations(r, start, stopper);
  stopper.dispose();
  if (stopped) {
    process.stderr.write(
      `ninefold: stopped after ${state.generation} of ${plan.generations} generations${state.gatePending ? ' (its gate not finished)' : ''}; carry on with: npm run train -- --resume ${dir}\n`,
    );
    await writePageAndName(dir);
    return stopper.received() === 'SIGTERM' ? 143 : 130;
  }
  // What the run made: the champion's net, with the run's provenance.
  const championFile = generationNetFile(dir, state.champion);
  const champion = loadNetFile(championFile, game, plan.variant).net;
  const provenance = {
    command: setup.command,
    generations: state.generation,
    champion: state.champion,
    games: state.generation * plan.episodesPerGeneration,
    seed: setup.seed,
  };
  saveNetFile(join(dir, NET_FILE), champion, netMeta(game, plan.variant, provenance));
  writeTrainFile(dir, {
    game: setup.game,
    variant: setup.variant,
    method: 'exit',
    net: NET_FILE,
    iterations: state.generation,
    games: state.generation * plan.episodesPerGeneration,
    seconds: state.seconds,
    ...(setup.dealKey !== undefined ? { dealKey: setup.dealKey } : {}),
    verification: null,
  });
  printGates(state, plan, join(dir, NET_FILE));
  await writePageAndName(dir);
  return 0;
}
