/**
 * The Powers variant's plays (`powers.ts`, section 4): a chosen or random
 * card to its slot, its declarations, what the play sets (lead, shown void,
 * powers read from the card), `swap_hand`'s swaps, then the next turn or the
 * trick's end.
 */
import { type RecordAction, RuleError } from '../../core/index.js';
import { A_CROWN, A_PLAY, DECLARABLE } from './actions.js';
import { cardName, FIRST_CROWN, NUM_CARDS, NUM_SUITS, numberOf, SUIT_CODES, suitOf } from './cards.js';
import { K_MATCH_HIGHEST, K_MATCH_LOWEST, K_NEW_TRUMP } from './powers-list.js';
import { type NineLivesState, W_DOWN, W_HAND, W_PLAYED } from './state.js';
import {
  C_DECL_SUIT,
  C_SWAP,
  F_NEWLEAD,
  F_RANDOM,
  F_WILD,
  PW_BLIND,
  PW_BOUND,
  PW_DECLSLOT,
  PW_DOUBLE,
  PW_EVN,
  PW_FREE,
  PW_LAPS,
  PW_LEAD,
  PW_LEADSLOT,
  PW_MUSTLEAD,
  PW_REPLAY,
  PW_STAGE,
  STAGE_TURN_UP,
  PW_SWAPCARD,
  PW_TAKEN,
  PW_TSWAPS,
} from './powers-scalars.js';
import { HANDBUF, handList, isCrown, leaveHand, record, showVoid, slotSeat } from './powers-cards.js';
import { beginTurn, choose, forcedPlay, resumeUser } from './powers-turn.js';
import { followBinds } from './powers-chain.js';
import { continueEnd } from './powers-end.js';

/** A chosen play action (section 4): the card goes to its slot, then its declarations if any. */
export function choosePlay(s: NineLivesState, q: number, slot: number, flags: number, a: number, replay: boolean): void {
  let c: number;
  let x = -1;
  if (a < A_CROWN) c = a - A_PLAY;
  else {
    c = FIRST_CROWN + (((a - A_CROWN) / DECLARABLE) | 0);
    x = (a - A_CROWN) % DECLARABLE;
  }
  const forced = forcedPlay(s, q) && !replay;
  const binds = !forced && followBinds(s, slot, flags);
  const lead = s.pw[PW_LEAD]!;
  let mustLead = false;
  if (binds && (flags & F_WILD) !== 0) {
    for (let d = 0; d < NUM_CARDS; d++) if (s.where[d] === W_HAND + q && !isCrown(s, d) && suitOf(d) === lead && d !== s.pw[PW_TAKEN]) mustLead = true;
  }
  placeCard(s, q, slot, c, flags, replay, forced);
  s.pw[PW_BOUND] = binds ? 1 : 0;
  s.pw[PW_FREE] = forced ? 1 : 0;
  s.pw[PW_MUSTLEAD] = mustLead ? 1 : 0;
  if ((flags & F_WILD) !== 0 || (isCrown(s, c) && x < 0)) {
    s.pw[PW_DECLSLOT] = slot;
    choose(s, q, C_DECL_SUIT);
    return;
  }
  finishPlay(s, slot, x >= 0 ? x : suitOf(c), numberOf(c));
}

/**
 * A random play (`shuffle_hand`, `shuffle_hand_all`): the card is drawn
 * uniformly from the hand read in card-id order (`int(n)`; section 11),
 * recorded as `chance`, then declared freely if it needs a declaration.
 */
export function drawPlay(s: NineLivesState, q: number, slot: number, flags: number, except: number, replay: boolean): void {
  const h = handList(s, q, except);
  if (h === 0) throw new RuleError(`nine-lives: seat ${q} has no card to draw`);
  const c = HANDBUF[s.rng.int(h)]!;
  if (s.recorder) record(s, { seat: q, type: 'chance', key: (flags & F_RANDOM) !== 0 ? 'shuffle_hand' : 'shuffle_hand_all', card: cardName(c) });
  placeCard(s, q, slot, c, flags, replay, false);
  s.pw[PW_BOUND] = 0;
  s.pw[PW_FREE] = 1;
  s.pw[PW_MUSTLEAD] = 0;
  if ((flags & F_WILD) !== 0 || isCrown(s, c)) {
    s.pw[PW_DECLSLOT] = slot;
    choose(s, q, C_DECL_SUIT);
    return;
  }
  finishPlay(s, slot, suitOf(c), numberOf(c));
}

/** Moves card c from q's hand (or promise) into `slot`, face down under `blind_play`. */
function placeCard(s: NineLivesState, q: number, slot: number, c: number, flags: number, replay: boolean, forced: boolean): void {
  if (forced) s.where[c] = W_PLAYED;
  else leaveHand(s, q, c);
  const down = s.pw[PW_BLIND] === 1;
  s.where[c] = down ? W_DOWN : W_PLAYED;
  s.slotCard[slot] = c;
  s.slotSuit[slot] = -1;
  s.slotNum[slot] = -1;
  s.slotDown[slot] = down ? 1 : 0;
  s.slotVoid[slot] = -1;
  s.slotBy[slot] = q;
  if (!replay) {
    s.slotFlags[slot] = flags;
    s.trickLen = slot + 1;
  }
}

/** The play of `slot` is complete (section 4): lead, shown void, powers read from the card, record, then swaps or the next play. */
export function finishPlay(s: NineLivesState, slot: number, x: number, num: number): void {
  const q = slotSeat(s, slot);
  const c = s.slotCard[slot]!;
  const flags = s.slotFlags[slot]!;
  const replay = s.pw[PW_REPLAY] === slot;
  s.slotSuit[slot] = x;
  s.slotNum[slot] = num;
  const lead = s.pw[PW_LEAD]!;
  const taken = s.pw[PW_TAKEN]!;
  // A replay judged without its lead card does not show a void (ruling).
  const showable = !(replay && taken >= 0 && !isCrown(s, taken) && suitOf(taken) === lead);
  if (s.pw[PW_BOUND] === 1 && lead >= 0 && x !== lead && showable) {
    if (s.slotDown[slot] === 1) s.slotVoid[slot] = q * NUM_SUITS + lead;
    else showVoid(s, q, lead);
  }
  if ((!replay && (slot === 0 || (flags & F_NEWLEAD) !== 0)) || (replay && slot === s.pw[PW_LEADSLOT])) {
    s.pw[PW_LEAD] = x;
    s.pw[PW_LEADSLOT] = slot;
  }
  const evn = s.pw[PW_EVN]!;
  for (let i = 0; i < evn; i++) {
    const k = s.evKey[i]!;
    if (k !== K_NEW_TRUMP && k !== K_MATCH_LOWEST && k !== K_MATCH_HIGHEST) continue;
    if (replay ? s.evSlot[i] !== slot : s.evSeat[i] !== q || s.evSlot[i] !== -1) continue;
    s.evSlot[i] = slot;
    s.evVal[i] = k === K_NEW_TRUMP ? x : s.slotDown[slot] === 1 ? -1 : x;
  }
  if (s.recorder) {
    const e: Record<string, unknown> = { seat: q, type: replay ? 'replay' : 'play', card: cardName(c) };
    if ((flags & F_WILD) !== 0 || isCrown(s, c)) e.as = SUIT_CODES[x]!;
    if ((flags & F_WILD) !== 0) e.num = num;
    record(s, e as unknown as RecordAction);
  }
  s.pw[PW_DECLSLOT] = -1;
  if (replay) {
    s.pw[PW_REPLAY] = -1;
    s.pw[PW_TAKEN] = -1;
    resumeUser(s);
    return;
  }
  if (s.pw[PW_TSWAPS]! > 0) {
    s.pw[PW_SWAPCARD] = slot;
    nextSwap(s, q);
    return;
  }
  advance(s);
}

function nextSwap(s: NineLivesState, q: number): void {
  if (s.pw[PW_TSWAPS]! > 0 && s.trickLen > 1) {
    choose(s, q, C_SWAP);
    return;
  }
  s.pw[PW_TSWAPS] = 0;
  s.pw[PW_SWAPCARD] = -1;
  advance(s);
}

/** `swap_hand` (section 7.12): the user's card and the card of `other` trade slots, declarations going with them. */
export function swapHand(s: NineLivesState, q: number, other: number): void {
  const mine = s.pw[PW_SWAPCARD]!;
  if (s.recorder) record(s, { seat: q, type: 'swap', card: cardName(s.slotCard[other]!) });
  swapAt(s.slotCard, mine, other);
  swapAt(s.slotSuit, mine, other);
  swapAt(s.slotNum, mine, other);
  swapAt(s.slotVoid, mine, other);
  swapAt(s.slotBy, mine, other);
  const d = s.slotDown[mine]!;
  s.slotDown[mine] = s.slotDown[other]!;
  s.slotDown[other] = d;
  const ls = s.pw[PW_LEADSLOT]!;
  if (ls === mine) s.pw[PW_LEADSLOT] = other;
  else if (ls === other) s.pw[PW_LEADSLOT] = mine;
  s.pw[PW_SWAPCARD] = other; // the user's card moved: a further swap moves it again (12.10)
  s.pw[PW_TSWAPS]!--;
  nextSwap(s, q);
}

function swapAt(a: Int8Array, i: number, j: number): void {
  const v = a[i]!;
  a[i] = a[j]!;
  a[j] = v;
}

/** After a complete play: the next turn, the second lap of a `double_trick`, or the trick's end (section 5.1). */
function advance(s: NineLivesState): void {
  const P = s.players;
  if (s.trickLen < P * s.pw[PW_LAPS]!) {
    beginTurn(s);
    return;
  }
  if (s.pw[PW_LAPS] === 1 && s.pw[PW_DOUBLE] === 1 && s.handCount[0]! > 0) {
    s.pw[PW_LAPS] = 2;
    beginTurn(s);
    return;
  }
  s.pw[PW_STAGE] = STAGE_TURN_UP;
  continueEnd(s);
}
