/**
 * What a game costs for each bot: every built-in bot in every seat of each
 * game at its default player count (`bot,bot,...`), one worker, the
 * tourney's own timing (`summary.json`: seconds of play, games/s; start-up
 * excluded), and the actions per game. Prints a Markdown table for
 * `docs/costs.md`. Search bots play at their shipped profiles; `nn` only
 * where the game ships a net.
 *
 * Usage: node scripts/run.mjs scripts/cost-table.ts [--games ID,ID] [--bots random,greedy,nn,mc,ismcts] [--scale K]
 * `--scale K` multiplies every bot's game count (default 1: random 200 000,
 * greedy 5 000, nn 500, mc and ismcts 2 games).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { shippedNetPath } from '../bots/nets.js';
import '../src/games/index.js';
import { gameIds, getGame } from '../src/core/registry.js';
import { resolveGameVariant } from '../src/core/variant.js';

/** Games each bot plays per game id at --scale 1: enough for a stable rate at its speed. */
const GAMES: Readonly<Record<string, number>> = { random: 200_000, greedy: 5_000, nn: 500, mc: 2, ismcts: 2 };

interface Row {
  readonly game: string;
  readonly players: number;
  readonly bot: string;
  readonly games: number;
  readonly seconds: number;
  readonly actions: number;
}

/** One bot in every seat of one game, on one worker; its timing from summary.json. */
function measure(game: string, players: number, bot: string, games: number): Row {
  const dir = mkdtempSync(join(tmpdir(), 'ninefold-cost-'));
  try {
    const cli = join('dist', 'src', 'cli', 'tourney.js');
    const lineup = Array.from({ length: players }, () => bot).join(',');
    const r = spawnSync(process.execPath, [cli, '--game', game, '--bots', lineup, '--games', String(games), '--workers', '1', '--seed', 'cost', '--out', dir], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`${game} ${bot}: exit ${r.status}: ${r.stderr.split('\n')[0]}`);
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { games: number; meanActions: number; timing: { seconds: number } };
    return { game, players, bot, games: s.games, seconds: s.timing.seconds, actions: s.meanActions };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A duration in the unit that reads best: "48 s", "1.6 ms", "2.35 µs". */
function perGame(seconds: number): string {
  if (seconds >= 1) return `${seconds.toFixed(seconds >= 10 ? 0 : 1)} s`;
  const ms = seconds * 1000;
  if (ms >= 1) return `${ms.toFixed(ms >= 10 ? 0 : 2)} ms`;
  const us = ms * 1000;
  return `${us.toFixed(us >= 10 ? 0 : 2)} µs`;
}

const argv = yargs(hideBin(process.argv))
  .option('games', { type: 'string', describe: 'comma-separated game ids (default: all)' })
  .option('bots', { type: 'string', default: 'random,greedy,nn,mc,ismcts', describe: 'comma-separated bots' })
  .option('scale', { type: 'number', default: 1, describe: "multiplies every bot's game count" })
  .strict()
  .parseSync();

const ids = argv.games ? argv.games.split(',') : gameIds();
const rows: Row[] = [];
for (const id of ids) {
  const game = getGame(id);
  const players = resolveGameVariant(game, {}).players as number;
  for (const bot of argv.bots.split(',')) {
    if (bot === 'nn' && !existsSync(shippedNetPath(id))) continue;
    const row = measure(id, players, bot, Math.max(1, Math.round((GAMES[bot] ?? 100) * argv.scale)));
    rows.push(row);
    process.stderr.write(`${id} ${bot}: ${row.games} games in ${row.seconds.toFixed(2)} s\n`);
  }
}
process.stdout.write('| game | players | bot | time per game | games/s, 1 worker | actions per game | time per action | games timed |\n');
process.stdout.write('|---|---|---|---|---|---|---|---|\n');
for (const r of rows) {
  const s = r.seconds / r.games;
  const rate = r.games / r.seconds;
  const rateText = rate >= 100 ? Math.round(rate).toLocaleString('en-US').replace(/,/g, ' ') : rate >= 1 ? rate.toFixed(1) : rate.toFixed(3);
  process.stdout.write(
    `| ${getGame(r.game).info.name} | ${r.players} | \`${r.bot}\` | ${perGame(s)} | ${rateText} | ${r.actions.toFixed(1)} | ${perGame(s / r.actions)} | ${r.games} |\n`,
  );
}
