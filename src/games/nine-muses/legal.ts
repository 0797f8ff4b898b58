/**
 * The legal actions of Nine Muses (`legalActions`, and `legalCount` /
 * `legalAt` without listing them), worked out once per state version by
 * `prepare` from the fast condition evaluator (`conditions.ts`) and the
 * payable-options table (`tables.ts`), and kept for `apply` to check a call
 * against (`callableNow`). Moved out of `rules.ts` so that it reads like its
 * rule file.
 */
import { lowestBit } from '../../core/bits.js';
import { callId, demonstrateId, exchangeId, stealId, toilId } from './actions.js';
import { MAX_MUSES, MAX_OPTIONS, MAX_PHILOSOPHER_TYPES } from './cards.js';
import { callableMuses } from './conditions.js';
import { type NineMusesState, Phase } from './state.js';
import { NTH4 } from './tables.js';

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

/**
 * The Muses `me` may call in `s` (a mask, bit m), for `apply`: what
 * `legalCount` just worked out for this very position when the cache holds
 * it (the harness applies right after it), else evaluated afresh.
 */
export function callableNow(s: NineMusesState, me: number): number {
  return cacheState === s && cacheVersion === s.version && s.phase === Phase.Play ? callableMask : callableMuses(s, me);
}
