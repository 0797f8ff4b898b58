import type { NinesHoldemState } from './state.js';

/**
 * `Game.roundsDone` for Nines Hold'em: hands finished so far (`nines-holdem.md`,
 * "Match": a match is `hands` hands; a hand is a round). It grows by one when
 * a hand's chips are booked, and is `hands` once the match is over.
 */
export function roundsDone(s: NinesHoldemState): number {
  return s.handIndex;
}

/**
 * `Game.runningScores` for Nines Hold'em: each seat's net chips over the hands
 * finished so far (the match score, "Match"), into `into[0..P)`.
 */
export function runningScores(s: NinesHoldemState, into: Float64Array): void {
  for (let q = 0; q < s.players; q++) into[q] = s.net[q]!;
}
