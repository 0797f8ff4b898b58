/**
 * Search-bot figures per registered game: SO-ISMCTS iterations per second
 * (one thread, random rollouts, default variant, decisions taken at
 * positions spread over random games) and heap use per 1000 iterations
 * after warm-up:
 * - `retained`: heapUsed after a forced GC, after minus before the measured
 *   searches (should be ~0: nothing survives a search);
 * - `allocated`: heapUsed growth across one 1000-iteration window started
 *   right after a forced GC (median of the windows; a young-generation
 *   collection inside a window would hide its garbage, so it is a lower
 *   bound). The last column is what 1000 bare determinized random playouts
 *   (determinize, play to the end, result) allocate from the same
 *   positions: that is the game's share, and the difference is the bot's
 *   own, which should be ~0.
 *
 * Usage: `npm run build && node dist/scripts/search-bench.js [--games ID,ID] [--iterations 1000] [--positions 16] [--out FILE.json]`
 * (`npm run bench` runs it after the throughput table)
 * (it re-runs itself under `HEAP_FLAGS`: `--expose-gc` and a 64 MB young
 * generation, so that no collection falls inside a measured window).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import Table from 'cli-table3';
import '../src/games/index.js';
import type { BotContext } from '../src/core/bot.js';
import { createRng } from '../src/core/rng.js';
import { gameIds, getGame, type AnyGame } from '../src/core/registry.js';
import { resolveGameVariant, type Variant } from '../src/core/variant.js';
import { IsmctsBot } from '../bots/ismcts.js';

/** One game's figures. */
export interface SearchBenchRow {
  readonly game: string;
  readonly players: number;
  readonly iterationsPerSecond: number;
  /** Bytes still held after a GC, per 1000 iterations (null without --expose-gc). */
  readonly retainedPer1000: number | null;
  /** Bytes allocated per 1000 iterations (lower bound; null without --expose-gc). */
  readonly allocatedPer1000: number | null;
  /** Bytes 1000 bare determinized playouts allocate (the game's share; null without --expose-gc). */
  readonly gamePer1000: number | null;
}

interface Position {
  readonly obs: object;
  readonly legal: Int32Array;
  readonly seat: number;
}

/** Decision points with at least two legal actions, spread over random games. */
function positions(game: AnyGame, variant: Variant, count: number): Position[] {
  const out: Position[] = [];
  const buf = new Int32Array(game.numDistinctActions(variant));
  const s = game.newState(variant);
  for (let g = 0; out.length < count && g < 10 * count; g++) {
    game.deal(s, createRng(`search-bench-${g}`));
    const rng = createRng(`search-bench-play-${g}`);
    const stop = rng.int(Math.max(1, game.maxDecisions(variant) >> 4));
    for (let step = 0; !game.isTerminal(s); step++) {
      const n = game.legalActions(s, buf);
      if (step >= stop && n > 1) {
        const seat = game.currentSeat(s);
        out.push({ obs: game.observe(s, seat, game.newObservation(variant)), legal: buf.slice(0, n), seat });
        break;
      }
      game.apply(s, buf[rng.int(n)]!);
    }
  }
  return out;
}

const gc = (globalThis as { gc?: () => void }).gc;

/**
 * Bytes allocated by 1000 bare determinized playouts (`determinize`, random
 * `legalActions`/`apply` to the end, `result`) from the same positions,
 * median over the positions: everything an ISMCTS iteration does except
 * the tree. What the search allocates beyond this is the bot's own.
 */
function playoutAllocation(game: AnyGame, variant: Variant, list: readonly Position[]): number {
  const into = game.newState(variant);
  const buf = new Int32Array(game.numDistinctActions(variant));
  const rng = createRng('search-bench-playout');
  const run = (p: Position): void => {
    for (let i = 0; i < 1000; i++) {
      game.determinize(p.obs, rng, into);
      while (!game.isTerminal(into)) game.apply(into, buf[rng.int(game.legalActions(into, buf))]!);
      game.result(into);
    }
  };
  const windows: number[] = [];
  for (const p of list) run(p);
  for (const p of list) {
    gc!();
    const h0 = process.memoryUsage().heapUsed;
    run(p);
    windows.push(Math.max(0, process.memoryUsage().heapUsed - h0));
  }
  windows.sort((a, b) => a - b);
  return windows[windows.length >> 1] ?? 0;
}

/** Runs the bench for one game. */
export function benchGame(id: string, iterations = 1000, count = 16): SearchBenchRow {
  const game = getGame(id);
  const variant = resolveGameVariant(game, {});
  const players = Number(variant.players);
  const list = positions(game, variant, count);
  const bot = new IsmctsBot(game, iterations, 0, 0.7, 'random');
  const ctx: BotContext = { seat: 0, players, variant, rng: createRng('search-bench-bot'), model: game as AnyGame };
  const decide = (p: Position): number => {
    (ctx as { seat: number }).seat = p.seat;
    bot.act(p.obs, p.legal, p.legal.length, ctx);
    return bot.lastIterations;
  };
  // Warm-up (buffers sized, code optimised): every position, 3 times or for 4 s.
  const warm = performance.now();
  for (let rep = 0; rep < 3 && (rep === 0 || performance.now() - warm < 4000); rep++) for (const p of list) decide(p);

  gc?.();
  const before = process.memoryUsage().heapUsed;
  let done = 0;
  const t0 = performance.now();
  for (let rep = 0; rep < 2 && (rep === 0 || performance.now() - t0 < 3000); rep++) for (const p of list) done += decide(p);
  const seconds = (performance.now() - t0) / 1000;
  gc?.();
  const after = process.memoryUsage().heapUsed;

  let allocated: number | null = null;
  let gameAlloc: number | null = null;
  if (gc) {
    const windows: number[] = [];
    const small = new IsmctsBot(game, 1000, 0, 0.7, 'random');
    for (const p of list) {
      (ctx as { seat: number }).seat = p.seat;
      small.act(p.obs, p.legal, p.legal.length, ctx);
    }
    for (const p of list) {
      (ctx as { seat: number }).seat = p.seat;
      gc();
      const h0 = process.memoryUsage().heapUsed;
      small.act(p.obs, p.legal, p.legal.length, ctx);
      const h1 = process.memoryUsage().heapUsed;
      windows.push(Math.max(0, h1 - h0));
    }
    windows.sort((a, b) => a - b);
    allocated = windows[windows.length >> 1] ?? 0;
    gameAlloc = playoutAllocation(game, variant, list);
  }
  return {
    game: id,
    players,
    iterationsPerSecond: done / seconds,
    retainedPer1000: gc ? ((after - before) * 1000) / Math.max(1, done) : null,
    allocatedPer1000: allocated,
    gamePer1000: gameAlloc,
  };
}

function option(argv: readonly string[], flag: string): string | undefined {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** Prints the table for the games named in `argv` (default: all registered). */
export function main(argv: readonly string[]): SearchBenchRow[] {
  const ids = option(argv, '--games')?.split(',') ?? gameIds();
  const iterations = Number(option(argv, '--iterations') ?? 1000);
  const count = Number(option(argv, '--positions') ?? 16);
  const table = new Table({ head: ['game', 'players', 'ismcts iterations/s', 'retained B/1000 it', 'allocated B/1000 it', 'bare playouts B/1000'] });
  const rows: SearchBenchRow[] = [];
  for (const id of ids) {
    const r = benchGame(id, iterations, count);
    rows.push(r);
    const kb = (x: number | null): string => (x === null ? '' : x.toFixed(0));
    table.push([r.game, r.players, r.iterationsPerSecond.toFixed(0), kb(r.retainedPer1000), kb(r.allocatedPer1000), kb(r.gamePer1000)]);
  }
  process.stdout.write(`ismcts:iterations=${iterations},rollout=random, ${count} positions per game, one thread\n${table.toString()}\n`);
  if (!gc) process.stdout.write(`heap columns need: node ${HEAP_FLAGS.join(' ')} dist/scripts/search-bench.js\n`);
  const out = option(argv, '--out');
  if (out) writeFileSync(out, `${JSON.stringify({ iterations, positions: count, rows }, null, 2)}\n`);
  return rows;
}

/** Node flags of the heap columns: a GC on demand, and a young generation large enough that no collection falls inside a window. */
export const HEAP_FLAGS = ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64'];

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (gc || process.env.SEARCH_BENCH_CHILD) {
    main(process.argv.slice(2));
  } else {
    // Re-run under the heap flags.
    const r = spawnSync(process.execPath, [...HEAP_FLAGS, process.argv[1], ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, SEARCH_BENCH_CHILD: '1' },
    });
    process.exitCode = r.status ?? 1;
  }
}
