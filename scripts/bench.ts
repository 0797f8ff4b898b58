/**
 * `npm run bench`: throughput of every game with random bots through the full
 * harness path (bot API, tallies, the piscina pool), at one worker and at all
 * cores; the scaling ratio; peak RSS; and heap growth per million games;
 * then the search bots' iterations per second and heap per iteration, with
 * random and with greedy playouts (`search-bench.ts`: ismcts, `rollout=random`
 * and `rollout=greedy` rows per game); then the neural-network module
 * (`nn-bench.ts`: forward µs and bytes a call at the default size, training
 * samples/s, tfjs and onnxruntime-web for the record). Beside each row that
 * the native C reference plays (`native-reference.ts`: Nine Virtues and
 * Captain's Orders), the ratio of the 1-worker rate to its rate, built with
 * gcc where there is one. Prints the tables and
 * writes `results/bench/bench.json`.
 *
 * Rows beyond the games' defaults (`VARIANT_ROWS`, e.g. `nine-lives powers`)
 * are measured the same way on their variant, with fewer games a run (they are
 * slower). The last column is what the game itself allocates per decision
 * (bare random `legalActions`/`apply` in process, median over single games,
 * each started right after a forced GC; a lower bound): the hot path should
 * allocate nothing per move.
 *
 * Usage: npm run bench -- [--games ID,ID] [--runs 3] [--seconds 3] [--no-search] [--no-nn]
 * (an ID is a game id or a row of `VARIANT_ROWS`: `nine-lives powers`, or `nine-lives:powers`)
 */
import { rotationSeatings } from '../src/stats/seatings.js';
import { spawnSync } from 'node:child_process';
import { medianBytesPerDecision } from './alloc.js';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HEAP_FLAGS } from './search-bench.js';
import { sandboxCost, type SandboxCost } from './sandbox-bench.js';
import { nnBench, type NnBenchFigures, nnTable } from './nn-bench.js';
import { nnBotBench, type NnBotRow, nnBotTable } from './nn-bot-bench.js';
import { buildNativeReference, NATIVE_DIR, nativeMedian } from './native-reference.js';
import { isolatedVm } from '../bots/sandbox/isolated.js';
import { availableParallelism, cpus } from 'node:os';
import { join, relative } from 'node:path';
import Table from 'cli-table3';
import yargs from 'yargs';
import '../src/games/index.js';
import { gameIds, getGame } from '../src/core/registry.js';
import { createRng } from '../src/core/rng.js';
import { resolveGameVariant, type VariantValue } from '../src/core/variant.js';
import { writeFileAtomic } from '../src/io/files.js';
import { runBatch, type RunConfig } from '../src/tourney/batch.js';
import { runTourney } from '../src/tourney/run.js';

/** The targets of the performance issue, in games/s at one worker (4-player Nine Virtues, 5-player Captain's Orders). */
const TARGETS: Record<string, number> = { 'nine-virtues': 85_000, 'captains-orders': 200_000 };
/** Reference decisions per second behind the targets: 200 000 Captain's Orders games/s x 49 decisions. */
const REFERENCE_DECISIONS_PER_S = 200_000 * 49;

interface Figures {
  median: number;
  min: number;
  max: number;
}

function figures(xs: number[]): Figures {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, min: s[0]!, max: s[s.length - 1]! };
}

/** Bench rows of a game's variant, by label: the game, the variant given, and the fewest games of a run. */
const VARIANT_ROWS: Record<string, { game: string; given: Record<string, VariantValue>; minGames: number }> = {
  'nine-lives powers': { game: 'nine-lives', given: { powers: true }, minGames: 1_000 },
};
/** The fewest games of a run of a game's default row. */
const MIN_GAMES = 20_000;

/** The row named `label` (a game id, or a `VARIANT_ROWS` label, with ':' or ' ' between its game and variant). */
function rowOf(label: string): { label: string; game: string; given: Record<string, VariantValue>; minGames: number } {
  const v = VARIANT_ROWS[label.replace(':', ' ')];
  if (v) return { label: label.replace(':', ' '), ...v };
  return { label, game: label, given: {}, minGames: MIN_GAMES };
}

function config(id: string, given: Record<string, VariantValue> = {}): RunConfig {
  const game = getGame(id);
  const variant = resolveGameVariant(game, given);
  const P = Number(variant.players);
  const lineup = Array.from({ length: P }, () => 'random');
  return { gameId: id, variant, lineup, seatings: rotationSeatings(lineup), runSeed: 'bench', record: false, onFault: 'forfeit', moveTimeoutMs: 0 };
}

/** The share of each run's games that warms its workers up before the steady rate is measured. */
const WARM_UP_SHARE = 1 / 3;

/**
 * One run through the harness. `gps` is the steady rate, from the first
 * merged batch past the first third of the games to the last: the pool's
 * start-up (about 0.2-0.3 s of module loading and compilation per worker)
 * and the first third warm the workers up (the JIT's optimized code, and
 * caches that fill as games are played, such as Multiples of Nine's memo of
 * hands, which each worker fills on its own); `wallGps` includes everything.
 */
async function gamesPerSecond(cfg: RunConfig, games: number, workers: number): Promise<{ gps: number; wallGps: number; meanActions: number }> {
  let firstAt = 0;
  let firstGames = 0;
  const run = await runTourney({
    config: cfg,
    games,
    workers,
    watchdogMs: 60_000,
    onProgress: (done, total) => {
      if (firstAt === 0 && done >= total * WARM_UP_SHARE) {
        firstAt = performance.now();
        firstGames = done;
      }
    },
  });
  const steady = (run.tally.games - firstGames) / ((performance.now() - firstAt) / 1000);
  return { gps: steady, wallGps: run.tally.games / run.seconds, meanActions: run.tally.decisions / run.tally.games };
}

/** Heap growth per million games of one in-process stream of batches, after warm-up (needs --expose-gc for precision). */
async function heapGrowthPerMillion(cfg: RunConfig, games: number): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const P = cfg.lineup.length;
  const deals = Math.ceil(games / P);
  await runBatch({ config: cfg, dealStart: 0, dealEnd: Math.min(deals, 200) });
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const per = 1000;
  for (let d = 0; d < deals; d += per) await runBatch({ config: cfg, dealStart: d, dealEnd: Math.min(deals, d + per) });
  gc?.();
  const after = process.memoryUsage().heapUsed;
  return ((after - before) / (deals * P)) * 1e6;
}

/**
 * Bytes the game allocates per decision on its hot path: random games in
 * process (`legalActions`, `apply` to the end), each dealt right after a
 * forced GC, heapUsed growth from just after the deal over its decisions
 * (round starts included), median of `games` games after as many warm-up
 * games. A young-generation collection inside a
 * game would hide garbage, so it is a lower bound; null without --expose-gc.
 */
function allocationPerDecision(cfg: RunConfig, games: number): number | null {
  const game = getGame(cfg.gameId);
  const s = game.newState(cfg.variant);
  const buf = new Int32Array(game.numDistinctActions(cfg.variant));
  const rng = createRng('bench-alloc');
  return medianBytesPerDecision(
    games,
    (g) => game.deal(s, createRng(`bench-alloc-${g}`)),
    () => {
      let n = 0;
      while (!game.isTerminal(s)) {
        game.apply(s, buf[rng.int(game.legalActions(s, buf))]!);
        n++;
      }
      return n;
    },
  );
}

async function main(): Promise<void> {
  const args = await yargs(process.argv.slice(2))
    .options({
      games: {
        type: 'string',
        default: [...gameIds(), ...Object.keys(VARIANT_ROWS)].join(','),
        describe: 'comma-separated game ids (and variant rows: nine-lives powers)',
      },
      runs: { type: 'number', default: 3, describe: 'measured runs per setting (median, min, max)' },
      seconds: { type: 'number', default: 3, describe: 'target duration of one run' },
      search: { type: 'boolean', default: true, describe: 'also run the search-bot benchmark (ismcts iterations/s and heap per iteration)' },
      nn: {
        type: 'boolean',
        default: true,
        describe:
          'also run the neural-network benchmarks (src/nn: forward µs, bytes a call, training samples/s; the nn bot in every seat of every game: games/s, µs and bytes a decision)',
      },
    })
    .strict()
    .parseAsync();
  const cores = availableParallelism();
  const rows: Record<string, unknown>[] = [];
  // The C reference of the engine's speed, where it can be built (the games it covers get a ratio).
  const native = buildNativeReference();
  const table = new Table({
    head: [
      'game',
      'P',
      'actions/game',
      'games/s 1 worker (median [min-max])',
      'decisions/s',
      `games/s ${cores} workers`,
      'scaling',
      'target 1 worker',
      'heap/1M games',
      'alloc B/decision',
      'vs native C',
    ],
    style: { head: [], border: [] },
  });
  for (const label of args.games.split(',')) {
    const bench = rowOf(label.trim());
    const id = bench.game;
    const cfg = config(id, bench.given);
    // Warm up and size the runs to about `seconds` each.
    const probe = await gamesPerSecond(cfg, bench.minGames, 1);
    const games = Math.max(bench.minGames, Math.round(probe.gps * args.seconds));
    const one: number[] = [];
    const all: number[] = [];
    const wall: number[] = [];
    let meanActions = probe.meanActions;
    for (let r = 0; r < args.runs; r++) {
      const a = await gamesPerSecond(cfg, games, 1);
      one.push(a.gps);
      wall.push(a.wallGps);
      meanActions = a.meanActions;
      all.push((await gamesPerSecond(cfg, games, cores)).gps);
    }
    const f1 = figures(one);
    const fa = figures(all);
    const target = (bench.label === id ? TARGETS[id] : undefined) ?? REFERENCE_DECISIONS_PER_S / meanActions / 3;
    // Variant rows run few games; their heap growth is measured over at least 5 minimum runs' worth, or noise dominates.
    const heapGames = bench.label === id ? Math.min(games, 200_000) : Math.min(Math.max(games, 5 * bench.minGames), 200_000);
    const heap = await heapGrowthPerMillion(cfg, heapGames);
    const alloc = allocationPerDecision(cfg, 30);
    // The C program plays the game's default variant only.
    const nativeGps = typeof native === 'string' || bench.label !== id ? null : nativeMedian(native, id, args.runs, args.seconds);
    const row = {
      game: bench.label,
      variant: cfg.variant,
      players: cfg.lineup.length,
      meanActions,
      gamesPerSecond1: f1,
      gamesPerSecond1WithStartup: figures(wall),
      decisionsPerSecond1: f1.median * meanActions,
      gamesPerSecondAll: fa,
      workers: cores,
      scaling: fa.median / f1.median,
      target,
      targetKind: bench.label === id && TARGETS[id] ? 'issue target' : 'decisions-per-game share of the reference, within 3x',
      meetsTarget: f1.median >= target,
      heapBytesPerMillionGames: heap,
      allocatedBytesPerDecision: alloc,
      gamesPerRun: games,
      nativeGamesPerSecond: nativeGps,
      nativeRatio: nativeGps === null ? null : f1.median / nativeGps,
    };
    rows.push(row);
    table.push([
      bench.label,
      cfg.lineup.length,
      meanActions.toFixed(1),
      `${Math.round(f1.median)} [${Math.round(f1.min)}-${Math.round(f1.max)}]`,
      `${(row.decisionsPerSecond1 / 1e6).toFixed(2)} M`,
      `${Math.round(fa.median)} [${Math.round(fa.min)}-${Math.round(fa.max)}]`,
      `${row.scaling.toFixed(2)}x`,
      `${Math.round(target)} ${row.meetsTarget ? 'met' : 'NOT met'}`,
      `${(heap / 1024).toFixed(0)} KiB`,
      alloc === null ? 'n/a' : alloc.toFixed(1),
      nativeGps === null ? '' : `${(f1.median / nativeGps).toFixed(2)} of ${Math.round(nativeGps)}`,
    ]);
    process.stderr.write(`bench: ${bench.label} done\n`);
  }
  const peakRssMiB = process.resourceUsage().maxRSS / 1024;
  const machine = { cpu: cpus()[0]?.model ?? 'unknown', cores, node: process.version, platform: process.platform };
  process.stdout.write(`${table.toString()}\n`);
  process.stdout.write(
    `games/s: steady rate over the last two thirds of each run (the pool's start-up and the first third warm the workers up; rates with everything are in bench.json as gamesPerSecond1WithStartup); median [min-max] of ${args.runs} runs of ~${args.seconds} s\n`,
  );
  process.stdout.write(
    typeof native === 'string'
      ? `vs native C: not measured: ${native}\n`
      : `vs native C: the 1-worker median over the games/s of the C reference (${relative(process.cwd(), NATIVE_DIR)}, gcc -O2, its own timing loop; median of ${args.runs} runs of ~${args.seconds} s) where it has the game; the whole process of both, side by side: ../shared/anchors/native/vs-native.sh\n`,
  );
  process.stdout.write(`peak RSS ${peakRssMiB.toFixed(0)} MiB · ${machine.cpu} · ${cores} cores · Node ${machine.node}\n`);
  const dir = join('results', 'bench');
  mkdirSync(dir, { recursive: true });
  // The sandbox of user bot files (README, "Write your own bot": the sandbox); not measured where isolated-vm is missing.
  let sandbox: SandboxCost | null = null;
  if (typeof isolatedVm() !== 'string') {
    sandbox = sandboxCost();
    process.stdout.write(
      `sandbox of a user bot file (${sandbox.game}, playing as random against the built-in random, median of ${sandbox.runs} runs): load ${sandbox.loadMs.toFixed(0)} ms, +${sandbox.perCallUs.toFixed(1)} µs a call (a decision or a game's start; ${sandbox.decisionsPerGame.toFixed(1)} decisions a game)\n`,
    );
  } else process.stdout.write('sandbox of a user bot file: not measured (isolated-vm is missing)\n');
  let nn: NnBenchFigures | null = null;
  let nnBots: NnBotRow[] | null = null;
  if (args.nn) {
    nn = await nnBench(args.runs);
    process.stdout.write(`${nnTable(nn)}\n`);
    nnBots = await nnBotBench();
    process.stdout.write(`${nnBotTable(nnBots)}\n`);
  }
  let search: unknown = null;
  if (args.search) {
    const file = join(dir, 'search.json');
    const script = fileURLToPath(new URL('./search-bench.js', import.meta.url));
    const r = spawnSync(process.execPath, [...HEAP_FLAGS, script, '--out', file], { stdio: 'inherit', env: { ...process.env, SEARCH_BENCH_CHILD: '1' } });
    if (r.status === 0) search = JSON.parse(readFileSync(file, 'utf8'));
  }
  writeFileAtomic(
    join(dir, 'bench.json'),
    `${JSON.stringify({ machine, peakRssMiB, runs: args.runs, games: rows, sandbox, nn, nnBots, search, at: new Date().toISOString() }, null, 2)}\n`,
  );
  process.stdout.write(`written: ${join(dir, 'bench.json')}\n`);
}

void main();
