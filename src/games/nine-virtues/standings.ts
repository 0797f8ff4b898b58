import type { NineVirtuesState } from './state.js';

/**
 * `Game.roundsDone` for Nine Virtues: rounds scored so far ("The game": a
 * game is `rounds` rounds).
 */
export function roundsDone(s: NineVirtuesState): number {
  return s.round;
}

/** `Game.runningScores` for Nine Virtues: each seat's total of the rounds scored so far. */
export function runningScores(s: NineVirtuesState, into: Float64Array): void {
  for (let q = 0; q < s.players; q++) into[q] = s.totals[q]!;
}
