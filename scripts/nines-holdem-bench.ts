/**
 * Quick figures for Nines Hold'em: table build time, showdown evaluations per
 * second, matches/s of random play, and greedy's mbb/hand against random.
 * Usage: `npx tsc -p . && node dist/scripts/nines-holdem-bench.js [matches]`.
 */
import type { Bot } from '../src/core/index.js';
import { GameRunner } from '../src/core/game-runner.js';
import { createRng } from '../src/core/rng.js';
import { intParam, resolveGameVariant } from '../src/core/variant.js';
import { cardCode, showdownRank, tableDigest } from '../src/cards/nines-value.js';
import { ninesHoldem } from '../src/games/nines-holdem/index.js';
import { randomBot } from '../bots/random.js';
import { ninesHoldemGreedy } from '../bots/greedy/nines-holdem.js';

const matches = Number(process.argv[2] ?? 2000);
let t0 = performance.now();
const facts = tableDigest();
console.log(`hand-value table: ${facts.entries} multisets, ${facts.distinct} values, built in ${(performance.now() - t0).toFixed(0)} ms`);

const rng = createRng('bench');
const codes = new Int32Array(1 << 20);
const deck = new Uint8Array(52);
for (let i = 0; i < codes.length; i++) {
  for (let k = 0; k < 52; k++) deck[k] = (k >> 2) + 1;
  let code = 0;
  for (let k = 0; k < 7; k++) {
    const j = k + rng.int(52 - k);
    const x = deck[j]!;
    deck[j] = deck[k]!;
    deck[k] = x;
    code += cardCode(x);
  }
  codes[i] = code;
}
let sink = 0;
t0 = performance.now();
for (let rep = 0; rep < 5; rep++) for (let i = 0; i < codes.length; i++) sink += showdownRank(codes[i]!);
console.log(`showdown evaluations: ${((5 * codes.length) / ((performance.now() - t0) / 1000) / 1e6).toFixed(1)} M/s (checksum ${sink})`);

const random = (): Bot => randomBot.create({}, ninesHoldem as never);
for (const players of [2, 6, 10]) {
  const variant = resolveGameVariant(ninesHoldem, { players });
  const runner = new GameRunner(ninesHoldem, variant);
  const names = Array.from({ length: players }, () => 'bot');
  const randoms = Array.from({ length: players }, random);
  t0 = performance.now();
  for (let g = 0; g < matches; g++) runner.play({ seed: `bench-${g}`, bots: randoms, names });
  let dt = (performance.now() - t0) / 1000;
  console.log(`random x${players}: ${(matches / dt).toFixed(0)} matches/s (${((matches * players) / dt).toFixed(0)} hands/s)`);
  let chips = 0;
  let sq = 0;
  t0 = performance.now();
  for (let g = 0; g < matches; g++) {
    const seat = g % players;
    const bots = Array.from({ length: players }, (_, i) => (i === seat ? ninesHoldemGreedy() : random()));
    const c = runner.play({ seed: `duel-${g}`, bots, names }).result.scores[seat]!;
    chips += c;
    sq += c * c;
  }
  dt = (performance.now() - t0) / 1000;
  const mean = chips / matches;
  const sd = Math.sqrt(sq / matches - mean * mean);
  const perHand = 1000 / players / intParam(variant, 'bigBlind');
  console.log(
    `greedy vs ${players - 1} random: ${(mean * perHand).toFixed(0)} ± ${((1.96 * sd * perHand) / Math.sqrt(matches)).toFixed(0)} mbb/hand, ${(matches / dt).toFixed(0)} matches/s`,
  );
}
