/**
 * The showdown value of seven cards in Nines Hold'em
 * (`../shared/rules/nines-holdem.md`, "Hand value at showdown"):
 * 1. the most nines: disjoint groups (`nines.ts`) with the largest total, / 9;
 * 2. among those choices, the fewest distinct ranks left unused;
 * 3. then the higher leftovers: each unused rank is valued as the sum of its
 *    cards (an unused Ace counts 14), sorted high to low, compared in order;
 * 4. still equal: a tie.
 *
 * Every multiset of seven values (at most four of each) gets a dense rank,
 * higher is better, equal ranks tie. The table is built once per process on
 * first use (about 50,000 multisets) and looked up by the multiset's discard
 * code, which is additive: the code of a hand is the sum of its cards'
 * {@link cardCode}s, so a board's code is computed once per deal.
 */
import { discardCode, isSplittable, NINES_SLOTS, SUITS, TOP_RANK } from './nines.js';

/** Cards in a showdown hand (2 hole + 5 board). */
export const SHOWDOWN_CARDS = 7;

const CARD_CODE = new Int32Array(NINES_SLOTS);
{
  const one = new Uint8Array(NINES_SLOTS);
  for (let v = 1; v <= TOP_RANK; v++) {
    one.fill(0);
    one[v] = 1;
    CARD_CODE[v] = discardCode(one);
  }
}

/** The discard code of the single card of value v (1..13): hand codes are sums of these. */
export function cardCode(v: number): number {
  return CARD_CODE[v]!;
}

/** Base of the comparison key: leftover values are at most 4 x 14 = 56. */
const W = 57;

/** A hand's best choice of groups, as the rule file describes it. */
export interface NinesValue {
  /** Used total / 9. */
  readonly nines: number;
  /** The unused ranks' values (rank sum, an Ace 14 each), high to low. */
  readonly unused: readonly number[];
}

const SUB = new Uint8Array(NINES_SLOTS);
const LEFT = new Int32Array(SHOWDOWN_CARDS);

/**
 * The comparison key of the best choice for `counts` (any number of cards):
 * nines, then fewer unused ranks, then leftovers high to low, as one number
 * (below 2^53 for seven cards). Writes the leftovers of the best choice into
 * `bestLeft` when given. Exhaustive over the sub-multisets; slow path.
 */
function bestKey(counts: ArrayLike<number>, bestLeft?: number[]): number {
  let best = -1;
  /** Nines of the best choice so far: a choice with fewer cannot win. */
  let bestNines = -1;
  SUB.fill(0);
  const rec = (v: number, total: number): void => {
    if (v > TOP_RANK) {
      if (total % 9 !== 0 || total / 9 < bestNines || !isSplittable(SUB)) return;
      let n = 0;
      for (let r = 1; r <= TOP_RANK; r++) {
        const c = counts[r]! - SUB[r]!;
        if (c > 0) LEFT[n++] = c * (r === 1 ? 14 : r);
      }
      const left = Array.from(LEFT.subarray(0, n)).sort((a, b) => b - a);
      let key = (total / 9) * W + (SHOWDOWN_CARDS - n);
      for (let k = 0; k < SHOWDOWN_CARDS; k++) key = key * W + (left[k] ?? 0);
      if (key > best) {
        best = key;
        bestNines = total / 9;
        if (bestLeft) bestLeft.splice(0, bestLeft.length, ...left);
      }
      return;
    }
    // Most cards first, so the most nines tend to come early and prune the rest.
    for (let k = counts[v]!; k >= 0; k--) {
      SUB[v] = k;
      rec(v + 1, total + k * v);
    }
    SUB[v] = 0;
  };
  rec(1, 0);
  return best;
}

/**
 * The best choice of groups for a hand (rule file steps 1-3), for records and
 * tests: `{nines, unused}` with unused as the rule file's leftover values.
 * @param counts value counts `counts[1..13]` (at most 4 each; any number of cards).
 */
export function ninesValue(counts: ArrayLike<number>): NinesValue {
  let total = 0;
  for (let v = 1; v <= TOP_RANK; v++) total += counts[v]!;
  if (total > SHOWDOWN_CARDS) throw new RangeError(`nines-value: ${total} cards (at most ${SHOWDOWN_CARDS})`);
  const unused: number[] = [];
  const key = bestKey(counts, unused);
  return { nines: Math.floor(key / W ** (SHOWDOWN_CARDS + 1)), unused };
}

const TABLE_BITS = 17;
const TABLE_SIZE = 1 << TABLE_BITS;
/** keys[slot] = 7-card code + 1 (0 = empty); ranks[slot] = its dense rank. */
let keys: Int32Array | null = null;
let ranks: Int32Array | null = null;
let entries = 0;
let distinct = 0;

function slotOf(k: Int32Array, code: number): number {
  let h = Math.imul(code, 0x9e3779b1) >>> (32 - TABLE_BITS);
  while (k[h] !== 0 && k[h] !== code + 1) h = (h + 1) & (TABLE_SIZE - 1);
  return h;
}

/** Builds the table: every 7-card multiset, its key, then dense ranks by key. */
function build(): void {
  const codes: number[] = [];
  const keyOf: number[] = [];
  const c = new Uint8Array(NINES_SLOTS);
  const rec = (v: number, left: number): void => {
    if (v > TOP_RANK) {
      if (left !== 0) return;
      codes.push(discardCode(c));
      keyOf.push(bestKey(c));
      return;
    }
    for (let k = 0; k <= Math.min(SUITS, left); k++) {
      c[v] = k;
      rec(v + 1, left - k);
    }
    c[v] = 0;
  };
  rec(1, SHOWDOWN_CARDS);
  const sorted = Array.from(new Set(keyOf)).sort((a, b) => a - b);
  const dense = new Map<number, number>();
  sorted.forEach((k, i) => dense.set(k, i));
  const k = new Int32Array(TABLE_SIZE);
  const r = new Int32Array(TABLE_SIZE);
  for (let i = 0; i < codes.length; i++) {
    const s = slotOf(k, codes[i]!);
    k[s] = codes[i]! + 1;
    r[s] = dense.get(keyOf[i]!)!;
  }
  keys = k;
  ranks = r;
  entries = codes.length;
  distinct = sorted.length;
}

/**
 * The dense showdown rank of the seven cards whose discard code is `code`
 * (the sum of their {@link cardCode}s); higher wins, equal ranks split.
 * Builds the table on first use.
 * @throws RangeError when `code` is not the code of seven cards of one deck.
 */
export function showdownRank(code: number): number {
  if (keys === null) build();
  const k = keys!;
  let h = Math.imul(code, 0x9e3779b1) >>> (32 - TABLE_BITS);
  for (;;) {
    const x = k[h]!;
    if (x === code + 1) return ranks![h]!;
    if (x === 0) throw new RangeError(`nines-value: ${code} is not the code of ${SHOWDOWN_CARDS} cards`);
    h = (h + 1) & (TABLE_SIZE - 1);
  }
}

/** The showdown rank of seven cards given as value counts `counts[1..13]`. */
export function showdownRankOf(counts: ArrayLike<number>): number {
  return showdownRank(discardCode(counts));
}

/**
 * Facts of the table for its golden test: entries (7-card multisets), distinct
 * ranks, and a 32-bit FNV-1a digest over (code, rank) in ascending code order.
 */
export function tableDigest(): { entries: number; distinct: number; digest: number } {
  if (keys === null) build();
  const pairs: [number, number][] = [];
  for (let s = 0; s < TABLE_SIZE; s++) if (keys![s] !== 0) pairs.push([keys![s]! - 1, ranks![s]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  let h = 0x811c9dc5;
  const mix = (x: number): void => {
    for (let i = 0; i < 4; i++) {
      h ^= (x >>> (8 * i)) & 0xff;
      h = Math.imul(h, 0x01000193);
    }
  };
  for (const [code, rank] of pairs) {
    mix(code);
    mix(rank);
  }
  return { entries, distinct, digest: h >>> 0 };
}
