import type { NineMusesState } from './state.js';

/**
 * `Game.runningScores` for Nine Muses: each seat's VP at the start of the
 * round in play, the total of the rounds already scored (a round's score is
 * the VP gained in it, "Rounds and the end"; VP gained in the round in play
 * do not count yet). The match scores a forfeited game with it
 * (`../shared/rules/README.md`, "Forfeits": the totals of the rounds completed
 * before the fault). No `roundsDone`: search bots keep playing Nine Muses to
 * the game's end.
 */
export function runningScores(s: NineMusesState, into: Float64Array): void {
  for (let q = 0; q < s.players; q++) into[q] = s.roundStartVp[q]!;
}
