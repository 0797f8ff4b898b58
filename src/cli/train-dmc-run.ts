/**
 * A Deep Monte-Carlo run played from its spec and state (`npm run train --
 * --method dmc`, or its `--resume`): the remaining iterations on the
 * self-play threads, an evaluation against greedy every `evalEvery`
 * iterations and at the end, the state and the curve written after each
 * iteration, then the net, its table, `train.json` and the verification.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyGame } from '../core/registry.js';
import { netMeta, saveNetFile } from '../nn/file.js';
import { layoutDescription } from '../nn/game-layout.js';
import { Net } from '../nn/net.js';
import { num } from '../report/terminal-format.js';
import { fitTable, printProse, tableWidth } from '../report/terminal.js';
import { dmcIteration, hasExpert, newAdam, type DmcPlan } from '../learn/dmc.js';
import { selfPlayer } from '../learn/selfplay-pool.js';
import { type DmcEvaluation, writeDmcCurve } from '../results/curve-file.js';
import { NET_FILE } from '../results/registry.js';
import { type TrainFile, writeTrainFile } from '../results/train-file.js';
import { b64, type DmcSetup, type DmcState, f32, f64, type TrainSetup, writeTrainState } from '../results/train-state-file.js';
import { evaluatePair, type Arena } from '../train/evaluate.js';
import type { BatchPlayer } from '../tourney/pool.js';
import { signedFixed } from './match-render.js';
import { progressReporter } from './progress.js';
import { writePageAndName } from './run-dir.js';
import { openPlayer, type RunFlags } from './run-flags.js';
import { installStopper, type Stopper } from './stopper.js';
import { runBase } from './train-run.js';
import { verifyTuned } from './train-verify.js';

/** A DMC run being played: its game, flags, spec, directory, and the net and optimizer the iterations move. */
interface DmcRun {
  readonly game: AnyGame;
  readonly flags: RunFlags;
  readonly setup: DmcSetup;
  readonly plan: DmcPlan;
  readonly dir: string;
  readonly net: Net;
  readonly adam: ReturnType<typeof newAdam>;
}

/** The net and Adam's state of a saved state (a new run's first, or a stopped run's last finished iteration). */
function restored(plan: DmcPlan, state: DmcState): Pick<DmcRun, 'net' | 'adam'> {
  const net = new Net(plan.arch, f32(state.weights));
  const adam = newAdam(plan, net.weights.length);
  adam.restore(state.adam.t, f64(state.adam.m), f64(state.adam.v));
  return { net, adam };
}

/** What the evaluations and the verification compare: `--objective`, or (states written before it) the game's utility. */
function objectiveOf(r: DmcRun): 'win' | 'score' {
  return r.setup.objective ?? (r.game.info.utility === 'zero-sum' ? 'score' : 'win');
}

/** The seats beside the net's at an evaluation and at the verification: greedy in every one. */
function greedyOpponents(plan: DmcPlan): string[] {
  return Array.from({ length: Number(plan.variant.players) - 1 }, () => 'greedy');
}

/** The evaluations' arena: the net in every seat against greedy opponents, on the same held-out deals (`<seed>-eval`) every time. */
function evaluationArena(r: DmcRun, pool: BatchPlayer, stop: AbortSignal): Arena {
  const { game, plan, setup, flags } = r;
  return {
    game,
    variant: plan.variant,
    opponents: greedyOpponents(plan),
    objective: objectiveOf(r),
    deals: setup.evalDeals,
    seed: `${setup.seed}-eval`,
    workers: flags.workers,
    pool,
    watchdogMs: flags.watchdogMs,
    base: runBase(setup),
    stop,
  };
}

/** Writes the net as it stands after `iterations`, with its provenance. */
function saveNet(r: DmcRun, file: string, iterations: number): void {
  const { setup, plan } = r;
  saveNetFile(
    file,
    r.net,
    netMeta(r.game, plan.variant, { command: setup.command, iterations, games: iterations * plan.episodesPerIteration, seed: setup.seed }),
  );
}

/**
 * The net after iteration `k` against greedy in its place, paired on the
 * arena's held-out deals (the same at every evaluation: iteration 0 of its seed).
 * @returns null when stopped.
 */
async function evaluateAt(r: DmcRun, k: number, arena: Arena): Promise<DmcEvaluation | null> {
  // Each evaluated net keeps a file of its own: a worker builds a bot once per spec text and reuses it, so a
  // spec naming the same file at every evaluation would keep playing the first net it read.
  const iterFile = join(r.dir, 'nets', `iter-${k}.json`);
  mkdirSync(join(r.dir, 'nets'), { recursive: true });
  saveNet(r, iterFile, k);
  const e = await evaluatePair(arena, 0, `nn:file=${iterFile}`, 'greedy');
  return e === null ? null : { deals: r.setup.evalDeals, value: e.difference.value, ci95: [e.difference.ci95[0], e.difference.ci95[1]] };
}

/**
 * Plays the remaining iterations: each one's self-play and learning, an
 * evaluation every `evalEvery` and at the last, the state and the curve written after it.
 * @returns the state after the last finished iteration, and whether the run was stopped.
 */
async function playIterations(r: DmcRun, start: DmcState, stopper: Stopper): Promise<{ state: DmcState; stopped: boolean }> {
  const { plan, setup } = r;
  const player = selfPlayer(r.flags.workers);
  const pool = await openPlayer(r.flags);
  const progress = progressReporter();
  const arena = evaluationArena(r, pool, stopper.signal);
  const total = plan.iterations * plan.episodesPerIteration;
  let state = start;
  try {
    while (state.iteration < plan.iterations) {
      progress.update(state.iteration * plan.episodesPerIteration, total, `iteration ${state.iteration + 1}/${plan.iterations}`);
      const t0 = performance.now();
      const f = await dmcIteration(plan, state.iteration, r.net, r.adam, player, stopper.signal, progress.pulse);
      if (f === null) return { state, stopped: true };
      const k = state.iteration + 1;
      const evaluated = k % setup.evalEvery === 0 || k === plan.iterations;
      const evaluation = evaluated ? await evaluateAt(r, k, arena) : null;
      if (evaluated && evaluation === null) return { state, stopped: true };
      const seconds = state.seconds + (performance.now() - t0) / 1000;
      const { adam } = r;
      state = {
        iteration: k,
        seconds,
        curve: [...state.curve, { ...f, seconds, evaluation }],
        weights: b64(r.net.weights),
        adam: { t: adam.t, m: b64(adam.m), v: b64(adam.v) },
      };
      writeTrainState(r.dir, { setup, plan, state });
      writeDmcCurve(r.dir, state.curve);
    }
    return { state, stopped: false };
  } finally {
    progress.stop();
    await player.close();
    await pool.close();
  }
}

/**
 * Runs (or resumes) a DMC run from its saved state: the remaining iterations,
 * an evaluation every `evalEvery` and at the end, then the verification.
 * @returns the exit code (130 / 143 when stopped: resume with --resume DIR).
 */
export async function dmcRun(game: AnyGame, flags: RunFlags, setup: DmcSetup, plan: DmcPlan, start: DmcState, dir: string): Promise<number> {
  const r: DmcRun = { game, flags, setup, plan, dir, ...restored(plan, start) };
  const stopper = installStopper();
  const { state, stopped } = await playIterations(r, start, stopper);
  stopper.dispose();
  if (stopped) {
    process.stderr.write(
      `ninefold: stopped after ${state.iteration} of ${plan.iterations} iterations (the iteration in progress is played again); carry on with: npm run train -- --resume ${dir}\n`,
    );
    await writePageAndName(dir);
    return stopper.received() === 'SIGTERM' ? 143 : 130;
  }
  // The net of the last finished iteration (the state's weights: a resumed run's net is the same).
  r.net.weights.set(f32(state.weights));
  const netFile = join(dir, NET_FILE);
  saveNet(r, netFile, state.iteration);
  const objective = objectiveOf(r);
  printEvaluations(r, state, objective, netFile);
  const trainJson: TrainFile = {
    game: setup.game,
    variant: setup.variant,
    method: 'dmc',
    net: NET_FILE,
    iterations: state.iteration,
    games: state.iteration * plan.episodesPerIteration,
    seconds: state.seconds,
    ...(setup.dealKey !== undefined ? { dealKey: setup.dealKey } : {}),
    verification: null,
  };
  writeTrainFile(dir, trainJson);
  const code = setup.verify ? await verifyNet(r, objective, netFile, trainJson) : 0;
  await writePageAndName(dir);
  return code;
}

/** A difference as signed points of win share, or a score difference. */
function points(x: number, objective: 'win' | 'score'): string {
  return Number.isFinite(x) ? signedFixed(x, objective === 'win' ? 1 : 3, objective === 'win' ? 100 : 1) : 'n/a';
}

/** Prints every evaluation (the losses of its iteration, net − greedy with its interval) and where the net is. */
function printEvaluations(r: DmcRun, state: DmcState, objective: 'win' | 'score', netFile: string): void {
  const { setup, plan } = r;
  const expert = hasExpert(plan);
  const rows = state.curve.flatMap((row) => {
    const e = row.evaluation;
    if (e === null) return [];
    const losses = [num(row.lossQ, 4), num(row.lossValue, 4), ...(expert ? [num(row.lossPolicy ?? Number.NaN, 4)] : [])];
    return [
      [
        String(row.iteration),
        String(row.episodes),
        ...losses,
        points(e.value, objective),
        `${points(e.ci95[0], objective)} to ${points(e.ci95[1], objective)}`,
      ],
    ];
  });
  const head = ['iteration', 'games', 'loss (Q)', 'loss (value)', ...(expert ? ['loss (policy)'] : []), 'net − greedy', '95% interval'];
  process.stdout.write(`${fitTable(head, rows, { width: tableWidth(r.flags), keys: 1 })}\n`);
  printProse(
    `net − greedy: the net's ${objective === 'win' ? 'win share' : 'score'} per seat-game less greedy's in its place, paired on the same ${setup.evalDeals} held-out deals (seed ${setup.seed}-eval) at every evaluation, the net in every seat against greedy opponents (95% interval over the deals, Student t).\nnet: ${netFile} (play it with nn:file=${netFile}) · layout ${layoutDescription(r.game, plan.variant).slice(0, 80)}…\n`,
  );
}

/**
 * The verification: a paired match --sprt of the net (A) against greedy (B)
 * on held-out seeds, then a fixed-size confirmation (`verifyTuned`).
 * @returns the exit code of the matches.
 */
function verifyNet(r: DmcRun, objective: 'win' | 'score', netFile: string, trainJson: TrainFile): Promise<number> {
  const { setup } = r;
  const verifySetup = {
    game: setup.game,
    variant: setup.variant,
    start: 'greedy',
    opponents: greedyOpponents(r.plan),
    objective,
    deals: 0,
    seed: setup.seed,
    ...(setup.dealKey !== undefined ? { dealKey: setup.dealKey } : {}),
    budget: setup.budget,
    verify: true,
    verifyGames: setup.verifyGames,
    flags: setup.flags,
    rules: null,
  } satisfies TrainSetup;
  return verifyTuned(r.dir, verifySetup, r.flags, `nn:file=${netFile}`, trainJson);
}
