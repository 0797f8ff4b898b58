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
import { discardCode, isSplittable, listDiscards } from '../../cards/nines.js';

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
 * (the codec and the greedy bot ask for the same hand in a row).
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

// The hand memo used by the rules. Random play sees the same few hundred
// thousand small hands over and over (a hand decides with 5-9 cards mostly,
// and has 0-3 discards), so after a few thousand games nearly every decision
// is one lookup instead of a listing. It is keyed by the nine-free part N of
// the hand (nines join any discard, so the hands N + 0..4 nines share an
// entry): the sorted list Y of N's non-empty splittable sub-multisets
// (nine-free codes, N itself included when splittable), each flagged when its
// total is exactly 9. The discards of N + h9 nines are then the pairs
// (y, k nines), y in {0} + Y and 0 <= k <= h9, in ascending (y, k) order,
// i.e. ascending discard code y·5 + k, without the empty one, the whole hand,
// and (nine-alone rule) those totalling exactly 9. Exact: an entry is what
// listDiscards and isSplittable give, and a cleared memo only costs
// recomputation. A hand whose N has more than MEMO_MAX_LIST entries (about
// 17 cards and more) is listed whole by listFor instead, which also keeps the
// truncation rules of listDiscards for the largest hands.

/** log2 of the memo's slots; four Int32 a slot: N's code + 1, meta, pool offset, first entry of Y. */
const MEMO_BITS = 20;
const MEMO_SLOTS = 1 << MEMO_BITS;
let MEMO = new Int32Array(0);
/** The lists Y of two entries or more, appended; the memo is cleared when it or the slots fill up. */
const POOL_SIZE = 1 << 22;
let POOL = new Int32Array(0);

/** Allocates the memo (32 MiB) on the first lookup, so processes that never play this game do not reserve it. */
function allocateMemo(): void {
  MEMO = new Int32Array(MEMO_SLOTS * 4);
  POOL = new Int32Array(POOL_SIZE);
}
let poolUsed = 0;
let memoUsed = 0;
/** Most entries of Y memoized (meta: |Y| in bits 0-11, sum-9 entries in bits 12-19, N splittable in bit 20). */
const MEMO_MAX_LIST = 4095;
/** An entry of Y: its nine-free code, plus this bit when its total is exactly 9. */
const SUM9 = 1 << 30;
const CODE_MASK = SUM9 - 1;

/** Weight of value v's count in the nine-free code (values 1..8, 10..13; 0 for 9). */
const W = new Int32Array(14);
for (let v = 1, p = 1; v <= 13; v++) {
  if (v === 9) continue;
  W[v] = p;
  p *= 5;
}

/** The last hand looked up: its key (discard code·2 + flag + 1), legalCount meta, and how to read its discards. */
let curKey = 0;
let curMeta = 0;
/** True when the last hand's discards are in LIST (a large hand), else derived from its Y. */
let curWhole = false;
let curH9 = 0;
let curNineAlone = false;
/** Y of the last hand: its length, whether its last entry is N itself, the first entry and the rest in POOL. */
let curLen = 0;
let curSplitN = 0;
let curNfZero = false;
let curFirst = 0;
let curOff = 0;
/** True when no row of Y lacks its k = 0 (no entry totalling 9 under the nine-alone rule): the i-th discard is found by division. */
let curDirect = false;

/** Scratch of a miss: the nine-free part of the hand, and its listing. */
const NF = new Uint8Array(14);
const NF_LIST = new Int32Array(MAX_LISTED);

/**
 * Looks up the hand `hand[off+1..off+13]` (listing its nine-free part on a miss).
 * @returns count·2 + (1 when the whole hand is a legal discard), count being
 * the number of other legal discards (what listFor returns); read them with
 * {@link handDiscard}.
 */
export function handMeta(hand: Uint8Array, off: number, nineAlone: boolean): number {
  const nf =
    hand[off + 1]! * W[1]! +
    hand[off + 2]! * W[2]! +
    hand[off + 3]! * W[3]! +
    hand[off + 4]! * W[4]! +
    hand[off + 5]! * W[5]! +
    hand[off + 6]! * W[6]! +
    hand[off + 7]! * W[7]! +
    hand[off + 8]! * W[8]! +
    hand[off + 10]! * W[10]! +
    hand[off + 11]! * W[11]! +
    hand[off + 12]! * W[12]! +
    hand[off + 13]! * W[13]!;
  const h9 = hand[off + 9]!;
  // The discard code is nf·5 + h9 < 5^13, so this key (wrapped to 32 bits) is never 0.
  const key = ((nf * 5 + h9) * 2 + (nineAlone ? 2 : 1)) | 0;
  if (key === curKey) return curMeta;
  if (MEMO.length === 0) allocateMemo();
  let h = (Math.imul(nf + 1, 0x9e3779b1) >>> (32 - MEMO_BITS)) << 2;
  let meta = 0;
  for (;;) {
    const k = MEMO[h]!;
    if (k === nf + 1) {
      meta = MEMO[h + 1]!;
      if (meta < 0) return whole(hand, off, nineAlone);
      curOff = MEMO[h + 2]!;
      curFirst = MEMO[h + 3]!;
      break;
    }
    if (k === 0) {
      meta = miss(hand, off, nf, h);
      if (meta < 0) return whole(hand, off, nineAlone);
      break;
    }
    h = (h + 4) & (MEMO_SLOTS * 4 - 1);
  }
  const len = meta & 0xfff;
  const n9 = nineAlone ? (meta >>> 12) & 0xff : 0;
  const splitN = nf === 0 ? 0 : (meta >>> 20) & 1;
  // Row y = 0 holds k = 1..h9, without k = 1 (nine-alone) and without the whole hand when N is empty.
  let row0 = (nf === 0 ? h9 - 1 : h9) - (nineAlone ? 1 : 0);
  if (row0 < 0) row0 = 0;
  // The other rows hold h9 + 1 each, less (y, 0) for the n9 rows totalling 9, less the whole hand (row N, k = h9).
  let count = row0 + len * (h9 + 1) - n9 - splitN;
  // Row N when it totals 9 and h9 = 0 lost both: it had only one.
  if (splitN === 1 && n9 > 0 && h9 === 0 && (len === 1 ? curFirst : POOL[curOff + len - 1]!) >= SUM9) count++;
  curKey = key;
  curMeta = count * 2 + (nf === 0 ? 1 : splitN);
  curWhole = false;
  curH9 = h9;
  curNineAlone = nineAlone;
  curLen = len;
  curSplitN = splitN;
  curNfZero = nf === 0;
  curDirect = n9 === 0;
  return curMeta;
}

/**
 * Lists the nine-free part of a hand not in the memo and stores its Y at slot `h`.
 * @returns its meta, or -1 when Y is too long to memoize (or the hand too large).
 */
function miss(hand: Uint8Array, off: number, nf: number, h: number): number {
  let size = 1;
  for (let v = 1; v <= 13; v++) {
    NF[v] = v === 9 ? 0 : hand[off + v]!;
    size *= NF[v]! + 1;
  }
  // Without nines and the nine-alone rule, listDiscards gives exactly Y minus N (as codes y·5).
  let n = size > 1 << 22 ? MEMO_MAX_LIST + 1 : listDiscards(NF, 0, false, NF_LIST, MEMO_MAX_LIST + 1);
  const splitN = n <= MEMO_MAX_LIST && nf !== 0 && isSplittable(NF) ? 1 : 0;
  if (splitN === 1) NF_LIST[n++] = nf * 5;
  if (n > MEMO_MAX_LIST) n = -1; // too long: remembered as such (meta -1)
  let n9 = 0;
  for (let i = 0; i < n; i++) {
    let y = (NF_LIST[i]! / 5) | 0;
    // The total of y, from its digits (values 1..8, 10..13).
    let sum = 0;
    for (let v = 1; y > 0; v = v === 8 ? 10 : v + 1) {
      sum += (y % 5) * v;
      y = (y / 5) | 0;
    }
    const e = ((NF_LIST[i]! / 5) | 0) + (sum === 9 ? SUM9 : 0);
    NF_LIST[i] = e;
    if (sum === 9) n9++;
  }
  if (memoUsed >= MEMO_SLOTS >>> 1 || poolUsed + n > POOL_SIZE) {
    MEMO.fill(0);
    memoUsed = 0;
    poolUsed = 0;
    h = (Math.imul(nf + 1, 0x9e3779b1) >>> (32 - MEMO_BITS)) << 2;
  }
  const meta = n < 0 ? -1 : n | (n9 << 12) | (splitN << 20);
  curFirst = n > 0 ? NF_LIST[0]! : 0;
  curOff = poolUsed;
  MEMO[h] = nf + 1;
  MEMO[h + 1] = meta;
  MEMO[h + 2] = poolUsed;
  MEMO[h + 3] = curFirst;
  if (n > 1) {
    for (let i = 0; i < n; i++) POOL[poolUsed + i] = NF_LIST[i]!;
    poolUsed += n;
  }
  memoUsed++;
  return meta;
}

/** A hand too large for the memo: listed whole by listFor. */
function whole(hand: Uint8Array, off: number, nineAlone: boolean): number {
  const n = listFor(hand, off, nineAlone);
  // Not cached here: the next lookup asks listFor again (which keeps this list while the hand is the same).
  curKey = 0;
  curWhole = true;
  curMeta = n * 2 + (isSplittable(hand, off) ? 1 : 0);
  return curMeta;
}

/** Entry r of Y of the last hand looked up. */
function entryOf(r: number): number {
  return r === 0 ? curFirst : POOL[curOff + r]!;
}

/**
 * The discard code of listed discard `i` (0 <= i < count) of the hand given
 * to the last {@link handMeta} call (call it right before: a large hand's
 * list lives in listFor's buffer).
 */
export function handDiscard(i: number): number {
  if (curWhole) return LIST[i]!;
  const h9 = curH9;
  // Row y = 0: k = lo0..hi0 (no empty discard, no lone nine under the nine-alone rule, not the whole hand).
  const lo0 = curNineAlone ? 2 : 1;
  const hi0 = curNfZero ? h9 - 1 : h9;
  if (hi0 >= lo0) {
    if (i <= hi0 - lo0) return lo0 + i;
    i -= hi0 - lo0 + 1;
  }
  // Rows y of Y: k = 0..h9, less (y, 0) when y totals 9 (nine-alone rule), less (N, h9), the whole hand.
  if (curDirect) {
    // No row lacks its k = 0; only the last one may lack its k = h9, which no index i < count reaches.
    const r = (i / (h9 + 1)) | 0;
    return (entryOf(r) & CODE_MASK) * 5 + (i - r * (h9 + 1));
  }
  const last = curLen - 1;
  for (let r = 0; r <= last; r++) {
    const e = entryOf(r);
    const lo = curNineAlone && e >= SUM9 ? 1 : 0;
    const hi = r === last && curSplitN === 1 ? h9 - 1 : h9;
    if (hi < lo) continue;
    if (i <= hi - lo) return (e & CODE_MASK) * 5 + lo + i;
    i -= hi - lo + 1;
  }
  throw new RangeError(`multiples-of-nine: discard index past the list`);
}
