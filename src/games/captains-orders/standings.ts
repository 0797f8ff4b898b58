import type { CaptainsOrdersState } from './state.js';

/**
 * `Game.runningScores` for Captain's Orders: each seat's rounds won so far
 * ("The game"; the game score is round wins). The match scores a forfeited
 * game with it (`../shared/rules/README.md`, "Forfeits": the totals of the
 * rounds completed before the fault). No `roundsDone`: search bots keep
 * playing Captain's Orders to the game's end.
 */
export function runningScores(s: CaptainsOrdersState, into: Float64Array): void {
  for (let q = 0; q < s.players; q++) into[q] = s.roundWins[q]!;
}
