import { stringify } from '../report/csv.js';
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
import { newTable, num, pct } from '../report/format.js';
import { formatP } from '../stats/format.js';
import { writeHtmlReport } from '../report/html/write.js';
import type { BatchPlayer } from '../tourney/pool.js';
import { gamesPerIteration, type Arena, type Objective } from '../train/evaluate.js';
import { botEvaluator, initialState, specAt, trainWith, tunedPoint, type CurveRow, type Evaluator, type TrainPlan, type TrainState } from '../train/loop.js';
import { ntbeaRanked } from '../train/ntbea.js';
import { confirmRules, RULE_TARGETS, ruleDimensions, rulesEvaluator, type RuleConfirmation, type RuleTarget, type RulesArena } from '../train/rules.js';
import { rotationSeatings } from '../stats/seatings.js';
import { botDimensions, levelsOf, parseRanges, pointParams, startPoint } from '../train/space.js';
import { spsaDefaults } from '../train/spsa.js';
import {
  claimOutDir,
  newRunDir,
  checkResumeFlags,
  installStopper,
  parseCommand,
  parseRunFlags,
  runCli,
  type RunFlags,
  FAULT_OPTIONS,
  faultConfig,
  QUEUE_OPTIONS,
  openPlayer,
  tableSeats,
} from './common.js';
import { parseCount, runName } from './options.js';
import { DEAL_OPTIONS, runDealKey } from './deals.js';
import { secretDealsLine } from '../report/table.js';
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
    describe:
      'spsa (Spall 1998, numeric parameters; the default for a bot) or ntbea (Lucas, Liu and Perez-Liebana 2018, any parameters on a grid; the only method for rules)',
  },
  'tune-rules': {
    type: 'string',
    describe: "tune the game's rules instead of a bot: variant parameters, comma-separated (e.g. bidPenalty,rounds), played by --bots toward --target",
  },
  target: { type: 'string', default: 'seat-fair', describe: "with --tune-rules: seat-fair (the largest gap between two seats' win shares, toward 0)" },
  bots: { type: 'string', describe: "with --tune-rules: the line-up that plays every variant (default: the game's greedy bot in every seat)" },

  budget: { type: 'string', default: '20000', describe: 'games to play for training (the verification match comes on top)' },
  deals: { type: 'string', describe: 'deals per iteration: every candidate of an iteration plays them, in every seat (default 8 for a bot, 100 for rules)' },
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
  'verify-games': {
    type: 'string',
    default: '20000',
    describe: 'games the verification match plays at most (it stops when its SPRT decides); with --tune-rules, the games of each confirmed setting',
  },
  seed: { type: 'string', default: '1', describe: 'run seed: the same seed gives the same run' },
  workers: { type: 'string', default: String(availableParallelism()), describe: 'worker threads (default: CPU cores)' },
  variant: { type: 'string', default: '', describe: 'variant parameters key=value,key=value (players=P sets the table size)' },
  out: { type: 'string', describe: 'output directory (default results/<game>-train-s<seed>-<time>)' },
  ...FAULT_OPTIONS,
  ...QUEUE_OPTIONS,
  ...DEAL_OPTIONS,
  force: { type: 'boolean', default: false, describe: 'replace the run that --out already holds' },
  resume: { type: 'string', describe: 'carry on a stopped training run from its directory' },
} as const;

/** The parsed command line. */
type Args = NonNullable<Awaited<ReturnType<typeof parseCommand<typeof options>>>>;

/** `train-state.json` is rewritten when the time since its last write is this many times what that write took. */
const STATE_SAVE_RATIO = 20;

/** What `train-state.json` keeps besides the optimizer: everything needed to go on. */
interface TrainSetup {
  readonly game: string;
  readonly variant: Readonly<Record<string, string | number | boolean>>;
  readonly start: string;
  readonly opponents: readonly string[];
  readonly objective: Objective;
  readonly deals: number;
  readonly seed: string;
  /** The deal key when the deals are secret (a bot file plays, or `--deal-key`): every run of the training, its verification included, deals from it. */
  readonly dealKey?: string;
  readonly budget: number;
  readonly verify: boolean;
  readonly verifyGames: number;
  readonly flags: Pick<RunFlags, 'onFault' | 'moveTimeoutMs' | 'botMemoryMb' | 'botLoadMs' | 'watchdogMs'>;
  /** A rules search: the target and the line-up playing every variant (null: a bot is tuned). */
  readonly rules: { readonly target: RuleTarget; readonly lineup: readonly string[] } | null;
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

/**
 * The column names of `curve.csv` for what each holds after the fitness and
 * the difference. SPSA: `theta_after_step_<key>`, θ after the iteration's
 * step (θ at the next iteration), and no model column. NTBEA (bot or rules):
 * `recommended_<key>`, the evaluated point with the best model mean so far,
 * and `recommended_model_mean`, that model mean (the fitness the run expects
 * of it).
 */
export function curveTailColumns(method: 'spsa' | 'ntbea', keys: readonly string[]): string[] {
  return method === 'spsa' ? keys.map((k) => `theta_after_step_${k}`) : [...keys.map((k) => `recommended_${k}`), 'recommended_model_mean'];
}

function curveCsv(plan: TrainPlan, curve: readonly CurveRow[]): string {
  const keys = plan.dims.map((d) => d.key);
  const spsa = plan.method === 'spsa';
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
    ...(spsa ? [] : [r.bestModel ?? '']),
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
    ...curveTailColumns(plan.method, keys),
  ];
  return stringify(rows, { header: true, columns });
}

/** Writes the learning curve (CSV and JSON). */
function writeCurve(dir: string, plan: TrainPlan, s: TrainState): void {
  writeFileAtomic(join(dir, 'curve.csv'), curveCsv(plan, s.curve));
  writeFileAtomic(join(dir, 'curve.json'), `${JSON.stringify({ method: plan.method, parameters: plan.dims, curve: s.curve }, null, 2)}\n`);
}

/** The run flags a training run keeps in its state, to resume with them. */
function keptFlags(f: RunFlags): TrainSetup['flags'] {
  return { onFault: f.onFault, moveTimeoutMs: f.moveTimeoutMs, botMemoryMb: f.botMemoryMb, botLoadMs: f.botLoadMs, watchdogMs: f.watchdogMs };
}

/** The run flags every game of a training run shares, and its deal key. */
function runBase(setup: TrainSetup): Arena['base'] {
  return { ...faultConfig(setup.flags), ...(setup.dealKey !== undefined ? { dealKey: setup.dealKey } : {}) };
}

/** The header's line of a training run with secret deals (the key stays in train-state.json until the end; train.json then has it). */
function dealsLine(setup: TrainSetup): string {
  return setup.dealKey === undefined ? '' : `${secretDealsLine({}, 'train-state.json')}\n`;
}

/**
 * Plays a training run's remaining iterations on one worker pool, with a
 * progress bar, Ctrl-C handling and the state written after each iteration.
 * @returns the final state, or the exit code of a stopped run (130, 143).
 */
async function iterate(
  flags: RunFlags,
  setup: TrainSetup,
  plan: TrainPlan,
  state: TrainState,
  dir: string,
  evaluator: (pool: BatchPlayer, stop: AbortSignal, onGames: (games: number) => void) => Evaluator,
): Promise<TrainState | number> {
  const stopper = installStopper();
  const pool = await openPlayer(flags);
  const progress = progressReporter();
  const total = plan.iterations * plan.gamesPerIteration;
  let done = state.games;
  const onGames = (g: number): void => progress.update(done + g, total, `iteration ${Math.round(done / plan.gamesPerIteration) + 1}/${plan.iterations}`);
  let result: { state: TrainState; complete: boolean };
  // train-state.json holds the whole curve, so a run of thousands of short iterations that
  // rewrote it after each one spent much of its time writing. It is written after an
  // iteration when the time since the last write is at least STATE_SAVE_RATIO times what
  // that write took (writing takes at most about 1/STATE_SAVE_RATIO of the run), and once
  // more at the end. A run killed outright replays the iterations since on --resume,
  // with the same results.
  let savedAt = 0;
  let saveCost = 0;
  const saveState = (s: TrainState): void => {
    const t0 = performance.now();
    writeFileAtomic(join(dir, 'train-state.json'), JSON.stringify({ setup, plan, state: s }));
    savedAt = performance.now();
    saveCost = savedAt - t0;
  };
  try {
    result = await trainWith(plan, evaluator(pool, stopper.signal, onGames), state, (s) => {
      done = s.games;
      if (performance.now() - savedAt >= STATE_SAVE_RATIO * saveCost) saveState(s);
      if (s.iteration % 10 === 0) writeCurve(dir, plan, s);
    });
  } finally {
    progress.stop();
    await pool.close();
  }
  saveState(result.state);
  writeCurve(dir, plan, result.state);
  stopper.dispose();
  if (result.complete) return result.state;
  process.stderr.write(
    `ninefold: stopped after ${result.state.iteration} of ${plan.iterations} iterations (${result.state.games} games; the games of the iteration in progress are played again); carry on with: npm run train -- --resume ${dir}\n`,
  );
  // The page of what is there so far (train-state.json and the curve).
  await writeHtmlReport(dir);
  return stopper.received() === 'SIGTERM' ? 143 : 130;
}

/**
 * `npm run train -- --tune-rules k1,k2 [--target seat-fair] [--bots x,y,...]`:
 * sets up an NTBEA search over the game's variant parameters (`src/train/rules.ts`).
 */
async function rulesMain(args: Args, game: AnyGame, flags: RunFlags): Promise<number> {
  if (args.given.has('bot') || args.given.has('opponents') || args.given.has('tune'))
    throw new UsageError('--tune-rules tunes the rules: give the line-up with --bots, not --bot, --opponents or --tune');
  if (args.method !== undefined && args.method !== 'ntbea')
    throw new UsageError(
      `--tune-rules searches with NTBEA (a variant changes the deal, so two rule sets cannot be paired as SPSA needs); got --method ${args.method}`,
    );
  const target = args.target;
  if (!(RULE_TARGETS as readonly string[]).includes(target)) throw new UsageError(`--target must be one of ${RULE_TARGETS.join(', ')}, got '${target}'`);
  const given: Record<string, string | number> = parseVariantSpec(args.variant);
  const lineup = await tableSeats(game, args.bots, given, 0, flags.botLoadMs);
  const variant = resolveGameVariant(game, given);
  const keys = args['tune-rules']!.split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  if (keys.length === 0) throw new UsageError('--tune-rules needs at least one variant parameter');
  const dims = ruleDimensions(game, variant, keys, parseRanges(args.range));
  const deals = parseCount('--deals', args.deals ?? '100', 2, 100_000);
  const budget = parseCount('--budget', args.budget, 1, 1e10);
  const per = deals * rotationSeatings(lineup).length;
  const iterations = Math.floor(budget / per);
  if (iterations < 1) throw new UsageError(`--budget ${budget} is less than one iteration (${per} games: ${deals} deals × ${per / deals} seatings)`);
  const levels = parseCount('--ntbea-levels', args['ntbea-levels'], 2, 100);
  // Every integer of a short range is a level of its own.
  const values = dims.map((d) =>
    d.kind === 'int' && d.max - d.min < 16 ? Array.from({ length: d.max - d.min + 1 }, (_, i) => d.min + i) : levelsOf(d, levels),
  );
  const plan: TrainPlan = {
    method: 'ntbea',
    bot: '',
    given: {},
    dims,
    iterations,
    gamesPerIteration: per,
    spsa: null,
    ntbea: {
      levels: values.map((v) => v.length),
      k: parseNumber('--ntbea-k', args['ntbea-k'], 0, 100),
      neighbours: parseCount('--ntbea-neighbours', args['ntbea-neighbours'], 1, 100_000),
    },
    values,
  };
  const setup: TrainSetup = {
    game: game.info.id,
    variant,
    start: '',
    opponents: [],
    objective: 'win',
    deals,
    seed: args.seed,
    ...dealKeyField(runDealKey(args['deal-key'], lineup)),
    budget,
    verify: args.verify,
    verifyGames: parseCount('--verify-games', args['verify-games'], 2, 1e10),
    flags: keptFlags(flags),
    rules: { target: target as RuleTarget, lineup },
  };
  const state = initialState(plan);
  const out = args.out ?? newRunDir(runName(`${game.info.id}-rules`, args.seed, new Date()));
  claimOutDir(out, { force: args.force });
  const dir = resolve(out);
  writeFileAtomic(join(dir, 'train-state.json'), JSON.stringify({ setup, plan, state }));
  return rulesRun(game, flags, setup, plan, state, dir);
}

/** Runs (or resumes) a rules search, then measures the best settings and the starting ones again on held-out seeds. */
async function rulesRun(game: AnyGame, flags: RunFlags, setup: TrainSetup, plan: TrainPlan, start: TrainState, dir: string): Promise<number> {
  const rules = setup.rules!;
  process.stdout.write(
    `${game.info.id} · tune rules toward ${rules.target} by NTBEA · seed ${setup.seed} · ${plan.iterations} iterations × ${plan.gamesPerIteration} games (${setup.deals} deals)\n${dealsLine(setup)}bots: ${rules.lineup.join(', ')} · tuning ${plan.dims.map((d, i) => `${d.key} (${plan.values![i]!.join('|')})`).join(', ')}\n`,
  );
  const arena = (pool: BatchPlayer, stop?: AbortSignal, onGames?: (g: number) => void): RulesArena => ({
    game,
    base: setup.variant,
    dims: plan.dims,
    lineup: rules.lineup,
    deals: setup.deals,
    seed: setup.seed,
    workers: flags.workers,
    pool,
    watchdogMs: flags.watchdogMs,
    flags: runBase(setup),
    ...(stop ? { stop } : {}),
    ...(onGames ? { onGames } : {}),
  });
  const ran = await iterate(flags, setup, plan, start, dir, (pool, stop, onGames) => rulesEvaluator(arena(pool, stop, onGames)));
  if (typeof ran === 'number') return ran;
  const state = ran;
  // The three best settings by the model, and the starting ones, measured again on the same held-out seed.
  const ranked = ntbeaRanked(state.ntbea!).slice(0, 3);
  const points = ranked.map((r) => plan.dims.map((_, i) => plan.values![i]![r.point[i]!]!));
  const startPt = startPoint(plan.dims);
  if (!points.some((p) => p.every((x, i) => x === startPt[i]))) points.push([...startPt]);
  const seatings = rotationSeatings(rules.lineup).length;
  const confirmDeals = Math.max(2, Math.ceil(setup.verifyGames / seatings));
  process.stdout.write(`\nMeasuring the ${points.length} settings again on held-out seed ${setup.seed}-confirm (${confirmDeals} deals each)...\n`);
  const stopper = installStopper();
  const pool = await openPlayer(flags);
  let confirmed: RuleConfirmation[] | null;
  try {
    confirmed = await confirmRules(arena(pool, stopper.signal), points, confirmDeals);
  } finally {
    await pool.close();
    stopper.dispose();
  }
  if (confirmed === null) {
    process.stderr.write(`ninefold: stopped while measuring the best settings again; carry on with: npm run train -- --resume ${dir}\n`);
    await writeHtmlReport(dir);
    return stopper.received() === 'SIGTERM' ? 143 : 130;
  }
  confirmed.sort((a, b) => a.gap.value - b.gap.value);
  const startKey = JSON.stringify(pointParams(plan.dims, startPt));
  const t = newTable([...plan.dims.map((d) => d.key), 'largest seat gap', '95% interval', 'seats (best/worst)', 'equal seats: p', 'deals']);
  for (const c of confirmed) {
    const label = JSON.stringify(c.params) === startKey ? ' (start)' : '';
    t.push([
      ...plan.dims.map((d, i) => `${String(c.params[d.key])}${i === 0 ? label : ''}`),
      pct(c.gap.value),
      `${pct(c.gap.ci95[0])} – ${pct(c.gap.ci95[1])}`,
      `${c.best} / ${c.worst}`,
      Number.isFinite(c.test.pValue) ? formatP(c.test.pValue) : 'n/a',
      String(c.deals),
    ]);
  }
  const best = confirmed[0]!;
  const overlapping = confirmed.slice(1).filter((c) => c.gap.ci95[0] <= best.gap.ci95[1]).length;
  process.stdout.write(
    `${t.toString()}\nLargest seat gap: the win share per seat-game of the best seat less the worst's, on the same held-out deals for every setting (95% interval with the deal as the unit, from simultaneous Bonferroni intervals of every pair of seats: it holds 0 when no pair is resolved, and accounts for picking the extreme seats); "equal seats": the randomization test (seat labels permuted within each deal) that every seat wins equally often, the deal as the unit. Each setting is played on its own cards (a rule changes the deal), so settings are compared by their intervals, not paired.\nClosest to ${rules.target}: ${Object.entries(
      best.params,
    )
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(
        ',',
      )} (gap ${pct(best.gap.value)}, ${pct(best.gap.ci95[0])} – ${pct(best.gap.ci95[1])})${overlapping > 0 ? `; ${overlapping} other setting${overlapping > 1 ? 's' : ''} within its interval, so not separated from ${overlapping > 1 ? 'them' : 'it'}` : ''}.\n`,
  );
  writeFileAtomic(
    join(dir, 'rules.json'),
    `${JSON.stringify({ game: setup.game, target: rules.target, lineup: rules.lineup, variant: setup.variant, seed: `${setup.seed}-confirm`, ...(setup.dealKey !== undefined ? { dealKey: setup.dealKey } : {}), settings: confirmed }, null, 2)}\n`,
  );
  writeFileAtomic(
    join(dir, 'rules.csv'),
    stringify(
      confirmed.map((c) => [
        ...plan.dims.map((d) => c.params[d.key]),
        c.gap.value,
        c.gap.ci95[0],
        c.gap.ci95[1],
        c.best,
        c.worst,
        c.test.statistic,
        c.test.pValue,
        c.deals,
      ]),
      {
        header: true,
        columns: [
          ...plan.dims.map((d) => d.key),
          'seat_gap',
          'seat_gap_ci95_lo',
          'seat_gap_ci95_hi',
          'best_seat',
          'worst_seat',
          'seat_test_q',
          'p_value',
          'deals',
        ],
      },
    ),
  );
  await writeHtmlReport(dir);
  return 0;
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
    '$0 --game ID --bot SPEC [--tune k1,k2] [--range k=min:max] [--opponents x,y] [--method spsa|ntbea] [--budget GAMES] [--deals N] [--seed S] [--workers W] [--out DIR] [--deal-key HEX] [--resume DIR]',
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
    if (setup.rules) return rulesRun(game, flags, setup, plan, state, dir);
  } else {
    if (args.game === undefined) throw new UsageError('Missing required argument: game');
    game = getGame(args.game);
    if (args['tune-rules'] !== undefined) return rulesMain(args, game, flags);
    if (args.bot === undefined) throw new UsageError('train needs --bot (the bot to tune and its starting parameters), or --tune-rules');
    for (const f of ['bots', 'target'] as const) if (args.given.has(f)) throw new UsageError(`--${f} goes with --tune-rules`);
    const method = args.method ?? 'spsa';
    if (method !== 'spsa' && method !== 'ntbea') throw new UsageError(`--method must be spsa or ntbea, got '${method}'`);
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
    const dims = botDimensions(declared, resolved, keys, parseRanges(args.range));
    if (method === 'spsa') {
      const e = dims.find((d) => d.kind === 'enum');
      if (e) throw new UsageError(`SPSA tunes numeric parameters; ${e.key} is a choice: leave it out of --tune, or use --method ntbea`);
    }
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
  process.stdout.write(
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
    // A queue URL's password stays out of the file.
    command: `npm run train -- ${argv.map((a) => a.replace(/^(rediss?:\/\/[^/@]*:)[^/@]+@/, '$1***@')).join(' ')}`,
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
    ...(setup.dealKey !== undefined ? { dealKey: setup.dealKey } : {}),
    verification: null,
  };
  writeFileAtomic(join(dir, 'train.json'), `${JSON.stringify(trainJson, null, 2)}\n`);
  if (!setup.verify) {
    await writeHtmlReport(dir);
    return 0;
  }
  if (parseLineup(tunedSpec)[0]!.text === parseLineup(setup.start)[0]!.text) {
    process.stdout.write('The tuned bot is the starting bot: nothing to verify.\n');
    await writeHtmlReport(dir);
    return 0;
  }
  // The verification match: held-out seeds (training seeds are <seed>/train/<k>).
  const verifyDir = join(dir, 'verify');
  const resumeVerify = existsSync(join(verifyDir, 'checkpoint.json'));
  process.stdout.write(
    `\nVerification: ${setup.objective === 'score' ? `match --measure score (${setup.verifyGames} games)` : 'match --sprt'} of the tuned bot (A) against the starting bot (B) on held-out seeds:\n`,
  );
  // A queued training run verifies on the same queue.
  const queueArgs = flags.queue ? ['--queue', flags.queue.target.arg] : [];
  const matchArgs = [
    '--game',
    setup.game,
    '--candidate',
    tunedSpec,
    '--baseline',
    setup.start,
    '--opponents',
    setup.opponents.join(','),
    // On win share the SPRT stops as soon as it knows; a score has the game's own unit and no default H1, so a
    // score-tuned bot is judged on --verify-games games by the interval of its paired score difference.
    ...(setup.objective === 'score' ? ['--measure', 'score'] : ['--sprt']),
    // The verification and the confirmation deal from the training's secret key when a bot file plays.
    ...(setup.dealKey !== undefined ? ['--deal-key', setup.dealKey] : []),
    '--workers',
    String(flags.workers),
    '--on-fault',
    setup.flags.onFault,
    ...(setup.flags.moveTimeoutMs > 0 ? ['--move-timeout', String(setup.flags.moveTimeoutMs)] : []),
    ...(variantText ? ['--variant', variantText] : []),
    ...queueArgs,
  ];
  let code = resumeVerify
    ? await matchMain(['--resume', verifyDir, '--workers', String(flags.workers), ...queueArgs])
    : await matchMain([...matchArgs, '--games', String(setup.verifyGames), '--seed', `${setup.seed}-verify`, '--out', verifyDir]);
  if (existsSync(join(verifyDir, 'match.json'))) {
    const m = JSON.parse(readFileSync(join(verifyDir, 'match.json'), 'utf8')) as MatchResult;
    const verification: Record<string, unknown> = {
      dir: 'verify',
      verdict: m.verdict,
      deals: m.deals,
      comparison: m.comparison,
      stoppedEstimate: m.stoppedEstimate ?? '',
    };
    trainJson.verification = verification;
    writeFileAtomic(join(dir, 'train.json'), `${JSON.stringify(trainJson, null, 2)}\n`);
    process.stdout.write(`Tuned against starting bot: ${m.verdict}\n`);
    // The difference where the SPRT stopped is biased away from 0 (Whitehead 1986): a fixed-size paired match on
    // other held-out deals, as many games as the SPRT played, measures it without that bias.
    if (code === 0 && (m.sprt?.accepted === 'H0' || m.sprt?.accepted === 'H1')) {
      const confirmDir = join(dir, 'confirm');
      if (!existsSync(join(confirmDir, 'match.json'))) {
        process.stdout.write(
          `\nConfirmation: a fixed-size match (${m.games} games, no SPRT) of the tuned bot (A) against the starting bot (B) on held-out seed ${setup.seed}-confirm:\n`,
        );
        code = existsSync(join(confirmDir, 'checkpoint.json'))
          ? await matchMain(['--resume', confirmDir, '--workers', String(flags.workers), ...queueArgs])
          : await matchMain([...matchArgs.filter((a) => a !== '--sprt'), '--games', String(m.games), '--seed', `${setup.seed}-confirm`, '--out', confirmDir]);
      }
      if (existsSync(join(confirmDir, 'match.json'))) {
        const c = JSON.parse(readFileSync(join(confirmDir, 'match.json'), 'utf8')) as MatchResult;
        verification.confirmation = { dir: 'confirm', verdict: c.verdict, deals: c.deals, comparison: c.comparison };
        writeFileAtomic(join(dir, 'train.json'), `${JSON.stringify(trainJson, null, 2)}\n`);
        const w = c.comparison.winShare;
        process.stdout.write(
          `Confirmation (fixed size, ${c.deals} deals): A − B ${fmtPoints(w.value)} points (${fmtPoints(w.ci95[0])} to ${fmtPoints(w.ci95[1])}); A is ${c.verdict}\n`,
        );
      }
    }
  }
  await writeHtmlReport(dir);
  return code;
}

/** What train reads back from a match's `match.json`. */
interface MatchResult {
  readonly verdict: string;
  readonly deals: number;
  readonly games: number;
  readonly comparison: { readonly winShare: { readonly value: number; readonly ci95: readonly [number, number] } };
  readonly sprt: { readonly accepted: 'H0' | 'H1' | null } | null;
  readonly stoppedEstimate?: string;
}

/** A win-share difference in signed points: 0.058 → "+5.8". */
function fmtPoints(x: number): string {
  return Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)}` : 'n/a';
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);

/** `{ dealKey }` for a training run with secret deals, `{}` otherwise. */
function dealKeyField(dealKey: string | undefined): { dealKey?: string } {
  return dealKey === undefined ? {} : { dealKey };
}
