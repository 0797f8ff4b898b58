import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import yargs from 'yargs';
import '../games/index.js';
import { UsageError } from '../core/errors.js';
import { gameIds, getGame } from '../core/registry.js';
import { nonDefault, parseVariantSpec, resolveGameVariant, describeParam } from '../core/variant.js';
import { botKinds, parseAndValidateLineup } from '../../bots/index.js';
import { mkdirSync } from 'node:fs';
import type { AnyGame } from '../core/registry.js';
import type { Variant } from '../core/variant.js';
import { buildBalance, renderBalance, writeBalanceFiles, type BalanceReport } from '../report/balance.js';
import { renderTables } from '../report/table.js';
import type { Summary } from '../tourney/summary.js';
import { parseSweep, writeSweep } from './sweep.js';
import { writeRunFiles } from '../report/write.js';
import { runTourney } from '../tourney/run.js';
import { summarize } from '../tourney/summary.js';
import { defaultLineup, parseCount, runName } from './options.js';

/** The option table of `npm run tourney` (declarative; choices come from the registries). */
const options = {
  game: { type: 'string', demandOption: true, describe: `game id: ${gameIds().join(', ')}` },
  bots: { type: 'string', describe: 'comma-separated line-up, one bot per seat, e.g. greedy,random,random,random,random' },
  games: { type: 'string', default: '10000', describe: 'games to play, rounded up to whole rotations of the line-up' },
  seed: { type: 'string', default: '1', describe: 'run seed: the same seed gives the same numbers' },
  workers: { type: 'string', default: String(availableParallelism()), describe: 'worker threads (default: CPU cores)' },
  variant: { type: 'string', default: '', describe: 'variant parameters key=value,key=value' },
  out: { type: 'string', describe: 'output directory (default results/<game>-s<seed>-<time>)' },
  record: { type: 'boolean', default: false, describe: 'write every game to games.jsonl in the rule files\' record format' },
  sweep: { type: 'string', describe: 'KEY=v1,v2,...: the same seeds under each value of one variant parameter, key figures side by side' },
} as const;

function epilogue(): string {
  const lines = ['Games and their variant parameters:'];
  for (const id of gameIds()) {
    const g = getGame(id);
    lines.push(`  ${id} (${g.info.minPlayers}-${g.info.maxPlayers} players): ${g.info.params.map((p) => `${p.key} (${describeParam(p)})`).join(', ')}`);
  }
  lines.push('Bots:');
  for (const b of botKinds()) lines.push(`  ${b.name}: ${b.doc}${b.params.length ? ` [${b.params.map((p) => `${p.key}=${p.default}`).join(', ')}]` : ''}`);
  return lines.join('\n');
}

/**
 * `npm run tourney -- --game ID [...]`: plays a tournament and prints and
 * writes its results. Returns the process exit code: 0 done, 2 bad input.
 */
export async function main(argv: readonly string[]): Promise<number> {
  let usage: string | null = null;
  const args = await yargs([...argv])
    .scriptName('npm run tourney --')
    .usage('$0 --game ID [--bots a,b,...] [--games N] [--seed S] [--workers W] [--variant k=v,...] [--sweep KEY=v1,v2,...] [--out DIR] [--record]')
    .options(options)
    .strict()
    .epilogue(epilogue())
    .exitProcess(false)
    .fail((msg, err) => {
      usage = msg ?? err?.message ?? 'bad arguments';
    })
    .parseAsync();
  if (usage !== null) throw new UsageError(usage);
  if ((args as { help?: boolean }).help) return 0;

  const game = getGame(args.game);
  const given: Record<string, string | number> = parseVariantSpec(args.variant);
  let lineup: string[];
  if (args.bots !== undefined) {
    lineup = parseAndValidateLineup(args.bots, game.info.id).map((s) => s.text);
    const P = lineup.length;
    if (given.players !== undefined && Number(given.players) !== P) {
      throw new UsageError(`--variant players=${String(given.players)} does not fit a line-up of ${P} bots`);
    }
    if (P < game.info.minPlayers || P > game.info.maxPlayers) {
      throw new UsageError(`${game.info.id} is for ${game.info.minPlayers}-${game.info.maxPlayers} players; the line-up has ${P} bots`);
    }
    given.players = P;
  } else {
    const v0 = resolveGameVariant(game, given);
    lineup = defaultLineup(game.info.id, Number(v0.players));
  }
  const games = parseCount('--games', args.games, 1, 1e10);
  const workers = parseCount('--workers', args.workers, 1, 256);
  const seed = args.seed;
  const startedAt = new Date();
  const dir = resolve(args.out ?? join('results', runName(game.info.id, seed, startedAt)));
  const base = { game, games, workers, seed, record: args.record, startedAt };

  if (args.sweep !== undefined) {
    const sweep = parseSweep(args.sweep, game);
    const plans = sweep.values.map((value) => {
      const g: Record<string, string | number> = { ...given, [sweep.key]: value };
      let runLineup = lineup;
      if (sweep.key === 'players') {
        if (args.bots !== undefined) throw new UsageError('--sweep players needs the default line-up: leave out --bots');
        runLineup = defaultLineup(game.info.id, Number(resolveGameVariant(game, g).players));
      }
      return { value, variant: resolveGameVariant(game, g), lineup: runLineup };
    });
    const runs = [];
    for (const p of plans) {
      const sub = join(dir, `${sweep.key}=${p.value}`);
      process.stdout.write(`\n== ${sweep.key}=${p.value} ==\n`);
      runs.push({ value: p.value, ...(await playAndReport({ ...base, variant: p.variant, lineup: p.lineup, dir: sub })) });
    }
    const text = writeSweep(sweep.key, runs, dir);
    process.stdout.write(`\n${text}\nresults: ${dir}\n`);
    return 0;
  }

  const variant = resolveGameVariant(game, given);
  await playAndReport({ ...base, variant, lineup, dir });
  process.stdout.write(`results: ${dir}${args.record ? ' (games.jsonl holds every game)' : ''}\n`);
  return 0;
}

/** One run: play, print the tables and the balance report, write the files. */
async function playAndReport(p: {
  game: AnyGame;
  variant: Variant;
  lineup: string[];
  games: number;
  workers: number;
  seed: string;
  record: boolean;
  startedAt: Date;
  dir: string;
}): Promise<{ summary: Summary; balance: BalanceReport }> {
  mkdirSync(p.dir, { recursive: true });
  const run = await runTourney({
    config: { gameId: p.game.info.id, variant: p.variant, lineup: p.lineup, runSeed: p.seed, record: p.record },
    games: p.games,
    workers: p.workers,
    recordFile: join(p.dir, 'games.jsonl'),
  });
  const summary = summarize(run.tally, {
    game: p.game.info.id,
    variant: p.variant,
    nonDefault: nonDefault(p.game.info.params, p.variant),
    seed: p.seed,
    lineup: p.lineup,
    scoreUnit: p.game.info.scoreUnit,
    deals: run.deals,
    seconds: run.seconds,
    workers: p.workers,
    startedAt: p.startedAt.toISOString(),
    complete: true,
  });
  const balance = buildBalance(summary, run.tally, p.game.balance, run.balance);
  process.stdout.write(renderTables(summary) + '\n');
  process.stdout.write(renderBalance(balance) + '\n');
  writeRunFiles(summary, p.dir);
  writeBalanceFiles(balance, p.dir);
  return { summary, balance };
}

/** Runs `main`, turning bad input into one line on stderr and exit 2, never a stack trace. */
export async function runCli(entry: (argv: readonly string[]) => Promise<number>): Promise<void> {
  // A closed pipe (`| head`) ends output quietly; results are still written.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });
  try {
    process.exitCode = await entry(process.argv.slice(2));
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (e instanceof UsageError) {
      process.stderr.write(`ninefold: ${msg.split('\n')[0]}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`ninefold: internal error: ${msg.split('\n')[0]}\n`);
      if (process.env.NINEFOLD_DEBUG) process.stderr.write(`${(e as Error).stack ?? ''}\n`);
      process.exitCode = 1;
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);
