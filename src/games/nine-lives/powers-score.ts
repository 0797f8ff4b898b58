/**
 * The Powers variant's round results (`powers.ts`): the record's `powers`
 * map and the lives gained from the final rows (section 6).
 */
import { cardName, NUM_CARDS, numberOf, suitOf } from './cards.js';
import { POWER_KEYS } from './powers-list.js';
import type { NineLivesState } from './state.js';
import { bidSuit, refreshBid } from './powers-cards.js';

/** The record's `powers` map (section 11): card to key for every powered card, in card-id order. */
export function powersMap(s: NineLivesState): Record<string, string> {
  const out: Record<string, string> = {};
  for (let c = 0; c < NUM_CARDS; c++) if (s.powerOf[c]! >= 0) out[cardName(c)] = POWER_KEYS[s.powerOf[c]!]!;
  return out;
}

/**
 * Section 6: each seat's lives gained this round into `gains` (its bid number
 * when its tricks, row length - 1, equal it; or its team's sum), from the
 * final rows. A seat without a bid is in no team and scores nothing.
 */
export function powersGains(s: NineLivesState): void {
  const P = s.players;
  for (let q = 0; q < P; q++) refreshBid(s, q);
  let oneTeam = true;
  for (let q = 0; q < P; q++) if (s.bid[q]! < 0 || suitOf(s.bid[q]!) !== bidSuit(s, 0)) oneTeam = false;
  for (let q = 0; q < P; q++) {
    const b = s.bid[q]!;
    if (b < 0) {
      s.gains[q] = 0;
      continue;
    }
    let scored = s.tricksWon[q] === numberOf(b);
    if (!scored && s.teams && !oneTeam) {
      const x = suitOf(b);
      let bids = 0;
      let tricks = 0;
      let members = 0;
      for (let m = 0; m < P; m++) {
        if (bidSuit(s, m) !== x) continue;
        members++;
        bids += numberOf(s.bid[m]!);
        tricks += s.tricksWon[m]!;
      }
      scored = members > 1 && bids === tricks;
    }
    s.gains[q] = scored ? numberOf(b) : 0;
  }
}
