/**
 * The `nn` bot's cost in every game (`npm run bench`'s nn-bot table): a net of
 * the default architecture for the game's default variant (`architectureFor`;
 * fresh weights from a fixed seed: the cost of a decision does not depend on
 * the weights, but games/s does, through how long the games the net plays
 * last; a fresh net's games are longer than greedy's),
 * saved to a temporary file, plays `nn:file=...` in every seat.
 * - games/s: a tourney of `games` games on one worker thread (the steady rate
 *   after a third of the games, as the engine table's);
 * - µs per decision: 1e6 / (games/s × decisions per game);
 * - bytes per decision: heap growth over the decisions of in-process games,
 *   each after a forced GC (median over games; a lower bound, as the engine
 *   table's; null without --expose-gc).
 * Usage: node --expose-gc scripts/run.mjs scripts/nn-bot-bench.ts [--games 2000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Table from 'cli-table3';
import '../src/games/index.js';
import { createBot, parseLineup } from '../bots/index.js';
import type { Bot, BotContext } from '../src/core/bot.js';
import { gameIds, getGame } from '../src/core/registry.js';
import { createRng } from '../src/core/rng.js';
import { resolveGameVariant } from '../src/core/variant.js';
import { saveNetFile, netMeta } from '../src/nn/file.js';
import { architectureFor } from '../src/nn/game-layout.js';
import { Net, parameterCount } from '../src/nn/net.js';
import { rotationSeatings } from '../src/stats/seatings.js';
import { medianBytesPerDecision } from './alloc.js';
import { runTourney } from '../src/tourney/run.js';

/** One game's row. */
export interface NnBotRow {
  readonly game: string;
  readonly players: number;
  readonly weights: number;
  readonly head: 'dense' | 'feature';
  readonly gamesPerSecond: number;
  readonly decisionsPerGame: number;
  readonly usPerDecision: number;
  readonly bytesPerDecision: number | null;
}

/** Bytes per decision of `nn` bots in every seat: heap growth over a game's decisions after a forced GC, median of `games` games after as many warm-up games. */
function bytesPerDecision(gameId: string, spec: string, games: number): number | null {
  const game = getGame(gameId);
  const variant = resolveGameVariant(game, {});
  const s = game.newState(variant);
  const P = s.players;
  const bots: Bot[] = Array.from({ length: P }, () => createBot(parseLineup(spec)[0]!, game));
  const ctxs: BotContext[] = bots.map((_, seat) => ({ seat, players: P, variant, rng: createRng(`nn-bytes-${seat}`), model: game }));
  const obs = game.newObservation(variant);
  const legal = new Int32Array(game.numDistinctActions(variant));
  return medianBytesPerDecision(
    games,
    (g) => {
      game.deal(s, createRng(`nn-bytes-${g}`));
      for (let p = 0; p < P; p++) bots[p]!.reset?.(ctxs[p]!);
    },
    () => {
      let n = 0;
      while (!game.isTerminal(s)) {
        const seat = game.currentSeat(s);
        const count = game.legalActions(s, legal);
        game.observe(s, seat, obs);
        game.apply(s, bots[seat]!.act(obs, legal, count, ctxs[seat]!));
        n++;
      }
      return n;
    },
  );
}

/**
 * Measures every game with an observation tensor.
 * @param games games of each tourney (one worker).
 * @returns one row per game.
 */
export async function nnBotBench(games = 2000): Promise<NnBotRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ninefold-nn-bench-'));
  const rows: NnBotRow[] = [];
  try {
    for (const id of gameIds()) {
      const game = getGame(id);
      if (!game.tensor) continue;
      const variant = resolveGameVariant(game, {});
      const arch = architectureFor(game, variant);
      const file = join(dir, `${id}.json`);
      saveNetFile(file, Net.create(arch, 'bench'), netMeta(game, variant, { command: 'scripts/nn-bot-bench.ts: fresh weights' }));
      const spec = `nn:file=${file}`;
      const P = Number(variant.players);
      const lineup = Array.from({ length: P }, () => spec);
      let firstAt = 0;
      let firstGames = 0;
      const run = await runTourney({
        config: { gameId: id, variant, lineup, seatings: rotationSeatings(lineup), runSeed: 'nn-bench', record: false, onFault: 'forfeit', moveTimeoutMs: 0 },
        games,
        workers: 1,
        watchdogMs: 600_000,
        onProgress: (done, total) => {
          if (firstAt === 0 && done >= total / 3) {
            firstAt = performance.now();
            firstGames = done;
          }
        },
      });
      const gps = (run.tally.games - firstGames) / ((performance.now() - firstAt) / 1000);
      const decisions = run.tally.decisions / run.tally.games;
      rows.push({
        game: id,
        players: P,
        weights: parameterCount(arch),
        head: arch.head.kind,
        gamesPerSecond: gps,
        decisionsPerGame: decisions,
        usPerDecision: 1e6 / (gps * decisions),
        bytesPerDecision: bytesPerDecision(id, spec, 20),
      });
      process.stderr.write(`bench: nn ${id} done\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** The table of `nnBotBench`'s rows. */
export function nnBotTable(rows: readonly NnBotRow[]): string {
  const t = new Table({
    head: ['nn ×P (default variant)', 'players', 'weights', 'head', 'games/s (1 worker)', 'decisions/game', 'µs/decision', 'bytes/decision'],
  });
  for (const r of rows)
    t.push([
      r.game,
      String(r.players),
      String(r.weights),
      r.head,
      r.gamesPerSecond.toFixed(0),
      r.decisionsPerGame.toFixed(1),
      r.usPerDecision.toFixed(1),
      r.bytesPerDecision === null ? 'n/a (--expose-gc)' : r.bytesPerDecision.toFixed(0),
    ]);
  return `${t.toString()}\nThe nn bot in every seat: a net of the default architecture with fresh weights (a decision's cost does not depend on them; games/s does, through the games' length: compare decisions/game with a trained net's); games/s is the steady rate on one worker thread; µs/decision includes the game's own work; bytes/decision is a lower bound (heap growth after a forced GC, median of 20 games).`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--games');
  process.stdout.write(`${nnBotTable(await nnBotBench(i > 0 ? Number(process.argv[i + 1]) : 2000))}\n`);
}
