/**
 * The Powers variant's play options (`powers.ts`, section 4.4): following,
 * MATCH, SIZE and PARITY narrowing a seat's hand to its legal plays, and
 * which plays skip the chain (forced, random, wildcard).
 */
import { A_CROWN, A_PLAY, DECLARABLE } from './actions.js';
import { FIRST_CROWN, NUM_CARDS, numberOf, suitOf } from './cards.js';
import { K_MATCH_HIGHEST, K_MATCH_LOWEST } from './powers-list.js';
import type { NineLivesState } from './state.js';
import {
  F_NEWLEAD,
  F_WILD,
  PARITY_EVEN,
  PARITY_ODD,
  PW_EVN,
  PW_LEAD,
  PW_LEADSLOT,
  PW_NOLEAD,
  PW_PARITY,
  PW_SIZE,
  SIZE_ANY,
  SIZE_HIGH,
  SIZE_LOW,
} from './powers-scalars.js';
import { HANDBUF, handList, isCrown, plainSuits } from './powers-cards.js';
import { forcedPlay, promiseOf, randomPlay } from './powers-turn.js';

/**
 * Section 4.3: does following bind a play in `slot` with the turn flags
 * `flags`? Not the trick's first, not a `new_lead` play, not under `no_lead`,
 * not while the card that set the leading suit is face down, not random or
 * forced plays (the callers leave those out).
 */
export function followBinds(s: NineLivesState, slot: number, flags: number): boolean {
  if (slot === 0 || s.pw[PW_LEAD]! < 0) return false;
  if ((flags & F_NEWLEAD) !== 0 || s.pw[PW_NOLEAD] === 1) return false;
  const ls = s.pw[PW_LEADSLOT]!;
  if (ls >= 0 && s.slotDown[ls] === 1) return false;
  return true;
}

/** The MATCH in force for seat q (section 4.4.3): an event index, or -1. The latest used with a played face-up card decides. */
function matchFor(s: NineLivesState, q: number): number {
  for (let i = s.pw[PW_EVN]! - 1; i >= 0; i--) {
    const k = s.evKey[i]!;
    if (k !== K_MATCH_LOWEST && k !== K_MATCH_HIGHEST) continue;
    if (s.evSlot[i]! < 0 || s.evVal[i]! < 0) continue; // not played yet, or face down: overrides nothing
    return s.evSeat[i] === q ? -1 : i;
  }
  return -1;
}

export const sizeOk = (size: number, n: number): boolean => (size === SIZE_HIGH ? n >= 6 : size === SIZE_LOW ? n <= 4 : true);
export const parityOk = (parity: number, n: number): boolean => (parity === PARITY_ODD ? n % 2 === 1 : parity === PARITY_EVEN ? n % 2 === 0 : true);

/**
 * Section 4.4: the legal plays of seat q for slot `slot` (turn flags
 * `flags`), judged without card `except` (`force_takeback`), written
 * ascending as play / crown action ids into `into` from `n`; returns the new count.
 */
function chainPlays(s: NineLivesState, q: number, slot: number, flags: number, except: number, into: Int32Array, n: number): number {
  const h = handList(s, q, except);
  if (h === 0) return n;
  const lead = s.pw[PW_LEAD]!;
  const binds = followBinds(s, slot, flags);
  let holdsLead = false;
  if (binds) for (let i = 0; i < h; i++) if (!isCrown(s, HANDBUF[i]!) && suitOf(HANDBUF[i]!) === lead) holdsLead = true;
  // Step 2 then 3: keep[i] = 1 for the candidates.
  const keep = KEEP;
  for (let i = 0; i < h; i++) {
    const c = HANDBUF[i]!;
    keep[i] = !holdsLead || isCrown(s, c) || suitOf(c) === lead ? 1 : 0;
  }
  const m = matchFor(s, q);
  if (m >= 0) {
    const S = s.evVal[m]!;
    let pick = -1;
    for (let i = 0; i < h; i++) {
      const c = HANDBUF[i]!;
      if (isCrown(s, c) || suitOf(c) !== S) continue;
      if (pick < 0 || (s.evKey[m] === K_MATCH_LOWEST ? c < pick : c > pick)) pick = c;
    }
    for (let i = 0; i < h; i++) {
      const c = HANDBUF[i]!;
      if (!isCrown(s, c) && suitOf(c) === S && c !== pick) keep[i] = 0;
    }
  }
  // Steps 4 and 5, each only if it leaves a card.
  for (let step = 0; step < 2; step++) {
    const mode = step === 0 ? s.pw[PW_SIZE]! : s.pw[PW_PARITY]!;
    if (mode === SIZE_ANY) continue; // PARITY_ANY too
    let any = false;
    for (let i = 0; i < h; i++) if (keep[i] === 1 && (step === 0 ? sizeOk(mode, numberOf(HANDBUF[i]!)) : parityOk(mode, numberOf(HANDBUF[i]!)))) any = true;
    if (!any) continue;
    for (let i = 0; i < h; i++) if (keep[i] === 1 && !(step === 0 ? sizeOk(mode, numberOf(HANDBUF[i]!)) : parityOk(mode, numberOf(HANDBUF[i]!)))) keep[i] = 0;
  }
  for (let i = 0; i < h; i++) if (keep[i] === 1 && !isCrown(s, HANDBUF[i]!)) into[n++] = A_PLAY + HANDBUF[i]!;
  const decl = plainSuits(s);
  for (let i = 0; i < h; i++) {
    const c = HANDBUF[i]!;
    if (keep[i] !== 1 || !isCrown(s, c)) continue;
    const base = A_CROWN + (c - FIRST_CROWN) * DECLARABLE;
    if (holdsLead) into[n++] = base + lead;
    else for (let d = 0; d < decl; d++) into[n++] = base + d;
  }
  return n;
}
const KEEP = new Uint8Array(NUM_CARDS);

/** The play options of seat q's turn or replay (section 4.4; random and forced plays skip the chain). */
export function playOptions(s: NineLivesState, q: number, slot: number, flags: number, except: number, into: Int32Array, n: number): number {
  if (forcedPlay(s, q) && except < 0) {
    const c = promiseOf(s, q);
    if ((flags & F_WILD) !== 0 || !isCrown(s, c)) into[n++] = A_PLAY + c;
    else for (let d = 0; d < plainSuits(s); d++) into[n++] = A_CROWN + (c - FIRST_CROWN) * DECLARABLE + d;
    return n;
  }
  if (randomPlay(s, flags)) return n; // A_GOPLAY, written last by the caller
  if ((flags & F_WILD) !== 0) {
    const h = handList(s, q, except);
    for (let i = 0; i < h; i++) into[n++] = A_PLAY + HANDBUF[i]!;
    return n;
  }
  return chainPlays(s, q, slot, flags, except, into, n);
}

/** True when the play of slot `slot` is random now (so its decision is `A_GOPLAY`). */
export function playsRandom(s: NineLivesState, q: number, flags: number, except: number): boolean {
  return !(forcedPlay(s, q) && except < 0) && randomPlay(s, flags);
}
