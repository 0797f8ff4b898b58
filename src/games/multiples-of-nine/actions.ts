/**
 * Multiples of Nine action ids (`../shared/rules/multiples-of-nine.md`, "Play"):
 *
 * | ids            | action                                                        |
 * |----------------|---------------------------------------------------------------|
 * | 0              | stay                                                          |
 * | 1              | go out: discard the whole hand (also the first-turn instant win) |
 * | 2 .. 65535     | discard the (id-2)-th legal discard of the hand, other than the whole hand, in ascending discard code (`src/cards/nines.ts`) |
 *
 * An id >= 2 is an index into a list that depends only on the deciding
 * seat's hand (and the variant), so it means the same discard in every state
 * where that hand decides, and in every determinization of its observation.
 * At most `MAX_LISTED` discards are offered (see the game README: only hands
 * of about 26 cards or more have that many).
 */
import { indexInSorted } from '../../core/index.js';
import { discardCode, listDiscards } from '../../cards/nines.js';

export const A_STAY = 0;
export const A_GO_OUT = 1;
export const A_DISCARD = 2;
/** Most discards listed besides going out. */
export const MAX_LISTED = 65534;
export const NUM_ACTIONS = A_DISCARD + MAX_LISTED;

/** The listed discards of the hand last asked for (discard codes, ascending). */
const LIST = new Int32Array(MAX_LISTED);
let listHand = -1;
let listNineAlone = false;
let listCount = 0;

/**
 * The legal discards of a hand other than the whole hand, as discard codes
 * ascending in `discardList()[0..count)`; cached for the last hand asked
 * (legalActions, apply and the codec ask for the same hand in a row).
 * @returns the count (at most MAX_LISTED).
 */
export function listFor(hand: Uint8Array, off: number, nineAlone: boolean): number {
  const code = discardCode(hand, off);
  if (code !== listHand || nineAlone !== listNineAlone) {
    listCount = listDiscards(hand, off, nineAlone, LIST, MAX_LISTED);
    listHand = code;
    listNineAlone = nineAlone;
  }
  return listCount;
}

/** The list filled by the last {@link listFor} (read only). */
export function discardList(): Int32Array {
  return LIST;
}

/**
 * The index of `code` in the last list, -1 when absent (binary search).
 */
export function indexInList(code: number): number {
  return indexInSorted(LIST, listCount, code);
}
