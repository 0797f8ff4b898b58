/**
 * Nine Muses action ids (`../shared/rules/nine-muses.md`, "A turn"). A
 * Philosopher card is named by its type t (its index in the card file's
 * `philosophers`: copies of one type are interchangeable), a Muse by her index
 * m in `muses`, Knowledge k by 0 Craft, 1 Science, 2 Ethics. The layout is
 * fixed to the card-data limits (16 types, 4 options, 16 Muses, 14 tokens, 4
 * seats), so an id means the same with every card file:
 *
 * | ids        | action                                                    |
 * |------------|-----------------------------------------------------------|
 * | 0..63      | exchange: card t, option o        `t*4 + o`               |
 * | 64..319    | call: card t, Muse m              `64 + t*16 + m`         |
 * | 320..991   | demonstrate: card t, k, count c   `320 + (t*3+k)*14 + c-1`|
 * | 992..1007  | toil: card t                      `992 + t`               |
 * | 1008..1011 | steal one token of the pending type from seat q `1008 + q`|
 */
import { MAX_MUSES, MAX_OPTIONS, MAX_PHILOSOPHER_TYPES, MAX_TOKENS } from './cards.js';

export const MAX_SEATS = 4;
export const A_EXCHANGE = 0;
export const A_CALL = A_EXCHANGE + MAX_PHILOSOPHER_TYPES * MAX_OPTIONS;
export const A_DEMONSTRATE = A_CALL + MAX_PHILOSOPHER_TYPES * MAX_MUSES;
export const A_TOIL = A_DEMONSTRATE + MAX_PHILOSOPHER_TYPES * 3 * MAX_TOKENS;
export const A_STEAL = A_TOIL + MAX_PHILOSOPHER_TYPES;
export const NUM_ACTIONS = A_STEAL + MAX_SEATS;

export const exchangeId = (t: number, o: number): number => A_EXCHANGE + t * MAX_OPTIONS + o;
export const callId = (t: number, m: number): number => A_CALL + t * MAX_MUSES + m;
export const demonstrateId = (t: number, k: number, c: number): number => A_DEMONSTRATE + (t * 3 + k) * MAX_TOKENS + c - 1;
export const toilId = (t: number): number => A_TOIL + t;
export const stealId = (q: number): number => A_STEAL + q;

/** The kinds of action, for the action mix of the balance counters. */
export const enum Kind {
  Exchange = 0,
  Call = 1,
  Demonstrate = 2,
  Toil = 3,
  Steal = 4,
}

/** A decoded action id: kind, card type t, and the kind's arguments. */
export interface DecodedAction {
  kind: Kind;
  /** Philosopher type (not for steal). */
  card: number;
  /** Exchange option, Muse index, Knowledge index, or the seat stolen from. */
  arg: number;
  /** Demonstrate count. */
  count: number;
}

/**
 * Decodes an id into `into` (no allocation).
 * @throws RangeError for an id outside 0..NUM_ACTIONS-1.
 */
export function decodeId(a: number, into: DecodedAction): DecodedAction {
  if (!Number.isInteger(a) || a < 0 || a >= NUM_ACTIONS) throw new RangeError(`nine-muses: action id ${a} out of range`);
  into.count = 0;
  if (a < A_CALL) {
    into.kind = Kind.Exchange;
    into.card = (a / MAX_OPTIONS) | 0;
    into.arg = a % MAX_OPTIONS;
  } else if (a < A_DEMONSTRATE) {
    into.kind = Kind.Call;
    into.card = ((a - A_CALL) / MAX_MUSES) | 0;
    into.arg = (a - A_CALL) % MAX_MUSES;
  } else if (a < A_TOIL) {
    const x = a - A_DEMONSTRATE;
    into.kind = Kind.Demonstrate;
    const tk = (x / MAX_TOKENS) | 0;
    into.card = (tk / 3) | 0;
    into.arg = tk % 3;
    into.count = (x % MAX_TOKENS) + 1;
  } else if (a < A_STEAL) {
    into.kind = Kind.Toil;
    into.card = a - A_TOIL;
    into.arg = 0;
  } else {
    into.kind = Kind.Steal;
    into.card = -1;
    into.arg = a - A_STEAL;
  }
  return into;
}
