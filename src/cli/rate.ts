import { stringify } from '../report/csv.js';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import '../games/index.js';
import { UsageError } from '../core/errors.js';
import { getGame, type AnyGame } from '../core/registry.js';
import { parseVariantSpec, resolveGameVariant, type Variant } from '../core/variant.js';
import { botLabel, getBotKind, parseAndValidateLineup, restoreBotLabels, tunedBotLabels } from '../../bots/index.js';
import { writeFileAtomic } from '../report/files.js';
import { num, pct } from '../report/terminal-format.js';
import { fitTable, tableWidth, type TerminalOptions, wrapProse } from '../report/terminal.js';
import { renderTables } from '../report/table.js';
import { writeRunFiles } from '../report/write.js';
import { writeHtmlReport } from '../report/html/write.js';
import { jackknife } from '../stats/jackknife.js';
import { normalCdf } from '../stats/quantiles.js';
import { fitRatings, unboundedBots, type LineupResult, type Unbounded } from '../stats/ratings.js';
import { roundRobinSeatings, type Seating } from '../stats/seatings.js';
import { runReplicates, type Group, type Tally } from '../tourney/aggregate.js';
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
  type RunFlags,
  checkResumeFlags,
  claimOutDir,
  newRunDir,
  faultConfig,
} from './common.js';
import { commandOptions } from './run-args.js';
import { dealKeyConfig } from './deals.js';
import { parseCount, runName } from './options.js';

const options = commandOptions(
  'rate',
  {
    pool: { type: 'string', describe: 'the bots to rate, comma-separated (at least the player count)' },
    games: { type: 'number', default: 10000, describe: 'games to play (every deal is played by every line-up in every rotation)' },
  } as const,
  {} as const,
);

/** One bot's rating. */
export interface Rating {
  readonly bot: string;
  /** Elo scale, the precision-weighted mean of the rated bots 0 (`rate`); NaN (JSON null) when unbounded. */
  readonly elo: number;
  /** 95% margin: Student t on the jackknife groups' standard error of elo (its difference from the weighted mean). */
  readonly margin: number;
  readonly se: number;
  /** Present when the data bound no rating: the bot never won (or never lost) a game; elo, margin and se are then NaN. */
  readonly unbounded?: Unbounded;
  readonly winRate: number;
  readonly games: number;
}

/** `ratings.json`. */
export interface RatingReport {
  readonly game: string;
  readonly variant: Variant;
  readonly seed: string;
  readonly pool: readonly string[];
  readonly players: number;
  /** The line-ups played on every deal (pool indices). */
  readonly lineups: readonly (readonly number[])[];
  readonly deals: number;
  readonly games: number;
  /** Jackknife groups of whole deals behind the margins. */
  readonly groups: number;
  /** Best first (a bot that never lost first, one that never won last). */
  readonly ratings: readonly Rating[];
  /** The weight of each rated bot (pool order; 0 for the unbounded) in the mean that is the scale's 0. */
  readonly centreWeights: readonly number[];
  /** los[i][j]: likelihood that pool bot i is stronger than pool bot j, Φ((r_i − r_j) / se(r_i − r_j)); pool order. */
  readonly los: readonly (readonly number[])[];
  /** Adjacent pairs of the table (best first) that are not separated (LOS below 95%). */
  readonly notSeparated: readonly (readonly [string, string])[];
  readonly complete: boolean;
}

/** The line-up results of a tally whose seatings are `roundRobinSeatings` (seating = line-up × P + rotation). */
export function lineupResults(t: Tally, seatings: readonly Seating[], lineups: readonly (readonly number[])[]): LineupResult[] {
  const P = t.players;
  return lineups.map((members, l) => {
    const wins = new Array<number>(members.length).fill(0);
    for (let k = l * P; k < (l + 1) * P; k++) {
      const s = seatings[k]!;
      for (let seat = 0; seat < P; seat++) wins[members.indexOf(s.entries[seat]!)]! += t.seatingWins[k * P + seat]!;
    }
    // Each line-up plays every deal once in each of its P rotations.
    return { members, wins, games: t.deals * P };
  });
}

/**
 * Ratings with deal-level margins: the fit on all deals, and on the run less
 * each jackknife group of whole deals (delete-a-group jackknife,
 * `src/stats/jackknife.ts`) for the margins and the pairwise likelihoods of
 * superiority. A bot that never won (or never lost) is left out of every fit
 * and reported as unbounded (`unboundedBots`). The scale's 0 is the
 * inverse-variance weighted mean of the rated bots (W. G. Cochran, "The
 * combination of estimates from different experiments", Biometrics 10, 1954):
 * bot i weighs 1/s_i², s_i² the least jackknife variance of its differences
 * from the others (≈ its own variance plus the best determined other's), so a poorly determined bot barely moves the 0 and each
 * bot's margin is mostly its own uncertainty (with the plain pool mean, a bot
 * known to ±212 Elo widened every other bot's margin with it).
 */
export function rate(
  t: Tally,
  groups: readonly Group[],
  seatings: readonly Seating[],
  lineups: readonly (readonly number[])[],
  pool: readonly string[],
): Omit<RatingReport, 'game' | 'variant' | 'seed' | 'players' | 'complete'> {
  const M = pool.length;
  const results = lineupResults(t, seatings, lineups);
  const unbounded = unboundedBots(M, results);
  const rated = pool.map((_, i) => i).filter((i) => unbounded[i] === null);
  const raw = fitRatings(M, results, unbounded);
  const reps = runReplicates(t, null, groups, (loo) => fitRatings(M, lineupResults(loo, seatings, lineups), unbounded));
  const diff = (i: number, j: number) =>
    jackknife(
      raw[i]! - raw[j]!,
      reps.map((x) => x[i]! - x[j]!),
    );
  // Inverse-variance weights of the rated bots in the scale's 0.
  const precision = rated.map((i) => {
    // Its least variance of a difference: Var(r_i − r_j) ≈ s_i² + s_j², least with the best determined other bot.
    const others = rated.filter((j) => j !== i).map((j) => diff(i, j).se ** 2);
    const v = others.length > 0 ? Math.min(...others) : 0;
    return v > 0 && Number.isFinite(v) ? 1 / v : NaN;
  });
  const usable = precision.every((x) => Number.isFinite(x));
  const total = usable ? precision.reduce((a, b) => a + b, 0) : rated.length;
  const centreWeights = new Array<number>(M).fill(0);
  rated.forEach((i, k) => {
    centreWeights[i] = usable ? precision[k]! / total : 1 / total;
  });
  const centre = (r: readonly number[]): number => rated.reduce((a, i) => a + centreWeights[i]! * r[i]!, 0);
  const c = centre(raw);
  const full = raw.map((x) => x - c);
  const est = full.map((r, i) =>
    unbounded[i] !== null
      ? { se: NaN, ci95: [NaN, NaN] }
      : jackknife(
          r,
          reps.map((x) => x[i]! - centre(x)),
        ),
  );
  const los = full.map((_ri, i) =>
    full.map((_rj, j) => {
      if (i === j) return 0.5;
      if (unbounded[i] !== null || unbounded[j] !== null) return NaN;
      const d = diff(i, j);
      return d.se > 0 ? normalCdf(d.value / d.se) : d.value > 0 ? 1 : d.value < 0 ? 0 : 0.5;
    }),
  );
  const order = (i: number): number => (unbounded[i] === 'never lost' ? Infinity : unbounded[i] === 'never won' ? -Infinity : full[i]!);
  const ratings = pool
    .map((bot, i) => ({
      i,
      bot,
      elo: full[i]!,
      margin: est[i]!.ci95[1] - full[i]!,
      se: est[i]!.se,
      winRate: t.entryGames[i]! > 0 ? t.entryWins[i]! / t.entryGames[i]! : 0,
      games: t.entryGames[i]!,
      ...(unbounded[i] !== null ? { unbounded: unbounded[i]! } : {}),
    }))
    .sort((a, b) => order(b.i) - order(a.i) || a.i - b.i);
  const notSeparated: [string, string][] = [];
  for (let k = 0; k + 1 < ratings.length; k++) {
    const a = ratings[k]!;
    const b = ratings[k + 1]!;
    if (a.unbounded === undefined && b.unbounded === undefined && los[a.i]![b.i]! < 0.95) notSeparated.push([a.bot, b.bot]);
  }
  return {
    pool,
    lineups,
    deals: t.deals,
    games: t.games,
    groups: reps.length,
    ratings: ratings.map(({ i: _i, ...r }) => r),
    centreWeights,
    los,
    notSeparated,
  };
}

/** "rating unbounded: never won", the text of a bot the data give no rating. */
export function unboundedText(u: Unbounded): string {
  return `rating unbounded: ${u}`;
}

/** The terminal text of a rating run, the prose wrapped; its tables fit `TERMINAL_WIDTH` unless `wide`. */
export function renderRatings(r: RatingReport, options: TerminalOptions = {}): string {
  const width = tableWidth(options);
  const out: string[] = [];
  out.push(
    `${r.game} · rate · seed ${r.seed} · ${r.games} games (${r.deals} deals × ${r.lineups.length} line-up${r.lineups.length === 1 ? '' : 's'} × ${r.players} rotations)${r.complete ? '' : ' · STOPPED EARLY: incomplete'}`,
  );
  const rows: string[][] = [];
  r.ratings.forEach((x, k) =>
    rows.push([
      String(k + 1),
      x.bot,
      // `|| 0`: a rating that rounds to 0 prints "0", not "-0"; a negative one with the minus sign of every other figure.
      x.unbounded ? unboundedText(x.unbounded) : num(Math.round(x.elo) || 0, 0).replace('-', '−'),
      x.unbounded ? '' : `± ${Number.isFinite(x.margin) ? num(x.margin, 0) : 'n/a'}`,
      pct(x.winRate),
      String(x.games),
    ]),
  );
  out.push(fitTable(['rank', 'bot', 'Elo', '95% margin', 'win rate', 'seat-games'], rows, { width, keys: 2 }));
  const weights = r.pool
    .map((b, i) => [b, r.centreWeights[i] ?? 0] as const)
    .filter(([, w]) => w > 0)
    .map(([b, w]) => `${b} ${pct(w)}`)
    .join(', ');
  const unbounded = r.ratings.filter((x) => x.unbounded);
  out.push(
    `Top-1 Plackett-Luce (Bradley-Terry for two seats) fitted by maximum likelihood to every game's win shares; Elo scale, 0 at the rated bots' mean weighted by precision (${weights}: each bot by 1 / the least jackknife variance of its differences from the others), so a poorly determined bot does not widen the others' margins. ` +
      `Every line-up plays every deal in every rotation, so each bot meets each other in every seat on the same cards. ` +
      `Margins: delete-a-group jackknife over ${r.groups} groups of the ${r.deals} deals (the deal is the unit).` +
      (unbounded.length > 0
        ? ` ${unbounded.map((x) => x.bot).join(', ')}: ${unbounded.length === 1 ? 'a bot' : 'bots'} that ${unbounded.map((x) => x.unbounded).join(' / ')} in ${unbounded.map((x) => x.games).join(' / ')} seat-games has no finite rating (any number would come from the model's prior, not the games); the others are fitted without ${unbounded.length === 1 ? 'it' : 'them'}.`
        : ''),
  );
  const head = ['LOS (row stronger than column)', ...r.pool];
  const los = r.pool.map((b, i) => [b, ...r.los[i]!.map((x, j) => (i === j || !Number.isFinite(x) ? '' : pct(x)))]);
  out.push(fitTable(head, los, { width, keys: 1 }));
  out.push(
    r.notSeparated.length === 0
      ? 'Every adjacent pair of the table is separated (LOS ≥ 95%).'
      : `Not separated (LOS below 95%): ${r.notSeparated.map(([a, b]) => `${a} and ${b}`).join('; ')}.`,
  );
  return wrapProse(out.join('\n'));
}

/** Built-in bots a pool too small for the game's table may add, cheapest first. */
const FILLERS = ['random', 'greedy', 'mc', 'ismcts'];

/**
 * What to do about a pool smaller than the table, in words that work: a
 * bigger pool (naming bots to add), `--variant players=N` when the game
 * allows a table that small, or `match` for two bots.
 * @param P the table size the variant asks for.
 */
export function poolTooSmall(game: AnyGame, pool: readonly string[], P: number): string {
  const n = pool.length;
  const { id, minPlayers, maxPlayers } = game.info;
  if (n >= minPlayers) return `--pool has ${n} bots for a table of ${P}; give at least ${P}, or --variant players=${n}`;
  const add = FILLERS.filter((b) => !pool.includes(b) && getBotKind(b).supports(id)).slice(0, minPlayers - n);
  const bigger = add.length === minPlayers - n ? ` (e.g. --pool ${[...pool, ...add].join(',')})` : '';
  const match = n === 2 ? `, or compare the two with npm run match -- --game ${id} --candidate ${pool[0]} --baseline ${pool[1]}` : '';
  return `${id} is played by ${minPlayers}-${maxPlayers} players and --pool has ${n} bot${n === 1 ? '' : 's'}: give at least ${minPlayers}${bigger}${match}`;
}

/** What `rate` keeps in the checkpoint to resume: the line-ups played on every deal (pool indices); `labels` is read apart. */
const rateOptionsSchema = z.object({ lineups: z.array(z.array(z.number().int().min(0))) });

/** The parsed command line of `rate`. */
type Args = NonNullable<Awaited<ReturnType<typeof parseCommand<typeof options>>>>;

/** A rating run being played: its game, config, pool and line-ups, size and directory, and the checkpoint it resumes. */
interface RatePlan {
  readonly game: AnyGame;
  readonly config: RunConfig;
  readonly pool: readonly string[];
  readonly lineups: number[][];
  readonly games: number;
  readonly dir: string;
  readonly resume?: Checkpoint;
}

/**
 * A stopped rating run's plan, from its checkpoint.
 * @throws UsageError when the directory holds no rating run, or its line-ups are damaged.
 */
function resumedPlan(resume: string): RatePlan {
  const dir = resolve(resume);
  claimOutDir(resume, { resume: true });
  const cp = readCheckpoint(dir);
  if (cp.command?.name !== 'rate') throw new UsageError(`--resume ${resume}: not a rating run`);
  const game = getGame(cp.config.gameId);
  const parsed = rateOptionsSchema.safeParse(cp.command.options);
  if (!parsed.success) throw new UsageError(`--resume ${resume}: the line-ups in checkpoint.json are damaged`);
  restoreBotLabels(cp.command.options.labels);
  return { game, config: cp.config, pool: [...cp.config.lineup], lineups: parsed.data.lineups, games: cp.games, dir, resume: cp };
}

/**
 * A new rating run's plan: the pool validated, the table size (the pool's
 * size when it is smaller than the game's default table), every line-up in
 * every rotation (`roundRobinSeatings`), and its directory claimed.
 * @throws UsageError with one line on bad input.
 */
async function freshPlan(args: Args, flags: RunFlags): Promise<RatePlan> {
  if (args.game === undefined) throw new UsageError('Missing required argument: game');
  if (args.pool === undefined) throw new UsageError('rate needs --pool a,b,c,...');
  const game = getGame(args.game);
  const pool = (await parseAndValidateLineup(args.pool, game, flags.botLoadMs)).map((s) => s.text);
  if (new Set(pool).size !== pool.length) throw new UsageError(`--pool names a bot twice: ${pool.join(', ')}`);
  const given: Record<string, string | number> = parseVariantSpec(args.variant);
  if (given.players === undefined && pool.length < Number(resolveGameVariant(game, {}).players)) given.players = Math.max(game.info.minPlayers, pool.length);
  const variant = resolveGameVariant(game, given);
  const P = Number(variant.players);
  if (pool.length < P) throw new UsageError(poolTooSmall(game, pool, P));
  const rr = roundRobinSeatings(pool.length, P);
  const config: RunConfig = {
    gameId: game.info.id,
    variant,
    lineup: pool,
    seatings: rr.seatings,
    runSeed: args.seed,
    ...dealKeyConfig(args['deal-key'], pool),
    record: args.record,
    ...faultConfig(flags),
    ...(args['games-csv'] ? { gamesCsv: true } : {}),
  };
  const games = parseCount('--games', args.games, 1, 1e10);
  const out = args.out ?? newRunDir(runName(`${game.info.id}-rate`, args.seed, new Date()));
  claimOutDir(out, { force: args.force });
  return { game, config, pool, lineups: rr.lineups, games, dir: resolve(out) };
}

/** Writes a rating run's own files: `ratings.json`, `ratings.csv` (one row per bot, best first) and `los.csv` (one row per ordered pair). */
function writeRatingFiles(report: RatingReport, names: readonly string[], dir: string): void {
  writeFileAtomic(join(dir, 'ratings.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileAtomic(
    join(dir, 'ratings.csv'),
    stringify(
      report.ratings.map((x, k) => {
        // An unbounded rating is no number: empty cells, and the note says why.
        const b = (v: number): number | string => (x.unbounded || !Number.isFinite(v) ? '' : v);
        return [
          k + 1,
          x.bot,
          b(x.elo),
          b(x.margin),
          b(x.elo - x.margin),
          b(x.elo + x.margin),
          b(x.se),
          x.winRate,
          x.games,
          report.deals,
          x.unbounded ? unboundedText(x.unbounded) : '',
        ];
      }),
      { header: true, columns: ['rank', 'bot', 'elo', 'margin95', 'elo_lo', 'elo_hi', 'se', 'win_rate', 'seat_games', 'deals', 'note'] },
    ),
  );
  const losRows: (string | number)[][] = [];
  names.forEach((a, i) => names.forEach((b, j) => i !== j && losRows.push([a, b, Number.isFinite(report.los[i]![j]!) ? report.los[i]![j]! : ''])));
  writeFileAtomic(join(dir, 'los.csv'), stringify(losRows, { header: true, columns: ['bot', 'opponent', 'los'] }));
}

/**
 * `npm run rate -- --game G --pool a,b,c,...`: ratings of a pool of bots from
 * a round robin on duplicate deals. Returns the exit code.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const args = await parseCommand(
    argv,
    'rate',
    '$0 --game ID --pool a,b,c,... [--games N] [--seed S] [--workers W] [--variant k=v,...] [--out DIR] [--deal-key HEX] [--resume DIR] [--wide]',
    options,
    'Line-ups: every P-subset of the pool (the pool itself when it has P bots), each in all P rotations, on every deal.',
  );
  if (args === null) return 0;
  const stopper = installStopper();
  const flags = parseRunFlags(args);
  if (args.resume !== undefined) checkResumeFlags(args.given);
  const plan = args.resume !== undefined ? resumedPlan(args.resume) : await freshPlan(args, flags);
  const { game, config, lineups, dir } = plan;
  const startedAt = new Date();
  const run = await executeRun({
    game,
    config,
    games: plan.games,
    flags: { ...flags, onFault: config.onFault, moveTimeoutMs: config.moveTimeoutMs },
    dir,
    stop: stopper.signal,
    command: { name: 'rate', options: { lineups, labels: tunedBotLabels() } },
    ...(plan.resume ? { resume: plan.resume } : {}),
  });
  const t = run.tally;
  // Tables name a tuned bot by its tuned.json, not by its spec.
  const names = plan.pool.map(botLabel);
  const report: RatingReport = {
    game: game.info.id,
    variant: config.variant,
    seed: config.runSeed,
    players: t.players,
    complete: run.complete,
    ...rate(t, run.groups, config.seatings, lineups, names),
  };
  const summary = await summarizeRun({ game, config, run, workers: flags.workers, startedAt, labels: names });
  process.stdout.write(`${renderTables(summary, { wide: args.wide })}\n\n${renderRatings(report, { wide: args.wide })}\n`);
  writeRunFiles(summary, dir);
  writeRatingFiles(report, names, dir);
  await writeHtmlReport(dir);
  return finish('rate', run.complete, t.games, dir, stopper.received());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);
