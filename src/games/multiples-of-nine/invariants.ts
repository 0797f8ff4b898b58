import { RuleError } from '../../core/index.js';
import { NINES_SLOTS, SUITS, TOP_RANK } from '../../cards/nines.js';
import { type MultiplesOfNineState, Phase } from './state.js';

/**
 * Multiples of Nine invariants: every value's four cards are in the hands, the
 * stock or the pile; hand and pile counts match their cards; the turn count
 * stays within the cap; a finished game has a winner with an empty hand or is
 * capped, and a running one has no empty hand.
 * @throws RuleError naming the first broken invariant.
 */
export function checkInvariants(s: MultiplesOfNineState): void {
  const P = s.players;
  const seen = new Int32Array(NINES_SLOTS);
  for (let k = 0; k < s.stockCount; k++) seen[s.stock[k]!]!++;
  let pile = 0;
  for (let v = 1; v <= TOP_RANK; v++) {
    seen[v]! += s.pile[v]!;
    pile += s.pile[v]!;
  }
  if (pile !== s.pileCount) throw new RuleError(`multiples-of-nine: pile counts ${s.pileCount} cards but holds ${pile}`);
  for (let q = 0; q < P; q++) {
    let h = 0;
    for (let v = 1; v <= TOP_RANK; v++) {
      h += s.hands[q * NINES_SLOTS + v]!;
      seen[v]! += s.hands[q * NINES_SLOTS + v]!;
    }
    if (h !== s.handCount[q]) throw new RuleError(`multiples-of-nine: seat ${q} counts ${s.handCount[q]} cards but holds ${h}`);
    if (h === 0 && s.phase !== Phase.Over) throw new RuleError(`multiples-of-nine: seat ${q} has an empty hand but the game goes on`);
  }
  for (let v = 1; v <= TOP_RANK; v++) if (seen[v] !== SUITS) throw new RuleError(`multiples-of-nine: value ${v} has ${seen[v]} cards, not ${SUITS}`);
  if (s.turns > s.maxTurns) throw new RuleError(`multiples-of-nine: ${s.turns} turns, past the cap of ${s.maxTurns}`);
  if (s.phase === Phase.Over) {
    if (s.winner >= 0 ? s.handCount[s.winner] !== 0 || s.capped : !s.capped)
      throw new RuleError('multiples-of-nine: a finished game needs a winner with an empty hand, or the cap');
  }
}
