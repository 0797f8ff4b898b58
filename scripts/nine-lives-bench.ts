/**
 * Quick figures for Nine Lives: games/s of random playouts (base game and
 * Black Cat) and the win share of the greedy bot against random opponents.
 * Usage: `npx tsc -p . && node dist/scripts/nine-lives-bench.js [games] [players]`.
 */
import type { Bot } from '../src/core/index.js';
import { MatchRunner } from '../src/core/match.js';
import { resolveGameVariant } from '../src/core/variant.js';
import { nineLives } from '../src/games/nine-lives/index.js';
import { randomBot } from '../bots/random.js';

const games = Number(process.argv[2] ?? 2000);
const players = Number(process.argv[3] ?? 4);
const random = (): Bot => randomBot.create({}, nineLives as never);

for (const blackCat of [false, true]) {
  const variant = resolveGameVariant(nineLives, { players, blackCat });
  const runner = new MatchRunner(nineLives, variant);
  const randoms = Array.from({ length: players }, random);
  const names = randoms.map(() => 'random');
  const t0 = performance.now();
  let capped = 0;
  let decisions = 0;
  for (let g = 0; g < games; g++) {
    const out = runner.play(`bench-${g}`, 0, randoms, names, false);
    if (out.result.capped) capped++;
    decisions += out.decisions;
  }
  const dt = (performance.now() - t0) / 1000;
  console.log(
    `random x${players}${blackCat ? ' blackCat' : ''}: ${games} games in ${dt.toFixed(2)} s = ${(games / dt).toFixed(0)} games/s, ` +
      `${(decisions / games).toFixed(0)} decisions/game, capped ${capped} (${((100 * capped) / games).toFixed(1)}%)`,
  );
}
