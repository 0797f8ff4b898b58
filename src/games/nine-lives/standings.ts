import type { NineLivesState } from './state.js';

/** `Game.roundsDone` for Nine Lives: rounds scored so far ("A round", 4). */
export function roundsDone(s: NineLivesState): number {
  return s.round;
}

/** `Game.runningScores` for Nine Lives: each seat's lives so far (the most lives wins). */
export function runningScores(s: NineLivesState, into: Float64Array): void {
  for (let q = 0; q < s.players; q++) into[q] = s.lives[q]!;
}
