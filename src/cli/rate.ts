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
import { ratingsOf, type Ratings } from '../analysis/ratings.js';
import type { Unbounded } from '../stats/ratings.js';
import { roundRobinSeatings } from '../stats/seatings.js';
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

/** `ratings.json`: the pool's ratings (`ratingsOf`) and the run they come from. */
export interface RatingReport extends Ratings {
  readonly game: string;
  readonly variant: Variant;
  readonly seed: string;
  readonly players: number;
  readonly complete: boolean;
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
    ...ratingsOf(t, run.groups, config.seatings, lineups, names),
  };
  const summary = await summarizeRun({ game, config, run, workers: flags.workers, startedAt, labels: names });
  process.stdout.write(`${renderTables(summary, { wide: args.wide })}\n\n${renderRatings(report, { wide: args.wide })}\n`);
  writeRunFiles(summary, dir);
  writeRatingFiles(report, names, dir);
  await writeHtmlReport(dir);
  return finish('rate', run.complete, t.games, dir, stopper.received());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);
