/**
 * The Powers variant's round and turn (`powers.ts`): the rows at the reveal
 * of the bids, a fresh trick, whose turn or choice it is, and what kind of
 * play the seat in turn makes (forced, random, or may it spend first).
 */
import { NUM_CARDS } from './cards.js';
import { type NineLivesState, Phase, ROW_CAPACITY, W_PROMISE } from './state.js';
import {
  C_NONE,
  F_RANDOM,
  PW_CARD,
  PW_CHOICE,
  PW_DECLSLOT,
  PW_LAPS,
  PW_LEAD,
  PW_LEADSLOT,
  PW_LIMITLESS,
  PW_PTRICK,
  PW_REPLAY,
  PW_SHUFALL,
  PW_SPENT,
  PW_SWAPCARD,
  PW_TAKEN,
  PW_TFLAGS,
  PW_TSWAPS,
  PW_USED,
  PW_USER,
  PW_WINNER,
} from './powers-scalars.js';
import { rowPush, slotSeat } from './powers-cards.js';

/** Section 2.1, at the reveal of the bids: each bid card starts its owner's row; the first trick begins. */
export function startRows(s: NineLivesState): void {
  for (let q = 0; q < s.players; q++) {
    s.rowLen[q] = 0;
    rowPush(s, q, s.bid[q]!);
  }
  clearTrick(s);
  s.pw[PW_PTRICK] = 0;
  beginTurn(s);
}

/** Resets the per-round Powers state (a new deal). */
export function resetPowersRound(s: NineLivesState): void {
  s.rowCards.fill(-1);
  s.rowLen.fill(0);
  s.pvoids.fill(0);
  s.known.fill(0);
  s.queueLen = 0;
  clearTrick(s);
  s.pw[PW_PTRICK] = 0;
}

export function clearTrick(s: NineLivesState): void {
  s.slotCard.fill(-1);
  s.slotSuit.fill(-1);
  s.slotNum.fill(-1);
  s.slotDown.fill(0);
  s.slotVoid.fill(-1);
  s.slotFlags.fill(0);
  s.slotBy.fill(-1);
  s.evKey.fill(0);
  s.evSeat.fill(0);
  s.evSlot.fill(0);
  s.evVal.fill(0);
  const pt = s.pw[PW_PTRICK]!;
  s.pw.fill(0);
  s.pw[PW_PTRICK] = pt;
  s.pw[PW_LEAD] = -1;
  s.pw[PW_LEADSLOT] = -1;
  s.pw[PW_LAPS] = 1;
  s.pw[PW_REPLAY] = -1;
  s.pw[PW_TAKEN] = -1;
  s.pw[PW_DECLSLOT] = -1;
  s.pw[PW_SPENT] = -1;
  s.pw[PW_CARD] = -1;
  s.pw[PW_WINNER] = -1;
  s.pw[PW_SWAPCARD] = -1;
  s.trickLen = 0;
}

/** The next slot's seat takes its turn (section 3.2). */
export function beginTurn(s: NineLivesState): void {
  const seat = slotSeat(s, s.trickLen);
  s.pw[PW_TFLAGS] = 0;
  s.pw[PW_TSWAPS] = 0;
  s.pw[PW_USER] = seat;
  s.pw[PW_CHOICE] = C_NONE;
  s.turn = seat;
  s.phase = Phase.Play;
}

/** Back to the user's turn after a power and all it set off. */
export function resumeUser(s: NineLivesState): void {
  s.pw[PW_CHOICE] = C_NONE;
  s.turn = s.pw[PW_USER]!;
  s.phase = Phase.Play;
}

export function choose(s: NineLivesState, seat: number, kind: number): void {
  s.pw[PW_CHOICE] = kind;
  s.turn = seat;
  s.phase = Phase.Choice;
}

/** The promise of seat q, -1 for none. */
export function promiseOf(s: NineLivesState, q: number): number {
  const w = W_PROMISE + q;
  for (let c = 0; c < NUM_CARDS; c++) if (s.where[c] === w) return c;
  return -1;
}

/** True when seat q plays its promise now (the promise trick; section 7, `end_promise`). */
export const forcedPlay = (s: NineLivesState, q: number): boolean => s.pw[PW_PTRICK] === 1 && promiseOf(s, q) >= 0;

/** True when seat q's play in the current turn is drawn at random (`shuffle_hand`, `shuffle_hand_all`). */
export const randomPlay = (s: NineLivesState, flags: number): boolean => (flags & F_RANDOM) !== 0 || s.pw[PW_SHUFALL] === 1;

/** True when seat q may spend a row card now (section 3.1: one power a trick unless `limitless_power`). */
export function maySpend(s: NineLivesState, q: number): boolean {
  if (s.pw[PW_USED]! > 0 && s.pw[PW_LIMITLESS] === 0) return false;
  const base = q * ROW_CAPACITY;
  for (let i = 0; i < s.rowLen[q]!; i++) if (s.powerOf[s.rowCards[base + i]!]! >= 0) return true;
  return false;
}
