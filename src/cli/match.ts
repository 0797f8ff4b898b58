import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import '../games/index.js';
import { UsageError } from '../core/errors.js';
import { getGame, type AnyGame } from '../core/registry.js';
import { parseVariantSpec, resolveGameVariant, type Variant, type VariantValue } from '../core/variant.js';
import { botLabel, parseAndValidateLineup, restoreBotLabels, tunedBotLabels } from '../../bots/index.js';
import { renderTables } from '../report/table.js';
import { writeRunFiles } from '../report/write.js';
import { writeHtmlReport } from '../report/html/write.js';
import { matchComparison, matchSprt, type Measure } from '../analysis/match.js';
import { matchSeatings } from '../stats/seatings.js';
import { sprtLookDue, type SprtParams } from '../stats/sprt.js';
import type { Tally } from '../tourney/aggregate.js';
import type { RunConfig } from '../tourney/batch.js';
import { readCheckpoint, type Checkpoint } from '../tourney/run.js';
import {
  summarizeRun,
  executeRun,
  finish,
  installStopper,
  parseCommand,
  parseRunFlags,
  runCli,
  checkResumeFlags,
  claimOutDir,
  newRunDir,
  faultConfig,
  tableSeats,
  type RunFlags,
  type Stopper,
} from './common.js';
import { commandOptions } from './run-args.js';
import { runDealKey } from './deals.js';
import { matchOptionsSchema, type MatchOptions, type MatchReport, type TracePoint, writeMatchFiles } from './match-file.js';
import { renderMatch, stoppedEstimateNote, verdictOf } from './match-render.js';
import { parseCount, runName } from './options.js';

/** The SPRT's bounds when the command line gives none (`--h0`, `--h1`, `--alpha`, `--beta`): two points of win share, 5% errors. */
export const DEFAULT_SPRT = { mu0: 0, mu1: 0.02, alpha: 0.05, beta: 0.05 } as const satisfies SprtParams;

const options = commandOptions(
  'match',
  {
    candidate: { type: 'string', describe: 'bot A, the one that should be stronger (a name, name:key=value,..., or a bot file)' },
    baseline: { type: 'string', describe: 'bot B, the reference' },
    opponents: { type: 'string', describe: "the other seats' bots, comma-separated, P - 1 of them (default: the game's greedy bot in every other seat)" },
    games: { type: 'number', default: 20000, describe: 'games to play at most (A and B games together; 2P games a deal)' },
  } as const,
  {
    sprt: { type: 'boolean', default: false, describe: 'stop as soon as a sequential probability ratio test decides (bounds: --h0, --h1, --alpha, --beta)' },
    measure: {
      type: 'string',
      default: 'win',
      describe: 'what the SPRT and the verdict compare: win (win share per seat-game) or score (game score per seat-game; give --h1 in score units)',
    },
    h0: { type: 'number', default: DEFAULT_SPRT.mu0, describe: 'SPRT: H0 says A - B, in win share per seat-game, is at most this' },
    h1: { type: 'number', default: DEFAULT_SPRT.mu1, describe: 'SPRT: H1 says A - B is at least this (0.02: two points of win share)' },
    alpha: { type: 'number', default: DEFAULT_SPRT.alpha, describe: 'SPRT: chance of accepting H1 when H0 holds' },
    beta: { type: 'number', default: DEFAULT_SPRT.beta, describe: 'SPRT: chance of accepting H0 when H1 holds' },
  } as const,
);

function parseFraction(flag: string, text: string, lo: number, hi: number): number {
  const x = Number(text);
  if (text.trim() === '' || !Number.isFinite(x) || x < lo || x > hi) throw new UsageError(`${flag} must be a number from ${lo} to ${hi}, got '${text}'`);
  return x;
}

/** Deals at the SPRT's last look in a trace (0 before the first). */
function lastLook(trace: readonly TracePoint[]): number {
  for (let i = trace.length - 1; i >= 0; i--) if (trace[i]!.look !== false) return trace[i]!.deals;
  return 0;
}

/**
 * A match to play, fully resolved (`runMatch`): what `match`'s command line
 * means, or what `train` verifies a tuned bot with.
 */
export interface MatchSpec {
  readonly game: AnyGame;
  /** The resolved variant; its `players` is the table size, 2 + the opponents. */
  readonly variant: Variant;
  /** A's, B's and the other seats' bot specs, validated (`matchLineup`). */
  readonly candidate: string;
  readonly baseline: string;
  readonly opponents: readonly string[];
  /** Games to play at most, A's and B's together (the SPRT may stop sooner). */
  readonly games: number;
  readonly seed: string;
  readonly measure: Measure;
  /** The SPRT's bounds in the measure's unit per seat-game; null: a fixed-size match. */
  readonly sprt: SprtParams | null;
  /** A keyed run's deal key (32 hex digits, `runDealKey`); absent: the deals come from the seed. */
  readonly dealKey?: string | undefined;
  /** Write every game to games.jsonl; and games.csv, one row per seat-game. */
  readonly record: boolean;
  readonly gamesCsv: boolean;
  /** The output directory (absent: `results/<game>-match-s<seed>-<time>`), and whether to replace the run it holds. */
  readonly out?: string | undefined;
  readonly force: boolean;
}

/** What `runMatch` plays: a new match, or the stopped one in a directory (`--resume`). */
export type RunMatchOptions = {
  /** The run flags (workers, queue, fault policy, `wide` for the tables). */
  readonly flags: RunFlags;
  /** The command's Ctrl-C handling; absent: `runMatch` installs its own and removes it when done. */
  readonly stopper?: Stopper;
} & ({ readonly spec: MatchSpec } | { readonly resume: string });

/** What `runMatch` returns: the match's `match.json`, its directory and the exit code (0, or 130/143 when stopped). */
export interface MatchOutcome {
  readonly report: MatchReport;
  readonly dir: string;
  readonly code: number;
}

/** A match's line-up and variant from the texts given: A, B, and the other seats (default: the game's greedy bot). */
export interface MatchLineup {
  readonly candidate: string;
  readonly baseline: string;
  readonly opponents: readonly string[];
  readonly variant: Variant;
}

/**
 * Validates a match's bots (`parseAndValidateLineup`) and resolves its table:
 * the opponents set `players` (`tableSeats`).
 * @param variant the variant parameters given (`--variant`, parsed).
 * @throws UsageError (or BotSpecError) with one line: a bad bot, more than one bot for A or B, a line-up that does not fit the table.
 */
export async function matchLineup(
  game: AnyGame,
  texts: { readonly candidate: string; readonly baseline: string; readonly opponents: string | undefined },
  variant: Readonly<Record<string, VariantValue>>,
  loadMs: number,
): Promise<MatchLineup> {
  const one = async (flag: string, text: string): Promise<string> => {
    const specs = await parseAndValidateLineup(text, game, loadMs);
    if (specs.length !== 1) throw new UsageError(`${flag} takes one bot, got ${specs.length}: '${text}'`);
    return specs[0]!.text;
  };
  const candidate = await one('--candidate', texts.candidate);
  const baseline = await one('--baseline', texts.baseline);
  const given = { ...variant };
  const opponents = await tableSeats(game, texts.opponents, given, 1, loadMs);
  return { candidate, baseline, opponents, variant: resolveGameVariant(game, given) };
}

/** A match being played: its game, config, size, directory, what it keeps to resume, and the checkpoint it resumes. */
interface MatchPlan {
  readonly game: AnyGame;
  readonly config: RunConfig;
  readonly games: number;
  readonly dir: string;
  readonly opts: MatchOptions & { readonly trace: TracePoint[] };
  readonly resume?: Checkpoint;
}

/** A new match's plan: its config, and its directory claimed. */
function freshPlan(spec: MatchSpec, flags: RunFlags): MatchPlan {
  const { game, candidate, baseline, opponents } = spec;
  const lineup = [candidate, baseline, ...opponents];
  const config: RunConfig = {
    gameId: game.info.id,
    variant: spec.variant,
    lineup,
    seatings: matchSeatings(Number(spec.variant.players)),
    runSeed: spec.seed,
    ...(spec.dealKey !== undefined ? { dealKey: spec.dealKey } : {}),
    record: spec.record,
    ...faultConfig(flags),
    ...(spec.gamesCsv ? { gamesCsv: true } : {}),
  };
  const out = spec.out ?? newRunDir(runName(`${game.info.id}-match`, spec.seed, new Date()));
  claimOutDir(out, { force: spec.force });
  const opts = { candidate, baseline, opponents: [...opponents], sprt: spec.sprt, measure: spec.measure, trace: [] };
  return { game, config, games: spec.games, dir: resolve(out), opts };
}

/**
 * A stopped match's plan, from its checkpoint.
 * @throws UsageError when the directory holds no match run, or its options do not fit their schema.
 */
function resumedPlan(resume: string): MatchPlan {
  const dir = resolve(resume);
  claimOutDir(resume, { resume: true });
  const cp = readCheckpoint(dir);
  if (cp.command?.name !== 'match') throw new UsageError(`--resume ${resume}: not a match run`);
  const parsed = matchOptionsSchema.safeParse(cp.command.options);
  if (!parsed.success) throw new UsageError(`--resume ${resume}: the match's options in checkpoint.json are damaged`);
  restoreBotLabels(cp.command.options.labels);
  const o = parsed.data;
  const opts = { ...o, trace: [...(o.trace ?? [])] };
  return { game: getGame(cp.config.gameId), config: cp.config, games: cp.games, dir, opts, resume: cp };
}

/**
 * Plays a match (`npm run match`, and `train`'s verification): every deal with
 * A in each seat against the opponents and again with B in A's place, the SPRT
 * asked after each merged batch when it has one. Prints the tables and the
 * match (`renderMatch`), writes the run's files (`writeRunFiles`,
 * `writeMatchFiles`, `report.html`) and ends with the results line (`finish`).
 * @returns the match's report, its directory, and the exit code (0, or 130/143 after SIGINT/SIGTERM: the results so far are written).
 * @throws UsageError with one line: a directory in use or holding another run, a checkpoint that is not a match's.
 */
export async function runMatch(options: RunMatchOptions): Promise<MatchOutcome> {
  const { flags } = options;
  const stopper = options.stopper ?? installStopper();
  try {
    const plan = 'resume' in options ? resumedPlan(options.resume) : freshPlan(options.spec, flags);
    const { game, config, dir, opts } = plan;
    const startedAt = new Date();
    const run = await executeRun({
      game,
      config,
      games: plan.games,
      flags: { ...flags, onFault: config.onFault, moveTimeoutMs: config.moveTimeoutMs },
      dir,
      stop: stopper.signal,
      command: { name: 'match', options: { ...opts, labels: tunedBotLabels() } },
      ...(plan.resume ? { resume: plan.resume } : {}),
      ...sequentialTest(config.seatings, opts),
    });
    const report = matchReport(plan, run.tally, run.complete);
    // Tables name a tuned bot by its tuned.json, not by its spec.
    const labels = [`A: ${botLabel(opts.candidate)}`, `B: ${botLabel(opts.baseline)}`, ...opts.opponents.map((o) => `opponent: ${botLabel(o)}`)];
    const summary = await summarizeRun({ game, config, run, workers: flags.workers, startedAt, labels });
    process.stdout.write(`${renderTables(summary, { wide: flags.wide === true })}\n\n${renderMatch(report, { wide: flags.wide === true })}\n`);
    writeRunFiles(summary, dir);
    writeMatchFiles(report, dir);
    await writeHtmlReport(dir);
    return { report, dir, code: finish('match', run.complete, run.tally.games, dir, stopper.received()) };
  } finally {
    if (options.stopper === undefined) stopper.dispose();
  }
}

/** The run's SPRT, asked after each merged batch (`TourneyOptions.decided`), and its progress text; none without one. */
function sequentialTest(seatings: RunConfig['seatings'], opts: MatchPlan['opts']): { decided?: (t: Tally) => boolean; status?: (t: Tally) => string } {
  const p = opts.sprt;
  if (!p) return {};
  const measure: Measure = opts.measure ?? 'win';
  const trace = opts.trace;
  return {
    decided: (t: Tally) => {
      // The test looks only at batch boundaries SPRT_LOOK_SPACING deals apart or more (`sprtLookDue`): denser looks raise its α.
      const look = sprtLookDue(t.deals, lastLook(trace));
      const s = matchSprt(t, seatings, p, measure, look);
      trace.push({ deals: t.deals, llr: s.llr, look });
      return s.accepted !== null;
    },
    status: (t: Tally) => {
      const s = matchSprt(t, seatings, p, measure);
      return `LLR ${s.llr.toFixed(2)} [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}]`;
    },
  };
}

/** `match.json` of a played match: the paired comparison, the SPRT's final state and trace, the verdict. */
function matchReport(plan: MatchPlan, t: Tally, complete: boolean): MatchReport {
  const { config, opts } = plan;
  const p = opts.sprt;
  const measure: Measure = opts.measure ?? 'win';
  const trace = opts.trace;
  const comparison = matchComparison(t, config.seatings);
  // The final state decides only if the run's last merged batch was a look.
  const last = trace[trace.length - 1];
  const state = p ? matchSprt(t, config.seatings, p, measure, last !== undefined && last.look !== false && last.deals === t.deals) : null;
  return {
    game: plan.game.info.id,
    variant: config.variant,
    seed: config.runSeed,
    candidate: opts.candidate,
    baseline: opts.baseline,
    opponents: opts.opponents,
    deals: t.deals,
    games: t.games,
    comparison,
    sprt: state && p ? { ...state, ...p, trace } : null,
    measure,
    verdict: verdictOf(comparison, state, measure),
    stoppedEstimate: stoppedEstimateNote(state),
    complete,
  };
}

/**
 * `npm run match -- --game G --candidate A --baseline B [...]`: is A stronger
 * than B? Parses the command line into a `MatchSpec` (or a resume) and plays
 * it (`runMatch`). Returns the exit code (0, 2 bad input, 130/143 stopped).
 */
export async function main(argv: readonly string[]): Promise<number> {
  const args = await parseCommand(
    argv,
    'match',
    '$0 --game ID --candidate A --baseline B [--opponents x,y,...] [--games N] [--sprt [--h0 D0] [--h1 D1] [--alpha A] [--beta B]] [--seed S] [--workers W] [--variant k=v,...] [--out DIR] [--deal-key HEX] [--resume DIR] [--wide]',
    options,
    'The sample is the deal: A and B play the same cards in the same seats against the same opponents, and their per-deal difference is compared. The SPRT tests the mean difference in win share per seat-game.',
  );
  if (args === null) return 0;
  const stopper = installStopper();
  const flags = parseRunFlags(args);
  if (args.resume !== undefined) {
    checkResumeFlags(args.given);
    return (await runMatch({ flags, stopper, resume: args.resume })).code;
  }
  if (args.game === undefined) throw new UsageError('Missing required argument: game');
  if (args.candidate === undefined || args.baseline === undefined) throw new UsageError('match needs --candidate and --baseline');
  const game = getGame(args.game);
  const { candidate, baseline, opponents, variant } = await matchLineup(
    game,
    { candidate: args.candidate, baseline: args.baseline, opponents: args.opponents },
    parseVariantSpec(args.variant),
    flags.botLoadMs,
  );
  const measure = args.measure;
  if (measure !== 'win' && measure !== 'score') throw new UsageError(`--measure must be win or score, got '${measure}'`);
  // A score has the game's own unit: its hypotheses cannot have a default.
  if (measure === 'score' && args.sprt && !args.given.has('h1'))
    throw new UsageError('--measure score --sprt needs --h1, the difference in game score per seat-game that counts as stronger');
  const bound = measure === 'score' ? 1e9 : 1;
  const sprtParams: SprtParams | null = args.sprt
    ? {
        mu0: parseFraction('--h0', args.h0, -bound, bound),
        mu1: parseFraction('--h1', args.h1, -bound, bound),
        alpha: parseFraction('--alpha', args.alpha, 1e-6, 0.4999),
        beta: parseFraction('--beta', args.beta, 1e-6, 0.4999),
      }
    : null;
  if (sprtParams && !(sprtParams.mu0 < sprtParams.mu1)) throw new UsageError(`--h0 (${sprtParams.mu0}) must be below --h1 (${sprtParams.mu1})`);
  const dealKey = runDealKey(args['deal-key'], [candidate, baseline, ...opponents]);
  const spec: MatchSpec = {
    game,
    variant,
    candidate,
    baseline,
    opponents,
    games: parseCount('--games', args.games, 1, 1e10),
    seed: args.seed,
    measure,
    sprt: sprtParams,
    dealKey,
    record: args.record,
    gamesCsv: args['games-csv'],
    out: args.out,
    force: args.force,
  };
  return (await runMatch({ flags, stopper, spec })).code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);
