import type { Rng } from '../core/rng.js';

/**
 * The PAIRS deck (`../shared/rules/README.md`, "The PAIRS deck"): ranks 1..10,
 * with r cards of rank r, 55 cards in all. Ranks index count arrays directly
 * (index 0 unused), so `counts[r]` is the number of rank-r cards.
 */
export const PAIRS_RANKS = 10;
/** Length of a rank-count array: index r for rank r, index 0 unused. */
export const RANK_SLOTS = 11;
/** Cards in a PAIRS deck. */
export const PAIRS_DECK_SIZE = 55;

/** Writes the 55 cards of a PAIRS deck (ranks ascending) into `into[0..55)`. */
export function fillPairsDeck(into: Uint8Array): void {
  let i = 0;
  for (let r = 1; r <= PAIRS_RANKS; r++) for (let k = 0; k < r; k++) into[i++] = r;
}

/** The lowest rank with a non-zero count in `counts[off+1..off+10]`, or 0 if none. */
export function lowestRank(counts: Uint8Array, off: number): number {
  for (let r = 1; r <= PAIRS_RANKS; r++) if (counts[off + r]! > 0) return r;
  return 0;
}

/** The sum of the ranks held: `sum r * counts[off+r]`. */
export function rankPoints(counts: Uint8Array, off: number): number {
  let p = 0;
  for (let r = 1; r <= PAIRS_RANKS; r++) p += r * counts[off + r]!;
  return p;
}

/** Lists the cards of a count array ascending, e.g. [2,2,7]. */
export function countsToRanks(counts: Uint8Array, off: number): number[] {
  const out: number[] = [];
  for (let r = 1; r <= PAIRS_RANKS; r++) for (let k = 0; k < counts[off + r]!; k++) out.push(r);
  return out;
}

/**
 * Draws `n` cards uniformly without replacement from a rank-count pool
 * (`pool[1..10]`, `size` cards in all) into `into[off + r]`, for
 * determinization. Allocates nothing.
 * @returns the pool's new size.
 */
export function drawFromPool(pool: Uint8Array, size: number, n: number, rng: Rng, into: Uint8Array, off: number): number {
  for (let k = 0; k < n; k++) {
    let x = rng.int(size);
    let r = 1;
    while (x >= pool[r]!) x -= pool[r++]!;
    pool[r]!--;
    into[off + r]!++;
    size--;
  }
  return size;
}

/**
 * The ranks present in a count array `counts[off+1..off+10]` as a bit mask
 * (bit r set when its count is not zero), computed without data-dependent branches: `(c + 255) >> 8` is 1
 * exactly when a count c in 0..255 is not zero. Walking set bits instead of
 * testing ten counts avoids the branch mispredictions that dominated.
 */
export function rankMask(counts: Uint8Array, off: number): number {
  return (
    (((counts[off + 1]! + 255) >> 8) << 1) |
    (((counts[off + 2]! + 255) >> 8) << 2) |
    (((counts[off + 3]! + 255) >> 8) << 3) |
    (((counts[off + 4]! + 255) >> 8) << 4) |
    (((counts[off + 5]! + 255) >> 8) << 5) |
    (((counts[off + 6]! + 255) >> 8) << 6) |
    (((counts[off + 7]! + 255) >> 8) << 7) |
    (((counts[off + 8]! + 255) >> 8) << 8) |
    (((counts[off + 9]! + 255) >> 8) << 9) |
    (((counts[off + 10]! + 255) >> 8) << 10)
  );
}

/**
 * Writes `base + r` for each rank r (1..10) set in `mask` (bit r), ascending,
 * at `into[n..]`; returns the new count. Branch-free: all ten candidates are
 * stored and the count advances by each rank's bit, so no branch depends on
 * the cards. Short loops over a hand's ranks mispredict their exits, which
 * costs more than the stores (Nine Virtues' legal actions: 55 → 30 ns).
 * Up to ten values beyond the returned count are overwritten: `into` needs
 * `n + 10` entries. A legal-action buffer of `numDistinctActions` entries
 * always has them when the run is listed in ascending order (the `Game`
 * contract): the n ids already listed are distinct and below `base + 1`,
 * so n + 9 <= base + 10, itself an action id.
 */
export function writeRanks(into: Int32Array, n: number, base: number, mask: number): number {
  into[n] = base + 1;
  n += (mask >> 1) & 1;
  into[n] = base + 2;
  n += (mask >> 2) & 1;
  into[n] = base + 3;
  n += (mask >> 3) & 1;
  into[n] = base + 4;
  n += (mask >> 4) & 1;
  into[n] = base + 5;
  n += (mask >> 5) & 1;
  into[n] = base + 6;
  n += (mask >> 6) & 1;
  into[n] = base + 7;
  n += (mask >> 7) & 1;
  into[n] = base + 8;
  n += (mask >> 8) & 1;
  into[n] = base + 9;
  n += (mask >> 9) & 1;
  into[n] = base + 10;
  return n + ((mask >> 10) & 1);
}

/**
 * 1 when a count in 0..255 is 0, else 0, computed without a branch (for
 * `(x + 255) >> 8` is 1 exactly when x > 0). For keeping rank masks as cards
 * move: whether a rank runs out of a hand or the center is as good as random
 * to a branch predictor, and a mispredicted branch costs ~15 cycles
 * (Nine Virtues' apply: engine +6%).
 */
export function emptied(count: number): number {
  return 1 - ((count + 255) >> 8);
}

/** RANKS_IN[m]: ranks in rank mask `m << 1` (bits 1..10); NTH_RANK[m * 10 + i]: the i-th lowest of them. */
const RANKS_IN = new Uint8Array(1 << PAIRS_RANKS);
const NTH_RANK = new Uint8Array((1 << PAIRS_RANKS) * PAIRS_RANKS);
for (let m = 0; m < 1 << PAIRS_RANKS; m++) {
  let k = 0;
  for (let r = 1; r <= PAIRS_RANKS; r++) if ((m >> (r - 1)) & 1) NTH_RANK[m * PAIRS_RANKS + k++] = r;
  RANKS_IN[m] = k;
}

/**
 * How many ranks a rank mask holds (bits 1..10 set; bit 0 and bits above 10
 * must be clear). A table lookup.
 */
export function ranksIn(mask: number): number {
  return RANKS_IN[mask >> 1]!;
}

/**
 * The i-th lowest rank (1..10) of a rank mask (bits 1..10), for
 * 0 <= i < ranksIn(mask); a table lookup, no loop over the bits (short loops
 * mispredict their exits). Used to decode the i-th legal action without
 * listing them all (`Game.legalAt`). Outside that range the result is meaningless.
 */
export function nthRank(mask: number, i: number): number {
  return NTH_RANK[(mask >> 1) * PAIRS_RANKS + i]!;
}
