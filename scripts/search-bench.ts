/**
 * Search-bot figures per registered game and playout policy: SO-ISMCTS
 * iterations per second (one thread, default variant, decisions taken at
 * positions spread over random games), with random playouts
 * (`rollout=random`, 1000 iterations a decision) and with the game's greedy
 * heuristic playing every seat (`rollout=greedy`, 200 iterations a
 * decision: its playouts are 2-200 times slower), on request
 * (`--rollouts random,greedy,nn`) with the game's shipped net playing every
 * seat (`rollout=nn`, games with a shipped net), with the shipped net inside
 * the search (`net`: `prior=net,leaf=net`, the policy head ordering expansion
 * and the value head valuing each new leaf, no playout; 200 iterations a
 * decision; games with a shipped net), and heap use per iteration after
 * warm-up:
 * - `retained`: heapUsed after a forced GC, after minus before the measured
 *   searches (should be ~0: nothing survives a search);
 * - `allocated`: heapUsed growth across one decision started right after a
 *   forced GC, over its iterations (median of the decisions; a
 *   young-generation collection inside one would hide its garbage, so it is
 *   a lower bound). The last column is what bare determinized playouts
 *   (determinize, play to the end with the same policy, result) allocate
 *   from the same positions: that is the game's share (and the heuristic's,
 *   with greedy playouts), and the difference is the bot's own, which should
 *   be ~0. Both count as many playouts a window as a decision has
 *   iterations, so that heapUsed's own few KB a window weigh alike in both
 *   (~2-5 B an iteration at 1000, ~10-25 at 200). A greedy row whose
 *   figures match the random row's shows a heuristic that allocates
 *   nothing: what is left is the game's (its determinization, result and
 *   round ends).
 *
 * Each row is bounded in time: a warm-up over every position (at least
 * `--seconds`, at most twice that), about `--seconds` of measured searches
 * (cycling over the positions; at least 3 decisions), and at most that for
 * the allocation windows (at least 3) and for each half (warm-up, windows)
 * of the bare playouts: at most about 6 × `--seconds`.
 *
 * Usage: `npm run build && node dist/scripts/search-bench.js [--games ID,ID] [--rollouts random,greedy,nn,net]
 * [--iterations 1000] [--greedy-iterations 200] [--nn-iterations 200] [--net-iterations 200] [--positions 16] [--seconds 1] [--out FILE.json]`
 * (`npm run bench` runs it after the throughput table)
 * (it re-runs itself under `HEAP_FLAGS`: `--expose-gc` and a 64 MB young
 * generation, so that no collection falls inside a measured window).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import Table from 'cli-table3';
import '../src/games/index.js';
import type { BotContext } from '../src/core/bot.js';
import { createRng } from '../src/core/rng.js';
import { gameIds, getGame, type AnyGame } from '../src/core/registry.js';
import { resolveGameVariant, type Variant } from '../src/core/variant.js';
import { IsmctsBot } from '../bots/ismcts.js';
import { greedyBot } from '../bots/greedy/index.js';
import { shippedNetPath } from '../bots/nets.js';
import { nnKind } from '../bots/nn.js';
import type { PolicyKinds } from '../bots/search/policy.js';
import { Rollout, type RolloutPolicy } from '../bots/search/rollout.js';

/** What the policies play, as the bot registry gives them (`bots/index.ts`). */
const POLICIES: PolicyKinds = { greedy: greedyBot, nn: nnKind };

/** What a row's search evaluates leaves with: a playout policy, or the shipped net's heads (`prior=net,leaf=net`). */
export type LeafKind = RolloutPolicy | 'net';

/** One row: a game and a playout policy. */
export interface SearchBenchRow {
  readonly game: string;
  readonly players: number;
  readonly rollout: LeafKind;
  /** Iterations per decision. */
  readonly iterations: number;
  readonly iterationsPerSecond: number;
  /** Decisions measured for `iterationsPerSecond`. */
  readonly decisions: number;
  /** Bytes still held after a GC, per iteration (null without --expose-gc). */
  readonly retainedPerIteration: number | null;
  /** Bytes allocated per iteration (lower bound; null without --expose-gc). */
  readonly allocatedPerIteration: number | null;
  /** Bytes a bare determinized playout with the same policy allocates (the game's share; null without --expose-gc, or for `net`, which plays none). */
  readonly playoutPerIteration: number | null;
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

function median(xs: number[]): number {
  xs.sort((a, b) => a - b);
  return xs[xs.length >> 1] ?? 0;
}

/**
 * Bytes a bare determinized playout allocates (`determinize`, the policy
 * to the end, `result`) from the same positions, median over the positions
 * (`perPosition` playouts each, within about `seconds`): everything an
 * ISMCTS iteration does except the tree. What the search allocates beyond
 * this is the bot's own.
 */
function playoutAllocation(game: AnyGame, variant: Variant, list: readonly Position[], policy: RolloutPolicy, perPosition: number, seconds: number): number {
  const players = Number(variant.players);
  const into = game.newState(variant);
  const rng = createRng('search-bench-playout');
  const rollout = new Rollout(game, variant, players, policy, rng, POLICIES);
  const run = (p: Position): void => {
    for (let i = 0; i < perPosition; i++) {
      game.determinize(p.obs, rng, into);
      rollout.run(into, rng);
      game.result(into);
    }
  };
  const windows: number[] = [];
  const t0 = performance.now();
  for (const p of list) {
    run(p);
    if (performance.now() - t0 > seconds * 1000) break;
  }
  const t1 = performance.now();
  for (const p of list) {
    gc!();
    const h0 = process.memoryUsage().heapUsed;
    run(p);
    windows.push(Math.max(0, process.memoryUsage().heapUsed - h0) / perPosition);
    if (windows.length >= 3 && performance.now() - t1 > seconds * 1000) break;
  }
  return median(windows);
}

/** Options of one row. */
export interface RowOptions {
  readonly rollout: LeafKind;
  readonly iterations: number;
  readonly positions: number;
  /** About how long the measured searches take (the warm-up as long, each heap column at most as long). */
  readonly seconds: number;
}

/** Runs the bench for one game and playout policy. */
export function benchGame(id: string, opts: RowOptions): SearchBenchRow {
  const { rollout, iterations, seconds } = opts;
  const game = getGame(id);
  const variant = resolveGameVariant(game, {});
  const players = Number(variant.players);
  const list = positions(game, variant, opts.positions);
  const bot = new IsmctsBot(
    game,
    rollout === 'net'
      ? { iterations, rollout: 'random', netPrior: true, leaf: 'net', net: 'shipped', policies: POLICIES }
      : { iterations, rollout, policies: POLICIES },
  );
  const ctx: BotContext = { seat: 0, players, variant, rng: createRng('search-bench-bot'), model: game };
  let next = 0;
  /** Decides at the next position (cycling); returns the iterations run. */
  const decide = (on: IsmctsBot = bot): number => {
    const p = list[next++ % list.length]!;
    (ctx as { seat: number }).seat = p.seat;
    on.act(p.obs, p.legal, p.legal.length, ctx);
    return on.lastIterations;
  };
  // Warm-up (buffers sized, code optimised): every position once and at least `seconds`, at most 2 × `seconds`.
  const warm = performance.now();
  for (let t = 0; (next < list.length && t < 2 * seconds * 1000) || t < seconds * 1000; t = performance.now() - warm) decide();

  gc?.();
  const before = process.memoryUsage().heapUsed;
  let done = 0;
  let decisions = 0;
  const t0 = performance.now();
  while (decisions < 3 || performance.now() - t0 < seconds * 1000) {
    done += decide();
    decisions++;
  }
  const elapsed = (performance.now() - t0) / 1000;
  gc?.();
  const after = process.memoryUsage().heapUsed;

  let allocated: number | null = null;
  let playout: number | null = null;
  if (gc) {
    const windows: number[] = [];
    const t1 = performance.now();
    for (let k = 0; k < list.length && (k < 3 || performance.now() - t1 < seconds * 1000); k++) {
      gc();
      const h0 = process.memoryUsage().heapUsed;
      const it = decide();
      windows.push(Math.max(0, process.memoryUsage().heapUsed - h0) / Math.max(1, it));
    }
    allocated = median(windows);
    playout = rollout === 'net' ? null : playoutAllocation(game, variant, list, rollout, iterations, seconds);
  }
  return {
    game: id,
    players,
    rollout,
    iterations,
    iterationsPerSecond: done / elapsed,
    decisions,
    retainedPerIteration: gc ? (after - before) / Math.max(1, done) : null,
    allocatedPerIteration: allocated,
    playoutPerIteration: playout,
  };
}

function option(argv: readonly string[], flag: string): string | undefined {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** Prints the table for the games named in `argv` (default: all registered). */
export function main(argv: readonly string[]): SearchBenchRow[] {
  const ids = option(argv, '--games')?.split(',') ?? gameIds();
  const rollouts = (option(argv, '--rollouts')?.split(',') ?? ['random', 'greedy', 'net']) as LeafKind[];
  const iterationsOf: Record<LeafKind, number> = {
    random: Number(option(argv, '--iterations') ?? 1000),
    greedy: Number(option(argv, '--greedy-iterations') ?? 200),
    nn: Number(option(argv, '--nn-iterations') ?? 200),
    net: Number(option(argv, '--net-iterations') ?? 200),
  };
  const count = Number(option(argv, '--positions') ?? 16);
  const seconds = Number(option(argv, '--seconds') ?? 1);
  const table = new Table({
    head: ['game', 'players', 'rollout', 'iterations/decision', 'ismcts iterations/s', 'retained B/it', 'allocated B/it', 'bare playout B/it'],
  });
  const rows: SearchBenchRow[] = [];
  for (const id of ids) {
    for (const rollout of rollouts) {
      if (rollout === 'greedy' && !greedyBot.supports(id)) continue;
      if ((rollout === 'nn' || rollout === 'net') && !existsSync(shippedNetPath(id))) continue;
      const r = benchGame(id, { rollout, iterations: iterationsOf[rollout], positions: count, seconds });
      rows.push(r);
      const b = (x: number | null): string => (x === null ? '' : x.toFixed(1));
      table.push([
        r.game,
        r.players,
        r.rollout === 'net' ? 'none: prior=net,leaf=net' : r.rollout,
        r.iterations,
        r.iterationsPerSecond.toFixed(0),
        b(r.retainedPerIteration),
        b(r.allocatedPerIteration),
        b(r.playoutPerIteration),
      ]);
      process.stderr.write(`search-bench: ${id} rollout=${rollout} done\n`);
    }
  }
  process.stdout.write(`ismcts (c=0.7), ${count} positions per game, one thread, ~${seconds} s of searches per row\n${table.toString()}\n`);
  if (!gc) process.stdout.write(`heap columns need: node ${HEAP_FLAGS.join(' ')} dist/scripts/search-bench.js\n`);
  const out = option(argv, '--out');
  if (out) writeFileSync(out, `${JSON.stringify({ iterations: iterationsOf, positions: count, seconds, rows }, null, 2)}\n`);
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
