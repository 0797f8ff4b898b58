/**
 * Quick figures for Nine Lives: games/s of random playouts (base game and
 * Black Cat) and the win share of the greedy bot against random opponents.
 * Usage: `npx tsc -p . && node dist/scripts/nine-lives-bench.js [games] [players] [powers]`
 * (a third argument `powers` measures the Powers variant, `nine-lives-powers.md`).
 */
import type { Bot } from '../src/core/index.js';
import { GameRunner } from '../src/core/game-runner.js';
import { resolveGameVariant } from '../src/core/variant.js';
import { nineLives } from '../src/games/nine-lives/index.js';
import { randomBot } from '../bots/random.js';
import { nineLivesGreedy } from '../bots/greedy/nine-lives.js';

const games = Number(process.argv[2] ?? 2000);
const players = Number(process.argv[3] ?? 4);
const powers = process.argv[4] === 'powers';
const random = (): Bot => randomBot.create({}, nineLives as never);

for (const blackCat of players <= 8 ? [false, true] : [false]) {
  const variant = resolveGameVariant(nineLives, { players, blackCat, powers });
  const runner = new GameRunner(nineLives, variant);
  const randoms = Array.from({ length: players }, random);
  const names = randoms.map(() => 'random');
  const t0 = performance.now();
  let capped = 0;
  let decisions = 0;
  for (let g = 0; g < games; g++) {
    const out = runner.play({ seed: `bench-${g}`, bots: randoms, names });
    if (out.result.capped) capped++;
    decisions += out.decisions;
  }
  const dt = (performance.now() - t0) / 1000;
  console.log(
    `random x${players}${blackCat ? ' blackCat' : ''}${powers ? ' powers' : ''}: ${games} games in ${dt.toFixed(2)} s = ${(games / dt).toFixed(0)} games/s, ` +
      `${(decisions / games).toFixed(0)} decisions/game, capped ${capped} (${((100 * capped) / games).toFixed(1)}%)`,
  );
}

// Greedy in every seat in turn against random opponents; a shared win counts 1/|winners|.
for (const blackCat of players <= 8 ? [false, true] : [false]) {
  const variant = resolveGameVariant(nineLives, { players, blackCat, powers });
  const runner = new GameRunner(nineLives, variant);
  const names = Array.from({ length: players }, () => 'random');
  let share = 0;
  let outright = 0;
  let lives = 0;
  let others = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const seat = g % players;
    const bots = Array.from({ length: players }, (_, i) => (i === seat ? nineLivesGreedy() : random()));
    const out = runner.play({ seed: `duel-${g}`, bots, names });
    const w = out.result.winners;
    if (w.includes(seat)) {
      share += 1 / w.length;
      if (w.length === 1) outright++;
    }
    out.result.scores.forEach((x, q) => (q === seat ? (lives += x) : (others += x / (players - 1))));
  }
  const dt = (performance.now() - t0) / 1000;
  console.log(
    `greedy vs ${players - 1} random${blackCat ? ' blackCat' : ''}${powers ? ' powers' : ''}: win share ${((100 * share) / games).toFixed(1)}% (fair ${(100 / players).toFixed(1)}%), ` +
      `outright ${((100 * outright) / games).toFixed(1)}%, lives ${(lives / games).toFixed(2)} vs ${(others / games).toFixed(2)}, ${(games / dt).toFixed(0)} games/s`,
  );
}
