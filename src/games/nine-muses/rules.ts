import { RuleError, shuffleInPlace, type Rng } from '../../core/index.js';
import { lowestBit } from '../../core/bits.js';
import { decodeId, demonstrateId, exchangeId, callId, toilId, stealId, Kind, type DecodedAction, NUM_ACTIONS } from './actions.js';
import {
  CondKind,
  MAX_MUSES,
  MAX_OPTIONS,
  MAX_PHILOSOPHER_TYPES,
  MIN_MUSES,
  Q_KNOWLEDGE,
  Q_MUSES,
  Q_VP,
  type CardSet,
  type CompiledCondition,
} from './cards.js';
import { Leaf, Node, NTH4, Qtab, VALUES, type FastTables } from './tables.js';
import { encodeAction, recordRoundStart } from './codec.js';
import {
  CENTER,
  clearCounters,
  HAND_SIZE,
  IN_DECK,
  type NineMusesState,
  NUM_KINDS,
  NUM_SOURCES,
  Phase,
  SRC_ARISTOTLE,
  SRC_EXCHANGE,
  SRC_MUSE,
  START_CRAFT,
  Then,
} from './state.js';

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
function fillQuantities(s: NineMusesState): void {
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
export function meets(s: NineMusesState, c: CompiledCondition, seat: number): boolean {
  fillQuantities(s);
  return meetsFilled(c, seat, s.players);
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

/** Seat s's Aristotle rate for Knowledge k: the card's base plus the lasting abilities of the Muses s holds. */
export function rate(s: NineMusesState, seat: number, k: number): number {
  let r = s.cards.rates[k]!;
  for (let m = 0; m < s.numMuses; m++) {
    if (s.museLoc[m] !== seat) continue;
    const muse = s.cards.muses[m]!;
    if (muse.rateKnowledge === k) r += muse.rateAdd;
  }
  return r;
}

/** True when some player other than `seat` holds Knowledge k. */
function opponentHas(s: NineMusesState, seat: number, k: number): boolean {
  for (let o = 0; o < s.players; o++) if (o !== seat && s.know[o * 3 + k]! > 0) return true;
  return false;
}

/** The seat that decides now (-1 once the game is over). */
export function currentSeat(s: NineMusesState): number {
  return s.phase === Phase.Over ? -1 : s.turn;
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
function musesAt(s: NineMusesState, loc: number): number {
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
function callableMuses(s: NineMusesState, me: number): number {
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

/*
 * The legal actions of one decision, worked out once by `prepare` and kept
 * here for the state and `version` they were computed for: `legalCount`
 * computes them, `legalAt` right after reads them (apply, deal and
 * determinize bump the version; clone into a state forgets its lists). In
 * the order `legalActions` lists them:
 * exchanges (each held type t, its payable options), calls (each held type,
 * each callable Muse), demonstrations (each held type, Knowledge k, count
 * 1..held), toils (each held type); or the seats one can steal from.
 */
let cacheState: NineMusesState | null = null;
let cacheVersion = -1;
/**
 * The held Philosopher types ascending (at most HAND_SIZE), each packed with
 * its `payable` entry: type t in bits 0-7, the payable options' mask in bits
 * 8-11, their count from bit 12.
 */
const HELD = new Int32Array(MAX_PHILOSOPHER_TYPES);
/** The callable Muses ascending, or (phase Steal) the seats one can steal from. */
const CALLABLE = new Int32Array(MAX_MUSES);
let held = 0;
let exchanges = 0;
let callable = 0;
let craft = 0;
let craftScience = 0;
let tokens = 0;
/** The callable Muses as a mask (bit m), for `apply` to check a call against. */
let callableMask = 0;

/** Works out the legal actions of `s` into the cache; returns their number. */
function prepare(s: NineMusesState): number {
  cacheState = s;
  cacheVersion = s.version;
  const me = s.turn;
  if (s.phase !== Phase.Play) {
    let n = 0;
    if (s.phase === Phase.Steal) {
      const k = s.stealType;
      for (let q = 0; q < s.players; q++) if (q !== me && s.know[q * 3 + k]! > 0) CALLABLE[n++] = q;
    }
    return n;
  }
  const tb = s.tables;
  const know = s.know;
  const k0 = know[me * 3]!;
  const k1 = know[me * 3 + 1]!;
  const k2 = know[me * 3 + 2]!;
  const d1 = tb.d1;
  const d2 = tb.d2;
  const size = tb.d0 * d1 * d2;
  const T = s.types;
  const off = me * T;
  const hand = s.hand;
  const pay = tb.payable;
  const heldTypes = HELD;
  let at = (Math.min(k0, tb.d0 - 1) * d1 + Math.min(k1, d1 - 1)) * d2 + Math.min(k2, d2 - 1);
  // Every type is written as a candidate; the count advances only for the held ones (no branch to mispredict).
  let h = 0;
  let e = 0;
  for (let t = 0; t < T; t++, at += size) {
    const has = -hand[off + t]! >>> 31;
    const p = pay[at]! & -has;
    heldTypes[h] = t | (p << 8);
    e += p >> 4;
    h += has;
  }
  let c = 0;
  const calls = callableMuses(s, me);
  const list = CALLABLE;
  callableMask = calls;
  for (let b = calls; b !== 0; b &= b - 1) list[c++] = lowestBit(b);
  held = h;
  exchanges = e;
  callable = c;
  craft = k0;
  craftScience = k0 + k1;
  tokens = k0 + k1 + k2;
  return e + h * (c + tokens + 1);
}

/**
 * Drops what the cache holds for `s` (`clone` into `s` calls it: a copy may
 * set its version back to one the cache was filled for).
 */
export function forgetLegal(s: NineMusesState): void {
  if (cacheState === s) cacheState = null;
}

/** The number of legal actions, as `legalActions` returns, without listing them. */
export function legalCount(s: NineMusesState): number {
  return prepare(s);
}

/** `legal[i]` after `legalActions(s, legal)`, decoded from the cache `legalCount` filled (0 <= i < legalCount(s)). */
export function legalAt(s: NineMusesState, i: number): number {
  if (cacheState !== s || cacheVersion !== s.version) prepare(s);
  if (s.phase !== Phase.Play) return stealId(CALLABLE[i]!);
  if (i < exchanges) {
    let j = 0;
    let x = HELD[0]!;
    while (i >= x >> 12) {
      i -= x >> 12;
      x = HELD[++j]!;
    }
    return exchangeId(x & 255, NTH4[((x >> 8) & 15) * MAX_OPTIONS + i]!);
  }
  i -= exchanges;
  const calls = held * callable;
  if (i < calls) {
    const j = (i / callable) | 0;
    return callId(HELD[j]! & 255, CALLABLE[i - j * callable]!);
  }
  i -= calls;
  const demos = held * tokens;
  if (i < demos) {
    const j = (i / tokens) | 0;
    const r = i - j * tokens;
    const t = HELD[j]! & 255;
    if (r < craft) return demonstrateId(t, 0, r + 1);
    if (r < craftScience) return demonstrateId(t, 1, r - craft + 1);
    return demonstrateId(t, 2, r - craftScience + 1);
  }
  return toilId(HELD[i - demos]! & 255);
}

/** Writes the legal actions ascending into `into`; returns the count. */
export function legalActions(s: NineMusesState, into: Int32Array): number {
  const n = prepare(s);
  // Tests set positions by hand between listing and applying: only legalCount's cache is trusted by apply.
  cacheState = null;
  if (s.phase !== Phase.Play) {
    for (let i = 0; i < n; i++) into[i] = stealId(CALLABLE[i]!);
    return n;
  }
  let w = 0;
  for (let j = 0; j < held; j++) {
    const t = HELD[j]! & 255;
    for (let m = (HELD[j]! >> 8) & 15; m !== 0; m &= m - 1) into[w++] = exchangeId(t, lowestBit(m));
  }
  for (let j = 0; j < held; j++) for (let r = 0; r < callable; r++) into[w++] = callId(HELD[j]! & 255, CALLABLE[r]!);
  const me = s.turn;
  for (let j = 0; j < held; j++) {
    const t = HELD[j]! & 255;
    for (let k = 0; k < 3; k++) {
      const have = s.know[me * 3 + k]!;
      for (let c = 1; c <= have; c++) into[w++] = demonstrateId(t, k, c);
    }
  }
  for (let j = 0; j < held; j++) into[w++] = toilId(HELD[j]! & 255);
  return w;
}

function canPay(s: NineMusesState, seat: number, pay: Int32Array): boolean {
  return s.know[seat * 3]! >= pay[0]! && s.know[seat * 3 + 1]! >= pay[1]! && s.know[seat * 3 + 2]! >= pay[2]!;
}

/**
 * Draws the top Philosopher for `seat`; when the deck is empty the discard pile
 * is first shuffled into a new deck ("Rounds and the end").
 * @throws RuleError when deck and discard pile are both empty (a card file too small; checkVariant prevents it).
 */
function draw(s: NineMusesState, seat: number): number {
  if (s.deckLen === 0) {
    let n = 0;
    for (let t = 0; t < s.types; t++) {
      for (let c = s.discard[t]!; c > 0; c--) s.deck[n++] = t;
      s.discard[t] = 0;
    }
    if (n === 0) throw new RuleError('nine-muses: no Philosopher left to deal');
    shuffleInPlace(s.deck, s.rng, n);
    s.deckLen = n;
    s.reshuffleSeat = seat;
  }
  return s.deck[--s.deckLen]!;
}

/** Scratch for the record of a deal: the types dealt to each seat, in order. */
const DEALT: number[][] = [[], [], [], []];

/** Deals 3 Philosophers to each player, one at a time from the first player clockwise. */
function dealPhilosophers(s: NineMusesState): void {
  const P = s.players;
  const T = s.types;
  if (s.recorder) for (const d of DEALT) d.length = 0;
  s.reshuffleSeat = -1;
  for (let i = 0; i < HAND_SIZE; i++) {
    for (let j = 0; j < P; j++) {
      const q = (s.first + j) % P;
      const t = draw(s, q);
      s.hand[q * T + t]!++;
      s.handCount[q]!++;
      if (s.recorder) DEALT[q]!.push(t);
    }
  }
}

/**
 * Starts a new game ("Setup"): shuffles both decks, fills the pool with the
 * supply, deals 5 Muses to the row and 3 Philosophers to each player, gives
 * each player 2 Craft; seat 0 starts.
 */
export function deal(s: NineMusesState, rng: Rng): void {
  const P = s.players;
  s.rng = rng;
  s.version++;
  clearCounters(s);
  s.vp.fill(0);
  s.roundStartVp.fill(0);
  s.hand.fill(0);
  s.handCount.fill(0);
  s.discard.fill(0);
  let n = 0;
  const phils = s.cards.philosophers;
  for (let t = 0; t < s.types; t++) for (let c = phils[t]!.count; c > 0; c--) s.deck[n++] = t;
  shuffleInPlace(s.deck, rng, n);
  s.deckLen = n;
  for (let m = 0; m < s.numMuses; m++) s.museOrder[m] = m;
  shuffleInPlace(s.museOrder, rng);
  s.museLoc.fill(IN_DECK);
  s.revealed = MIN_MUSES;
  for (let i = 0; i < MIN_MUSES; i++) s.museLoc[s.museOrder[i]!] = CENTER;
  s.pool.set(s.supply);
  s.know.fill(0);
  for (let q = 0; q < P; q++) {
    s.know[q * 3] = START_CRAFT;
    s.pool[0]! -= START_CRAFT;
  }
  s.round = 1;
  s.first = 0;
  s.turn = 0;
  s.winners = [];
  s.stealLeft.fill(0);
  dealPhilosophers(s);
  if (s.recorder) recordRoundStart(s, DEALT);
  beginTurn(s);
}

/** "A turn", 1. Collect: the Muses the turn player holds give their start-of-turn gains. */
function beginTurn(s: NineMusesState): void {
  const me = s.turn;
  const tb = s.tables;
  const mine = musesAt(s, me);
  const g = tb.startGain;
  let c = 0;
  let sc = 0;
  let e = 0;
  for (let b = mine & tb.startMask; b !== 0; b &= b - 1) {
    const m = lowestBit(b);
    c += g[m * 4]!;
    sc += g[m * 4 + 1]!;
    e += g[m * 4 + 2]!;
    const v = g[m * 4 + 3]!;
    s.vp[me]! += v;
    s.vpSource[me * NUM_SOURCES + SRC_MUSE]! += v;
    s.vpByMuse[m]! += v;
  }
  gain(s, c, sc, e, Then.Play);
}

/**
 * "Knowledge flow": the turn player gains (c, sc, e) tokens from the pool; what
 * the pool lacks is taken from opponents one token at a time (phase Steal),
 * as far as opponents hold any; then `then` follows.
 */
function gain(s: NineMusesState, c: number, sc: number, e: number, then: Then): void {
  const o = s.turn * 3;
  const pool = s.pool;
  const know = s.know;
  const left = s.stealLeft;
  // min(want, pool) without a branch (or a float compare): want + (the shortfall if negative).
  const d0 = pool[0]! - c;
  const d1 = pool[1]! - sc;
  const d2 = pool[2]! - e;
  const t0 = c + (d0 & (d0 >> 31));
  const t1 = sc + (d1 & (d1 >> 31));
  const t2 = e + (d2 & (d2 >> 31));
  pool[0]! -= t0;
  pool[1]! -= t1;
  pool[2]! -= t2;
  know[o]! += t0;
  know[o + 1]! += t1;
  know[o + 2]! += t2;
  left[0] = c - t0;
  left[1] = sc - t1;
  left[2] = e - t2;
  s.stealThen = then;
  advanceSteal(s);
}

/** Moves to the next steal decision, or on to `stealThen` when nothing more can be taken. */
function advanceSteal(s: NineMusesState): void {
  const me = s.turn;
  for (let k = 0; k < 3; k++) {
    if (s.stealLeft[k] === 0) continue;
    if (opponentHas(s, me, k)) {
      s.phase = Phase.Steal;
      s.stealType = k;
      return;
    }
    s.stealLeft[k] = 0;
  }
  if (s.stealThen === Then.Play) s.phase = Phase.Play;
  else endTurn(s);
}

/** The turn passes left; after the last card of the round the round ends ("Rounds and the end"). */
function endTurn(s: NineMusesState): void {
  let left = 0;
  for (let q = 0; q < s.players; q++) left += s.handCount[q]!;
  if (left === 0) {
    endRound(s);
    return;
  }
  s.turn = (s.turn + 1) % s.players;
  beginTurn(s);
}

/** Scores the round; the game ends after the round in which the last Muse was revealed, else a new round is dealt. */
function endRound(s: NineMusesState): void {
  const P = s.players;
  if (s.recorder) {
    const scores: number[] = [];
    for (let q = 0; q < P; q++) scores.push(s.vp[q]! - s.roundStartVp[q]!);
    s.recorder.endRound(scores, false);
  }
  if (s.revealed >= s.numMuses) {
    finish(s);
    return;
  }
  s.round++;
  s.roundStartVp.set(s.vp);
  s.first = (s.first + 1) % P;
  dealPhilosophers(s);
  s.museLoc[s.museOrder[s.revealed++]!] = CENTER;
  if (s.recorder) recordRoundStart(s, DEALT);
  s.turn = s.first;
  beginTurn(s);
}

function finish(s: NineMusesState): void {
  s.phase = Phase.Over;
  let best = -Infinity;
  for (let q = 0; q < s.players; q++) best = Math.max(best, s.vp[q]!);
  const w: number[] = [];
  for (let q = 0; q < s.players; q++) if (s.vp[q] === best) w.push(q);
  s.winners = w;
}

/**
 * Plays Philosopher type t from `me`'s hand to the discard pile: apply's
 * first change once a card action has passed its checks, so the version is
 * bumped here (an illegal action leaves the state as it was).
 */
function playCard(s: NineMusesState, me: number, t: number): void {
  s.version++;
  s.hand[me * s.types + t]!--;
  s.handCount[me]!--;
  s.discard[t]!++;
}

const D: DecodedAction = { kind: Kind.Toil, card: 0, arg: 0, count: 0 };

/**
 * Applies a legal action of the turn player, then every automatic step (turn
 * end, collect, round end, deal).
 * @throws RuleError when the action is not legal here (a bug in the caller).
 */
export function apply(s: NineMusesState, a: number): void {
  if (!(a >= 0 && a < NUM_ACTIONS) || (a | 0) !== a) illegal(s, a);
  // What legalCount worked out for this very position (the harness applies right after it).
  const fresh = cacheState === s && cacheVersion === s.version && s.phase === Phase.Play;
  if (s.recorder) s.recorder.action(encodeAction(s, a));
  const me = s.turn;
  const d = decodeId(a, D);
  if (s.phase === Phase.Steal) {
    const k = s.stealType;
    const q = d.arg;
    if (d.kind !== Kind.Steal || q === me || q >= s.players || s.know[q * 3 + k] === 0) illegal(s, a);
    s.version++;
    s.know[q * 3 + k]!--;
    s.know[me * 3 + k]!++;
    s.stealLeft[k]!--;
    s.actionMix[me * NUM_KINDS + Kind.Steal]!++;
    s.tokensLost[q]!++;
    advanceSteal(s);
    return;
  }
  if (s.phase !== Phase.Play || d.kind === Kind.Steal) illegal(s, a);
  const t = d.card;
  if (t >= s.types || s.hand[me * s.types + t] === 0) illegal(s, a);
  switch (d.kind) {
    case Kind.Exchange: {
      const opt = s.cards.philosophers[t]!.options[d.arg];
      if (!opt || !canPay(s, me, opt.pay)) illegal(s, a);
      const o = opt!;
      playCard(s, me, t);
      s.actionMix[me * NUM_KINDS + Kind.Exchange]!++;
      s.optionUse[(me * s.types + t) * MAX_OPTIONS + d.arg]!++;
      for (let k = 0; k < 3; k++) {
        s.know[me * 3 + k]! -= o.pay[k]!;
        s.pool[k]! += o.pay[k]!;
      }
      if (o.gain[3]! > 0) {
        s.vp[me]! += o.gain[3]!;
        s.vpSource[me * NUM_SOURCES + SRC_EXCHANGE]! += o.gain[3]!;
      }
      gain(s, o.gain[0]!, o.gain[1]!, o.gain[2]!, Then.EndTurn);
      return;
    }
    case Kind.Call: {
      const m = d.arg;
      if ((((fresh ? callableMask : callableMuses(s, me)) >> m) & 1) === 0) illegal(s, a);
      playCard(s, me, t);
      s.actionMix[me * NUM_KINDS + Kind.Call]!++;
      const from = s.museLoc[m]!;
      if (from === CENTER) {
        s.calledFromCenter[me]!++;
        s.callsByMuse[m]!++;
      } else {
        s.calledFromPlayer[me]!++;
        s.musesLost[from]!++;
        s.stealsByMuse[m]!++;
      }
      s.museLoc[m] = me;
      endTurn(s);
      return;
    }
    case Kind.Demonstrate: {
      const k = d.arg;
      const c = d.count;
      if (s.know[me * 3 + k]! < c) illegal(s, a);
      playCard(s, me, t);
      s.actionMix[me * NUM_KINDS + Kind.Demonstrate]!++;
      s.know[me * 3 + k]! -= c;
      s.pool[k]! += c;
      const base = s.cards.rates[k]!;
      s.vp[me]! += c * base;
      s.vpSource[me * NUM_SOURCES + SRC_ARISTOTLE + k]! += c * base;
      for (let b = musesAt(s, me) & s.tables.rateMuses[k]!; b !== 0; b &= b - 1) {
        const m = lowestBit(b);
        const muse = s.cards.muses[m]!;
        s.vp[me]! += c * muse.rateAdd;
        s.vpSource[me * NUM_SOURCES + SRC_MUSE]! += c * muse.rateAdd;
        s.vpByMuse[m]! += c * muse.rateAdd;
      }
      endTurn(s);
      return;
    }
    case Kind.Toil:
      playCard(s, me, t);
      s.actionMix[me * NUM_KINDS + Kind.Toil]!++;
      gain(s, 1, 0, 0, Then.EndTurn);
      return;
    default:
      break;
  }
  illegal(s, a);
}

function illegal(s: NineMusesState, a: number): never {
  throw new RuleError(`nine-muses: action ${a} is not legal in phase ${s.phase} for seat ${s.turn}`);
}

/**
 * An upper bound on decisions: each of the rounds x P x 3 turns has one card
 * play and at most one steal per token of the supply (a token taken in a turn
 * stays with the taker for the rest of the turn).
 */
export function maxDecisions(cards: CardSet, players: number): number {
  return cards.rounds * players * HAND_SIZE * (1 + 26);
}

export { NUM_ACTIONS };
