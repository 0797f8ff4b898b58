/**
 * Muse conditions, evaluated: `quantity`, `meets` and `canCall` for any
 * condition of the card set (the rules and the tests use them), and the fast
 * path the legal actions use, `callableMuses`: every Muse's condition for
 * every seat at once, from the branch-free programs and bit-parallel leaves
 * compiled per card set in `tables.ts`. `cards.ts` stays the plain reference
 * (its compiled conditions are what `meets` reads), and the game's tests
 * compare both on every condition kind. Moved out of `rules.ts` so that it
 * reads like its rule file.
 */
import { RuleError } from '../../core/index.js';
import { CondKind, Q_KNOWLEDGE, Q_MUSES, Q_VP, type CompiledCondition } from './cards.js';
import { IN_DECK, type NineMusesState } from './state.js';
import { Leaf, Node, Qtab, VALUES, type FastTables } from './tables.js';

/**
 * The public facts a condition reads: every seat's Knowledge, VP and Muses
 * held. A state and a seat's observation (`observation.ts`) both have them,
 * so the observation tensor evaluates conditions with the same code.
 */
export type Quantities = Pick<NineMusesState, 'players' | 'know' | 'vp' | 'numMuses' | 'museLoc'>;

/** Seat s's quantity q (a `QUANTITIES` index): tokens of one type, all tokens, VP or Muses held. */
export function quantity(s: NineMusesState, seat: number, q: number): number {
  if (q < 3) return s.know[seat * 3 + q]!;
  if (q === Q_KNOWLEDGE) return s.know[seat * 3]! + s.know[seat * 3 + 1]! + s.know[seat * 3 + 2]!;
  if (q === Q_VP) return s.vp[seat]!;
  if (q === Q_MUSES) {
    let n = 0;
    for (let m = 0; m < s.numMuses; m++) if (s.museLoc[m] === seat) n++;
    return n;
  }
  throw new RuleError(`nine-muses: unknown quantity ${q}`);
}

/** `a OP b` for an `OPS` index: >=, <=, >, <, ==, !=. */
function compare(a: number, op: number, b: number): boolean {
  switch (op) {
    case 0:
      return a >= b;
    case 1:
      return a <= b;
    case 2:
      return a > b;
    case 3:
      return a < b;
    case 4:
      return a === b;
    default:
      return a !== b;
  }
}

/**
 * Quantities per seat (`QUANTITIES` order) of the state being examined:
 * QTAB[seat * Qtab.Stride + q], and a column of zeros (`tables.ts`).
 */
const QTAB = new Int32Array(4 * Qtab.Stride);

/**
 * Fills QTAB with every seat's quantities, once per examination: conditions
 * ask for them again and again ("most" compares every seat), and counting the
 * Muses held walks all Muses each time.
 */
function fillQuantities(s: Quantities): void {
  const P = s.players;
  for (let q = 0; q < P; q++) {
    const o = q * Qtab.Stride;
    const a = s.know[q * 3]!;
    const b = s.know[q * 3 + 1]!;
    const c = s.know[q * 3 + 2]!;
    QTAB[o] = a;
    QTAB[o + 1] = b;
    QTAB[o + 2] = c;
    QTAB[o + Q_KNOWLEDGE] = a + b + c;
    QTAB[o + Q_VP] = s.vp[q]!;
    QTAB[o + Q_MUSES] = 0;
  }
  for (let m = 0; m < s.numMuses; m++) {
    const loc = s.museLoc[m]!;
    if (loc >= 0) QTAB[loc * Qtab.Stride + Q_MUSES]!++;
  }
}

/** `meets` on the quantities in QTAB (filled by `fillQuantities` for the same state). */
function meetsFilled(c: CompiledCondition, seat: number, players: number): boolean {
  switch (c.kind) {
    case CondKind.CountValue:
      return compare(QTAB[seat * Qtab.Stride + c.q]!, c.op, c.value);
    case CondKind.CountThan:
      return compare(QTAB[seat * Qtab.Stride + c.q]!, c.op, QTAB[seat * Qtab.Stride + c.value]!);
    case CondKind.Most:
    case CondKind.Fewest: {
      const mine = QTAB[seat * Qtab.Stride + c.q]!;
      for (let o = 0; o < players; o++) {
        if (o === seat) continue;
        const theirs = QTAB[o * Qtab.Stride + c.q]!;
        if (c.kind === CondKind.Most ? theirs >= mine : theirs <= mine) return false;
      }
      return true;
    }
    case CondKind.All:
      for (let i = 0; i < c.children.length; i++) if (!meetsFilled(c.children[i]!, seat, players)) return false;
      return true;
    case CondKind.Any:
      for (let i = 0; i < c.children.length; i++) if (meetsFilled(c.children[i]!, seat, players)) return true;
      return false;
  }
}

/**
 * Whether seat `seat` meets condition `c` now (`cards.ts` gives the vocabulary;
 * "most"/"fewest" are strict: a tie for the most means nobody has the most).
 */
export function meets(s: Quantities, c: CompiledCondition, seat: number): boolean {
  fillQuantities(s);
  return meetsFilled(c, seat, s.players);
}

/**
 * For every condition `conds[m]`, the seats meeting it now as a bit set
 * (bit q for seat q) into `into[m]`: `meets` for all seats and Muses from
 * one filling of the quantities (the observation tensor's `meets` field).
 * @param into at least `conds.length` entries.
 */
export function seatsMeeting(s: Quantities, conds: readonly { readonly condition: CompiledCondition }[], into: Uint8Array): void {
  fillQuantities(s);
  for (let m = 0; m < conds.length; m++) {
    let bits = 0;
    for (let q = 0; q < s.players; q++) if (meetsFilled(conds[m]!.condition, q, s.players)) bits |= 1 << q;
    into[m] = bits;
  }
}

/** `canCall` on the quantities in QTAB (filled by `fillQuantities` for the same state). */
function canCallFilled(s: NineMusesState, m: number, seat: number): boolean {
  const loc = s.museLoc[m]!;
  if (loc === IN_DECK || loc === seat) return false;
  const cond = s.cards.muses[m]!.condition;
  const P = s.players;
  if (!meetsFilled(cond, seat, P)) return false;
  for (let o = 0; o < P; o++) if (o !== seat && meetsFilled(cond, o, P)) return false;
  return true;
}

/**
 * Whether `seat` may call Muse m now ("A turn", Call Muse): she is in the
 * center row or held by another player, `seat` meets her condition and no
 * other player does.
 */
export function canCall(s: NineMusesState, m: number, seat: number): boolean {
  fillQuantities(s);
  return canCallFilled(s, m, seat);
}

/** The seats (bit q for seat q < players) for which the leaf at `leaves[i]` holds, on the quantities in QTAB. */
function leafSeats(leaves: Int32Array, i: number, players: number): number {
  const a = leaves[i + 1]!;
  const flip = leaves[i + 5]!;
  if (leaves[i] === Leaf.Range) {
    const b = leaves[i + 2]!;
    const lo = leaves[i + 3]!;
    const span = leaves[i + 4]!;
    let out = 0;
    // d in [0, span] exactly when neither d nor span - d is negative.
    for (let q = 0; q < players; q++) {
      const d = QTAB[q * Qtab.Stride + a]! - QTAB[q * Qtab.Stride + b]! - lo;
      out |= (((span - d) | d) >>> 31) << q;
    }
    return (~out ^ flip) & ((1 << players) - 1);
  }
  // "Most" of x (flip 0) or of -x (flip -1: "fewest"): the seats at the top, if only one.
  let best = -0x40000000;
  for (let q = 0; q < players; q++) best = Math.max(best, (QTAB[q * Qtab.Stride + a]! ^ flip) - flip);
  let top = 0;
  for (let q = 0; q < players; q++) top |= ((QTAB[q * Qtab.Stride + a]! ^ flip) - flip === best ? 1 : 0) << q;
  return (top & (top - 1)) === 0 ? top : 0;
}

/** The seats that meet the program node at code[pc] (`tables.ts`), on QTAB. */
function nodeSeats(tb: FastTables, pc: number, players: number): number {
  const code = tb.code;
  const kind = code[pc]!;
  if (kind === Node.Leaf) return leafSeats(tb.leaves, code[pc + 1]!, players);
  let c = pc + Node.Size;
  let mask = kind === Node.And ? -1 : 0;
  for (let i = code[pc + 1]!; i > 0; i--) {
    const m = nodeSeats(tb, c, players);
    mask = kind === Node.And ? mask & m : mask | m;
    c = code[c + 2]!;
  }
  return mask;
}

/**
 * 1 when x is 0, else 0, without a branch (V8 compiles `x === 0 ? 1 : 0` to
 * one, mispredicted on data like these).
 */
function isZero(x: number): number {
  return ((x | -x) >>> 31) ^ 1;
}

/**
 * Bit i set when byte i of the word v is zero (exact: no carry crosses a
 * byte); the multiply gathers the bytes' top bits 7, 15, 23, 31 into bits 21-24.
 */
function zeroBytes(v: number): number {
  const z = ~(((v & 0x7f7f7f7f) + 0x7f7f7f7f) | 0 | v | 0x7f7f7f7f);
  return (Math.imul(z >>> 7, 0x204081) >>> 21) & 15;
}

/**
 * The Muses (bit m) whose byte in `s.museWords` is `loc` (-2 CENTER, -1 IN_DECK or a seat),
 * four a word; the padding bytes beyond the last Muse may set bits (mask them).
 */
export function musesAt(s: NineMusesState, loc: number): number {
  const w = s.museWords;
  const pattern = Math.imul(loc & 255, 0x01010101);
  let out = 0;
  for (let i = 0; i < w.length; i++) out |= zeroBytes(w[i]! ^ pattern) << (4 * i);
  return out;
}

/** SEAT_BITS[q]: the leaves (bits 16 up) and the Muses (bits below 16) of the bit-parallel form (`tables.ts`) that seat q meets. */
const SEAT_BITS = new Int32Array(4);

/**
 * The Muses seat `me` may call in `s` (bit m for Muse m): she is not in the
 * deck nor `me`'s, `me` meets her condition and no other seat does. Fills
 * QTAB and works every condition out for all seats at once (`tables.ts`).
 */
export function callableMuses(s: NineMusesState, me: number): number {
  // Everything in locals: V8 reloads fields and imported constants (with a hole check) in every iteration otherwise.
  const tb = s.tables;
  const cb = tb.colBits;
  const kb = tb.knowBits;
  const P = s.players;
  const M = s.numMuses;
  const know = s.know;
  const vp = s.vp;
  const loc = s.museLoc;
  const Q = QTAB;
  const sb = SEAT_BITS;
  const values = VALUES;
  for (let q = 0; q < P; q++) {
    const row = q * Qtab.Stride;
    const a = know[q * 3]!;
    const b = know[q * 3 + 1]!;
    const c = know[q * 3 + 2]!;
    const v = vp[q]!;
    Q[row] = a;
    Q[row + 1] = b;
    Q[row + 2] = c;
    Q[row + Qtab.Knowledge] = a + b + c;
    Q[row + Qtab.Vp] = v;
    Q[row + Qtab.Muses] = 0;
    // Only VP can exceed the values a leaf tells apart (the supply bounds the tokens).
    sb[q] = kb[(a << 8) | (b << 4) | c]! | cb[4 * values + Math.min(v, values - 1)]!;
  }
  // The Muses `me` cannot call: in the deck or already hers (four a word, `zeroBytes`).
  const words = s.museWords;
  const deckBytes = Math.imul(IN_DECK & 255, 0x01010101);
  const meBytes = Math.imul(me, 0x01010101);
  let closed = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    closed |= (zeroBytes(w ^ deckBytes) | zeroBytes(w ^ meBytes)) << (4 * i);
  }
  if (tb.readsMuses) {
    for (let m = 0; m < M; m++) {
      const l = loc[m]!;
      if (l >= 0) Q[l * Qtab.Stride + Qtab.Muses]!++;
    }
    for (let q = 0; q < P; q++) sb[q]! |= cb[5 * values + Q[q * Qtab.Stride + Qtab.Muses]!]!;
  }
  const diffs = tb.diffs;
  for (let i = 0; i < diffs.length; i += 5) {
    const qa = diffs[i]!;
    const qb = diffs[i + 1]!;
    for (let q = 0; q < P; q++) {
      const d = Q[q * Qtab.Stride + qa]! - Q[q * Qtab.Stride + qb]!;
      sb[q]! |= diffs[i + 3 + ((d >> 31) | (-d >>> 31))]!;
    }
  }
  const ex = tb.extremes;
  for (let i = 0; i < ex.length; i += 3) {
    // "Most" of x (flip 0) or of -x (flip -1: "fewest"): the seat strictly above every other, if any.
    const a = ex[i]!;
    const flip = ex[i + 1]!;
    let best = (Q[a]! ^ flip) - flip;
    let who = 0;
    let tie = 0;
    for (let q = 1; q < P; q++) {
      const x = (Q[q * Qtab.Stride + a]! ^ flip) - flip;
      const above = (best - x) >>> 31;
      tie = isZero(x - best) | (tie & (above ^ 1));
      who += (q - who) & -above;
      best += (x - best) & -above;
    }
    sb[who]! |= ex[i + 2]! & (tie - 1);
  }
  const cp = tb.compounds;
  for (let i = 0; i < cp.length; i += 3) {
    const bit = 1 << cp[i]!;
    const leaves = cp[i + 2]!;
    const all = cp[i + 1] === 1;
    for (let q = 0; q < P; q++) {
      const hit = sb[q]! & leaves;
      sb[q]! |= bit & -(all ? isZero(hit ^ leaves) : isZero(hit) ^ 1);
    }
  }
  const trees = tb.trees;
  for (let i = 0; i < trees.length; i++) {
    const m = trees[i]!;
    const seats = nodeSeats(tb, tb.treePc[m]!, P);
    for (let q = 0; q < P; q++) sb[q]! |= ((seats >> q) & 1) << m;
  }
  let others = 0;
  for (let q = 0; q < P; q++) others |= sb[q]! & (isZero(q - me) - 1);
  return sb[me]! & ~others & ~closed & ((1 << M) - 1);
}
