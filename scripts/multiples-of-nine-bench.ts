/**
 * Quick figures for Multiples of Nine and its solver: legal-discard listing
 * time by hand size, splittability checks per second, games/s of random
 * playouts, and the win share of the greedy bot against random opponents.
 * Usage: `npx tsc -p . && node dist/scripts/multiples-of-nine-bench.js [games]`.
 */
import type { Bot } from '../src/core/index.js';
import { GameRunner } from '../src/core/game-runner.js';
import { createRng } from '../src/core/rng.js';
import { resolveGameVariant } from '../src/core/variant.js';
import { isSplittable, listDiscards, NINES_SLOTS } from '../src/cards/nines.js';
import { multiplesOfNine } from '../src/games/multiples-of-nine/index.js';
import { randomBot } from '../bots/random.js';
import { multiplesOfNineGreedy } from '../bots/greedy/multiples-of-nine.js';

const games = Number(process.argv[2] ?? 2000);
const rng = createRng('bench');

function randomHands(size: number, n: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  const deck = new Uint8Array(52);
  for (let t = 0; t < n; t++) {
    for (let i = 0; i < 52; i++) deck[i] = (i >> 2) + 1;
    const h = new Uint8Array(NINES_SLOTS);
    for (let i = 0; i < size; i++) {
      const j = i + rng.int(52 - i);
      const x = deck[j]!;
      deck[j] = deck[i]!;
      deck[i] = x;
      h[x]!++;
    }
    out.push(h);
  }
  return out;
}

const list = new Int32Array(65534);
const sizes = [5, 10, 15, 20, 25];
const handsBySize = sizes.map((size) => randomHands(size, 2000));
// Warm-up over every size (the JIT settles after a few thousand calls).
for (let rep = 0; rep < 3; rep++) for (const hands of handsBySize) for (const h of hands.slice(0, 300)) listDiscards(h, 0, true, list, list.length);
for (const [k, size] of sizes.entries()) {
  const hands = handsBySize[k]!;
  let total = 0;
  const t0 = performance.now();
  for (const h of hands) total += listDiscards(h, 0, true, list, list.length);
  const us = ((performance.now() - t0) * 1000) / hands.length;
  console.log(`listDiscards, ${size}-card hands: ${us.toFixed(1)} us/hand, ${(total / hands.length).toFixed(0)} legal discards on average`);
}
for (const size of [8, 20]) {
  const hands = randomHands(size, 200_000);
  const t0 = performance.now();
  let yes = 0;
  for (const h of hands) if (isSplittable(h)) yes++;
  const dt = (performance.now() - t0) / 1000;
  console.log(`isSplittable, ${size}-card random hands (mostly new to the memo): ${(hands.length / dt / 1e6).toFixed(2)} M calls/s (${yes} splittable)`);
}

const random = (): Bot => randomBot.create({}, multiplesOfNine as never);
for (const players of [2, 4, 6]) {
  const variant = resolveGameVariant(multiplesOfNine, { players });
  const runner = new GameRunner(multiplesOfNine, variant);
  const names = Array.from({ length: players }, () => 'bot');
  const randoms = Array.from({ length: players }, random);
  let t0 = performance.now();
  let capped = 0;
  for (let g = 0; g < games; g++) if (runner.play({ seed: `bench-${g}`, bots: randoms, names }).result.capped) capped++;
  let dt = (performance.now() - t0) / 1000;
  console.log(`random x${players}: ${(games / dt).toFixed(0)} games/s, capped ${capped} of ${games}`);
  let wins = 0;
  t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const seat = g % players;
    const bots = Array.from({ length: players }, (_, i) => (i === seat ? multiplesOfNineGreedy() : random()));
    if (runner.play({ seed: `duel-${g}`, bots, names }).result.winners.includes(seat)) wins++;
  }
  dt = (performance.now() - t0) / 1000;
  console.log(
    `greedy vs ${players - 1} random: wins ${((100 * wins) / games).toFixed(1)}% (fair ${(100 / players).toFixed(1)}%), ${(games / dt).toFixed(0)} games/s`,
  );
}
