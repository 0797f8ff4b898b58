/**
 * The Powers variant's fields of Nine Lives' observation tensor
 * (`../shared/rules/nine-lives-powers.md`; README.md, "Observation
 * tensor"), from the observation's section-10 view: the card planes read
 * from `place` (where this seat knows each card is), the trick by slot
 * (both laps of a `double_trick`), the powers on the rows and those used in
 * this trick, the pending choice and the public scalars `pw` of `powers.ts`.
 * Seats are relative to the observer, as everywhere in the tensor.
 */
import { type NineLivesObservation, UNSEEN, UNSEEN_VALUE } from './observation.js';
import {
  C_CAROUSEL,
  C_NONE,
  PW_BLIND,
  PW_BOOST,
  PW_CAR_DIR,
  PW_CAR_G,
  PW_CHOICE,
  PW_DOUBLE,
  PW_EVN,
  PW_LAPS,
  PW_LEAD,
  PW_LIMITLESS,
  PW_NERF,
  PW_NOLEAD,
  PW_PARITY,
  PW_PTRICK,
  PW_RANK,
  PW_ROWS,
  PW_SHUFALL,
  PW_SIZE,
  PW_STAGE,
  PW_USED,
  PW_USER,
  PW_WINNER,
  RANK_CODES,
  SIZE_CODES,
  PARITY_CODES,
  STAGE_NONE,
} from './powers.js';
import { NUM_POWERS } from './powers-list.js';
import { isWild } from './rules.js';
import { Phase, ROW_CAPACITY, W_DECK, W_DISCARD, W_GIVING, W_HAND, W_OUT, W_PROMISE, W_ROW } from './state.js';
import { type LivesPlan, printedSuit, SLOT_ENTRY, suitIndex } from './tensor-plan.js';

/** Copies of one power counted in `rowPowers` and `otherRowPowers` before the entry reaches 1. */
const ROW_COPIES = 3;
/** Uses of one power in a trick counted in `trickPowers` before the entry reaches 1. */
const TRICK_USES = 2;

/** Adds `step` to `into[i]`, keeping it at most 1 (a clipped count). */
function bump(into: Float32Array, i: number, step: number): void {
  into[i] = Math.min(1, into[i]! + step);
}

/** The card planes (a partition of the game's cards by where this seat knows them to be; section 10). */
function writePlanes(o: NineLivesObservation, plan: LivesPlan, into: Float32Array): void {
  const { dims: d, at } = plan;
  const P = d.P;
  const me = o.seat;
  for (let x = 0; x < d.S; x++) {
    const first = printedSuit(d, x) * 9;
    for (let n = 0; n < 9; n++) {
      const i = x * 9 + n;
      const v = o.place[first + n]!;
      if (v === W_OUT || v === W_DECK) continue;
      if (v === W_HAND + me) into[at.hand! + i] = 1;
      else if (v === UNSEEN) into[at.unseen! + i] = 1;
      else if (v >= W_HAND && v < W_HAND + P) into[at.known! + i] = 1;
      else if (v >= W_ROW && v < W_ROW + P) into[at.row! + i] = 1;
      else if (v === W_DISCARD) into[at.discard! + i] = 1;
      else if (v === W_PROMISE + me || v === W_GIVING + me) into[at.aside! + i] = 1;
      else into[at.gone! + i] = 1; // leftover, spent, played face up, my face-down plays, bids
    }
  }
}

/** The trick by slot (section 4): per lap and seat offset, the card it holds as far as this seat sees it. */
function writeSlots(o: NineLivesObservation, plan: LivesPlan, into: Float32Array): void {
  const { dims: d, at } = plan;
  const { P, S } = d;
  const me = o.seat;
  const len = Math.min(o.trickLen, 2 * P);
  for (let i = 0; i < len; i++) {
    const q = (o.keeper + i) % P; // the seat of slot i (both laps start at the Kittykeeper)
    const lap = i >= P ? 1 : 0;
    const base = at.slots! + (lap * P + ((q - me + P) % P)) * (S + SLOT_ENTRY);
    into[base] = 1;
    into[base + 1] = o.slotDown[i]!;
    const c = o.slotCard[i]!;
    if (c < 0) {
      into[base + 2] = 1;
      continue;
    }
    const x = suitIndex(d, o.slotSuit[i]!);
    if (x >= 0) into[base + 3 + x] = 1;
    const n = o.slotNum[i]!;
    if (n > 0) into[base + 3 + S] = n / 9;
    into[base + 4 + S] = isWild(o.blackCat, c) ? 1 : 0;
  }
}

/** The powers on the rows (mine apart: I may spend them) and those used in this trick. */
function writePowerCounts(o: NineLivesObservation, plan: LivesPlan, into: Float32Array): void {
  const { dims: d, at } = plan;
  for (let q = 0; q < d.P; q++) {
    const field = q === o.seat ? at.rowPowers! : at.otherRowPowers!;
    for (let i = 0; i < o.rowLen[q]!; i++) {
      const k = o.powerOf[o.rowCards[q * ROW_CAPACITY + i]!]!;
      if (k >= 0) bump(into, field + k, 1 / ROW_COPIES);
    }
  }
  for (let e = 0; e < o.pw[PW_EVN]!; e++) {
    const k = o.evKey[e]!;
    if (k >= 0 && k < NUM_POWERS) bump(into, at.trickPowers! + k, 1 / TRICK_USES);
  }
}

/**
 * Writes the Powers fields of `o` (the buffer is already zero): the planes,
 * the slots, the power counts, the pending choice, the seats in the
 * trick's machinery, and the rules in force this trick.
 */
export function writePowers(o: NineLivesObservation, plan: LivesPlan, into: Float32Array): void {
  const { dims: d, at } = plan;
  const P = d.P;
  const me = o.seat;
  const pw = o.pw;
  writePlanes(o, plan, into);
  writeSlots(o, plan, into);
  writePowerCounts(o, plan, into);
  const deciding = o.phase === Phase.Play || o.phase === Phase.Choice;
  const choice = o.phase === Phase.Choice ? pw[PW_CHOICE]! : C_NONE;
  into[at.choice! + choice] = 1;
  if (deciding && pw[PW_USER]! >= 0) into[at.user! + ((pw[PW_USER]! - me + P) % P)] = 1;
  if (deciding && pw[PW_STAGE]! > STAGE_NONE && pw[PW_WINNER]! >= 0) into[at.winner! + ((pw[PW_WINNER]! - me + P) % P)] = 1;
  if (deciding) {
    const r = at.trickRules!;
    into[r] = pw[PW_LEAD] === UNSEEN_VALUE ? 1 : 0;
    into[r + 1] = pw[PW_USED]! > 0 ? 1 : 0;
    into[r + 2] = pw[PW_LIMITLESS]! > 0 ? 1 : 0;
    into[r + 3] = pw[PW_NOLEAD]! > 0 ? 1 : 0;
    into[r + 4] = pw[PW_SHUFALL]! > 0 ? 1 : 0;
    into[r + 5] = pw[PW_BLIND]! > 0 ? 1 : 0;
    into[r + 6] = pw[PW_BOOST]! > 0 ? 1 : 0;
    into[r + 7] = pw[PW_NERF]! > 0 ? 1 : 0;
    into[r + 8] = pw[PW_DOUBLE]! > 0 ? 1 : 0;
    into[r + 9] = pw[PW_LAPS] === 2 ? 1 : 0;
    into[r + 10] = pw[PW_PTRICK]! > 0 ? 1 : 0;
    into[at.size! + Math.min(SIZE_CODES - 1, Math.max(0, pw[PW_SIZE]!))] = 1;
    into[at.parity! + Math.min(PARITY_CODES - 1, Math.max(0, pw[PW_PARITY]!))] = 1;
    into[at.rank! + Math.min(RANK_CODES - 1, Math.max(0, pw[PW_RANK]!))] = 1;
  }
  for (let q = 0; q < P; q++) {
    const r = (q - me + P) % P;
    into[at.promiseCount! + r] = Math.min(1, o.promiseCount[q]!);
    into[at.giveCount! + r] = Math.min(1, o.giveCount[q]! / 2);
  }
  if (deciding) into[at.rowsLeft!] = Math.min(1, Math.max(0, pw[PW_ROWS]!) / 2);
  if (choice === C_CAROUSEL) {
    into[at.carousel!] = Math.sign(pw[PW_CAR_DIR]!);
    into[at.carousel! + 1] = Math.min(1, Math.max(0, pw[PW_CAR_G]!) / 2);
  }
}
