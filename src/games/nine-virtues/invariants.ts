import { RuleError } from '../../core/index.js';
import { PAIRS_RANKS, rankMask, RANK_SLOTS } from '../../cards/pairs.js';
import type { NineVirtuesState } from './state.js';

/**
 * Nine Virtues invariants: every rank's r cards are in hands, the center,
 * the bid rows, the discards or the unused deck; each hand holds `handSize`
 * cards (a swap gives one and takes one, "A round", 3); the center count
 * matches the center; no bid row holds a 1 ("The 1 can never be bid"); what
 * everybody is sure of is in that hand.
 * @throws RuleError naming the first broken invariant.
 */
export function checkInvariants(s: NineVirtuesState): void {
  const P = s.players;
  let center = 0;
  for (let r = 1; r <= PAIRS_RANKS; r++) {
    let n = s.center[r]! + s.discard[r]! + s.unused[r]!;
    center += s.center[r]!;
    for (let q = 0; q < P; q++) n += s.hands[q * RANK_SLOTS + r]! + s.bids[q * RANK_SLOTS + r]!;
    if (n !== r) throw new RuleError(`nine-virtues: rank ${r} has ${n} cards, not ${r}`);
  }
  if (center !== s.centerCount) throw new RuleError(`nine-virtues: center counts ${s.centerCount} cards but holds ${center}`);
  if (s.centerMask !== rankMask(s.center, 0)) throw new RuleError('nine-virtues: the center mask does not match the center');
  for (let q = 0; q < P; q++)
    if (s.handMasks[q] !== rankMask(s.hands, q * RANK_SLOTS)) throw new RuleError(`nine-virtues: seat ${q}'s hand mask does not match its hand`);
  let bids = 0;
  for (let q = 0; q < P; q++) bids |= rankMask(s.bids, q * RANK_SLOTS);
  if (s.bidMask !== bids) throw new RuleError('nine-virtues: the bid mask does not match the bid rows');
  for (let q = 0; q < P; q++) {
    let h = 0;
    for (let r = 1; r <= PAIRS_RANKS; r++) {
      h += s.hands[q * RANK_SLOTS + r]!;
      if (s.known[q * RANK_SLOTS + r]! > s.hands[q * RANK_SLOTS + r]!)
        throw new RuleError(`nine-virtues: a rank-${r} card is known in seat ${q}'s hand but not there`);
    }
    if (h !== s.handSize) throw new RuleError(`nine-virtues: seat ${q} holds ${h} cards, not ${s.handSize}`);
    if (s.bids[q * RANK_SLOTS + 1] !== 0) throw new RuleError(`nine-virtues: seat ${q} bid a 1`);
  }
}
