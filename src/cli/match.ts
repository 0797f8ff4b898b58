/**
 * `npm run match`: is A stronger than B? Its option table, the spec its
 * command line means (`MatchSpec`), and `runMatch`, which plays a spec (or the
 * stopped match in a directory), prints it and writes its files; `train`
 * verifies a tuned bot through it.
 */
import { pathToFileURL } from 'node:url';
import '../games/index.js';
import { UsageError } from '../core/errors.js';
import { getGame } from '../core/registry.js';
import { parseVariantSpec } from '../core/variant.js';
import { renderTables } from '../report/table.js';
import { writeRunFiles } from '../results/summary-file.js';
import { writeHtmlReport } from '../report/html/write.js';
import type { SprtParams } from '../stats/sprt.js';
import type { Checkpoint } from '../tourney/run.js';
import { parseCommand, runCli, checkResumeFlags } from './common.js';
import { playSpec, resumeRun, summarizeRun } from './execute.js';
import { matchLineup } from './lineups.js';
import { type MatchReport, type TracePoint, tracePointSchema, writeMatchFiles } from '../results/match-file.js';
import { matchReport, sequentialTest } from './match-analysis.js';
import { renderMatch } from './match-render.js';
import { parseNumber, runName } from './options.js';
import { commandOptions } from './run-args.js';
import { claimNewDir, finish } from './run-dir.js';
import { parseRunFlags, playedFields, type RunFlags } from './run-flags.js';
import { clockBound, entriesOf, matchSpecSchema, runConfig, type MatchSpec } from './run-spec.js';
import { installStopper, type Stopper } from './stopper.js';
import { z } from 'zod';

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

/** What `runMatch` plays: a new match (in `out`, default `results/<game>-match-s<seed>-<time>`), or the stopped one in a directory (`--resume`). */
export type RunMatchOptions = {
  /** How this session plays (workers, queue, `wide` for the tables); the faults are the spec's. */
  readonly flags: RunFlags;
  /** The command's Ctrl-C handling; absent: `runMatch` installs its own and removes it when done. */
  readonly stopper?: Stopper;
} & ({ readonly spec: MatchSpec; readonly out?: string | undefined; readonly force?: boolean } | { readonly resume: string });

/** What `runMatch` returns: the match's `match.json`, its directory and the exit code (0, or 130/143 when stopped). */
export interface MatchOutcome {
  readonly report: MatchReport;
  readonly dir: string;
  readonly code: number;
}

/** A match to play: its spec, its directory, the SPRT's trace so far, and the checkpoint it resumes. */
interface MatchPlan {
  readonly spec: MatchSpec;
  readonly dir: string;
  readonly trace: TracePoint[];
  readonly resume?: Checkpoint;
}

/** What a match keeps in its checkpoint as it goes (`state`): the SPRT's trace, so that `--resume` continues it. */
const matchStateSchema = z.object({ trace: z.array(tracePointSchema) });

/** A stopped match's plan: the spec and the SPRT's trace its checkpoint keeps. */
async function resumedPlan(resume: string): Promise<MatchPlan> {
  const { dir, checkpoint, spec, state: kept } = await resumeRun(resume, matchSpecSchema, 'match');
  const state = matchStateSchema.safeParse(kept);
  if (!state.success) throw new UsageError(`--resume ${resume}: the SPRT's trace in checkpoint.json is damaged`);
  return { spec, dir, trace: state.data.trace, resume: checkpoint };
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
  const stopper = options.stopper ?? installStopper();
  try {
    const plan =
      'resume' in options
        ? await resumedPlan(options.resume)
        : {
            spec: options.spec,
            dir: claimNewDir(options.out, runName(`${options.spec.game}-match`, options.spec.seed, new Date()), options.force === true),
            trace: [],
          };
    return await playMatch(plan, options.flags, stopper);
  } finally {
    if (options.stopper === undefined) stopper.dispose();
  }
}

/** Plays a match's plan, prints it, writes its files and its page. */
async function playMatch(plan: MatchPlan, flags: RunFlags, stopper: Stopper): Promise<MatchOutcome> {
  const { spec, dir, trace } = plan;
  const startedAt = new Date();
  const { game, config, run } = await playSpec(spec, dir, flags, stopper.signal, {
    state: () => ({ trace }),
    ...(plan.resume ? { resume: plan.resume } : {}),
    ...sequentialTest(spec, runConfig(spec).seatings, trace),
  });
  const report = matchReport(spec, config.seatings, trace, run.tally, run.complete);
  // Tables name a tuned bot by its tuned.json, not by its spec.
  const labels = [`A: ${spec.candidate.label}`, `B: ${spec.baseline.label}`, ...spec.opponents.map((o) => `opponent: ${o.label}`)];
  const summary = summarizeRun({ game, config, run, workers: flags.workers, startedAt, labels, clockBound: clockBound(entriesOf(spec)) });
  const wide = flags.wide === true;
  process.stdout.write(`${renderTables(summary, { wide })}\n\n${renderMatch(report, spec, { wide })}\n`);
  writeRunFiles(summary, dir);
  writeMatchFiles(report, dir);
  await writeHtmlReport(dir);
  return { report, dir, code: finish('match', run.complete, run.tally.games, dir, stopper.received()) };
}

/** The command line's SPRT: null without `--sprt`; else its bounds, each checked. */
function sprtParams(args: Args, measure: MatchSpec['measure']): SprtParams | null {
  if (!args.sprt) return null;
  // A score has the game's own unit: its hypotheses cannot have a default.
  if (measure === 'score' && !args.given.has('h1'))
    throw new UsageError('--measure score --sprt needs --h1, the difference in game score per seat-game that counts as stronger');
  const bound = measure === 'score' ? 1e9 : 1;
  const p = {
    mu0: parseNumber('--h0', args.h0, -bound, bound),
    mu1: parseNumber('--h1', args.h1, -bound, bound),
    alpha: parseNumber('--alpha', args.alpha, 1e-6, 0.4999),
    beta: parseNumber('--beta', args.beta, 1e-6, 0.4999),
  };
  if (!(p.mu0 < p.mu1)) throw new UsageError(`--h0 (${p.mu0}) must be below --h1 (${p.mu1})`);
  return p;
}

/** The parsed command line of `match`. */
type Args = NonNullable<Awaited<ReturnType<typeof parseCommand<typeof options>>>>;

/**
 * The spec a `match` command line means: A, B and the opponents validated,
 * the table resolved, the SPRT's bounds checked, the deal key chosen.
 * @throws UsageError with one line on bad input.
 */
async function matchSpec(args: Args, flags: RunFlags): Promise<MatchSpec> {
  if (args.game === undefined) throw new UsageError('Missing required argument: game');
  if (args.candidate === undefined || args.baseline === undefined) throw new UsageError('match needs --candidate and --baseline');
  const game = getGame(args.game);
  const texts = { candidate: args.candidate, baseline: args.baseline, opponents: args.opponents };
  const { candidate, baseline, opponents, variant } = await matchLineup(game, texts, parseVariantSpec(args.variant), flags.botLoadMs);
  const measure = args.measure;
  if (measure !== 'win' && measure !== 'score') throw new UsageError(`--measure must be win or score, got '${measure}'`);
  const sprt = sprtParams(args, measure);
  return {
    kind: 'match',
    game: game.info.id,
    variant,
    ...playedFields(
      args,
      flags,
      [candidate, baseline, ...opponents].map((e) => e.bot),
    ),
    candidate,
    baseline,
    opponents: [...opponents],
    measure,
    sprt,
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
  const spec = await matchSpec(args, flags);
  return (await runMatch({ flags, stopper, spec, out: args.out, force: args.force })).code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);
