/**
 * `npm run fuzz -- [--games N] [--seed S] [--game ID,ID] [--workers W]`:
 * plays N random games shared by every game (random variants too) with every
 * invariant check on — legality, termination within the declared bound, the
 * game's own invariants (card conservation), observation consistency under
 * determinization, record replay — and prints any seed that breaks one.
 * Exits 1 when a violation was found.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import yargs from 'yargs';
import '../src/games/index.js';
import { gameIds } from '../src/core/registry.js';
import type { FuzzResult, FuzzTask, Violation } from '../src/fuzz/fuzz.js';

const SLICE = 5000;

async function main(): Promise<number> {
  const args = await yargs(process.argv.slice(2))
    .options({
      games: { type: 'number', default: 100_000, describe: 'random games in all, shared equally by the game ids' },
      seed: { type: 'string', default: 'fuzz', describe: 'run seed' },
      game: { type: 'string', default: gameIds().join(','), describe: 'comma-separated game ids' },
      workers: { type: 'number', default: availableParallelism(), describe: 'worker threads' },
    })
    .strict()
    .parseAsync();
  const pool = new Piscina<FuzzTask, FuzzResult>({
    filename: fileURLToPath(new URL('../src/fuzz/fuzz-worker.js', import.meta.url)),
    minThreads: args.workers,
    maxThreads: args.workers,
  });
  const t0 = Date.now();
  const violations: Violation[] = [];
  let played = 0;
  const ids = args.game.split(',');
  const perGame = Math.ceil(args.games / ids.length);
  for (const id of ids) {
    const tasks: Promise<FuzzResult>[] = [];
    for (let start = 0; start < perGame; start += SLICE) {
      tasks.push(pool.run({ gameId: id, runSeed: args.seed, start, end: Math.min(perGame, start + SLICE), deadlineMs: 0 }));
    }
    let games = 0;
    for (const r of await Promise.all(tasks)) {
      games += r.games;
      violations.push(...r.violations);
    }
    played += games;
    process.stdout.write(`${id}: ${games} games, ${violations.filter((v) => v.game === id).length} violations (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
  }
  await pool.destroy();
  for (const v of violations.slice(0, 20)) {
    process.stdout.write(`VIOLATION ${v.game} seed=${v.seed} step=${v.step} variant=${JSON.stringify(v.variant)}: ${v.message}\n`);
  }
  process.stdout.write(
    `${played} games in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${violations.length === 0 ? 'no violation' : `${violations.length} violations`}\n`,
  );
  return violations.length === 0 ? 0 : 1;
}

void main().then((code) => {
  process.exitCode = code;
});
