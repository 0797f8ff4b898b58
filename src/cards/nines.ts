/**
 * The nines solver (`../shared/rules/multiples-of-nine.md`, "Groups and legal
 * discards"), shared by Multiples of Nine and Nines Hold'em.
 *
 * Cards are values 1..13 (A=1, J=11, Q=12, K=13) of a standard 52-card deck,
 * suits ignored. A multiset of cards is a rank-count vector `counts[off + r]`
 * for r = 1..13 (index `off + 0` unused, so `NINES_SLOTS` = 14 entries).
 *
 * A **group** uses at most two distinct ranks and its values sum to a
 * multiple of 9. A multiset is **splittable** when it can be partitioned into
 * groups. Nines are always a group on their own (9 ≡ 0), so splittability
 * ignores them; the other twelve ranks are coded in base 5 (at most 4 cards a
 * rank), which keys the memo of {@link isSplittable}.
 *
 * A **discard code** names a multiset of all 13 ranks in base 5: the count of
 * nines is the least significant digit, then values 1..8 and 10..13 in that
 * order (`d9 + 5·(d1 + 5·d2 + ... + 5^7·d8 + 5^8·d10 + ... + 5^11·d13)`,
 * below 5^13 < 2^31). Ascending discard codes are the canonical order of
 * {@link listDiscards}: nines vary fastest because they join any discard.
 */

/** Length of a rank-count vector: index r for value r = 1..13, index 0 unused. */
export const NINES_SLOTS = 14;
/** Highest card value (K). */
export const TOP_RANK = 13;
/** Cards of each value in the deck. */
export const SUITS = 4;
/** Cards in the deck. */
export const DECK_SIZE = 52;

/** The twelve ranks that are not 9, in the digit order of the splittability code. */
const NON9 = [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13] as const;
/** POS[r]: the digit of rank r in the splittability code (-1 for 9 and 0). */
const POS = new Int8Array(NINES_SLOTS).fill(-1);
NON9.forEach((r, i) => (POS[r] = i));
const POW5 = new Int32Array(14);
for (let i = 0, p = 1; i < 14; i++, p *= 5) POW5[i] = p;

/**
 * Every group, indexed by its lowest rank's digit i (0..11, in `NON9` order):
 * groups `GSTART[i]..GSTART[i+1]` are `a` cards of digit i plus `b` cards of
 * digit `GJ` > i (`GJ` = -1, `b` = 0 for a one-rank group: 3,3,3 / 6,6,6 /
 * Q,Q,Q). Counts are at most 4, so these are all the groups without nines.
 */
const GA: number[] = [];
const GJ: number[] = [];
const GB: number[] = [];
const GSTART = new Int32Array(13);
for (let i = 0; i < 12; i++) {
  GSTART[i] = GA.length;
  const r = NON9[i]!;
  for (let a = 1; a <= SUITS; a++) {
    if ((a * r) % 9 === 0) {
      GA.push(a);
      GJ.push(-1);
      GB.push(0);
    }
  }
  for (let j = i + 1; j < 12; j++) {
    const q = NON9[j]!;
    for (let a = 1; a <= SUITS; a++) {
      for (let b = 1; b <= SUITS; b++) {
        if ((a * r + b * q) % 9 === 0) {
          GA.push(a);
          GJ.push(j);
          GB.push(b);
        }
      }
    }
  }
}
GSTART[12] = GA.length;
const G_A = Int32Array.from(GA);
const G_J = Int32Array.from(GJ);
const G_B = Int32Array.from(GB);
/** Number of nine-free groups (with counts up to 4). */
export const GROUP_COUNT = G_A.length;
const G_CODE = new Int32Array(GROUP_COUNT);
for (let i = 0; i < 12; i++) {
  for (let g = GSTART[i]!; g < GSTART[i + 1]!; g++) G_CODE[g] = G_A[g]! * POW5[i]! + (G_J[g]! >= 0 ? G_B[g]! * POW5[G_J[g]!]! : 0);
}

/**
 * The memo of splittability by nine-free code: open addressing over typed
 * arrays (keys stored +1, 0 = empty), cleared when half full. Exact: a cleared
 * memo only costs recomputation.
 */
const MEMO_BITS = 21;
const MEMO_SIZE = 1 << MEMO_BITS;
const memoKey = new Int32Array(MEMO_SIZE);
const memoVal = new Uint8Array(MEMO_SIZE);
let memoUsed = 0;

function memoSlot(code: number): number {
  let h = Math.imul(code, 0x9e3779b1) >>> (32 - MEMO_BITS);
  const k = code + 1;
  for (;;) {
    const x = memoKey[h]!;
    if (x === k || x === 0) return h;
    h = (h + 1) & (MEMO_SIZE - 1);
  }
}

/** Digits of the code being searched (nine-free digit order), shared by the recursion. */
const digits = new Int32Array(12);

/** Splittability of the nine-free multiset in `digits` whose code is `code` (recursive, memoized). */
function splitDigits(code: number): boolean {
  if (code === 0) return true;
  const slot = memoSlot(code);
  if (memoKey[slot] !== 0) return memoVal[slot] === 1;
  let low = 0;
  while (digits[low] === 0) low++;
  let ok = false;
  for (let g = GSTART[low]!, e = GSTART[low + 1]!; g < e && !ok; g++) {
    const a = G_A[g]!;
    const j = G_J[g]!;
    const b = G_B[g]!;
    if (digits[low]! < a || (j >= 0 && digits[j]! < b)) continue;
    digits[low]! -= a;
    if (j >= 0) digits[j]! -= b;
    ok = splitDigits(code - G_CODE[g]!);
    digits[low]! += a;
    if (j >= 0) digits[j]! += b;
  }
  if (memoUsed >= MEMO_SIZE >>> 1) {
    memoKey.fill(0);
    memoUsed = 0;
    const fresh = memoSlot(code);
    memoKey[fresh] = code + 1;
    memoVal[fresh] = ok ? 1 : 0;
  } else {
    memoKey[slot] = code + 1;
    memoVal[slot] = ok ? 1 : 0;
  }
  memoUsed++;
  return ok;
}

/**
 * True when the multiset `counts[off+1..off+13]` can be split into groups
 * (`multiples-of-nine.md`, "Groups and legal discards"). The empty multiset is
 * splittable. Exact, memoized by the nine-free base-5 code.
 * @throws RangeError when a count exceeds 4 (not a hand of one deck).
 */
export function isSplittable(counts: ArrayLike<number>, off = 0): boolean {
  let code = 0;
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const c = counts[off + NON9[i]!]!;
    if (c > SUITS) throw new RangeError(`nines: ${c} cards of value ${NON9[i]!} (at most ${SUITS})`);
    digits[i] = c;
    code += c * POW5[i]!;
    sum += c * NON9[i]!;
  }
  if (sum % 9 !== 0) return false;
  return splitDigits(code);
}

/**
 * True when the multiset is a legal discard from `hand` (both count vectors at
 * their offsets): non-empty, within the hand, splittable, and — when
 * `nineAloneOnlyToGoOut` — not totalling exactly 9 unless it empties the hand
 * (`multiples-of-nine.md`, "Groups and legal discards").
 */
export function isLegalDiscard(hand: ArrayLike<number>, discard: ArrayLike<number>, nineAloneOnlyToGoOut: boolean, handOff = 0, discardOff = 0): boolean {
  let cards = 0;
  let total = 0;
  let whole = true;
  for (let r = 1; r <= TOP_RANK; r++) {
    const d = discard[discardOff + r]!;
    const h = hand[handOff + r]!;
    if (d < 0 || d > h) return false;
    if (d !== h) whole = false;
    cards += d;
    total += d * r;
  }
  if (cards === 0) return false;
  if (nineAloneOnlyToGoOut && total === 9 && !whole) return false;
  return isSplittable(discard, discardOff);
}

/** The discard code (see the module comment) of `counts[off+1..off+13]`. */
export function discardCode(counts: ArrayLike<number>, off = 0): number {
  let code = 0;
  for (let i = 11; i >= 0; i--) code = code * 5 + counts[off + NON9[i]!]!;
  return code * 5 + counts[off + 9]!;
}

/** Writes the multiset of discard code `code` into `into[off+1..off+13]` (`into[off]` = 0). */
export function decodeDiscard(code: number, into: { [i: number]: number }, off = 0): void {
  into[off] = 0;
  into[off + 9] = code % 5;
  code = (code / 5) | 0;
  for (let i = 0; i < 12; i++) {
    into[off + NON9[i]!] = code % 5;
    code = (code / 5) | 0;
  }
}

/** The values of a multiset, ascending, e.g. `[3, 12, 12]`. */
export function countsToValues(counts: ArrayLike<number>, off = 0): number[] {
  const out: number[] = [];
  for (let r = 1; r <= TOP_RANK; r++) for (let k = 0; k < counts[off + r]!; k++) out.push(r);
  return out;
}

/** Sum of the card values of a multiset. */
export function countsTotal(counts: ArrayLike<number>, off = 0): number {
  let t = 0;
  for (let r = 1; r <= TOP_RANK; r++) t += r * counts[off + r]!;
  return t;
}

// Scratch of listDiscards (it allocates only when a hand needs a larger table).
/** split[idx]: splittability of the nine-free sub-multiset at mixed-radix index idx (valid for sums ≡ 0 mod 9). */
let split = new Uint8Array(1 << 16);
/** Most entries `split` may grow to (16 MB); listing stops at a larger index (hands of 30+ cards only). */
const SPLIT_LIMIT = 1 << 24;
/** The nine-free ranks held, ascending, and their counts in the hand. */
const activeRank = new Int32Array(12);
const activeMax = new Int32Array(12);
/** cur[r]: rank-r cards in the sub-multiset being visited (cur[0] is a dummy rank). */
const cur = new Int32Array(NINES_SLOTS);
/** mul12[i]: the weight of nine-free digit i in the hand's mixed-radix index. */
const mul12 = new Int32Array(12);
/** Per active position k >= 2: the change of code, index, residue, sum, cards when k steps up and positions 2..k-1 reset. */
const stepCode = new Int32Array(12);
const stepIdx = new Int32Array(12);
const stepRes = new Int32Array(12);
const stepSum = new Int32Array(12);
const stepCards = new Int32Array(12);
/**
 * The two lowest held nine-free ranks r0 < r1 are solved from the residue of
 * the rest: for residue q, entries lowStart[q]..lowStart[q+1] are their counts
 * (d0, d1) with (q + d0·r0 + d1·r1) ≡ 0 (mod 9), ascending by code (d1, then d0).
 */
const lowStart = new Int32Array(10);
const lowD0 = new Int32Array(25);
const lowD1 = new Int32Array(25);
/** The groups fitting the hand, by lowest rank: fitStart[r]..fitStart[r+1] in fitA/fitB/fitRank/fitDelta. */
const fitStart = new Int32Array(NINES_SLOTS + 1);
const fitA = new Int32Array(GROUP_COUNT);
const fitB = new Int32Array(GROUP_COUNT);
const fitRank = new Int32Array(GROUP_COUNT);
const fitDelta = new Int32Array(GROUP_COUNT);

/**
 * Lists the legal discards of `hand` other than the whole hand (which is legal
 * exactly when {@link isSplittable} holds for it) as discard codes in
 * ascending order, into `out[0..)`, at most `max` of them
 * (`multiples-of-nine.md`, "Groups and legal discards"; the nine-alone rule
 * applies when `nineAloneOnlyToGoOut`).
 *
 * Exact and allocation-free: one ascending pass over the nine-free
 * sub-multisets of the hand whose sum is ≡ 0 (mod 9) (the two lowest ranks'
 * counts are solved from the residue of the others) decides each one from
 * smaller ones already decided (remove a group holding its lowest card), so
 * nothing is searched twice; each splittable one is listed with every count of
 * nines. Stops after `max` codes, or (hands of 30+ cards only) once the
 * nine-free index passes 2^24.
 * @returns how many codes were written (≤ max).
 * @throws RangeError when a count exceeds 4.
 */
export function listDiscards(hand: ArrayLike<number>, off: number, nineAloneOnlyToGoOut: boolean, out: Int32Array, max: number): number {
  let na = 0;
  let size12 = 1;
  let handCards = 0;
  for (let i = 0; i < 12; i++) {
    const r = NON9[i]!;
    const h = hand[off + r]!;
    if (h > SUITS) throw new RangeError(`nines: ${h} cards of value ${r} (at most ${SUITS})`);
    cur[r] = 0;
    handCards += h;
    mul12[i] = size12;
    size12 *= h + 1;
    if (h === 0) continue;
    activeRank[na] = r;
    activeMax[na] = h;
    na++;
  }
  const h9 = hand[off + 9]!;
  if (h9 > SUITS) throw new RangeError(`nines: ${h9} cards of value 9 (at most ${SUITS})`);
  handCards += h9;
  if (handCards === 0 || max <= 0) return 0;
  // The groups that fit the hand, by lowest rank, with their index offsets.
  let nf = 0;
  for (let i = 0; i < 12; i++) {
    const r = NON9[i]!;
    fitStart[r] = nf;
    if (r === 10) fitStart[9] = nf; // rank 9 holds no groups: 8's list ends where 10's starts
    if (hand[off + r]! === 0) continue;
    for (let g = GSTART[i]!; g < GSTART[i + 1]!; g++) {
      const a = G_A[g]!;
      const j = G_J[g]!;
      const b = G_B[g]!;
      const q = j >= 0 ? NON9[j]! : 0;
      if (a > hand[off + r]! || b > hand[off + q]!) continue;
      fitA[nf] = a;
      fitB[nf] = b;
      fitRank[nf] = q;
      fitDelta[nf] = a * mul12[i]! + (j >= 0 ? b * mul12[j]! : 0);
      nf++;
    }
  }
  fitStart[NINES_SLOTS] = nf;
  // Positions 0 and 1 (the two lowest held ranks) are solved from the residue;
  // positions 2.. form an odometer. Missing positions are the dummy rank 0.
  const r0 = na > 0 ? activeRank[0]! : 0;
  const h0 = na > 0 ? activeMax[0]! : 0;
  const r1 = na > 1 ? activeRank[1]! : 0;
  const h1 = na > 1 ? activeMax[1]! : 0;
  const m0 = r0 === 0 ? 0 : mul12[POS[r0]!]!;
  const m1 = r1 === 0 ? 0 : mul12[POS[r1]!]!;
  const c0 = r0 === 0 ? 0 : POW5[POS[r0]!]!;
  const c1 = r1 === 0 ? 0 : POW5[POS[r1]!]!;
  let nl = 0;
  for (let q = 0; q < 9; q++) {
    lowStart[q] = nl;
    for (let e = 0; e <= h1; e++) {
      for (let d = 0; d <= h0; d++) {
        if ((q + d * r0 + e * r1) % 9 !== 0) continue;
        lowD0[nl] = d;
        lowD1[nl] = e;
        nl++;
      }
    }
  }
  lowStart[9] = nl;
  let resetCode = 0;
  let resetIdx = 0;
  let resetSum = 0;
  let resetCards = 0;
  for (let k = 2; k < na; k++) {
    const r = activeRank[k]!;
    const h = activeMax[k]!;
    const p = POS[r]!;
    stepCode[k] = POW5[p]! - resetCode;
    stepIdx[k] = mul12[p]! - resetIdx;
    stepSum[k] = r - resetSum;
    stepRes[k] = (((r - resetSum) % 9) + 9) % 9;
    stepCards[k] = 1 - resetCards;
    resetCode += h * POW5[p]!;
    resetIdx += h * mul12[p]!;
    resetSum += h * r;
    resetCards += h;
  }
  const limit = Math.min(size12, SPLIT_LIMIT);
  if (split.length < limit) split = new Uint8Array(Math.min(SPLIT_LIMIT, Math.max(limit, split.length * 2)));
  const f = split;
  f[0] = 1;
  let n = 0;
  // The rest (positions 2..): nine-free code, index, residue, sum, cards, and its lowest non-zero position.
  let code = 0;
  let idx = 0;
  let res = 0;
  let sum = 0;
  let cards = 0;
  let lowK = na;
  for (;;) {
    for (let li = lowStart[res]!, le = lowStart[res + 1]!; li < le; li++) {
      const d0 = lowD0[li]!;
      const d1 = lowD1[li]!;
      const x = idx + d0 * m0 + d1 * m1;
      if (x >= limit) return n;
      const cc = cards + d0 + d1;
      if (cc > 0) {
        // Its lowest card has rank rl, below which every count is 0: some group holds it.
        cur[r0] = d0;
        cur[r1] = d1;
        const rl = d0 > 0 ? r0 : d1 > 0 ? r1 : activeRank[lowK]!;
        const dl = cur[rl]!;
        let ok = 0;
        for (let g = fitStart[rl]!, e = fitStart[rl + 1]!; g < e; g++) {
          if (dl < fitA[g]! || cur[fitRank[g]!]! < fitB[g]!) continue;
          if (f[x - fitDelta[g]!] === 1) {
            ok = 1;
            break;
          }
        }
        f[x] = ok;
        if (ok === 0) continue;
      }
      const base = (code + d0 * c0 + d1 * c1) * 5;
      const s = sum + d0 * r0 + d1 * r1;
      for (let k = 0; k <= h9; k++) {
        const total = cc + k;
        if (total === 0) continue;
        if (total === handCards) return n; // the whole hand has the highest code; the caller lists it
        if (nineAloneOnlyToGoOut && s + 9 * k === 9) continue;
        out[n++] = base + k;
        if (n >= max) return n;
      }
    }
    cur[r0] = 0;
    cur[r1] = 0;
    let k = 2;
    while (k < na && cur[activeRank[k]!] === activeMax[k]) cur[activeRank[k++]!] = 0;
    if (k >= na) return n;
    cur[activeRank[k]!]!++;
    code += stepCode[k]!;
    idx += stepIdx[k]!;
    sum += stepSum[k]!;
    res += stepRes[k]!;
    if (res >= 9) res -= 9;
    cards += stepCards[k]!;
    lowK = k;
  }
}
