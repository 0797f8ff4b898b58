import { NUM_SUITS, suitOf } from './cards.js';
import { type NineLivesState, Phase, W_BID } from './state.js';

/**
 * Places the seat to move's bid card face down and passes the turn (rule
 * file nine-lives.md, "A round", 2. Bid: every player places one hand card
 * face down as their bid, simultaneous, so the engine takes them in seat
 * order and no observation shows a bid before all are placed; then the
 * Kittykeeper leads the first trick, 3. Tricks). Shared by the
 * base game (`rules.ts`) and the Powers game (`powers-apply.ts`), which
 * check the card and record the action themselves.
 * @param s the state, in the bid phase.
 * @param a the card id bid (a card of the seat's hand, already checked).
 * @returns true when this was the last bid: the phase is now Play and the
 *   Kittykeeper is to move.
 */
export function placeBid(s: NineLivesState, a: number): boolean {
  const t = s.turn;
  s.where[a] = W_BID;
  s.bid[t] = a;
  s.handCount[t]!--;
  s.suitCount[t * NUM_SUITS + suitOf(a)]!--;
  if (++s.turn !== s.players) return false;
  s.phase = Phase.Play;
  s.turn = s.keeper;
  return true;
}
