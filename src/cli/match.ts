import { stringify } from '../report/csv.js';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import '../games/index.js';
import { UsageError } from '../core/errors.js';
import { gameIds, getGame, type AnyGame } from '../core/registry.js';
import { parseVariantSpec, resolveGameVariant, type Variant } from '../core/variant.js';
import { botLabel, parseAndValidateLineup, restoreBotLabels, tunedBotLabels } from '../../bots/index.js';
import { writeFileAtomic } from '../report/files.js';
import { num, pct } from '../report/terminal-format.js';
import { fitTable, tableWidth, type TerminalOptions, wrapProse } from '../report/terminal.js';
import { matchSeatings, seatGamesPerDeal } from '../stats/seatings.js';
import { pairedComparison, type PairedComparison } from '../stats/paired.js';
import { tQuantile } from '../stats/quantiles.js';
import { sprt, sprtLookDue, type SprtParams, type SprtState } from '../stats/sprt.js';
import type { Tally } from '../tourney/aggregate.js';
import type { RunConfig } from '../tourney/batch.js';
import { readCheckpoint, type Checkpoint } from '../tourney/run.js';
import type { Summary } from '../tourney/summary.js';
import { renderTables } from '../report/table.js';
import { writeRunFiles } from '../report/write.js';
import { writeHtmlReport } from '../report/html/write.js';
import {
  summarizeRun,
  executeRun,
  finish,
  installStopper,
  parseCommand,
  parseRunFlags,
  runCli,
  checkResumeFlags,
  WIDE_OPTION,
  claimOutDir,
  newRunDir,
  FAULT_OPTIONS,
  faultConfig,
  QUEUE_OPTIONS,
  tableSeats,
} from './common.js';
import { DEAL_OPTIONS, dealKeyConfig } from './deals.js';
import { parseCount, runName } from './options.js';

const options = {
  game: { type: 'string', describe: `game id: ${gameIds().join(', ')}` },
  candidate: { type: 'string', describe: 'bot A, the one that should be stronger (a name, name:key=value,..., or a bot file)' },
  baseline: { type: 'string', describe: 'bot B, the reference' },
  opponents: { type: 'string', describe: "the other seats' bots, comma-separated, P - 1 of them (default: the game's greedy bot in every other seat)" },
  games: { type: 'number', default: 20000, describe: 'games to play at most (A and B games together; 2P games a deal)' },
  seed: { type: 'string', default: '1', describe: 'run seed: the same seed gives the same numbers' },
  workers: { type: 'number', default: availableParallelism(), describe: 'worker threads (default: CPU cores)' },
  variant: { type: 'string', default: '', describe: 'variant parameters key=value,key=value (players=P sets the table size)' },
  sprt: { type: 'boolean', default: false, describe: 'stop as soon as a sequential probability ratio test decides (bounds: --h0, --h1, --alpha, --beta)' },
  measure: {
    type: 'string',
    default: 'win',
    describe: 'what the SPRT and the verdict compare: win (win share per seat-game) or score (game score per seat-game; give --h1 in score units)',
  },
  h0: { type: 'number', default: 0, describe: 'SPRT: H0 says A - B, in win share per seat-game, is at most this' },
  h1: { type: 'number', default: 0.02, describe: 'SPRT: H1 says A - B is at least this (0.02: two points of win share)' },
  alpha: { type: 'number', default: 0.05, describe: 'SPRT: chance of accepting H1 when H0 holds' },
  beta: { type: 'number', default: 0.05, describe: 'SPRT: chance of accepting H0 when H1 holds' },
  out: { type: 'string', describe: 'output directory (default results/<game>-match-s<seed>-<time>)' },
  record: { type: 'boolean', default: false, describe: 'write every game to games.jsonl' },
  ...FAULT_OPTIONS,
  ...QUEUE_OPTIONS,
  ...DEAL_OPTIONS,
  ...WIDE_OPTION,
  'games-csv': {
    type: 'boolean',
    default: false,
    describe: 'also write games.csv: one row per seat-game (deal, seating, rotation, seat, entry, bot, score, win_share, forfeit)',
  },
  force: { type: 'boolean', default: false, describe: 'replace the run that --out already holds (its files are removed first)' },
  resume: { type: 'string', describe: 'carry on a stopped match from its directory' },
} as const;

/** What `match` keeps in the checkpoint to resume. */
interface MatchOptions {
  readonly candidate: string;
  readonly baseline: string;
  readonly opponents: readonly string[];
  readonly sprt: SprtParams | null;
  /** What the SPRT and the verdict compare (absent in older checkpoints: win). */
  readonly measure?: Measure;
  /**
   * The SPRT's log-likelihood ratio after each merged batch, and whether the
   * test looked there (`sprtLookDue`; absent in older checkpoints: it looked).
   * Kept in the checkpoint, so `--resume` continues it.
   */
  readonly trace: { deals: number; llr: number; look?: boolean }[];
}

/** `match.json`: the paired comparison, the SPRT and its trace. */
export interface MatchReport {
  readonly game: string;
  readonly variant: Variant;
  readonly seed: string;
  readonly candidate: string;
  readonly baseline: string;
  readonly opponents: readonly string[];
  /** Independent deals: the unit of every interval and of the SPRT. */
  readonly deals: number;
  readonly games: number;
  readonly comparison: PairedComparison;
  readonly sprt: (SprtState & SprtParams & { readonly trace: readonly { deals: number; llr: number; look?: boolean }[] }) | null;
  /** What the SPRT and the verdict compare (older runs: win). */
  readonly measure: Measure;
  /** "stronger", "not stronger" or "weaker" (SPRT, with the interval), or what the interval says without one. */
  readonly verdict: string;
  /** When the SPRT stopped the match: that the difference at its stop is biased away from 0 (`stoppedEstimateNote`); else ''. */
  readonly stoppedEstimate: string;
  readonly complete: boolean;
}

function parseFraction(flag: string, text: string, lo: number, hi: number): number {
  const x = Number(text);
  if (text.trim() === '' || !Number.isFinite(x) || x < lo || x > hi) throw new UsageError(`${flag} must be a number from ${lo} to ${hi}, got '${text}'`);
  return x;
}

/** The paired input of entries 0 (A) and 1 (B) from a match tally. */
function compare(t: Tally, seatings: RunConfig['seatings']): PairedComparison {
  return pairedComparison(
    {
      deals: t.deals,
      entries: t.entries,
      wins: t.entryWins,
      winsCross: t.entryWinsCross,
      scores: t.entryScore,
      scoresCross: t.entryScoreCross,
      perDeal: seatGamesPerDeal(seatings, t.entries),
    },
    0,
    1,
    t.players,
  );
}

/** What the SPRT and the verdict compare: win share per seat-game, or game score per seat-game (`--measure`). */
export type Measure = 'win' | 'score';

/** The difference A − B in the measure compared. */
function measured(c: PairedComparison, m: Measure): PairedComparison['winShare'] {
  return m === 'score' ? c.score : c.winShare;
}

/** The SPRT on per-deal differences A − B (per seat-game) in the measure compared; `look` false: no decision at this point. */
function sprtOf(t: Tally, seatings: RunConfig['seatings'], p: SprtParams, m: Measure, look = true): SprtState {
  const d = measured(compare(t, seatings), m);
  const n = t.deals;
  // Σ and Σ² of the per-deal differences, back from the comparison's mean and standard error.
  const sum = d.value * n;
  const variance = n > 1 ? d.se * d.se * n : 0;
  const sumSq = n > 1 ? variance * (n - 1) + (sum * sum) / n : sum * sum;
  return sprt(sum, sumSq, n, p, look);
}

/** Deals at the SPRT's last look in a trace (0 before the first). */
function lastLook(trace: MatchOptions['trace']): number {
  for (let i = trace.length - 1; i >= 0; i--) if (trace[i]!.look !== false) return trace[i]!.deals;
  return 0;
}

/**
 * The verdict of a match in words: "stronger" once the SPRT accepted H1 (or, without it, the interval of A − B
 * lies above 0); "weaker" when the interval lies below 0 (with the SPRT, once it accepted H0); else "not stronger"
 * (SPRT) or "not separated", with the difference the match could have detected.
 */
export function verdictOf(c: PairedComparison, s: SprtState | null, m: Measure): string {
  const [lo, hi] = measured(c, m).ci95;
  if (s?.accepted === 'H1') return `stronger: the SPRT accepted H1 after ${s.samples} deals`;
  if (s?.accepted === 'H0')
    return hi < 0
      ? `weaker: the SPRT accepted H0 after ${s.samples} deals, and the 95% interval of A − B is below 0`
      : `not stronger: the SPRT accepted H0 after ${s.samples} deals${s.noVariation ? ' (A and B had the same result on every deal)' : ''}`;
  const tail = s ? `; the SPRT has not decided after ${s.samples} deals` : '';
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return `not separated: one deal gives no interval${tail}`;
  if (lo > 0) return `stronger: the 95% interval of A − B is above 0${tail}`;
  if (hi < 0) return `weaker: the 95% interval of A − B is below 0${tail}`;
  return `not separated: the 95% interval of A − B contains 0 (${detectableText(measured(c, m), c.deals, m)})${tail}`;
}

/**
 * What a match could have detected: the difference δ = (t_{0.975} + t_{0.8}) se,
 * on deals − 1 degrees of freedom, that its two-sided 5% interval excludes
 * with 80% power (J. Cohen, Statistical Power Analysis for the Behavioral
 * Sciences, 2nd ed., 1988, ch. 2), se the deal-level standard error of A − B.
 */
export function detectableText(d: PairedComparison['winShare'], deals: number, m: Measure): string {
  // Every deal gave A and B the same result: no variation to scale a detectable difference by.
  if (d.se === 0 && d.value === 0 && deals > 1)
    return `A and B had the same result on every one of the ${deals} deals, so the match cannot say what difference it could detect (the two may play alike on these deals)`;
  const delta = (tQuantile(0.975, deals - 1) + tQuantile(0.8, deals - 1)) * d.se;
  if (!Number.isFinite(delta)) return 'too few deals to say what it could detect';
  const size = m === 'score' ? `${delta.toPrecision(3)} in game score per seat-game` : `${(100 * delta).toFixed(1)} points of win share`;
  return `this match detects a difference of ${size} or more with 80% power, not smaller ones`;
}

/**
 * The caution beside an estimate at the point where a sequential test stopped:
 * a test stops when the running mean has strayed far from 0, so the mean at
 * its stop is biased away from 0 (J. Whitehead, "On the bias of maximum
 * likelihood estimation following a sequential test", Biometrika 73(3),
 * 1986), and the interval there is not a fixed-size interval either. Empty
 * when the test did not stop the match.
 */
export function stoppedEstimateNote(s: SprtState | null): string {
  if (s?.accepted !== 'H1' && s?.accepted !== 'H0') return '';
  return (
    `The SPRT stopped this match after ${s.samples} deals, just as its running difference crossed a bound: ` +
    "a difference measured where a sequential test stops is biased away from 0 (Whitehead 1986), so A − B and its interval above tend to overstate the gap's size; " +
    'a fixed-size match on fresh deals (another --seed, without --sprt) measures it without that bias.'
  );
}

/** A likelihood of superiority as text; blank for one deal (NaN: no spread to weigh the difference by). */
function losText(los: number): string {
  return Number.isFinite(los) ? pct(los) : '';
}

/** A 95% interval as text; one deal gives none (the t interval needs two). */
function interval(ci: readonly [number, number], d: number, scale = 1): string {
  if (!Number.isFinite(ci[0]) || !Number.isFinite(ci[1])) return 'none: needs 2 deals';
  return `${signedFixed(ci[0], d, scale)} to ${signedFixed(ci[1], d, scale)}`;
}

/** `x × scale` with `d` decimals and its sign; a value that rounds to zero prints without one ("0.0", never "−0.0" or "+0.0"). */
export function signedFixed(x: number, d: number, scale = 1): string {
  const v = x * scale;
  const text = Math.abs(v).toFixed(d);
  return Number(text) === 0 ? text : `${v > 0 ? '+' : '−'}${text}`;
}

/** The terminal text of a match, the prose wrapped; its table fits `TERMINAL_WIDTH` unless `wide`. */
export function renderMatch(r: MatchReport, options: TerminalOptions = {}): string {
  const c = r.comparison;
  const out: string[] = [];
  out.push(
    `${r.game} · match · seed ${r.seed} · ${r.games} games (${r.deals} deals × ${r.games / Math.max(1, r.deals)} games: A and B in every seat)${r.complete ? '' : ' · STOPPED EARLY: incomplete'}`,
  );
  out.push(`candidate A: ${botLabel(r.candidate)} · baseline B: ${botLabel(r.baseline)} · opponents: ${r.opponents.map(botLabel).join(', ')}`);
  const rows: string[][] = [];
  rows.push([
    'win share per seat-game',
    pct(c.winRateA),
    pct(c.winRateB),
    `${signedFixed(c.winShare.value, 1, 100)} points`,
    interval(c.winShare.ci95, 1, 100),
    losText(c.winShare.los),
  ]);
  rows.push(['score per seat-game', '', '', signedFixed(c.score.value, 3), interval(c.score.ci95, 3), losText(c.score.los)]);
  if (c.elo) rows.push(['Elo (against the same opponent)', '', '', signedFixed(c.elo.value, 1), `± ${num(c.elo.margin, 1)}`, '']);
  out.push(fitTable(['measure', 'A', 'B', 'A − B', '95% interval', 'LOS'], rows, { width: tableWidth(options), keys: 1 }));
  out.push(
    `Paired (duplicate) comparison: every deal is played with A in each seat and again with B in A's place, same cards, opponents and seats; the sample is the per-deal difference of A's and B's results, over ${r.deals} independent deals (Student t interval). ` +
      'LOS: likelihood of superiority, Φ(difference / standard error).',
  );
  if (r.sprt) {
    const s = r.sprt;
    out.push(
      `SPRT (generalized, normal approximation; the deal is the sample): H0 A − B = ${s.mu0} vs H1 A − B = ${s.mu1} in ${r.measure === 'score' ? 'game score' : 'win share'} per seat-game, α = ${s.alpha}, β = ${s.beta}: ` +
        `LLR ${s.noVariation ? `${s.llr < 0 ? '−' : '+'}∞ (every deal gave the same difference, ${signedFixed(measured(c, r.measure).value, 3)}${measured(c, r.measure).value === 0 ? ': A and B played alike' : ''})` : s.llr.toFixed(2)} [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}] → ${s.accepted === null ? 'no decision yet' : `${s.accepted} accepted after ${s.samples} deals`}`,
    );
  }
  if (r.stoppedEstimate) out.push(r.stoppedEstimate);
  out.push(`Verdict${r.measure === 'score' ? ' (on game score)' : ''}: A is ${r.verdict}.`);
  return wrapProse(out.join('\n'));
}

/**
 * `npm run match -- --game G --candidate A --baseline B [...]`: is A stronger
 * than B? Plays every deal with A in each seat against the opponents and again
 * with B in A's place, and compares them deal by deal; `--sprt` stops when the
 * sequential test decides. Returns the exit code (0, 2 bad input, 130/143 stopped).
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
  let game: AnyGame;
  let config: RunConfig;
  let opts: MatchOptions;
  let games: number;
  let dir: string;
  let resume: Checkpoint | undefined;
  if (args.resume !== undefined) {
    checkResumeFlags(args.given);
    dir = resolve(args.resume);
    claimOutDir(args.resume, { resume: true });
    resume = readCheckpoint(dir);
    if (resume.command?.name !== 'match') throw new UsageError(`--resume ${args.resume}: not a match run`);
    game = getGame(resume.config.gameId);
    config = resume.config;
    const o = resume.command.options as unknown as MatchOptions;
    restoreBotLabels(resume.command.options.labels);
    opts = { ...o, trace: [...(o.trace ?? [])] };
    games = resume.games;
  } else {
    if (args.game === undefined) throw new UsageError('Missing required argument: game');
    if (args.candidate === undefined || args.baseline === undefined) throw new UsageError('match needs --candidate and --baseline');
    game = getGame(args.game);
    const one = async (flag: string, text: string): Promise<string> => {
      const specs = await parseAndValidateLineup(text, game, flags.botLoadMs);
      if (specs.length !== 1) throw new UsageError(`${flag} takes one bot, got ${specs.length}: '${text}'`);
      return specs[0]!.text;
    };
    const candidate = await one('--candidate', args.candidate);
    const baseline = await one('--baseline', args.baseline);
    const given: Record<string, string | number> = parseVariantSpec(args.variant);
    const opponents = await tableSeats(game, args.opponents, given, 1, flags.botLoadMs);
    const variant = resolveGameVariant(game, given);
    const P = Number(variant.players);
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
    opts = { candidate, baseline, opponents, sprt: sprtParams, measure, trace: [] };
    config = {
      gameId: game.info.id,
      variant,
      lineup: [candidate, baseline, ...opponents],
      seatings: matchSeatings(P),
      runSeed: args.seed,
      ...dealKeyConfig(args['deal-key'], [candidate, baseline, ...opponents]),
      record: args.record,
      ...faultConfig(flags),
      ...(args['games-csv'] ? { gamesCsv: true } : {}),
    };
    games = parseCount('--games', args.games, 1, 1e10);
    const out = args.out ?? newRunDir(runName(`${game.info.id}-match`, args.seed, new Date()));
    claimOutDir(out, { force: args.force });
    dir = resolve(out);
  }
  const seatings = config.seatings;
  const p = opts.sprt;
  const measure: Measure = opts.measure ?? 'win';
  const trace = opts.trace;
  const startedAt = new Date();
  const run = await executeRun({
    game,
    config,
    games,
    flags: { ...flags, onFault: config.onFault, moveTimeoutMs: config.moveTimeoutMs },
    dir,
    stop: stopper.signal,
    command: { name: 'match', options: { ...(opts as unknown as Record<string, unknown>), labels: tunedBotLabels() } },
    ...(resume ? { resume } : {}),
    ...(p
      ? {
          decided: (t: Tally) => {
            // The test looks only at batch boundaries SPRT_LOOK_SPACING deals apart or more (`sprtLookDue`): denser looks raise its α.
            const look = sprtLookDue(t.deals, lastLook(trace));
            const s = sprtOf(t, seatings, p, measure, look);
            trace.push({ deals: t.deals, llr: s.llr, look });
            return s.accepted !== null;
          },
          status: (t: Tally) =>
            `LLR ${sprtOf(t, seatings, p, measure).llr.toFixed(2)} [${Math.log(p.beta / (1 - p.alpha)).toFixed(2)}, ${Math.log((1 - p.beta) / p.alpha).toFixed(2)}]`,
        }
      : {}),
  });
  const t = run.tally;
  const comparison = compare(t, seatings);
  // The final state decides only if the run's last merged batch was a look.
  const state = p
    ? sprtOf(t, seatings, p, measure, trace.length > 0 && trace[trace.length - 1]!.look !== false && trace[trace.length - 1]!.deals === t.deals)
    : null;
  const report: MatchReport = {
    game: game.info.id,
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
    complete: run.complete,
  };
  // Tables name a tuned bot by its tuned.json, not by its spec.
  const labels = [`A: ${botLabel(opts.candidate)}`, `B: ${botLabel(opts.baseline)}`, ...opts.opponents.map((o) => `opponent: ${botLabel(o)}`)];
  const summary: Summary = await summarizeRun(game, config, run, flags.workers, startedAt, labels);
  process.stdout.write(`${renderTables(summary, { wide: args.wide })}\n\n${renderMatch(report, { wide: args.wide })}\n`);
  writeRunFiles(summary, dir);
  writeFileAtomic(join(dir, 'match.json'), `${JSON.stringify(report, null, 2)}\n`);
  const d = comparison;
  writeFileAtomic(
    join(dir, 'match.csv'),
    stringify(
      [
        ['win_share', d.winRateA, d.winRateB, d.winShare.value, d.winShare.ci95[0], d.winShare.ci95[1], d.winShare.los, t.deals],
        ['score', '', '', d.score.value, d.score.ci95[0], d.score.ci95[1], d.score.los, t.deals],
        ...(d.elo ? [['elo', '', '', d.elo.value, d.elo.value - d.elo.margin, d.elo.value + d.elo.margin, '', t.deals]] : []),
      ],
      { header: true, columns: ['measure', 'a', 'b', 'difference', 'ci95_lo', 'ci95_hi', 'los', 'deals'] },
    ),
  );
  if (report.sprt)
    writeFileAtomic(
      join(dir, 'sprt.csv'),
      stringify(
        trace.map((x) => [x.deals, x.llr, report.sprt!.lower, report.sprt!.upper, x.look === false ? 0 : 1]),
        { header: true, columns: ['deals', 'llr', 'lower', 'upper', 'look'] },
      ),
    );
  await writeHtmlReport(dir);
  return finish('match', run.complete, t.games, dir, stopper.received());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);
