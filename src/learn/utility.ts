import type { GameStateBase } from '../core/game.js';
import type { AnyGame } from '../core/registry.js';

/** The utility of each seat at the end of a game (`GameInfo.utility`), into `into[0..P)`. */
export function utilities(game: AnyGame, s: GameStateBase, scoreScale: number, into: Float64Array): void {
  const r = game.result(s);
  const P = s.players;
  if (game.info.utility === 'zero-sum') {
    for (let p = 0; p < P; p++) into[p] = r.scores[p]! / scoreScale;
    return;
  }
  into.fill(0, 0, P);
  for (const w of r.winners) into[w] = 1 / r.winners.length;
}
