import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import '../games/index.js';
import { BotSpecError } from '../core/bot.js';
import { UsageError } from '../core/errors.js';
import { getGame, type AnyGame } from '../core/registry.js';
import { parseVariantSpec, resolveGameVariant } from '../core/variant.js';
import { botParamsFor, getBotKind, parseAndValidateLineup, parseLineup, resolveBotParams } from '../../bots/index.js';
import { writeFileAtomic } from '../io/files.js';
import { num } from '../report/terminal-format.js';
import { fitTable, printProse, tableWidth } from '../report/terminal.js';
import { curveEnds } from '../analysis/curve.js';
import { gamesPerIteration } from '../train/evaluate.js';
import { botEvaluator, initialState, specAt, tunedPoint, type TrainPlan, type TrainState } from '../train/loop.js';
import { botDimensions, type Dimension, levelsOf, parseRanges, pointParams, startPoint } from '../train/space.js';
import { spsaDefaults } from '../train/spsa.js';
import { claimOutDir, newRunDir, checkResumeFlags, parseCommand, parseRunFlags, runCli, tableSeats, writePageAndName } from './common.js';
import { parseCount, runName } from './options.js';
import { runDealKey } from './deals.js';
import { dealKeyField, dealsLine, iterate, keptFlags, options, parseNumber, runBase, type TrainSetup } from './train-run.js';
import { rulesMain, rulesRun } from './train-rules.js';
import { DMC_ONLY_OPTIONS, dmcMain, dmcRun } from './train-dmc.js';
import { readTrainState } from './train-state-file.js';
import { verifyTuned } from './train-verify.js';

/** `tuned.json`: a tuned bot, accepted wherever a bot is (`--bots`, `--candidate`, `--bot`). */
export interface TunedFile {
  readonly kind: 'ninefold-tuned-bot';
  readonly version: 1;
  readonly game: string;
  /** The tuned bot's spec text. */
  readonly spec: string;
  readonly start: string;
  readonly method: 'spsa' | 'ntbea';
  readonly params: Readonly<Record<string, number | string>>;
  readonly games: number;
  readonly seed: string;
  readonly opponents: readonly string[];
  readonly command: string;
}

/**
 * `npm run train -- --game G --bot SPEC [...]`: tunes the bot's parameters
 * against fixed opponents by SPSA or NTBEA, writes the learning curve and
 * `tuned.json`, then checks the tuned bot against the starting one by a
 * `match --sprt` on held-out seeds. Returns the exit code.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const args = await parseCommand(
    argv,
    'train',
    '$0 --game ID --bot SPEC [--tune k1,k2] [--range k=min:max] [--opponents x,y] [--method spsa|ntbea] [--budget GAMES] [--deals N] [--seed S] [--workers W] [--out DIR] [--deal-key HEX] [--resume DIR] [--wide]',
    options,
    'Every candidate of an iteration plays the same deals, in every seat, against the same opponents (duplicate deals, common random numbers); the fitness is its win share (or score) per seat-game with an interval over the deals. SPSA moves all parameters at once from paired games of two perturbed candidates; NTBEA searches a grid of levels with a bandit model of 1-, 2- and N-tuples.',
  );
  if (args === null) return 0;
  let flags = parseRunFlags(args);
  let setup: TrainSetup;
  let plan: TrainPlan;
  let state: TrainState;
  let dir: string;
  let game: AnyGame;
  if (args.resume !== undefined) {
    checkResumeFlags(args.given);
    dir = resolve(args.resume);
    claimOutDir(args.resume, { resume: true });
    const file = join(dir, 'train-state.json');
    if (!existsSync(file)) throw new UsageError(`--resume ${args.resume}: no train-state.json (not a training run, or stopped before its first iteration)`);
    const saved = readTrainState(file, args.resume);
    game = getGame(saved.setup.game);
    flags = { ...flags, ...saved.setup.flags };
    if (saved.kind === 'dmc') return dmcRun(game, flags, saved.setup, saved.plan, saved.state, dir);
    ({ setup, plan, state } = saved);
    if (setup.rules) return rulesRun(game, flags, setup, plan, state, dir);
  } else {
    if (args.game === undefined) throw new UsageError('Missing required argument: game');
    game = getGame(args.game);
    if (args.method === 'dmc') return dmcMain(args, game, flags, argv);
    const dmcOnly = DMC_ONLY_OPTIONS.find((f) => args.given.has(f));
    if (dmcOnly !== undefined) throw new UsageError(`--${dmcOnly} goes with --method dmc (it learns a network)`);
    if (args['tune-rules'] !== undefined) return rulesMain(args, game, flags);
    if (args.bot === undefined) throw new UsageError('train needs --bot (the bot to tune and its starting parameters), or --tune-rules');
    for (const f of ['bots', 'target'] as const) if (args.given.has(f)) throw new UsageError(`--${f} goes with --tune-rules`);
    const method = args.method ?? 'spsa';
    if (method !== 'spsa' && method !== 'ntbea') throw new UsageError(`--method must be spsa, ntbea or dmc, got '${method}'`);
    const objective = args.objective;
    if (objective !== 'win' && objective !== 'score') throw new UsageError(`--objective must be win or score, got '${objective}'`);
    const startSpecs = await parseAndValidateLineup(args.bot, game, flags.botLoadMs);
    if (startSpecs.length !== 1) throw new UsageError(`--bot takes one bot, got ${startSpecs.length}: '${args.bot}'`);
    const start = startSpecs[0]!;
    const given: Record<string, string | number> = parseVariantSpec(args.variant);
    const opponents = await tableSeats(game, args.opponents, given, 1, flags.botLoadMs);
    const variant = resolveGameVariant(game, given);
    const P = Number(variant.players);
    const kind = getBotKind(start.name);
    const declared = botParamsFor(kind, game.info.id);
    const resolved = resolveBotParams(kind, start.params, game.info.id);
    const keys =
      args.tune === undefined
        ? null
        : args.tune
            .split(',')
            .map((k) => k.trim())
            .filter((k) => k !== '');
    let dims = botDimensions(declared, resolved, keys, parseRanges(args.range));
    if (method === 'spsa') {
      const e = dims.find((d) => d.kind === 'enum');
      if (e) throw new UsageError(`SPSA tunes numeric parameters; ${e.key} is a choice: leave it out of --tune, or use --method ntbea`);
    } else dims = buildableChoices(dims, kind, resolved, game);
    const deals = parseCount('--deals', args.deals ?? '8', 2, 100_000);
    const budget = parseCount('--budget', args.budget, 1, 1e10);
    const per = gamesPerIteration(method, P, deals);
    const iterations = Math.floor(budget / per);
    if (iterations < 1)
      throw new UsageError(
        `--budget ${budget} is less than one iteration (${per} games: ${deals} deals × ${method === 'spsa' ? `2 candidates × ${P} seats` : `${P} seats`})`,
      );
    const levels = method === 'ntbea' ? parseCount('--ntbea-levels', args['ntbea-levels'], 2, 100) : 0;
    const values = method === 'ntbea' ? dims.map((d) => levelsOf(d, levels)) : null;
    plan = {
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
        method === 'ntbea'
          ? {
              levels: values!.map((v) => v.length),
              k: parseNumber('--ntbea-k', args['ntbea-k'], 0, 100),
              neighbours: parseCount('--ntbea-neighbours', args['ntbea-neighbours'], 1, 100_000),
            }
          : null,
      values,
    };
    setup = {
      game: game.info.id,
      variant,
      start: start.text,
      opponents,
      objective,
      deals,
      seed: args.seed,
      ...dealKeyField(runDealKey(args['deal-key'], [start.text, ...opponents])),
      budget,
      verify: args.verify,
      verifyGames: parseCount('--verify-games', args['verify-games'], 2, 1e10),
      flags: keptFlags(flags),
      rules: null,
    };
    state = initialState(plan);
    const out = args.out ?? newRunDir(runName(`${game.info.id}-train`, args.seed, new Date()));
    claimOutDir(out, { force: args.force });
    dir = resolve(out);
    writeFileAtomic(join(dir, 'train-state.json'), JSON.stringify({ setup, plan, state }));
  }

  const header = `${game.info.id} · train ${setup.start} by ${plan.method.toUpperCase()} · seed ${setup.seed} · ${plan.iterations} iterations × ${plan.gamesPerIteration} games (${setup.deals} deals) = ${plan.iterations * plan.gamesPerIteration} games`;
  printProse(
    `${header}\n${dealsLine(setup)}opponents: ${setup.opponents.join(', ')} · tuning ${plan.dims.map((d) => (d.kind === 'enum' ? `${d.key} (${d.choices.join('|')})` : `${d.key} ${d.min}..${d.max}${d.scale === 'log' ? ' log' : ''}`)).join(', ')}\n`,
  );

  const ran = await iterate(flags, setup, plan, state, dir, (pool, stop, onGames) =>
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
  state = ran;

  const tuned = tunedPoint(plan, state);
  const tunedSpec = specAt(plan, tuned);
  const startPointParams = pointParams(plan.dims, startPoint(plan.dims));
  const tunedParams = pointParams(plan.dims, tuned);
  const rows = plan.dims.map((d) => [
    d.key,
    String(startPointParams[d.key]),
    String(tunedParams[d.key]),
    d.kind === 'enum' ? d.choices.join(', ') : `${d.min}..${d.max}`,
  ]);
  const { first, last } = curveEnds(state.curve.map((r) => r.fitness.value));
  process.stdout.write(`${fitTable(['parameter', 'start', 'tuned', 'range'], rows, { width: tableWidth(flags), keys: 1 })}\n`);
  printProse(
    `Fitness (${setup.objective === 'win' ? 'win share' : 'score'} per seat-game against the opponents): first ${first.points} iterations ${num(first.mean, 3)}, last ${last.points} ${num(last.mean, 3)} (each iteration on its own deals; curve.csv has every iteration with its 95% interval).\ntuned: ${tunedSpec}\n`,
  );
  const tunedFile: TunedFile = {
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
  };
  writeFileAtomic(join(dir, 'tuned.json'), `${JSON.stringify(tunedFile, null, 2)}\n`);
  const trainJson: Record<string, unknown> = {
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
  writeFileAtomic(join(dir, 'train.json'), `${JSON.stringify(trainJson, null, 2)}\n`);
  if (!setup.verify) {
    await writePageAndName(dir);
    return 0;
  }
  if (parseLineup(tunedSpec)[0]!.text === parseLineup(setup.start)[0]!.text) {
    printProse('The tuned bot is the starting bot: nothing to verify.\n');
    await writePageAndName(dir);
    return 0;
  }
  const code = await verifyTuned(dir, setup, flags, tunedSpec, trainJson);
  await writePageAndName(dir);
  return code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);

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
