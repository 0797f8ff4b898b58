import { RuleError, type RecordAction } from '../../core/index.js';
import { countsToValues, decodeDiscard, discardCode, NINES_SLOTS, TOP_RANK } from '../../cards/nines.js';
import { A_DISCARD, A_GO_OUT, A_STAY, discardList, indexInList, listFor } from './actions.js';
import { type MultiplesOfNineState, Phase } from './state.js';

const CARDS = new Uint8Array(NINES_SLOTS);

/**
 * The record entry of action `a` in `s` (before it is applied), in the
 * vocabulary of `multiples-of-nine.md`, "Record vocabulary":
 * `{"seat":1,"type":"stay"}` or `{"seat":1,"type":"discard","cards":[3,12,12]}`
 * (cards ascending).
 * @throws RuleError for an id that is not a listed discard of the hand.
 */
export function encodeAction(s: MultiplesOfNineState, a: number): RecordAction {
  const seat = s.turn;
  const off = seat * NINES_SLOTS;
  if (a === A_STAY) return { seat, type: 'stay' };
  if (a === A_GO_OUT) return { seat, type: 'discard', cards: countsToValues(s.hands, off) };
  const i = a - A_DISCARD;
  if (i < 0 || i >= listFor(s.hands, off, s.nineAloneOnlyToGoOut)) throw new RuleError(`multiples-of-nine: action ${a} is not a listed discard`);
  decodeDiscard(discardList()[i]!, CARDS);
  return { seat, type: 'discard', cards: countsToValues(CARDS) };
}

/**
 * The action id of a record entry; null for the chance events `draw` and
 * `reshuffle`.
 * @throws Error for an unknown type, a seat that does not decide, malformed
 * cards, or a discard that is not legal for the hand.
 */
export function decodeAction(s: MultiplesOfNineState, e: RecordAction): number | null {
  if (e.type === 'draw' || e.type === 'reshuffle') return null;
  if (s.phase === Phase.Over || e.seat !== s.turn) {
    throw new Error(`multiples-of-nine record: seat ${String(e.seat)} acts but ${s.phase === Phase.Over ? 'the game is over' : `seat ${s.turn} decides`}`);
  }
  if (e.type === 'stay') return A_STAY;
  if (e.type !== 'discard') throw new Error(`multiples-of-nine record: unknown action type '${e.type}'`);
  const cards = e.cards;
  if (!Array.isArray(cards) || cards.length === 0) throw new Error('multiples-of-nine record: discard needs a non-empty array cards');
  CARDS.fill(0);
  for (const v of cards) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > TOP_RANK) throw new Error(`multiples-of-nine record: bad card ${String(v)}`);
    CARDS[v]!++;
  }
  const off = s.turn * NINES_SLOTS;
  let whole = true;
  for (let v = 1; v <= TOP_RANK; v++) if (CARDS[v] !== s.hands[off + v]) whole = false;
  if (whole) return A_GO_OUT;
  for (let v = 1; v <= TOP_RANK; v++) {
    if (CARDS[v]! > s.hands[off + v]!) throw new Error(`multiples-of-nine record: seat ${s.turn} discards cards it does not hold: ${cards.join(',')}`);
  }
  listFor(s.hands, off, s.nineAloneOnlyToGoOut);
  const i = indexInList(discardCode(CARDS));
  if (i < 0) throw new Error(`multiples-of-nine record: ${cards.join(',')} is not a legal discard`);
  return A_DISCARD + i;
}
