import { RANK_SLOTS } from '../../cards/pairs.js';
import { type NineVirtuesState, syncMasks } from './state.js';

/** A position by rank lists: each seat's hand (handSize cards), the center, and each seat's bid row. */
export interface NineVirtuesPosition {
  readonly hands: readonly (readonly number[])[];
  readonly center: readonly number[];
  readonly bids?: readonly (readonly number[])[];
}

/**
 * Puts an exact position into a dealt state `s`, for tests of the rulings:
 * hands, center and bid rows from rank lists, no certain knowledge, an empty
 * discard, the rest of the deck unused, and every field the engine derives
 * from the counts brought along (the rank masks: `syncMasks`; `centerCount`;
 * `unused`). Whose turn it is and the phase are the caller's to set. After
 * it, list the legal actions afresh (`legalActions`) before applying one.
 * @throws Error when a hand does not hold handSize cards or a rank is used
 *   more often than the PAIRS deck has it.
 * @returns `s`.
 */
export function placePosition(s: NineVirtuesState, p: NineVirtuesPosition): NineVirtuesState {
  s.hands.fill(0);
  s.bids.fill(0);
  s.known.fill(0);
  s.center.fill(0);
  s.discard.fill(0);
  for (let q = 0; q < s.players; q++) {
    const h = p.hands[q] ?? [];
    if (h.length !== s.handSize) throw new Error(`hand ${q} must hold ${s.handSize} cards`);
    for (const r of h) s.hands[q * RANK_SLOTS + r]!++;
    for (const r of p.bids?.[q] ?? []) s.bids[q * RANK_SLOTS + r]!++;
  }
  for (const r of p.center) s.center[r]!++;
  s.centerCount = p.center.length;
  syncMasks(s);
  for (let r = 1; r <= 10; r++) {
    let used = s.center[r]!;
    for (let q = 0; q < s.players; q++) used += s.hands[q * RANK_SLOTS + r]! + s.bids[q * RANK_SLOTS + r]!;
    if (used > r) throw new Error(`rank ${r} used ${used} times`);
    s.unused[r] = r - used;
  }
  return s;
}
