import { BotSpecError } from '../core/bot.js';
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import { parseVariantSpec, resolveGameVariant } from '../core/variant.js';
import { botParamsFor, getBotKind, parseAndValidateLineup, parseLineup, resolveBotParams } from '../../bots/index.js';
import { type TrainFile, writeTrainFile } from '../results/train-file.js';
import { writeTunedFile } from '../results/tuned-file.js';
import { num } from '../report/terminal-format.js';
import { fitTable, printProse, tableWidth } from '../report/terminal.js';
import { gamesPerIteration } from '../train/evaluate.js';
import { botEvaluator, initialState, specAt, tunedPoint, type TrainPlan, type TrainState } from '../train/loop.js';
import { botDimensions, type Dimension, levelsOf, parseRanges, pointParams, startPoint } from '../train/space.js';
import { spsaDefaults } from '../train/spsa.js';
import { runDealKey } from './deals.js';
import { tableSeats } from './lineups.js';
import { parseCount, parseNumber, runName } from './options.js';
import { claimNewDir, writePageAndName } from './run-dir.js';
import type { RunFlags } from './run-flags.js';
import { type Args, dealKeyField, dealsLine, iterate, keptFlags, runBase, type TrainSetup } from './train-run.js';
import { writeTrainState } from './train-state-file.js';
import { verifyTuned } from './train-verify.js';

/** What a bot's tuning starts from: the bot, its opponents, the table, the method and the objective, each checked. */
interface TuneStart {
  readonly start: Awaited<ReturnType<typeof parseAndValidateLineup>>[number];
  readonly opponents: string[];
  readonly variant: TrainSetup['variant'];
  readonly method: TrainPlan['method'];
  readonly objective: TrainSetup['objective'];
}

/**
 * The bot to tune, its opponents and the table, from the command line.
 * @throws UsageError with one line on bad input.
 */
async function tuneStart(args: Args, game: AnyGame, flags: RunFlags): Promise<TuneStart> {
  if (args.bot === undefined) throw new UsageError('train needs --bot (the bot to tune and its starting parameters), or --tune-rules');
  for (const f of ['bots', 'target'] as const) if (args.given.has(f)) throw new UsageError(`--${f} goes with --tune-rules`);
  const method = args.method ?? 'spsa';
  if (method !== 'spsa' && method !== 'ntbea') throw new UsageError(`--method must be spsa, ntbea or dmc, got '${method}'`);
  const objective = args.objective;
  if (objective !== 'win' && objective !== 'score') throw new UsageError(`--objective must be win or score, got '${objective}'`);
  const startSpecs = await parseAndValidateLineup(args.bot, game, flags.botLoadMs);
  if (startSpecs.length !== 1) throw new UsageError(`--bot takes one bot, got ${startSpecs.length}: '${args.bot}'`);
  const given: Record<string, string | number> = parseVariantSpec(args.variant);
  const opponents = await tableSeats(game, args.opponents, given, 1, flags.botLoadMs);
  return { start: startSpecs[0]!, opponents, variant: resolveGameVariant(game, given), method, objective };
}

/**
 * The parameters tuned (`--tune`, `--range`): numeric ones for SPSA; for
 * NTBEA also choices, without those this game cannot build (`buildableChoices`).
 * @throws UsageError when SPSA is asked to tune a choice.
 */
function tuneDimensions(args: Args, game: AnyGame, s: TuneStart): Dimension[] {
  const kind = getBotKind(s.start.name);
  const resolved = resolveBotParams(kind, s.start.params, game.info.id);
  const keys =
    args.tune === undefined
      ? null
      : args.tune
          .split(',')
          .map((k) => k.trim())
          .filter((k) => k !== '');
  const dims = botDimensions(botParamsFor(kind, game.info.id), resolved, keys, parseRanges(args.range));
  if (s.method === 'ntbea') return buildableChoices(dims, kind, resolved, game);
  const e = dims.find((d) => d.kind === 'enum');
  if (e) throw new UsageError(`SPSA tunes numeric parameters; ${e.key} is a choice: leave it out of --tune, or use --method ntbea`);
  return dims;
}

/**
 * The spec a bot tuning's command line means: the setup and the plan that
 * `train-state.json` keeps.
 * @throws UsageError with one line on bad input.
 */
async function tuneSpec(args: Args, game: AnyGame, flags: RunFlags): Promise<{ setup: TrainSetup; plan: TrainPlan }> {
  const s = await tuneStart(args, game, flags);
  const { start, opponents, method } = s;
  const dims = tuneDimensions(args, game, s);
  const deals = parseCount('--deals', args.deals ?? '8', 2, 100_000);
  const budget = parseCount('--budget', args.budget, 1, 1e10);
  const P = Number(s.variant.players);
  const per = gamesPerIteration(method, P, deals);
  const iterations = Math.floor(budget / per);
  if (iterations < 1)
    throw new UsageError(
      `--budget ${budget} is less than one iteration (${per} games: ${deals} deals × ${method === 'spsa' ? `2 candidates × ${P} seats` : `${P} seats`})`,
    );
  const levels = method === 'ntbea' ? parseCount('--ntbea-levels', args['ntbea-levels'], 2, 100) : 0;
  const values = method === 'ntbea' ? dims.map((d) => levelsOf(d, levels)) : null;
  const plan: TrainPlan = {
    method,
    bot: start.name,
    given: start.params,
    dims,
    iterations,
    gamesPerIteration: per,
    spsa:
      method === 'spsa'
        ? {
            ...spsaDefaults(iterations),
            cEnd: parseNumber('--spsa-c', args['spsa-c'], 1e-4, 0.5),
            step: parseNumber('--spsa-step', args['spsa-step'], 1e-6, 1),
          }
        : null,
    ntbea:
      values !== null
        ? {
            levels: values.map((v) => v.length),
            k: parseNumber('--ntbea-k', args['ntbea-k'], 0, 100),
            neighbours: parseCount('--ntbea-neighbours', args['ntbea-neighbours'], 1, 100_000),
          }
        : null,
    values,
  };
  const setup: TrainSetup = {
    game: game.info.id,
    variant: s.variant,
    start: start.text,
    opponents,
    objective: s.objective,
    deals,
    seed: args.seed,
    ...dealKeyField(runDealKey(args['deal-key'], [start.text, ...opponents])),
    budget,
    verify: args.verify,
    verifyGames: parseCount('--verify-games', args['verify-games'], 2, 1e10),
    flags: keptFlags(flags),
    rules: null,
  };
  return { setup, plan };
}

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
  const last = state.curve.slice(-Math.max(1, Math.round(state.curve.length / 10)));
  const meanLast = last.reduce((a, r) => a + r.fitness.value, 0) / last.length;
  const first = state.curve.slice(0, last.length);
  const meanFirst = first.reduce((a, r) => a + r.fitness.value, 0) / first.length;
  process.stdout.write(`${fitTable(['parameter', 'start', 'tuned', 'range'], rows, { width: tableWidth(flags), keys: 1 })}\n`);
  printProse(
    `Fitness (${setup.objective === 'win' ? 'win share' : 'score'} per seat-game against the opponents): first ${first.length} iterations ${num(meanFirst, 3)}, last ${last.length} ${num(meanLast, 3)} (each iteration on its own deals; curve.csv has every iteration with its 95% interval).\ntuned: ${tunedSpec}\n`,
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

/**
 * The tuned dimensions without the choices of an enum that this game cannot
 * build (e.g. `rollout=nn` where the game has no shipped net), each left
 * out with one line on stderr saying why.
 * @throws UsageError when fewer than two choices of an enum remain.
 */
function buildableChoices(
  dims: Dimension[],
  kind: ReturnType<typeof getBotKind>,
  start: Readonly<Record<string, number | string>>,
  game: AnyGame,
): Dimension[] {
  return dims.map((d) => {
    if (d.kind !== 'enum') return d;
    const choices = d.choices.filter((c) => {
      try {
        kind.create({ ...start, [d.key]: c }, game);
        return true;
      } catch (e) {
        if (!(e instanceof BotSpecError)) throw e;
        process.stderr.write(`${d.key}=${c} left out of the tuning: ${e.message.split('\n')[0]}\n`);
        return false;
      }
    });
    if (choices.length < 2) throw new UsageError(`${d.key}: fewer than two of its choices can play ${game.info.id}; nothing to tune`);
    return { ...d, choices, start: choices.includes(d.start) ? d.start : choices[0]! };
  });
}
