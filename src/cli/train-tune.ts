/**
 * `npm run train -- --game G --bot SPEC`: a bot's parameters tuned against
 * fixed opponents by SPSA or NTBEA (its spec: `train-tune-spec.ts`), and the
 * run of it: the iterations, the tuned bot's table, `tuned.json`,
 * `train.json`, and the verification match.
 */
import type { AnyGame } from '../core/registry.js';
import { parseLineup } from '../../bots/index.js';
import { type TrainFile, writeTrainFile } from '../results/train-file.js';
import { writeTunedFile } from '../results/tuned-file.js';
import { curveEnds } from '../analysis/curve.js';
import { num } from '../report/terminal-format.js';
import { fitTable, printProse, tableWidth } from '../report/terminal.js';
import { botEvaluator, initialState, specAt, tunedPoint, type TrainPlan, type TrainState } from '../train/loop.js';
import { pointParams, startPoint } from '../train/space.js';
import { runName } from './options.js';
import { claimNewDir, writePageAndName } from './run-dir.js';
import type { RunFlags } from './run-flags.js';
import { dealsLine, iterate, runBase } from './train-run.js';
import type { Args } from './train-options.js';
import { writeTrainState, type TrainSetup } from '../results/train-state-file.js';
import { verifyTuned } from './train-verify.js';
import { tuneSpec } from './train-tune-spec.js';

/**
 * `npm run train -- --game G --bot SPEC [...]`: the tuning's spec, its
 * directory claimed and its state written, then the run.
 * @returns the exit code.
 */
export async function tuneMain(args: Args, game: AnyGame, flags: RunFlags, argv: readonly string[]): Promise<number> {
  const { setup, plan } = await tuneSpec(args, game, flags);
  const state = initialState(plan);
  const dir = claimNewDir(args.out, runName(`${game.info.id}-train`, args.seed, new Date()), args.force);
  writeTrainState(dir, { setup, plan, state });
  return tuneRun(game, flags, setup, plan, state, dir, argv);
}

/**
 * Runs (or resumes) a bot's tuning: its remaining iterations, then the tuned
 * bot's table, `tuned.json`, `train.json` and the verification match.
 * @param argv the command line, kept in `tuned.json` (a queue password masked).
 * @returns the exit code (130 / 143 when stopped: resume with --resume DIR).
 */
export async function tuneRun(
  game: AnyGame,
  flags: RunFlags,
  setup: TrainSetup,
  plan: TrainPlan,
  start: TrainState,
  dir: string,
  argv: readonly string[],
): Promise<number> {
  const header = `${game.info.id} · train ${setup.start} by ${plan.method.toUpperCase()} · seed ${setup.seed} · ${plan.iterations} iterations × ${plan.gamesPerIteration} games (${setup.deals} deals) = ${plan.iterations * plan.gamesPerIteration} games`;
  printProse(
    `${header}\n${dealsLine(setup)}opponents: ${setup.opponents.join(', ')} · tuning ${plan.dims.map((d) => (d.kind === 'enum' ? `${d.key} (${d.choices.join('|')})` : `${d.key} ${d.min}..${d.max}${d.scale === 'log' ? ' log' : ''}`)).join(', ')}\n`,
  );
  const ran = await iterate(flags, setup, plan, start, dir, (pool, stop, onGames) =>
    botEvaluator(plan, {
      game,
      variant: setup.variant,
      opponents: setup.opponents,
      objective: setup.objective,
      deals: setup.deals,
      seed: setup.seed,
      workers: flags.workers,
      pool,
      watchdogMs: flags.watchdogMs,
      base: runBase(setup),
      stop,
      onGames,
    }),
  );
  if (typeof ran === 'number') return ran;
  const state = ran;
  const tuned = tunedPoint(plan, state);
  const tunedSpec = specAt(plan, tuned);
  printTuned(setup, plan, state, pointParams(plan.dims, tuned), tunedSpec, flags);
  const trainJson = writeTunedFiles(dir, setup, plan, state, pointParams(plan.dims, tuned), tunedSpec, argv);
  let code = 0;
  if (setup.verify && parseLineup(tunedSpec)[0]!.text === parseLineup(setup.start)[0]!.text)
    printProse('The tuned bot is the starting bot: nothing to verify.\n');
  else if (setup.verify) code = await verifyTuned(dir, setup, flags, tunedSpec, trainJson);
  await writePageAndName(dir);
  return code;
}

/** Prints the tuned parameters beside the starting ones, and the fitness of the first and the last tenth of the iterations. */
function printTuned(
  setup: TrainSetup,
  plan: TrainPlan,
  state: TrainState,
  tunedParams: Readonly<Record<string, number | string>>,
  tunedSpec: string,
  flags: RunFlags,
): void {
  const startParams = pointParams(plan.dims, startPoint(plan.dims));
  const rows = plan.dims.map((d) => [
    d.key,
    String(startParams[d.key]),
    String(tunedParams[d.key]),
    d.kind === 'enum' ? d.choices.join(', ') : `${d.min}..${d.max}`,
  ]);
  const { first, last } = curveEnds(state.curve.map((r) => r.fitness.value));
  process.stdout.write(`${fitTable(['parameter', 'start', 'tuned', 'range'], rows, { width: tableWidth(flags), keys: 1 })}\n`);
  printProse(
    `Fitness (${setup.objective === 'win' ? 'win share' : 'score'} per seat-game against the opponents): first ${first.points} iterations ${num(first.mean, 3)}, last ${last.points} ${num(last.mean, 3)} (each iteration on its own deals; curve.csv has every iteration with its 95% interval).\ntuned: ${tunedSpec}\n`,
  );
}

/**
 * Writes a finished tuning's `tuned.json` (the tuned bot, for any line-up)
 * and `train.json` (its verification still null).
 * @returns `train.json`'s object, for the verification to complete.
 */
function writeTunedFiles(
  dir: string,
  setup: TrainSetup,
  plan: TrainPlan,
  state: TrainState,
  tunedParams: Readonly<Record<string, number | string>>,
  tunedSpec: string,
  argv: readonly string[],
): TrainFile {
  writeTunedFile(dir, {
    kind: 'ninefold-tuned-bot',
    version: 1,
    game: setup.game,
    spec: tunedSpec,
    start: setup.start,
    method: plan.method,
    params: tunedParams,
    games: state.games,
    seed: setup.seed,
    opponents: setup.opponents,
    // A queue URL's password stays out of the file.
    command: `npm run train -- ${argv.map((a) => a.replace(/^(rediss?:\/\/[^/@]*:)[^/@]+@/, '$1***@')).join(' ')}`,
  });
  const trainJson: TrainFile = {
    game: setup.game,
    variant: setup.variant,
    start: setup.start,
    tuned: tunedSpec,
    method: plan.method,
    parameters: plan.dims,
    iterations: state.iteration,
    games: state.games,
    seconds: state.seconds,
    opponents: setup.opponents,
    ...(setup.dealKey !== undefined ? { dealKey: setup.dealKey } : {}),
    verification: null,
  };
  writeTrainFile(dir, trainJson);
  return trainJson;
}
