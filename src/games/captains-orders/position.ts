import { RANK_SLOTS } from '../../cards/pairs.js';
import { type CaptainsOrdersState, syncMasks } from './state.js';

/**
 * Writes hands into a dealt state `s`, for tests of the rulings: each seat's
 * hand from a list of ranks (1..10), the hand counts, and every field the
 * engine derives from them (rank masks and points: `syncMasks`). Knowledge,
 * discards, the turn and the phase are left as they are, for the caller to
 * set. After it, list the legal actions afresh (`legalActions`) before
 * applying one.
 * @returns `s`.
 */
export function placeHands(s: CaptainsOrdersState, hands: readonly (readonly number[])[]): CaptainsOrdersState {
  s.hands.fill(0);
  hands.forEach((h, q) => {
    for (const r of h) s.hands[q * RANK_SLOTS + r]!++;
    s.handCount[q] = h.length;
  });
  syncMasks(s);
  return s;
}
