import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import yargs from 'yargs';
import '../games/index.js';
import { UsageError } from '../core/errors.js';
import { gameIds, getGame } from '../core/registry.js';
import { nonDefault, parseVariantSpec, resolveGameVariant, describeParam } from '../core/variant.js';
import { botKinds, parseAndValidateLineup } from '../../bots/index.js';
import { renderTables } from '../report/table.js';
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
    .usage('$0 --game ID [--bots a,b,...] [--games N] [--seed S] [--workers W] [--variant k=v,...] [--out DIR] [--record]')
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
  const variant = resolveGameVariant(game, given);
  const games = parseCount('--games', args.games, 1, 1e10);
  const workers = parseCount('--workers', args.workers, 1, 256);
  const seed = args.seed;
  const startedAt = new Date();
  const dir = resolve(args.out ?? join('results', runName(game.info.id, seed, startedAt)));

  const { mkdirSync } = await import('node:fs');
  mkdirSync(dir, { recursive: true });
  const run = await runTourney({
    config: { gameId: game.info.id, variant, lineup, runSeed: seed, record: args.record },
    games,
    workers,
    recordFile: join(dir, 'games.jsonl'),
  });
  const summary = summarize(run.tally, {
    game: game.info.id,
    variant,
    nonDefault: nonDefault(game.info.params, variant),
    seed,
    lineup,
    scoreUnit: game.info.scoreUnit,
    deals: run.deals,
    seconds: run.seconds,
    workers,
    startedAt: startedAt.toISOString(),
    complete: true,
  });
  process.stdout.write(renderTables(summary) + '\n');
  writeRunFiles(summary, dir);
  process.stdout.write(`results: ${dir}${args.record ? ' (games.jsonl holds every game)' : ''}\n`);
  return 0;
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
