import { stringify } from 'csv-stringify/sync';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import '../games/index.js';
import { UsageError } from '../core/errors.js';
import { gameIds, getGame, type AnyGame } from '../core/registry.js';
import { nonDefault, parseVariantSpec, resolveGameVariant } from '../core/variant.js';
import { botParamsFor, getBotKind, parseAndValidateLineup, parseLineup, resolveBotParams } from '../../bots/index.js';
import { writeFileAtomic } from '../io/files.js';
import { newTable, num } from '../report/format.js';
import { BatchPool } from '../tourney/pool.js';
import { gamesPerIteration, type Arena, type Objective } from '../train/evaluate.js';
import { initialState, specAt, train, tunedPoint, type CurveRow, type TrainPlan, type TrainState } from '../train/loop.js';
import { botDimensions, levelsOf, parseRanges, pointParams, startPoint } from '../train/space.js';
import { spsaDefaults } from '../train/spsa.js';
import { claimOutDir, checkResumeFlags, installStopper, parseCommand, parseRunFlags, runCli, type RunFlags } from './common.js';
import { parseCount, runName } from './options.js';
import { main as matchMain } from './match.js';
import { progressReporter } from './progress.js';

const options = {
  game: { type: 'string', describe: `game id: ${gameIds().join(', ')}` },
  bot: { type: 'string', describe: 'the bot to tune and where it starts (a name, name:key=value,..., a bot file, or a tuned.json)' },
  tune: {
    type: 'string',
    describe:
      "parameters to tune, comma-separated (default: every numeric parameter with a tuning range; see the bot's parameters in npm run tourney -- --help)",
  },
  range: { type: 'string', describe: 'tuning ranges instead of the declared ones: key=min:max or key=min:max:log, comma-separated' },
  opponents: { type: 'string', describe: "the other seats' bots, P - 1 of them (default: the game's greedy bot in every other seat)" },
  method: {
    type: 'string',
    default: 'spsa',
    describe: 'spsa (Spall 1998, numeric parameters) or ntbea (Lucas, Liu and Perez-Liebana 2018, any parameters, on a grid)',
  },
  budget: { type: 'string', default: '20000', describe: 'games to play for training (the verification match comes on top)' },
  deals: { type: 'string', default: '8', describe: 'deals per iteration: every candidate of an iteration plays them, in every seat' },
  objective: { type: 'string', default: 'win', describe: 'fitness: win (win share per seat-game) or score (mean game score per seat-game)' },
  'spsa-c': { type: 'string', default: '0.1', describe: 'SPSA: perturbation at the last iteration, as a share of each range (fishtest c_end)' },
  'spsa-step': {
    type: 'string',
    default: '0.05',
    describe: "SPSA: step, as a share of the range, that a difference of one standard error makes at the first iteration (sets Spall's a)",
  },
  'ntbea-levels': { type: 'string', default: '7', describe: 'NTBEA: levels each numeric range is cut into' },
  'ntbea-k': { type: 'string', default: '2', describe: 'NTBEA: exploration constant, in standard errors of one evaluation' },
  'ntbea-neighbours': { type: 'string', default: '50', describe: 'NTBEA: mutants considered per iteration' },
  verify: { type: 'boolean', default: true, describe: 'after training, match the tuned bot against the starting one on held-out seeds (--no-verify to skip)' },
  'verify-games': { type: 'string', default: '20000', describe: 'games the verification match plays at most (it stops when its SPRT decides)' },
  seed: { type: 'string', default: '1', describe: 'run seed: the same seed gives the same run' },
  workers: { type: 'string', default: String(availableParallelism()), describe: 'worker threads (default: CPU cores)' },
  variant: { type: 'string', default: '', describe: 'variant parameters key=value,key=value (players=P sets the table size)' },
  out: { type: 'string', describe: 'output directory (default results/<game>-train-s<seed>-<time>)' },
  'move-timeout': { type: 'string', describe: 'per-decision budget in ms; a bot over it commits a fault' },
  'on-fault': {
    type: 'string',
    default: 'forfeit',
    describe: 'forfeit: a faulty bot loses the game; random: a random legal action replaces the faulty decision',
  },
  'bot-memory': { type: 'string', describe: "most resident memory of a user bot file's process, in MiB (default 1024)" },
  'bot-load-timeout': { type: 'string', describe: 'most ms a user bot file may take to load (default 10000)' },
  force: { type: 'boolean', default: false, describe: 'replace the run that --out already holds' },
  resume: { type: 'string', describe: 'carry on a stopped training run from its directory' },
} as const;

/** What `train-state.json` keeps besides the optimizer: everything needed to go on. */
interface TrainSetup {
  readonly game: string;
  readonly variant: Readonly<Record<string, string | number | boolean>>;
  readonly start: string;
  readonly opponents: readonly string[];
  readonly objective: Objective;
  readonly deals: number;
  readonly seed: string;
  readonly budget: number;
  readonly verify: boolean;
  readonly verifyGames: number;
  readonly flags: Pick<RunFlags, 'onFault' | 'moveTimeoutMs' | 'botMemoryMb' | 'botLoadMs' | 'watchdogMs'>;
}

const StateFile = z.object({ setup: z.record(z.string(), z.unknown()), plan: z.record(z.string(), z.unknown()), state: z.record(z.string(), z.unknown()) });

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

function parseNumber(flag: string, text: string, lo: number, hi: number): number {
  const x = Number(text);
  if (text.trim() === '' || !Number.isFinite(x) || x < lo || x > hi) throw new UsageError(`${flag} must be a number from ${lo} to ${hi}, got '${text}'`);
  return x;
}

function curveCsv(plan: TrainPlan, curve: readonly CurveRow[]): string {
  const keys = plan.dims.map((d) => d.key);
  const rows = curve.map((r) => [
    r.iteration,
    r.games,
    ...keys.map((k) => r.params[k]),
    r.fitness.value,
    r.fitness.ci95[0],
    r.fitness.ci95[1],
    r.difference?.value ?? '',
    r.difference?.ci95[0] ?? '',
    r.difference?.ci95[1] ?? '',
    ...keys.map((k) => r.best[k]),
    r.bestModel ?? '',
  ]);
  const columns = [
    'iteration',
    'games',
    ...keys,
    'fitness',
    'fitness_ci95_lo',
    'fitness_ci95_hi',
    'difference',
    'difference_ci95_lo',
    'difference_ci95_hi',
    ...keys.map((k) => `best_${k}`),
    'best_model',
  ];
  return stringify(rows, { header: true, columns });
}

/** Writes the learning curve (CSV and JSON). */
function writeCurve(dir: string, plan: TrainPlan, s: TrainState): void {
  writeFileAtomic(join(dir, 'curve.csv'), curveCsv(plan, s.curve));
  writeFileAtomic(join(dir, 'curve.json'), `${JSON.stringify({ method: plan.method, parameters: plan.dims, curve: s.curve }, null, 2)}\n`);
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
    '$0 --game ID --bot SPEC [--tune k1,k2] [--range k=min:max] [--opponents x,y] [--method spsa|ntbea] [--budget GAMES] [--deals N] [--seed S] [--workers W] [--out DIR] [--resume DIR]',
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
    let parsed: z.infer<typeof StateFile>;
    try {
      parsed = StateFile.parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      throw new UsageError(`--resume ${args.resume}: train-state.json is damaged`);
    }
    setup = parsed.setup as unknown as TrainSetup;
    plan = parsed.plan as unknown as TrainPlan;
    state = parsed.state as unknown as TrainState;
    game = getGame(setup.game);
    flags = { ...flags, ...setup.flags };
  } else {
    if (args.game === undefined) throw new UsageError('Missing required argument: game');
    if (args.bot === undefined) throw new UsageError('train needs --bot (the bot to tune and its starting parameters)');
    game = getGame(args.game);
    const method = args.method;
    if (method !== 'spsa' && method !== 'ntbea') throw new UsageError(`--method must be spsa or ntbea, got '${method}'`);
    const objective = args.objective;
    if (objective !== 'win' && objective !== 'score') throw new UsageError(`--objective must be win or score, got '${objective}'`);
    const startSpecs = await parseAndValidateLineup(args.bot, game, flags.botLoadMs);
    if (startSpecs.length !== 1) throw new UsageError(`--bot takes one bot, got ${startSpecs.length}: '${args.bot}'`);
    const start = startSpecs[0]!;
    const given: Record<string, string | number> = parseVariantSpec(args.variant);
    let opponents: string[];
    if (args.opponents !== undefined) {
      opponents = (await parseAndValidateLineup(args.opponents, game, flags.botLoadMs)).map((s) => s.text);
      const P = opponents.length + 1;
      if (given.players !== undefined && Number(given.players) !== P)
        throw new UsageError(`--variant players=${String(given.players)} does not fit ${opponents.length} opponents`);
      if (P < game.info.minPlayers || P > game.info.maxPlayers)
        throw new UsageError(
          `${game.info.id} is for ${game.info.minPlayers}-${game.info.maxPlayers} players; the bot and ${opponents.length} opponents make ${P}`,
        );
      given.players = P;
    } else {
      const P = Number(resolveGameVariant(game, given).players);
      const filler = getBotKind('greedy').supports(game.info.id) ? 'greedy' : 'random';
      opponents = Array.from({ length: P - 1 }, () => filler);
    }
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
    const dims = botDimensions(declared, resolved, keys, parseRanges(args.range));
    if (method === 'spsa') {
      const e = dims.find((d) => d.kind === 'enum');
      if (e) throw new UsageError(`SPSA tunes numeric parameters; ${e.key} is a choice: leave it out of --tune, or use --method ntbea`);
    }
    const deals = parseCount('--deals', args.deals, 2, 100_000);
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
      budget,
      verify: args.verify,
      verifyGames: parseCount('--verify-games', args['verify-games'], 2, 1e10),
      flags: {
        onFault: flags.onFault,
        moveTimeoutMs: flags.moveTimeoutMs,
        botMemoryMb: flags.botMemoryMb,
        botLoadMs: flags.botLoadMs,
        watchdogMs: flags.watchdogMs,
      },
    };
    state = initialState(plan);
    const out = args.out ?? join('results', runName(`${game.info.id}-train`, args.seed, new Date()));
    claimOutDir(out, { force: args.force });
    dir = resolve(out);
    writeFileAtomic(join(dir, 'train-state.json'), JSON.stringify({ setup, plan, state }));
  }

  const header = `${game.info.id} · train ${setup.start} by ${plan.method.toUpperCase()} · seed ${setup.seed} · ${plan.iterations} iterations × ${plan.gamesPerIteration} games (${setup.deals} deals) = ${plan.iterations * plan.gamesPerIteration} games`;
  process.stdout.write(
    `${header}\nopponents: ${setup.opponents.join(', ')} · tuning ${plan.dims.map((d) => (d.kind === 'enum' ? `${d.key} (${d.choices.join('|')})` : `${d.key} ${d.min}..${d.max}${d.scale === 'log' ? ' log' : ''}`)).join(', ')}\n`,
  );

  const stopper = installStopper();
  const pool = new BatchPool(flags.workers);
  const progress = progressReporter();
  const total = plan.iterations * plan.gamesPerIteration;
  let done = state.games;
  const arena: Arena = {
    game,
    variant: setup.variant,
    opponents: setup.opponents,
    objective: setup.objective,
    deals: setup.deals,
    seed: setup.seed,
    workers: flags.workers,
    pool,
    watchdogMs: flags.watchdogMs,
    base: { onFault: setup.flags.onFault, moveTimeoutMs: setup.flags.moveTimeoutMs, botMemoryMb: setup.flags.botMemoryMb, botLoadMs: setup.flags.botLoadMs },
    stop: stopper.signal,
    onGames: (g) => progress.update(done + g, total, `iteration ${done / plan.gamesPerIteration + 1}/${plan.iterations}`),
  };
  let result: { state: TrainState; complete: boolean };
  try {
    result = await train(plan, arena, state, (s) => {
      done = s.games;
      writeFileAtomic(join(dir, 'train-state.json'), JSON.stringify({ setup, plan, state: s }));
      if (s.iteration % 10 === 0) writeCurve(dir, plan, s);
    });
  } finally {
    progress.stop();
    await pool.close();
  }
  state = result.state;
  writeCurve(dir, plan, state);
  stopper.dispose();
  if (!result.complete) {
    process.stderr.write(
      `ninefold: stopped after ${state.iteration} of ${plan.iterations} iterations (${state.games} games; the games of the iteration in progress are played again); carry on with: npm run train -- --resume ${dir}\n`,
    );
    return stopper.received() === 'SIGTERM' ? 143 : 130;
  }

  const tuned = tunedPoint(plan, state);
  const tunedSpec = specAt(plan, tuned);
  const startPointParams = pointParams(plan.dims, startPoint(plan.dims));
  const tunedParams = pointParams(plan.dims, tuned);
  const last = state.curve.slice(-Math.max(1, Math.round(state.curve.length / 10)));
  const t = newTable(['parameter', 'start', 'tuned', 'range']);
  for (const d of plan.dims)
    t.push([d.key, String(startPointParams[d.key]), String(tunedParams[d.key]), d.kind === 'enum' ? d.choices.join(', ') : `${d.min}..${d.max}`]);
  const meanLast = last.reduce((a, r) => a + r.fitness.value, 0) / last.length;
  const first = state.curve.slice(0, last.length);
  const meanFirst = first.reduce((a, r) => a + r.fitness.value, 0) / first.length;
  process.stdout.write(
    `${t.toString()}\nFitness (${setup.objective === 'win' ? 'win share' : 'score'} per seat-game against the opponents): first ${first.length} iterations ${num(meanFirst, 3)}, last ${last.length} ${num(meanLast, 3)} (each iteration on its own deals; curve.csv has every iteration with its 95% interval).\ntuned: ${tunedSpec}\n`,
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
    command: `npm run train -- ${argv.join(' ')}`,
  };
  writeFileAtomic(join(dir, 'tuned.json'), `${JSON.stringify(tunedFile, null, 2)}\n`);
  const variantText = Object.entries(nonDefault(game.info.params, setup.variant as never))
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',');
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
    verification: null,
  };
  writeFileAtomic(join(dir, 'train.json'), `${JSON.stringify(trainJson, null, 2)}\n`);
  if (!setup.verify) return 0;
  if (parseLineup(tunedSpec)[0]!.text === parseLineup(setup.start)[0]!.text) {
    process.stdout.write('The tuned bot is the starting bot: nothing to verify.\n');
    return 0;
  }
  // The verification match: held-out seeds (training seeds are <seed>/train/<k>).
  const verifyDir = join(dir, 'verify');
  const resumeVerify = existsSync(join(verifyDir, 'checkpoint.json'));
  process.stdout.write(`\nVerification: match --sprt of the tuned bot (A) against the starting bot (B) on held-out seeds:\n`);
  const code = resumeVerify
    ? await matchMain(['--resume', verifyDir, '--workers', String(flags.workers)])
    : await matchMain([
        '--game',
        setup.game,
        '--candidate',
        tunedSpec,
        '--baseline',
        setup.start,
        '--opponents',
        setup.opponents.join(','),
        '--sprt',
        '--games',
        String(setup.verifyGames),
        '--seed',
        `${setup.seed}-verify`,
        '--workers',
        String(flags.workers),
        '--on-fault',
        setup.flags.onFault,
        ...(setup.flags.moveTimeoutMs > 0 ? ['--move-timeout', String(setup.flags.moveTimeoutMs)] : []),
        ...(variantText ? ['--variant', variantText] : []),
        '--out',
        verifyDir,
      ]);
  if (existsSync(join(verifyDir, 'match.json'))) {
    const m = JSON.parse(readFileSync(join(verifyDir, 'match.json'), 'utf8')) as { verdict: string; comparison: unknown; sprt: unknown; deals: number };
    trainJson.verification = { dir: 'verify', verdict: m.verdict, deals: m.deals, comparison: m.comparison };
    writeFileAtomic(join(dir, 'train.json'), `${JSON.stringify(trainJson, null, 2)}\n`);
    process.stdout.write(`Tuned against starting bot: ${m.verdict}\n`);
  }
  return code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);
