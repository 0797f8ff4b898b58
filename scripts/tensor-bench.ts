/**
 * The cost of one observation-tensor write and one action-features write
 * (`src/core/tensor.ts`) per game, at the default variant (or the one
 * given): plays random games to record observations at every decision
 * (the deciding seat's), then times `tensor.write` and
 * `actionFeatures.write` (every legal action of each), several runs, and
 * prints the median µs per call with the layout sizes and the share of
 * nonzero entries (the first layer of a network costs per nonzero entry).
 * Two figures for the tensor: "warm", blocks of 32 observations written 10
 * times each (a bot writes the observation it has just filled, in cache),
 * and "cold", one pass over all of them (a training batch read from
 * memory: each observation is a dozen typed arrays, and the cache misses
 * cost as much as the writing).
 *
 * Usage: `node scripts/run.mjs scripts/tensor-bench.ts [game ...] [--runs 7]
 * [--games 40] [--variant key=value,...]`; without games, every registered
 * game that has a tensor. Numbers, not a test: print `uptime` beside them.
 */
import { createRng } from '../src/core/rng.js';
import { parseVariantSpec, resolveGameVariant } from '../src/core/variant.js';
import { gameIds, getGame } from '../src/games/index.js';

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? def) : def;
}

const runs = Number(arg('runs', '7'));
const games = Number(arg('games', '40'));
const given = process.argv.includes('--variant') ? parseVariantSpec(arg('variant', '')) : {};
const named = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
const ids = named.length > 0 ? named : gameIds().filter((id) => getGame(id).tensor);

/** Observations a warm block writes again and again. */
const BLOCK = 32;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

for (const id of ids) {
  const game = getGame(id);
  const tensor = game.tensor;
  if (!tensor) {
    console.log(`${id}: no tensor`);
    continue;
  }
  const variant = resolveGameVariant(game, given);
  // Recorded decisions: the deciding seat's observation and its legal actions.
  const observations: object[] = [];
  const legals: Int32Array[] = [];
  const legal = new Int32Array(game.numDistinctActions(variant));
  for (let g = 0; g < games; g++) {
    const s = game.newState(variant);
    game.deal(s, createRng(`tensor-bench-${g}`));
    const bot = createRng(`tensor-bench-${g}/bot`);
    while (!game.isTerminal(s)) {
      const n = game.legalActions(s, legal);
      const obs = game.newObservation(variant);
      game.observe(s, game.currentSeat(s), obs);
      observations.push(obs);
      legals.push(legal.slice(0, n));
      game.apply(s, legal[bot.int(n)]!);
    }
  }
  const size = tensor.size(variant);
  const buf = new Float32Array(size);
  let nonzero = 0;
  for (const o of observations) {
    tensor.write(o, variant, buf);
    for (let i = 0; i < size; i++) if (buf[i] !== 0) nonzero++;
  }
  const warm: number[] = [];
  const cold: number[] = [];
  for (let r = 0; r < runs; r++) {
    let t0 = performance.now();
    for (let b = 0; b < observations.length; b += BLOCK) {
      const end = Math.min(observations.length, b + BLOCK);
      for (let rep = 0; rep < 10; rep++) for (let i = b; i < end; i++) tensor.write(observations[i]!, variant, buf);
    }
    warm.push(((performance.now() - t0) * 1000) / (10 * observations.length));
    t0 = performance.now();
    for (const o of observations) tensor.write(o, variant, buf);
    cold.push(((performance.now() - t0) * 1000) / observations.length);
  }
  const show = (xs: number[]): string => `${median(xs).toFixed(2)} µs (runs ${xs.map((x) => x.toFixed(2)).join(' ')})`;
  let line = `${id} ${JSON.stringify(given)}: tensor ${size} entries (${tensor.layout(variant).length} fields), ${((100 * nonzero) / (size * observations.length)).toFixed(1)}% nonzero, over ${observations.length} observations; write warm ${show(warm)}, cold ${show(cold)}`;
  const features = game.actionFeatures;
  if (features) {
    const fsize = features.size(variant);
    const fbuf = new Float32Array(fsize);
    let actions = 0;
    for (const l of legals) actions += l.length;
    const fRun: number[] = [];
    // The features of every legal action of one observation follow each other (a decision's batch): warm.
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      for (let i = 0; i < observations.length; i++) for (const a of legals[i]!) features.write(observations[i]!, variant, a, fbuf, 0);
      fRun.push(((performance.now() - t0) * 1000) / actions);
    }
    line += `; features ${fsize} entries, write ${show(fRun)} over ${actions} legal actions (${(actions / observations.length).toFixed(1)} a decision)`;
  }
  console.log(line);
}
