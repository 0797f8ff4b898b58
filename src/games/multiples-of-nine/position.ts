import { NINES_SLOTS, SUITS, TOP_RANK } from '../../cards/nines.js';
import { type MultiplesOfNineState, Phase } from './state.js';

/** A position by card values (1..13, A = 1, J = 11, Q = 12, K = 13; suits do not matter). */
export interface MultiplesOfNinePosition {
  /** Each seat's hand, one list per seat, in any order; no hand empty (the game would be over). */
  readonly hands: readonly (readonly number[])[];
  /** The stock from the top down: `stock[0]` is the next card drawn. Default empty. */
  readonly stock?: readonly number[];
  /** The face-up discard pile. Default empty. */
  readonly pile?: readonly number[];
  /** Seats that have started their first turn (no instant win for them any more). Default none. */
  readonly started?: readonly number[];
  /** The seat whose turn it is. Default the first player, seat 1 (seat 0 with one seat). */
  readonly turn?: number;
  /**
   * Where the cards the position does not list go: `'stock'` (the default)
   * under the stock, ascending, so that every value is there four times;
   * `'none'` leaves them out, a shortcut for tests of an empty stock that
   * `checkInvariants` rejects (it counts every value four times).
   */
  readonly rest?: 'stock' | 'none';
}

/**
 * Puts an exact position into a dealt state `s`, for tests of the rulings:
 * hands, stock and pile from value lists, the seats past their first turn,
 * whose turn it is, nothing discarded yet (`discarded`), no turn begun
 * (`turns` 0), no winner; and every field the engine derives from them: the
 * hand counts, `stockCount` and `pileCount`. The turn seat decides with the
 * hand listed (phase Decide, as after its draw); to start its turn instead
 * (the cap, the first-turn instant win, the reshuffle, the draw), call
 * `beginTurn(s)` afterwards. `checkInvariants` holds afterwards unless `rest`
 * is `'none'`. A recorder on `s` is left as it is (the round it recorded
 * dealt other cards). After it, list the legal actions afresh
 * (`legalActions`) before applying one.
 * @throws Error when the position has not one hand per seat, a hand is
 *   empty, a value is not 1..13 or is used more than four times, or a seat
 *   (`started`, `turn`) is not one of the game's.
 * @returns `s`.
 */
export function placePosition(s: MultiplesOfNineState, p: MultiplesOfNinePosition): MultiplesOfNineState {
  const P = s.players;
  if (p.hands.length !== P) throw new Error(`multiples-of-nine position: ${p.hands.length} hands for ${P} seats`);
  const seat = (q: number, what: string): number => {
    if (!Number.isInteger(q) || q < 0 || q >= P) throw new Error(`multiples-of-nine position: ${what} ${q} is not a seat`);
    return q;
  };
  const used = new Int32Array(NINES_SLOTS);
  const use = (v: number): number => {
    if (!Number.isInteger(v) || v < 1 || v > TOP_RANK) throw new Error(`multiples-of-nine position: ${v} is not a card value`);
    if (++used[v]! > SUITS) throw new Error(`multiples-of-nine position: value ${v} used more than ${SUITS} times`);
    return v;
  };
  s.hands.fill(0);
  p.hands.forEach((h, q) => {
    if (h.length === 0) throw new Error(`multiples-of-nine position: seat ${q} has an empty hand`);
    for (const v of h) s.hands[q * NINES_SLOTS + use(v)]!++;
    s.handCount[q] = h.length;
  });
  s.pile.fill(0);
  const pile = p.pile ?? [];
  for (const v of pile) s.pile[use(v)]!++;
  s.pileCount = pile.length;
  const topFirst = (p.stock ?? []).map(use);
  if ((p.rest ?? 'stock') === 'stock') for (let v = 1; v <= TOP_RANK; v++) for (let k = used[v]!; k < SUITS; k++) topFirst.push(v);
  s.stockCount = topFirst.length;
  topFirst.forEach((v, i) => (s.stock[topFirst.length - 1 - i] = v));
  s.discarded.fill(0);
  s.started.fill(0);
  for (const q of p.started ?? []) s.started[seat(q, 'started')] = 1;
  s.turn = seat(p.turn ?? 1 % P, 'turn');
  s.turns = 0;
  s.phase = Phase.Decide;
  s.winner = -1;
  s.capped = false;
  return s;
}
