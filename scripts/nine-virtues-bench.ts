/**
 * Quick figures for Nine Virtues: games/s of random playouts and the win
 * share of the greedy bot against random opponents.
 * Usage: `npx tsc -p . && node dist/scripts/nine-virtues-bench.js [games] [players]`.
 */
import type { Bot } from '../src/core/index.js';
import { GameRunner } from '../src/core/game-runner.js';
import { resolveGameVariant } from '../src/core/variant.js';
import { nineVirtues } from '../src/games/nine-virtues/index.js';
import { randomBot } from '../bots/random.js';
import { nineVirtuesGreedy } from '../bots/greedy/nine-virtues.js';

const games = Number(process.argv[2] ?? 2000);
const players = Number(process.argv[3] ?? 4);
const variant = resolveGameVariant(nineVirtues, { players });
const runner = new GameRunner(nineVirtues, variant);
const random = (): Bot => randomBot.create({}, nineVirtues as never);

const randoms = Array.from({ length: players }, random);
const names = randoms.map(() => 'random');
let t0 = performance.now();
let capped = 0;
for (let g = 0; g < games; g++) {
  const out = runner.play({ seed: `bench-${g}`, bots: randoms, names });
  if (out.result.capped) capped++;
}
let dt = (performance.now() - t0) / 1000;
console.log(`random x${players}: ${games} games in ${dt.toFixed(2)} s = ${(games / dt).toFixed(0)} games/s, capped games ${capped}`);

// Greedy in every seat in turn against random opponents; a shared win counts 1/|winners|.
let share = 0;
let outright = 0;
t0 = performance.now();
for (let g = 0; g < games; g++) {
  const seat = g % players;
  const bots = Array.from({ length: players }, (_, i) => (i === seat ? nineVirtuesGreedy() : random()));
  const out = runner.play({ seed: `duel-${g}`, bots, names });
  const w = out.result.winners;
  if (w.includes(seat)) {
    share += 1 / w.length;
    if (w.length === 1) outright++;
  }
}
dt = (performance.now() - t0) / 1000;
console.log(
  `greedy vs ${players - 1} random: win share ${((100 * share) / games).toFixed(1)}% (fair ${(100 / players).toFixed(1)}%), outright ${((100 * outright) / games).toFixed(1)}%, ${(games / dt).toFixed(0)} games/s`,
);
