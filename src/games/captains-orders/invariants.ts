import { RuleError } from '../../core/index.js';
import { PAIRS_RANKS, rankMask, rankPoints, RANK_SLOTS } from '../../cards/pairs.js';
import { type CaptainsOrdersState, LastKind, Phase } from './state.js';

/**
 * Captain's Orders invariants: every rank's r cards are in hands, the Order,
 * the face-up or face-down discards, or in transit after a run-out ("Ending
 * a round"), but for exactly 55 - P x handSize undealt cards (not tracked);
 * hand counts match the hands; what a seat is sure of is in that hand.
 * @throws RuleError naming the first broken invariant.
 */
export function checkInvariants(s: CaptainsOrdersState): void {
  const P = s.players;
  const transit =
    s.phase === Phase.Declare && (s.lastKind === LastKind.Pass || s.lastKind === LastKind.Follow || s.lastKind === LastKind.Give) ? s.lastRank : 0;
  let undealt = 0;
  for (let r = 1; r <= PAIRS_RANKS; r++) {
    let n = s.discardUp[r]! + (s.orderRank === r ? 1 : 0) + (transit === r ? 1 : 0);
    for (let q = 0; q < P; q++) n += s.hands[q * RANK_SLOTS + r]! + s.down[q * RANK_SLOTS + r]!;
    if (n > r) throw new RuleError(`captains-orders: rank ${r} has ${n} cards in play, the deck has ${r}`);
    undealt += r - n;
  }
  if (undealt !== 55 - P * s.handSize) throw new RuleError(`captains-orders: ${undealt} cards are out of play, not the ${55 - P * s.handSize} undealt`);
  for (let q = 0; q < P; q++) {
    let h = 0;
    for (let r = 1; r <= PAIRS_RANKS; r++) h += s.hands[q * RANK_SLOTS + r]!;
    if (h !== s.handCount[q]) throw new RuleError(`captains-orders: seat ${q} counts ${s.handCount[q]} cards but holds ${h}`);
    if (s.handMasks[q] !== rankMask(s.hands, q * RANK_SLOTS)) throw new RuleError(`captains-orders: seat ${q}'s hand mask does not match its hand`);
    if (s.points[q] !== rankPoints(s.hands, q * RANK_SLOTS)) throw new RuleError(`captains-orders: seat ${q}'s points ${s.points[q]} do not match its hand`);
  }
  for (let q = 0; q < P; q++) {
    let who = 0;
    for (let o = 0; o < P; o++) if (s.knownAny[o * P + q]! > 0) who |= 1 << o;
    if (who !== s.knowers[q]) throw new RuleError(`captains-orders: the seats sure of cards in seat ${q}'s hand are ${s.knowers[q]}, not ${who} (bit masks)`);
  }
  for (let o = 0; o < P; o++) {
    for (let q = 0; q < P; q++) {
      const pair = o * P + q;
      let k = 0;
      for (let r = 1; r <= PAIRS_RANKS; r++) {
        const c = s.known[pair * RANK_SLOTS + r]!;
        k += c;
        if (o !== q && c > s.hands[q * RANK_SLOTS + r]!) throw new RuleError(`captains-orders: seat ${o} is sure of a rank-${r} card seat ${q} does not hold`);
      }
      if (k !== s.knownAny[pair]) throw new RuleError(`captains-orders: knowledge total of ${o} about ${q} is ${s.knownAny[pair]}, not ${k}`);
      if (s.knownMask[pair] !== rankMask(s.known, pair * RANK_SLOTS))
        throw new RuleError(`captains-orders: the mask of ${o}'s knowledge about ${q} does not match the counts`);
    }
  }
}
