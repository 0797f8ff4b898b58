/**
 * The Powers variant (`../shared/rules/nine-lives-powers.md`): rows, spending
 * a row card to use its power, the 44 powers, the trick with powers and its
 * end. `rules.ts` hands every decision of a `powers=true` game to
 * `powersLegal` / `powersApply`; the base game never reaches this file.
 *
 * A turn is a chain of single-step decisions (section 3.2 allows steps): the
 * seat in `turn` decides in `Phase.Play` (spend a row card, or play) or in
 * `Phase.Choice` (the pending choice `pw[PW_CHOICE]`: a power's argument, a
 * declaration, another seat's carousel card or promise, a replay, and the
 * trick's end: steals, row cards, the next Kittykeeper). Every public scalar
 * lives in `pw` so that the observation copies it whole; hidden cards are
 * never in `pw`, only in `where` (hands, promises, cards being given, face-down
 * plays) and in the slots.
 */
import { RuleError, type RecordAction } from '../../core/index.js';
import { A_CARD, A_CROWN, A_GOPLAY, A_NUM, A_PLAY, A_SEAT, A_SLOT, A_SPEND, A_SUIT, DECLARABLE, NUM_ACTIONS_POWERS } from './actions.js';
import { cardName, CROWNS, FIRST_CROWN, NUM_CARDS, NUM_SUITS, numberOf, SUIT_CODES, suitOf } from './cards.js';
import {
  K_BLIND_PLAY,
  K_BOOST,
  K_CAROUSEL_LEFT,
  K_CAROUSEL_RIGHT,
  K_DOUBLE_TRICK,
  K_DRAW_NEW,
  K_END_PROMISE,
  K_FORCE_TAKEBACK,
  K_IGNORE_ABOVE_5,
  K_IGNORE_BELOW_5,
  K_LIMITLESS,
  K_MATCH_HIGHEST,
  K_MATCH_LOWEST,
  K_NERF,
  K_NEW_LEAD,
  K_NEW_TRUMP,
  K_NEW_TRUMP_BID,
  K_NO_IGNORE,
  K_NO_LEAD,
  K_NO_TRUMP,
  K_ORDER_FIRST,
  K_ORDER_LAST,
  K_PICK_START,
  K_PICK_START_COND,
  K_PLAY_ABOVE_5,
  K_PLAY_BELOW_5,
  K_PLAY_EVEN,
  K_PLAY_ODD,
  K_REVEAL_NUMBER,
  K_REVEAL_SUIT,
  K_REVERSE_ORDER,
  K_SAME_SUIT_IGNORE,
  K_SCORE_NONE,
  K_SCORE_TWICE,
  K_SHUFFLE_HAND,
  K_SHUFFLE_HAND_ALL,
  K_SHUFFLE_TRICK,
  K_STEAL,
  K_SWAP_HAND,
  K_SWAP_PLAYED,
  K_TRUMP_NUMBER_1,
  K_TRUMP_NUMBER_3,
  K_WILDCARD,
  NUM_POWERS,
  POWER_KEYS,
} from './powers-list.js';
import { MAX_SLOTS, type NineLivesState, Phase, W_BID, W_DISCARD, W_DOWN, W_GIVING, W_HAND, W_PLAYED, W_PROMISE, W_ROW, W_SPENT } from './state.js';

// ---- Indices of the public block `pw`. ----
/** The leading suit of the current trick (-1 before the lead). */
export const PW_LEAD = 0;
/** The slot whose card set the leading suit. */
export const PW_LEADSLOT = 1;
/** Powers used in this trick. */
export const PW_USED = 2;
/** 1: `limitless_power` was used in this trick. */
export const PW_LIMITLESS = 3;
/** 1: `no_lead` is in force. */
export const PW_NOLEAD = 4;
/** 1: `shuffle_hand_all` is in force. */
export const PW_SHUFALL = 5;
/** 1: `blind_play` is in force. */
export const PW_BLIND = 6;
/** SIZE: 0 none, 1 6-9, 2 1-4. */
export const PW_SIZE = 7;
/** PARITY: 0 none, 1 odd, 2 even. */
export const PW_PARITY = 8;
export const PW_BOOST = 9;
export const PW_NERF = 10;
/** 1: `double_trick` waits for the end of the first lap. */
export const PW_DOUBLE = 11;
/** Laps of this trick (1, or 2 after `double_trick`). */
export const PW_LAPS = 12;
/** RANK: 0 high, 1 low, 2 first, 3 last. */
export const PW_RANK = 13;
/** Powers recorded in `ev*` this trick. */
export const PW_EVN = 14;
/** The current turn's own powers (F_* bits). */
export const PW_TFLAGS = 15;
/** `swap_hand` swaps still to make after the current play. */
export const PW_TSWAPS = 16;
/** The pending choice (C_*; 0 none). */
export const PW_CHOICE = 17;
/** The seat whose turn it is (the power user while others decide). */
export const PW_USER = 18;
/** A public card of a pending choice: `draw_new`'s take, `steal_from_trick`'s slot. */
export const PW_CARD = 19;
/** The row card spent by a power whose arguments are pending. */
export const PW_SPENT = 20;
/** A carousel's direction (+1 left, -1 right) and cards per seat. */
export const PW_CAR_DIR = 21;
export const PW_CAR_G = 22;
/** Seats done in the current carousel or `end_promise`. */
export const PW_K = 23;
/** 1: this trick is the promise trick. */
export const PW_PTRICK = 24;
/** The winner of the trick being ended. */
export const PW_WINNER = 25;
/** The trick end: the next event index to scan for steals. */
export const PW_STEAL = 26;
/** Row cards still to place. */
export const PW_ROWS = 27;
/** The slot being replayed after `force_takeback` (-1 none). */
export const PW_REPLAY = 28;
/** The card taken back by `force_takeback` (judged as if not in hand), -1 none. */
export const PW_TAKEN = 29;
/** The slot whose card awaits its declaration. */
export const PW_DECLSLOT = 30;
/** A wildcard's declared suit while its number is chosen. */
export const PW_DECLSUIT = 31;
/** The stage of the trick end (0: not ending). */
export const PW_STAGE = 32;
/** The slot of the card the `swap_hand` user played (it moves with each swap). */
export const PW_SWAPCARD = 33;
/** 1: the play being made is bound to follow (for the shown void). */
export const PW_BOUND = 34;
/** 1: the declaration being made is free (a random or forced play). */
export const PW_FREE = 35;
/** 1: a wildcard declaration must be the leading suit. */
export const PW_MUSTLEAD = 36;
/** The seat whose hand the current `end_promise` starts from (the user). */
export const PW_KEEPER_BY = 37;

// Turn flags (PW_TFLAGS, slotFlags).
export const F_NEWLEAD = 1;
export const F_WILD = 2;
/** `shuffle_hand`: this play is drawn at random. */
export const F_RANDOM = 4;

// Pending choices.
export const C_SP_GIVE = 1;
export const C_SP_TARGET = 2;
export const C_DN_TAKE = 3;
export const C_DN_DROP = 4;
export const C_RV_SUIT = 5;
export const C_RV_NUM = 6;
export const C_DECL_SUIT = 7;
export const C_DECL_NUM = 8;
export const C_SWAP = 9;
export const C_CAROUSEL = 10;
export const C_ASIDE = 11;
export const C_REPLAY = 12;
export const C_STEAL_TAKE = 13;
export const C_STEAL_GIVE = 14;
export const C_ROW = 15;
export const C_KEEPER = 16;

/** The seat that plays slot `i` of the current trick (both laps start at the Kittykeeper). */
export const slotSeat = (s: NineLivesState, i: number): number => (s.keeper + i) % s.players;
/** True when `c` is a Black Cat crown. */
const isCrown = (s: NineLivesState, c: number): boolean => s.blackCat && c >= FIRST_CROWN;
/** Plain suits a crown or wildcard may be declared as: 0..P-1 (0..8 with nine players). */
const plainSuits = (s: NineLivesState): number => Math.min(s.players, s.blackCat ? DECLARABLE : NUM_SUITS);

// Scratch (one decision at a time).
const SCRATCH = new Int32Array(NUM_ACTIONS_POWERS);
const HANDBUF = new Int8Array(NUM_CARDS);

// ---------------------------------------------------------------- rows and bids

/**
 * The bid of seat q (section 2.3): the left-most card of its row that is not a
 * Black Cat crown, -1 for none. Also refreshes `bid[q]` and `tricksWon[q]`
 * (row length - 1 with a bid, section 2.4).
 */
export function refreshBid(s: NineLivesState, q: number): number {
  const base = q * 82;
  let b = -1;
  for (let i = 0; i < s.rowLen[q]! && b < 0; i++) if (!isCrown(s, s.rowCards[base + i]!)) b = s.rowCards[base + i]!;
  s.bid[q] = b;
  s.tricksWon[q] = s.rowLen[q]! - (b >= 0 ? 1 : 0);
  return b;
}

/** The suit of seat q's bid, -1 without a bid. */
export const bidSuit = (s: NineLivesState, q: number): number => (s.bid[q]! >= 0 ? suitOf(s.bid[q]!) : -1);

function rowPush(s: NineLivesState, q: number, c: number): void {
  s.rowCards[q * 82 + s.rowLen[q]!] = c;
  s.rowLen[q]!++;
  s.where[c] = W_ROW + q;
  refreshBid(s, q);
}

function rowRemove(s: NineLivesState, q: number, c: number): void {
  const base = q * 82;
  const n = s.rowLen[q]!;
  let i = 0;
  while (i < n && s.rowCards[base + i] !== c) i++;
  if (i === n) throw new RuleError(`nine-lives: card ${c} is not in seat ${q}'s row`);
  s.rowCards.copyWithin(base + i, base + i + 1, base + n);
  s.rowCards[base + n - 1] = -1;
  s.rowLen[q] = n - 1;
  refreshBid(s, q);
}

// ---------------------------------------------------------------- hands and what is seen

/** Takes `c` out of seat q's hand; nobody knows where it is any more (it goes somewhere the caller says). */
function leaveHand(s: NineLivesState, q: number, c: number): void {
  s.handCount[q]!--;
  if (!isCrown(s, c)) s.suitCount[q * NUM_SUITS + suitOf(c)]!--;
  for (let x = 0; x < s.players; x++) s.known[x * NUM_CARDS + c] = 0;
}

/**
 * Puts `c` into seat q's hand; `seen` is the bit set of observers who see it
 * arrive (section 10): they know it is there; every other observer forgets
 * the voids q has shown (it got a card they did not see).
 */
function enterHand(s: NineLivesState, q: number, c: number, seen: number): void {
  const P = s.players;
  s.where[c] = W_HAND + q;
  s.handCount[q]!++;
  const plain = !isCrown(s, c);
  if (plain) s.suitCount[q * NUM_SUITS + suitOf(c)]!++;
  for (let x = 0; x < P; x++) {
    if (x === q) continue;
    const v = (x * P + q) * NUM_SUITS;
    if ((seen & (1 << x)) !== 0) {
      s.known[x * NUM_CARDS + c] = 1;
      if (plain) s.pvoids[v + suitOf(c)] = 0;
    } else {
      s.known[x * NUM_CARDS + c] = 0;
      s.pvoids.fill(0, v, v + NUM_SUITS);
    }
  }
}

const everyone = (s: NineLivesState): number => (1 << s.players) - 1;

/** Every observer now knows that q holds no plain card of suit y. */
function showVoid(s: NineLivesState, q: number, y: number): void {
  const P = s.players;
  for (let x = 0; x < P; x++) s.pvoids[(x * P + q) * NUM_SUITS + y] = 1;
}

/** Writes q's hand cards (id order) into HANDBUF, leaving out `except`; returns how many. */
function handList(s: NineLivesState, q: number, except: number): number {
  let n = 0;
  const w = W_HAND + q;
  const where = s.where;
  const end = cardEnd(s);
  for (let c = 0; c < end; c++) if (where[c] === w && c !== except) HANDBUF[n++] = c;
  if (s.blackCat) for (let c = FIRST_CROWN; c < NUM_CARDS; c++) if (where[c] === w && c !== except) HANDBUF[n++] = c;
  return n;
}

/** One past the last plain card id of the game (its suits are 0..P-1; crowns are read apart with Black Cat). Measured: scanning only the game's cards halves the cost of listing plays. */
const cardEnd = (s: NineLivesState): number => s.players * 9;

function record(s: NineLivesState, e: RecordAction): void {
  s.recorder?.action(e);
}

// ---------------------------------------------------------------- the round

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

function clearTrick(s: NineLivesState): void {
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
function beginTurn(s: NineLivesState): void {
  const seat = slotSeat(s, s.trickLen);
  s.pw[PW_TFLAGS] = 0;
  s.pw[PW_TSWAPS] = 0;
  s.pw[PW_USER] = seat;
  s.pw[PW_CHOICE] = 0;
  s.turn = seat;
  s.phase = Phase.Play;
}

/** Back to the user's turn after a power and all it set off. */
function resumeUser(s: NineLivesState): void {
  s.pw[PW_CHOICE] = 0;
  s.turn = s.pw[PW_USER]!;
  s.phase = Phase.Play;
}

function choose(s: NineLivesState, seat: number, kind: number): void {
  s.pw[PW_CHOICE] = kind;
  s.turn = seat;
  s.phase = Phase.Choice;
}

/** The promise of seat q, -1 for none. */
function promiseOf(s: NineLivesState, q: number): number {
  const w = W_PROMISE + q;
  for (let c = 0; c < NUM_CARDS; c++) if (s.where[c] === w) return c;
  return -1;
}

/** True when seat q plays its promise now (the promise trick; section 7, `end_promise`). */
const forcedPlay = (s: NineLivesState, q: number): boolean => s.pw[PW_PTRICK] === 1 && promiseOf(s, q) >= 0;

/** True when seat q's play in the current turn is drawn at random (`shuffle_hand`, `shuffle_hand_all`). */
const randomPlay = (s: NineLivesState, flags: number): boolean => (flags & F_RANDOM) !== 0 || s.pw[PW_SHUFALL] === 1;

/** True when seat q may spend a row card now (section 3.1: one power a trick unless `limitless_power`). */
function maySpend(s: NineLivesState, q: number): boolean {
  if (s.pw[PW_USED]! > 0 && s.pw[PW_LIMITLESS] === 0) return false;
  const base = q * 82;
  for (let i = 0; i < s.rowLen[q]!; i++) if (s.powerOf[s.rowCards[base + i]!]! >= 0) return true;
  return false;
}

/**
 * Section 4.3: does following bind a play in `slot` with the turn flags
 * `flags`? Not the trick's first, not a `new_lead` play, not under `no_lead`,
 * not while the card that set the leading suit is face down, not random or
 * forced plays (the callers leave those out).
 */
function followBinds(s: NineLivesState, slot: number, flags: number): boolean {
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

const sizeOk = (size: number, n: number): boolean => (size === 1 ? n >= 6 : size === 2 ? n <= 4 : true);
const parityOk = (parity: number, n: number): boolean => (parity === 1 ? n % 2 === 1 : parity === 2 ? n % 2 === 0 : true);

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
    if (mode === 0) continue;
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
function playOptions(s: NineLivesState, q: number, slot: number, flags: number, except: number, into: Int32Array, n: number): number {
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
function playsRandom(s: NineLivesState, q: number, flags: number, except: number): boolean {
  return !(forcedPlay(s, q) && except < 0) && randomPlay(s, flags);
}

// ---------------------------------------------------------------- legal actions

/**
 * Writes the legal actions of a Powers game ascending into `into`; returns the count.
 * Source: sections 3 to 5 and 7 (see `actions.ts` for the ids).
 */
export function powersLegal(s: NineLivesState, into: Int32Array): number {
  const t = s.turn;
  let n = 0;
  if (s.phase === Phase.Over) return 0;
  if (s.phase === Phase.Bid) {
    const end = s.blackCat ? FIRST_CROWN : NUM_CARDS;
    for (let c = 0; c < end; c++) if (s.where[c] === W_HAND + t) into[n++] = c;
    return n;
  }
  if (s.phase === Phase.Play) {
    const flags = s.pw[PW_TFLAGS]!;
    n = playOptions(s, t, s.trickLen, flags, -1, into, n);
    if ((flags & F_RANDOM) === 0 && maySpend(s, t)) {
      // The row's powered cards, ascending by id.
      const base = t * 82;
      const len = s.rowLen[t]!;
      const first = n;
      for (let i = 0; i < len; i++) {
        const c = s.rowCards[base + i]!;
        if (s.powerOf[c]! < 0) continue;
        let j = n++;
        while (j > first && into[j - 1]! > A_SPEND + c) (into[j] = into[j - 1]!), j--;
        into[j] = A_SPEND + c;
      }
    }
    if (playsRandom(s, t, flags, -1)) into[n++] = A_GOPLAY;
    return n;
  }
  switch (s.pw[PW_CHOICE]) {
    case C_SP_GIVE:
    case C_DN_DROP:
    case C_ASIDE:
    case C_STEAL_GIVE: {
      // Every hand card (for a carousel, each of its g cards in turn).
      const h = handList(s, t, -1);
      for (let i = 0; i < h; i++) into[n++] = A_CARD + HANDBUF[i]!;
      return n;
    }
    case C_CAROUSEL:
      // The g cards are chosen one at a time, in any order (a determinized state may hold any card as the first).
      for (let c = 0; c < NUM_CARDS; c++) if (s.where[c] === W_HAND + t) into[n++] = A_CARD + c;
      return n;
    case C_SP_TARGET:
      for (let q = 0; q < s.players; q++) if (q !== t && s.handCount[q]! > 0) into[n++] = A_SEAT + q;
      return n;
    case C_DN_TAKE:
      for (let c = 0; c < NUM_CARDS; c++) if (s.where[c] === W_DISCARD) into[n++] = A_CARD + c;
      return n;
    case C_RV_SUIT:
      for (let x = 0; x < NUM_SUITS; x++) if (suitInGame(s, x)) into[n++] = A_SUIT + x;
      return n;
    case C_RV_NUM:
      for (let k = 0; k < 9; k++) into[n++] = A_NUM + k;
      return n;
    case C_DECL_SUIT: {
      if (s.pw[PW_MUSTLEAD] === 1) into[n++] = A_SUIT + s.pw[PW_LEAD]!;
      else for (let d = 0; d < plainSuits(s); d++) into[n++] = A_SUIT + d;
      return n;
    }
    case C_DECL_NUM: {
      const free = s.pw[PW_FREE] === 1;
      for (let k = 1; k <= 9; k++) if (free || (sizeOk(s.pw[PW_SIZE]!, k) && parityOk(s.pw[PW_PARITY]!, k))) into[n++] = A_NUM + k - 1;
      return n;
    }
    case C_SWAP: {
      const mine = s.pw[PW_SWAPCARD]!;
      for (let i = 0; i < s.trickLen; i++) if (i !== mine && s.slotCard[i]! >= 0) into[n++] = A_SLOT + i;
      return n;
    }
    case C_STEAL_TAKE:
    case C_ROW:
      for (let i = 0; i < s.trickLen; i++) if (s.slotCard[i]! >= 0) into[n++] = A_SLOT + i;
      return n;
    case C_KEEPER:
      for (let q = 0; q < s.players; q++) into[n++] = A_SEAT + q;
      return n;
    case C_REPLAY: {
      const slot = s.pw[PW_REPLAY]!;
      const flags = s.slotFlags[slot]!;
      const taken = s.pw[PW_TAKEN]!;
      n = playOptions(s, t, slot, flags, taken, into, n);
      if (playsRandom(s, t, flags, taken)) into[n++] = A_GOPLAY;
      return n;
    }
  }
  throw new RuleError(`nine-lives: no choice pending in phase ${s.phase}`);
}

/** True when suit x is a suit of this game (crowns too with Black Cat; section 7, `reveal_suit`). */
const suitInGame = (s: NineLivesState, x: number): boolean => x < s.players || (s.blackCat && x === CROWNS);

function _slotOfCard(s: NineLivesState, c: number): number {
  for (let i = 0; i < s.trickLen; i++) if (s.slotCard[i] === c) return i;
  return -1;
}

// ---------------------------------------------------------------- apply

/**
 * Applies a legal action of a Powers game, then every automatic step.
 * @throws RuleError when the action is not legal here.
 */
export function powersApply(s: NineLivesState, a: number): void {
  applyThen(s, a, checkedStep);
}

/**
 * `powersApply` for an action of `powersLegal(s)` (the harness checked it):
 * the same steps without listing the legal actions again to check it (a
 * decoded action's queued steps are still checked). `Game.applyLegal`.
 */
export function powersApplyLegal(s: NineLivesState, a: number): void {
  applyThen(s, a, step);
}

/** Applies `a` with `first` (checked or not), then every queued step of a decoded action, checked. */
function applyThen(s: NineLivesState, a: number, first: (s: NineLivesState, a: number) => void): void {
  if (s.queueLen > 0 && s.queueFor !== a) s.queueLen = 0; // decoded but not applied: stale
  s.queueFor = -1;
  first(s, a);
  while (s.queueLen > 0) {
    const next = s.queue[0]!;
    s.queue.copyWithin(0, 1, s.queueLen);
    s.queueLen--;
    checkedStep(s, next);
  }
}

function checkedStep(s: NineLivesState, a: number): void {
  const n = powersLegal(s, SCRATCH);
  let ok = false;
  for (let i = 0; i < n; i++) if (SCRATCH[i] === a) ok = true;
  if (!ok) {
    s.queueLen = 0;
    throw new RuleError(`nine-lives: action ${a} is not legal for seat ${s.turn} in phase ${s.phase} (choice ${s.pw[PW_CHOICE]})`);
  }
  step(s, a);
}

function step(s: NineLivesState, a: number): void {
  const t = s.turn;
  if (s.phase === Phase.Bid) {
    if (s.recorder) record(s, { seat: t, type: 'bid', card: cardName(a) });
    s.where[a] = W_BID;
    s.bid[t] = a;
    s.handCount[t]!--;
    s.suitCount[t * NUM_SUITS + suitOf(a)]!--;
    if (++s.turn === s.players) {
      s.phase = Phase.Play;
      s.turn = s.keeper;
      startRows(s);
    }
    return;
  }
  if (s.phase === Phase.Play) {
    if ((s.pw[PW_TFLAGS]! & F_RANDOM) === 0 && maySpend(s, t)) markAvailable(s, t);
    if (a >= A_SPEND && a < A_CARD) {
      spend(s, t, a - A_SPEND);
      return;
    }
    const flags = s.pw[PW_TFLAGS]!;
    if (a === A_GOPLAY) {
      drawPlay(s, t, s.trickLen, flags, -1, false);
      return;
    }
    choosePlay(s, t, s.trickLen, flags, a, false);
    return;
  }
  const choice = s.pw[PW_CHOICE]!;
  switch (choice) {
    case C_SP_GIVE: {
      const c = a - A_CARD;
      leaveHand(s, t, c);
      s.where[c] = W_GIVING + t;
      choose(s, t, C_SP_TARGET);
      return;
    }
    case C_SP_TARGET: {
      swapPlayed(s, t, a - A_SEAT);
      return;
    }
    case C_DN_TAKE:
      s.pw[PW_CARD] = a - A_CARD;
      {
        choose(s, t, C_DN_DROP);
        return;
      }
    case C_DN_DROP: {
      const take = s.pw[PW_CARD]!;
      const drop = a - A_CARD;
      if (s.recorder) recordPower(s, t, { take: cardName(take), drop: cardName(drop) });
      s.pw[PW_SPENT] = -1;
      enterHand(s, t, take, everyone(s));
      leaveHand(s, t, drop);
      s.where[drop] = W_DISCARD;
      s.pw[PW_CARD] = -1;
      resumeUser(s);
      return;
    }
    case C_RV_SUIT:
    case C_RV_NUM: {
      const v = choice === C_RV_SUIT ? a - A_SUIT : a - A_NUM + 1;
      if (s.recorder) recordPower(s, t, choice === C_RV_SUIT ? { suit: SUIT_CODES[v]! } : { number: v });
      s.pw[PW_SPENT] = -1;
      for (let c = 0; c < NUM_CARDS; c++) {
        const w = s.where[c]!;
        if (w < W_HAND || w >= W_HAND + s.players) continue;
        if (choice === C_RV_SUIT ? suitOf(c) !== v : numberOf(c) !== v) continue;
        for (let x = 0; x < s.players; x++) s.known[x * NUM_CARDS + c] = 1;
      }
      resumeUser(s);
      return;
    }
    case C_DECL_SUIT: {
      const x = a - A_SUIT;
      const slot = s.pw[PW_DECLSLOT]!;
      if ((s.slotFlags[slot]! & F_WILD) !== 0) {
        s.pw[PW_DECLSUIT] = x;
        choose(s, t, C_DECL_NUM);
        return;
      }
      finishPlay(s, slot, x, numberOf(s.slotCard[slot]!));
      return;
    }
    case C_DECL_NUM: {
      finishPlay(s, s.pw[PW_DECLSLOT]!, s.pw[PW_DECLSUIT]!, a - A_NUM + 1);
      return;
    }
    case C_SWAP: {
      swapHand(s, t, a - A_SLOT);
      return;
    }
    case C_CAROUSEL: {
      carouselPick(s, t, a - A_CARD);
      return;
    }
    case C_ASIDE: {
      aside(s, t, a - A_CARD);
      return;
    }
    case C_REPLAY: {
      const slot = s.pw[PW_REPLAY]!;
      const flags = s.slotFlags[slot]!;
      if (a === A_GOPLAY) {
        drawPlay(s, t, slot, flags, s.pw[PW_TAKEN]!, true);
        return;
      }
      choosePlay(s, t, slot, flags, a, true);
      return;
    }
    case C_STEAL_TAKE:
      s.pw[PW_CARD] = a - A_SLOT;
      {
        choose(s, t, C_STEAL_GIVE);
        return;
      }
    case C_STEAL_GIVE: {
      const slot = s.pw[PW_CARD]!;
      const take = s.slotCard[slot]!;
      const give = a - A_CARD;
      if (s.recorder) record(s, { seat: t, type: 'steal', give: cardName(give), take: cardName(take) });
      leaveHand(s, t, give);
      enterHand(s, t, take, everyone(s));
      s.slotCard[slot] = give;
      s.slotSuit[slot] = suitOf(give);
      s.slotNum[slot] = numberOf(give);
      s.where[give] = W_PLAYED;
      s.slotBy[slot] = t;
      s.pw[PW_CARD] = -1;
      continueEnd(s);
      return;
    }
    case C_ROW: {
      const slot = a - A_SLOT;
      const c = s.slotCard[slot]!;
      if (s.recorder) record(s, { seat: t, type: 'row', card: cardName(c) });
      s.slotCard[slot] = -1;
      rowPush(s, t, c);
      s.pw[PW_ROWS]!--;
      continueEnd(s);
      return;
    }
    case C_KEEPER: {
      const q = a - A_SEAT;
      if (s.recorder) record(s, { seat: t, type: 'keeper', to: q });
      s.pw[PW_WINNER] = q; // the seat that leads next
      s.pw[PW_STAGE] = 5;
      continueEnd(s);
      return;
    }
  }
}

// ---------------------------------------------------------------- plays

/** A chosen play action (section 4): the card goes to its slot, then its declarations if any. */
function choosePlay(s: NineLivesState, q: number, slot: number, flags: number, a: number, replay: boolean): void {
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
function drawPlay(s: NineLivesState, q: number, slot: number, flags: number, except: number, replay: boolean): void {
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
function finishPlay(s: NineLivesState, slot: number, x: number, num: number): void {
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
function swapHand(s: NineLivesState, q: number, other: number): void {
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
  s.pw[PW_STAGE] = 1;
  continueEnd(s);
}

// ---------------------------------------------------------------- using a power

function pushEvent(s: NineLivesState, key: number, q: number, val: number): void {
  const i = s.pw[PW_EVN]!;
  s.evKey[i] = key;
  s.evSeat[i] = q;
  s.evSlot[i] = -1;
  s.evVal[i] = val;
  s.pw[PW_EVN] = i + 1;
}

function recordPower(s: NineLivesState, q: number, args: Record<string, unknown>): void {
  const c = s.pw[PW_SPENT]!;
  if (s.recorder) record(s, { seat: q, type: 'power', card: cardName(c), key: POWER_KEYS[s.powerOf[c]!]!, args });
  s.pw[PW_SPENT] = -1;
}

/** Statistics only (`pwAvail`): seat q could spend each powered card of its row at this decision. */
function markAvailable(s: NineLivesState, q: number): void {
  const base = q * 82;
  for (let i = 0; i < s.rowLen[q]!; i++) {
    const k = s.powerOf[s.rowCards[base + i]!]!;
    if (k >= 0) s.pwAvail[q * NUM_POWERS + k] = 1;
  }
}

/** Section 3.1: seat q spends row card c and its power is carried out (section 7). */
function spend(s: NineLivesState, q: number, c: number): void {
  const P = s.players;
  rowRemove(s, q, c);
  s.where[c] = W_SPENT;
  s.pw[PW_USED]!++;
  s.pw[PW_SPENT] = c;
  const key = s.powerOf[c]!;
  s.pwUses[q * NUM_POWERS + key]!++;
  const slot = s.trickLen;
  switch (key) {
    case K_SWAP_PLAYED: {
      let target = false;
      for (let x = 0; x < P; x++) if (x !== q && s.handCount[x]! > 0) target = true;
      if (s.handCount[q]! > 0 && target) {
        choose(s, q, C_SP_GIVE);
        return;
      }
      break;
    }
    case K_DRAW_NEW: {
      let discard = false;
      for (let d = 0; d < NUM_CARDS; d++) if (s.where[d] === W_DISCARD) discard = true;
      if (discard && s.handCount[q]! > 0) {
        choose(s, q, C_DN_TAKE);
        return;
      }
      break;
    }
    case K_REVEAL_SUIT: {
      choose(s, q, C_RV_SUIT);
      return;
    }
    case K_REVEAL_NUMBER: {
      choose(s, q, C_RV_NUM);
      return;
    }
  }
  if (s.recorder) recordPower(s, q, {});
  s.pw[PW_SPENT] = -1;
  pushEvent(s, key, q, -1);
  const ev = s.pw[PW_EVN]! - 1;
  switch (key) {
    case K_NEW_LEAD:
      s.pw[PW_TFLAGS]! |= F_NEWLEAD;
      break;
    case K_NO_LEAD:
      s.pw[PW_NOLEAD] = 1;
      break;
    case K_NEW_TRUMP_BID:
    case K_NO_IGNORE:
      s.evVal[ev] = bidSuit(s, q); // just after paying; -1 (no bid) overrides nothing
      break;
    case K_WILDCARD:
      s.pw[PW_TFLAGS]! |= F_WILD;
      break;
    case K_REVERSE_ORDER:
      s.pw[PW_RANK] = 1;
      break;
    case K_ORDER_FIRST:
      s.pw[PW_RANK] = 2;
      break;
    case K_ORDER_LAST:
      s.pw[PW_RANK] = 3;
      break;
    case K_FORCE_TAKEBACK: {
      forceTakeback(s, q, slot);
      return;
    }
    case K_SWAP_HAND:
      s.pw[PW_TSWAPS]!++;
      break;
    case K_CAROUSEL_LEFT:
    case K_CAROUSEL_RIGHT: {
      let g = 2;
      for (let x = 0; x < P; x++) g = Math.min(g, s.handCount[x]!);
      if (g === 0) break;
      s.pw[PW_CAR_DIR] = key === K_CAROUSEL_LEFT ? 1 : P - 1;
      s.pw[PW_CAR_G] = g;
      s.pw[PW_K] = 0;
      choose(s, q, C_CAROUSEL);
      return;
    }
    case K_SHUFFLE_HAND:
      if (s.handCount[q]! === 0) break; // nothing (12.6)
      s.pw[PW_TFLAGS]! |= F_RANDOM; // the play follows at once: its only option is the random play
      break;
    case K_SHUFFLE_HAND_ALL:
      s.pw[PW_SHUFALL] = 1;
      break;
    case K_PLAY_ABOVE_5:
      s.pw[PW_SIZE] = 1;
      break;
    case K_PLAY_BELOW_5:
      s.pw[PW_SIZE] = 2;
      break;
    case K_PLAY_ODD:
      s.pw[PW_PARITY] = 1;
      break;
    case K_PLAY_EVEN:
      s.pw[PW_PARITY] = 2;
      break;
    case K_LIMITLESS:
      s.pw[PW_LIMITLESS] = 1;
      break;
    case K_BLIND_PLAY:
      s.pw[PW_BLIND] = 1;
      break;
    case K_DOUBLE_TRICK:
      if (s.pw[PW_LAPS] === 1) s.pw[PW_DOUBLE] = 1; // nothing in the second lap (12.8)
      break;
    case K_BOOST:
      s.pw[PW_BOOST] = 1;
      break;
    case K_NERF:
      s.pw[PW_NERF] = 1;
      break;
    case K_END_PROMISE: {
      endPromise(s, q, slot);
      return;
    }
    case K_TRUMP_NUMBER_1:
    case K_TRUMP_NUMBER_1 + 1:
    case K_TRUMP_NUMBER_3:
      s.evVal[ev] = key - K_TRUMP_NUMBER_1 + 1;
      break;
    // new_trump, match_*: read at the user's play; pick_start*, shuffle_trick, score_*, steal, ignore_*,
    // same_suit_ignore, no_trump: read at the trick's end from the event list.
  }
  resumeUser(s);
}

/** `swap_played` (section 7.11, 12.7): the user's given card for a card drawn blind from the target. */
function swapPlayed(s: NineLivesState, q: number, target: number): void {
  let give = -1;
  for (let c = 0; c < NUM_CARDS; c++) if (s.where[c] === W_GIVING + q) give = c;
  if (s.recorder) recordPower(s, q, { give: cardName(give), target });
  s.pw[PW_SPENT] = -1;
  pushEvent(s, K_SWAP_PLAYED, q, target); // who traded is public, not what
  const h = handList(s, target, -1);
  const take = HANDBUF[s.rng.int(h)]!;
  if (s.recorder) record(s, { seat: q, type: 'chance', key: 'swap_played', card: cardName(take) });
  leaveHand(s, target, take);
  enterHand(s, q, take, 1 << target);
  enterHand(s, target, give, 1 << q);
  resumeUser(s);
}

/** `force_takeback` (section 7.8, 12.3): the seat of the slot before the user's play takes its card back and replays. */
function forceTakeback(s: NineLivesState, _q: number, slot: number): void {
  if (slot === 0) {
    resumeUser(s);
    return;
  }
  const k = slot - 1;
  const r = slotSeat(s, k);
  const c = s.slotCard[k]!;
  if (s.handCount[r] === 0) {
    resumeUser(s);
    return;
  } // no other card: the card stays
  const seen = s.slotDown[k] === 1 ? 1 << r : everyone(s);
  enterHand(s, r, c, seen);
  s.slotCard[k] = -1;
  s.slotSuit[k] = -1;
  s.slotNum[k] = -1;
  s.slotVoid[k] = -1;
  s.slotDown[k] = 0;
  s.pw[PW_REPLAY] = k;
  s.pw[PW_TAKEN] = c;
  choose(s, r, C_REPLAY);
}

/** Carousels (section 7.13): each seat from the user clockwise picks g cards, one at a time, ascending. */
function carouselPick(s: NineLivesState, q: number, c: number): void {
  const P = s.players;
  leaveHand(s, q, c);
  s.where[c] = W_GIVING + q;
  let picked = 0;
  for (let d = 0; d < NUM_CARDS; d++) if (s.where[d] === W_GIVING + q) picked++;
  if (picked < s.pw[PW_CAR_G]!) return;
  const cards: string[] = [];
  if (s.recorder) for (let d = 0; d < NUM_CARDS; d++) if (s.where[d] === W_GIVING + q) cards.push(cardName(d));
  if (s.recorder) record(s, { seat: q, type: 'give', cards });
  const k = ++s.pw[PW_K]!;
  const user = s.pw[PW_USER]!;
  if (k < P) {
    choose(s, (user + k) % P, C_CAROUSEL);
    return;
  }
  const dir = s.pw[PW_CAR_DIR]!;
  for (let d = 0; d < NUM_CARDS; d++) {
    const w = s.where[d]!;
    if (w < W_GIVING || w >= W_GIVING + P) continue;
    const from = w - W_GIVING;
    enterHand(s, (from + dir) % P, d, 1 << from);
  }
  resumeUser(s);
}

/** `end_promise` (section 7.44): if every seat still to play holds 2+ cards and every other 1+, each sets one aside. */
function endPromise(s: NineLivesState, q: number, slot: number): void {
  const P = s.players;
  const lapEnd = P * s.pw[PW_LAPS]!;
  for (let x = 0; x < P; x++) {
    let toPlay = false;
    for (let i = slot; i < lapEnd; i++) if (slotSeat(s, i) === x) toPlay = true;
    if (s.handCount[x]! < (toPlay ? 2 : 1)) {
      resumeUser(s);
      return;
    }
  }
  s.pw[PW_K] = 0;
  choose(s, q, C_ASIDE);
}

function aside(s: NineLivesState, q: number, c: number): void {
  if (s.recorder) record(s, { seat: q, type: 'aside', card: cardName(c) });
  leaveHand(s, q, c);
  s.where[c] = W_PROMISE + q;
  const k = ++s.pw[PW_K]!;
  if (k < s.players) {
    choose(s, (s.pw[PW_USER]! + k) % s.players, C_ASIDE);
    return;
  }
  resumeUser(s);
}

// ---------------------------------------------------------------- the trick's end

/**
 * Section 4.6-4.9: the winning slot of the complete current trick. Pure over
 * the state's slots, events and rows (the base rule of ignoring is the seat's
 * bid suit read from its row now).
 */
export function powersWinner(s: NineLivesState): number {
  const len = s.trickLen;
  const evn = s.pw[PW_EVN]!;
  // Trump: the latest TRUMP power whose condition holds, else the Kittykeeper's bid suit.
  let trump = -2;
  for (let i = evn - 1; i >= 0 && trump === -2; i--) {
    const k = s.evKey[i]!;
    if (k === K_NO_TRUMP) trump = -1;
    else if ((k === K_NEW_TRUMP || k === K_NEW_TRUMP_BID) && s.evVal[i]! >= 0 && (k !== K_NEW_TRUMP || s.evSlot[i]! >= 0)) trump = s.evVal[i]!;
    else if (k >= K_TRUMP_NUMBER_1 && k <= K_TRUMP_NUMBER_3) {
      let count = 0;
      let suit = -1;
      for (let j = 0; j < len; j++) {
        if (s.slotNum[j] === s.evVal[i]) {
          count++;
          suit = s.slotSuit[j]!;
        }
      }
      if (count === 1) trump = suit;
    }
  }
  if (trump === -2) trump = bidSuit(s, s.keeper);
  let rank = s.pw[PW_RANK]!;
  if (rank === 0 && s.blackCat) for (let j = 0; j < len; j++) if (s.slotCard[j]! >= FIRST_CROWN) rank = 1;
  const lead = s.pw[PW_LEAD]!;
  let best = -1;
  let bestTrump = false;
  let bestVal = 0;
  for (let j = 0; j < len; j++) {
    const x = s.slotSuit[j]!;
    if (ignored(s, j, evn)) continue;
    const isTrump = trump >= 0 && x === trump;
    if (!isTrump && x !== lead) continue;
    const num = s.slotNum[j]!;
    const val = num + (s.pw[PW_BOOST] === 1 && num <= 4 ? 9 : 0) - (s.pw[PW_NERF] === 1 && num >= 6 ? 9 : 0);
    let better: boolean;
    if (best < 0 || (isTrump && !bestTrump)) better = true;
    else if (isTrump !== bestTrump) better = false;
    else if (rank === 0) better = val > bestVal;
    else if (rank === 1) better = val < bestVal;
    else better = rank === 3; // first: keep the earliest; last: take the latest
    if (better) {
      best = j;
      bestTrump = isTrump;
      bestVal = val;
    }
  }
  return best;
}

/** Section 4.6: the verdict of the latest rule that speaks about slot j's card (the base rule first). */
function ignored(s: NineLivesState, j: number, evn: number): boolean {
  const x = s.slotSuit[j]!;
  const num = s.slotNum[j]!;
  let out = x === bidSuit(s, slotSeat(s, j));
  for (let i = 0; i < evn; i++) {
    switch (s.evKey[i]) {
      case K_NO_IGNORE:
        if (s.evVal[i]! >= 0 && x === s.evVal[i]) out = false;
        break;
      case K_IGNORE_ABOVE_5:
        if (num >= 6) out = true;
        break;
      case K_IGNORE_BELOW_5:
        if (num <= 4) out = true;
        break;
      case K_SAME_SUIT_IGNORE:
        if (j > 0 && x === s.slotSuit[j - 1]) out = true;
        break;
    }
  }
  return out;
}

/** Section 5, stage by stage; pauses at each choice and is called again after it. */
function continueEnd(s: NineLivesState): void {
  const P = s.players;
  for (;;) {
    const stage = s.pw[PW_STAGE]!;
    if (stage === 1) {
      // 5.2 face-down cards are turned up (their shown voids with them); 5.3 the winner.
      for (let i = 0; i < s.trickLen; i++) {
        if (s.slotDown[i] === 0) continue;
        s.slotDown[i] = 0;
        s.where[s.slotCard[i]!] = W_PLAYED;
        const v = s.slotVoid[i]!;
        if (v >= 0) showVoid(s, (v / NUM_SUITS) | 0, v % NUM_SUITS);
        s.slotVoid[i] = -1;
      }
      const w = powersWinner(s);
      s.pw[PW_WINNER] = w < 0 ? s.keeper : slotSeat(s, w);
      s.pw[PW_STEAL] = 0;
      s.pw[PW_STAGE] = 2;
    } else if (stage === 2) {
      // 5.4 each steal_from_trick user, in the order used.
      let i = s.pw[PW_STEAL]!;
      const evn = s.pw[PW_EVN]!;
      while (i < evn && !(s.evKey[i] === K_STEAL && s.handCount[s.evSeat[i]!]! > 0)) i++;
      if (i < evn) {
        s.pw[PW_STEAL] = i + 1;
        choose(s, s.evSeat[i]!, C_STEAL_TAKE);
        return;
      }
      s.pw[PW_STAGE] = 3;
      const fate = fateEvent(s);
      const winner = s.pw[PW_WINNER]!;
      if (fate < 0) s.pw[PW_ROWS] = 1;
      else if (s.evKey[fate] === K_SCORE_TWICE) s.pw[PW_ROWS] = 2;
      else if (s.evKey[fate] === K_SCORE_NONE) s.pw[PW_ROWS] = 0;
      else {
        s.pw[PW_ROWS] = 0;
        shuffleTrick(s, s.evSeat[fate]!);
      }
      if (s.pw[PW_ROWS]! > 0) {
        choose(s, winner, C_ROW);
        return;
      }
    } else if (stage === 3) {
      if (s.pw[PW_ROWS]! > 0) {
        choose(s, s.pw[PW_WINNER]!, C_ROW);
        return;
      }
      for (let i = 0; i < s.trickLen; i++) {
        const c = s.slotCard[i]!;
        if (c >= 0) s.where[c] = W_DISCARD;
        s.slotCard[i] = -1;
      }
      s.pw[PW_STAGE] = 4;
      const k = keeperEvent(s);
      if (k >= 0) {
        choose(s, s.evSeat[k]!, C_KEEPER);
        return;
      }
      s.pw[PW_STAGE] = 5;
    } else {
      // 5.6 the next Kittykeeper, 5.7 the next trick, the promise trick or scoring.
      s.keeper = s.pw[PW_WINNER]!;
      clearTrick(s);
      let promises = 0;
      for (let c = 0; c < NUM_CARDS; c++) if (s.where[c]! >= W_PROMISE && s.where[c]! < W_PROMISE + P) promises++;
      let handsEmpty = true;
      for (let q = 0; q < P; q++) if (s.handCount[q]! > 0) handsEmpty = false;
      if (!handsEmpty || promises > 0) {
        s.pw[PW_PTRICK] = handsEmpty ? 1 : 0;
        beginTurn(s);
        return;
      }
      s.pw[PW_PTRICK] = 0;
      s.turn = s.keeper;
      ROUND_END.fn(s);
      return;
    }
  }
}

/** The scoring hook (`rules.ts` sets it: the round's scoring and the next deal). */
export const ROUND_END: { fn: (s: NineLivesState) => void } = {
  fn: () => {
    throw new RuleError('nine-lives: powers round end not wired');
  },
};

/** FATE (5.5): the latest applicable of score_twice, score_none, shuffle_trick (its user won); -1 for the default. */
function fateEvent(s: NineLivesState): number {
  for (let i = s.pw[PW_EVN]! - 1; i >= 0; i--) {
    const k = s.evKey[i]!;
    if (k === K_SCORE_TWICE || k === K_SCORE_NONE) return i;
    if (k === K_SHUFFLE_TRICK && s.evSeat[i] === s.pw[PW_WINNER]) return i;
  }
  return -1;
}

/** KEEPER (5.6): the latest applicable of pick_start, pick_start_conditional (its user lost); -1 for none. */
function keeperEvent(s: NineLivesState): number {
  for (let i = s.pw[PW_EVN]! - 1; i >= 0; i--) {
    const k = s.evKey[i]!;
    if (k === K_PICK_START) return i;
    if (k === K_PICK_START_COND && s.evSeat[i] !== s.pw[PW_WINNER]) return i;
  }
  return -1;
}

const SHUF = new Int8Array(MAX_SLOTS);

/** `shuffle_trick` (section 7.15): the trick's cards in slot order, shuffled; card i to seat i, the rest to the discard. */
function shuffleTrick(s: NineLivesState, user: number): void {
  const P = s.players;
  let n = 0;
  for (let i = 0; i < s.trickLen; i++) if (s.slotCard[i]! >= 0) SHUF[n++] = s.slotCard[i]!;
  for (let i = n - 1; i > 0; i--) {
    const j = s.rng.int(i + 1);
    const t = SHUF[i]!;
    SHUF[i] = SHUF[j]!;
    SHUF[j] = t;
  }
  if (s.recorder) {
    const cards: string[] = [];
    for (let i = 0; i < Math.min(n, P); i++) cards.push(cardName(SHUF[i]!));
    if (s.recorder) record(s, { seat: user, type: 'chance', key: 'shuffle_trick', cards });
  }
  for (let i = 0; i < s.trickLen; i++) s.slotCard[i] = -1;
  for (let i = 0; i < n; i++) {
    if (i < P) enterHand(s, i, SHUF[i]!, 1 << i);
    else s.where[SHUF[i]!] = W_DISCARD;
  }
}

/** The record's `powers` map (section 11): card to key for every powered card, in card-id order. */
export function powersMap(s: NineLivesState): Record<string, string> {
  const out: Record<string, string> = {};
  for (let c = 0; c < NUM_CARDS; c++) if (s.powerOf[c]! >= 0) out[cardName(c)] = POWER_KEYS[s.powerOf[c]!]!;
  return out;
}

/**
 * Section 6: each seat's lives gained this round into `gains` (its bid number
 * when its tricks, row length - 1, equal it; or its team's sum), from the
 * final rows. A seat without a bid is in no team and scores nothing.
 */
export function powersGains(s: NineLivesState): void {
  const P = s.players;
  for (let q = 0; q < P; q++) refreshBid(s, q);
  let oneTeam = true;
  for (let q = 0; q < P; q++) if (s.bid[q]! < 0 || suitOf(s.bid[q]!) !== bidSuit(s, 0)) oneTeam = false;
  for (let q = 0; q < P; q++) {
    const b = s.bid[q]!;
    if (b < 0) {
      s.gains[q] = 0;
      continue;
    }
    let scored = s.tricksWon[q] === numberOf(b);
    if (!scored && s.teams && !oneTeam) {
      const x = suitOf(b);
      let bids = 0;
      let tricks = 0;
      let members = 0;
      for (let m = 0; m < P; m++) {
        if (bidSuit(s, m) !== x) continue;
        members++;
        bids += numberOf(s.bid[m]!);
        tricks += s.tricksWon[m]!;
      }
      scored = members > 1 && bids === tricks;
    }
    s.gains[q] = scored ? numberOf(b) : 0;
  }
}
