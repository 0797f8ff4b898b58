/**
 * The cost of one observation-tensor `write` (and of one action's features,
 * where a game has them) per game at its default variant (`src/core/tensor.ts`).
 * Observations are those of the deciding seat at every decision of random
 * games (up to `--samples`); each run writes them all in turn, again and again
 * for about `--ms` milliseconds of CPU, and gives the mean CPU time of a call
 * (the process's user + system time, so that other work on the machine
 * counts less than in wall time, though it still slows the caches); the table
 * shows the median of `--runs` runs (after one warm-up run) with their range,
 * and the machine's load average, which every figure depends on.
 *
 * Usage: node scripts/run.mjs scripts/tensor-bench.ts [--games ID,ID] [--runs 7] [--ms 300] [--samples 4000]
 */
import { loadavg } from 'node:os';
import yargs from 'yargs';
import '../src/games/index.js';
import type { GameStateBase } from '../src/core/game.js';
import { gameIds, getGame, type AnyGame } from '../src/core/registry.js';
import { createRng } from '../src/core/rng.js';
import { resolveGameVariant, type Variant } from '../src/core/variant.js';

/** One recorded decision: the deciding seat's observation and its legal actions. */
interface Sample {
  readonly obs: object;
  readonly legal: Int32Array;
}

/** The deciding seat's observation at every decision of random games from fixed seeds, `max` at most. */
function samples(game: AnyGame, variant: Variant, max: number): Sample[] {
  const out: Sample[] = [];
  const legal = new Int32Array(game.numDistinctActions(variant));
  for (let g = 0; out.length < max; g++) {
    const s: GameStateBase = game.newState(variant);
    game.deal(s, createRng(`tensor-bench-${g}`));
    const bot = createRng(`tensor-bench-${g}/bot`);
    while (!game.isTerminal(s) && out.length < max) {
      const n = game.legalActions(s, legal);
      const obs = game.observe(s, game.currentSeat(s), game.newObservation(variant));
      out.push({ obs, legal: legal.slice(0, n) });
      game.apply(s, legal[bot.int(n)]!);
    }
  }
  return out;
}

/**
 * The mean CPU µs (user + system, of this process: other processes on a
 * loaded machine then count much less than in wall time) of one call of
 * `step(i)` over the samples in turn, repeated for about `ms` ms of CPU.
 */
function timeCalls(count: number, ms: number, step: (i: number) => number): number {
  let calls = 0;
  const c0 = process.cpuUsage();
  let us = 0;
  while (us < ms * 1000) {
    for (let i = 0; i < count; i++) calls += step(i);
    const c = process.cpuUsage(c0);
    us = c.user + c.system;
  }
  return us / calls;
}

/** Median and range of a run's figures. */
function summary(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const f = (x: number): string => x.toFixed(3);
  return `${f(s[Math.floor(s.length / 2)]!)} (${f(s[0]!)}–${f(s[s.length - 1]!)})`;
}

const argv = yargs(process.argv.slice(2))
  .option('games', { type: 'string', describe: 'comma-separated game ids (default: every game with a tensor)' })
  .option('runs', { type: 'number', default: 7, describe: 'timed runs per figure (after one warm-up run)' })
  .option('ms', { type: 'number', default: 300, describe: 'milliseconds per run' })
  .option('samples', { type: 'number', default: 4000, describe: 'decisions recorded per game' })
  .strict()
  .parseSync();

const ids = argv.games ? argv.games.split(',') : gameIds().filter((id) => getGame(id).tensor);
console.log(
  `load average before: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log("game | players | tensor size | CPU µs per write: median of runs (range) | features size | CPU µs per action's features");
for (const id of ids) {
  const game = getGame(id);
  const tensor = game.tensor;
  if (!tensor) {
    console.log(`${id} | no tensor`);
    continue;
  }
  const variant = resolveGameVariant(game, {});
  const data = samples(game, variant, argv.samples);
  const into = new Float32Array(tensor.size(variant));
  const write = (i: number): number => (tensor.write(data[i]!.obs, variant, into), 1);
  const runs: number[] = [];
  for (let r = 0; r <= argv.runs; r++) {
    const us = timeCalls(data.length, argv.ms, write);
    if (r > 0) runs.push(us);
  }
  let featureText = '- | -';
  const features = game.actionFeatures;
  if (features) {
    const buf = new Float32Array(features.size(variant));
    const each = (i: number): number => {
      const d = data[i]!;
      for (const a of d.legal) features.write(d.obs, variant, a, buf, 0);
      return d.legal.length;
    };
    const fr: number[] = [];
    for (let r = 0; r <= argv.runs; r++) {
      const us = timeCalls(data.length, argv.ms, each);
      if (r > 0) fr.push(us);
    }
    featureText = `${features.size(variant)} | ${summary(fr)}`;
  }
  console.log(`${id} | ${variant.players} | ${tensor.size(variant)} | ${summary(runs)} | ${featureText}`);
}
console.log(
  `load average after: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
