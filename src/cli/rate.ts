/**
 * `npm run rate`: ratings of a pool of bots from a round robin on duplicate
 * deals. Its option table, the spec its command line means (`RateSpec`),
 * and the run of a spec (new, or stopped and resumed): the tables, the
 * ratings (`src/analysis/ratings.ts`, `rate-render.ts`) and their files.
 */
import { pathToFileURL } from 'node:url';
import '../games/index.js';
import { UsageError } from '../core/errors.js';
import { getGame, type AnyGame } from '../core/registry.js';
import { parseVariantSpec, resolveGameVariant } from '../core/variant.js';
import { checkLineupVariant, getBotKind } from '../../bots/index.js';
import { renderTables } from '../report/table.js';
import { writeRunFiles } from '../results/summary-file.js';
import { writeHtmlReport } from '../report/html/write.js';
import { roundRobinSeatings } from '../stats/seatings.js';
import type { Checkpoint } from '../tourney/run.js';
import { checkResumeFlags, parseCommand, runCli } from './common.js';
import { playSpec, resumeRun, summarizeRun } from './execute.js';
import { lineupEntries } from './lineups.js';
import { ratingsOf } from '../analysis/ratings.js';
import { type RatingReport, writeRatingFiles } from '../results/ratings-file.js';
import { renderRatings } from './rate-render.js';
import { commandOptions } from './run-args.js';
import { claimNewDir, finish } from './run-dir.js';
import { parseRunFlags, playedFields, type RunFlags } from './run-flags.js';
import { clockBound, rateSpecSchema, type RateSpec } from './run-spec.js';
import { installStopper, type Stopper } from './stopper.js';
import { runName } from './options.js';

const options = commandOptions(
  'rate',
  {
    pool: { type: 'string', describe: 'the bots to rate, comma-separated (at least the player count)' },
    games: { type: 'number', default: 10000, describe: 'games to play (every deal is played by every line-up in every rotation)' },
  } as const,
  {} as const,
);

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

/** The parsed command line of `rate`. */
type Args = NonNullable<Awaited<ReturnType<typeof parseCommand<typeof options>>>>;

/**
 * The spec a `rate` command line means: the pool validated, the table size
 * (the pool's size when it is smaller than the game's default table), the
 * deal key chosen.
 * @throws UsageError with one line on bad input.
 */
async function rateSpec(args: Args, flags: RunFlags): Promise<RateSpec> {
  if (args.game === undefined) throw new UsageError('Missing required argument: game');
  if (args.pool === undefined) throw new UsageError('rate needs --pool a,b,c,...');
  const game = getGame(args.game);
  const pool = await lineupEntries(args.pool, game, flags.botLoadMs);
  const bots = pool.map((e) => e.bot);
  if (new Set(bots).size !== bots.length) throw new UsageError(`--pool names a bot twice: ${bots.join(', ')}`);
  const given: Record<string, string | number> = parseVariantSpec(args.variant);
  if (given.players === undefined && pool.length < Number(resolveGameVariant(game, {}).players)) given.players = Math.max(game.info.minPlayers, pool.length);
  const variant = resolveGameVariant(game, given);
  const P = Number(variant.players);
  if (pool.length < P) throw new UsageError(poolTooSmall(game, bots, P));
  checkLineupVariant(bots, game, variant);
  return {
    kind: 'rate',
    game: game.info.id,
    variant,
    ...playedFields(args, flags, bots),
    pool,
  };
}

/**
 * Plays a rating run (new, or resumed from its checkpoint), prints its tables
 * and ratings, and writes its files and its page.
 * @returns the exit code.
 */
async function playRate(spec: RateSpec, dir: string, flags: RunFlags, stopper: Stopper, resume?: Checkpoint): Promise<number> {
  const startedAt = new Date();
  const { game, config, run } = await playSpec(spec, dir, flags, stopper.signal, resume ? { resume } : {});
  const t = run.tally;
  // Tables name a tuned bot by its tuned.json, not by its spec.
  const names = spec.pool.map((e) => e.label);
  const lineups = roundRobinSeatings(spec.pool.length, t.players).lineups;
  const report: RatingReport = {
    game: game.info.id,
    variant: config.variant,
    seed: config.runSeed,
    players: t.players,
    complete: run.complete,
    ...ratingsOf(t, run.groups, config.seatings, lineups, names),
  };
  const summary = summarizeRun({ game, config, run, workers: flags.workers, startedAt, labels: names, clockBound: clockBound(spec.pool) });
  process.stdout.write(`${renderTables(summary, { wide: flags.wide === true })}\n\n${renderRatings(report, { wide: flags.wide === true })}\n`);
  writeRunFiles(summary, dir);
  writeRatingFiles(report, names, dir);
  await writeHtmlReport(dir);
  return finish('rate', run.complete, t.games, dir, stopper.received());
}

/**
 * `npm run rate -- --game G --pool a,b,c,...`: ratings of a pool of bots from
 * a round robin on duplicate deals. Parses the command line into a `RateSpec`
 * (or reads a stopped run's) and plays it. Returns the exit code.
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
  if (args.resume !== undefined) {
    checkResumeFlags(args.given);
    const { dir, checkpoint, spec } = await resumeRun(args.resume, rateSpecSchema, 'rate');
    return playRate(spec, dir, flags, stopper, checkpoint);
  }
  const spec = await rateSpec(args, flags);
  const dir = claimNewDir(args.out, runName(`${spec.game}-rate`, spec.seed, new Date()), args.force);
  return playRate(spec, dir, flags, stopper);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);
