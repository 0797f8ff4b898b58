import { NINES_SLOTS, SUITS, TOP_RANK } from '../../cards/nines.js';
import { BOARD, type NinesHoldemState } from './state.js';

/** The cards of one hand by value (1..13, A = 1, J = 11, Q = 12, K = 13; suits do not matter). */
export interface NinesHoldemCards {
  /** Each seat's two hole cards, one pair per seat. */
  readonly hole: readonly (readonly number[])[];
  /** The five board cards in the order they are turned: flop (3), turn, river. */
  readonly board: readonly number[];
}

/**
 * Replaces the cards of the current hand of a dealt state `s`, for tests of
 * the showdown and the split pot: each seat's hole cards and the board. The
 * betting (blinds, bets, the seat to act, the street and how many board cards
 * are shown) is left as it is; nothing else in the state is derived from the
 * cards before the showdown, which reads them then. Place the cards before
 * any of them is seen (pre-flop, or a seat's observation goes stale). A
 * recorder on `s` is left as it is (its round header lists the cards dealt).
 * `checkInvariants` holds afterwards when it held before.
 * @throws Error when the position has not one pair of hole cards per seat or
 *   not five board cards, or a value is not 1..13 or is used more than four
 *   times.
 * @returns `s`.
 */
export function placeCards(s: NinesHoldemState, cards: NinesHoldemCards): NinesHoldemState {
  const P = s.players;
  if (cards.hole.length !== P) throw new Error(`nines-holdem position: ${cards.hole.length} pairs of hole cards for ${P} seats`);
  if (cards.board.length !== BOARD) throw new Error(`nines-holdem position: ${cards.board.length} board cards, not ${BOARD}`);
  const used = new Int32Array(NINES_SLOTS);
  const use = (v: number): number => {
    if (!Number.isInteger(v) || v < 1 || v > TOP_RANK) throw new Error(`nines-holdem position: ${v} is not a card value`);
    if (++used[v]! > SUITS) throw new Error(`nines-holdem position: value ${v} used more than ${SUITS} times`);
    return v;
  };
  cards.hole.forEach((h, q) => {
    if (h.length !== 2) throw new Error(`nines-holdem position: seat ${q} holds ${h.length} hole cards, not 2`);
    h.forEach(use);
  });
  cards.board.forEach(use);
  s.hole.set(cards.hole.flat());
  s.board.set(cards.board);
  return s;
}
