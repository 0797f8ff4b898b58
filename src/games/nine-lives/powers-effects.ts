/**
 * Using a power (`powers.ts`, sections 3.1 and 7): spending a row card, each
 * power's effect, and the powers that take several steps (`swap_played`,
 * `force_takeback`, the carousels, `end_promise`).
 */
import { cardName, NUM_CARDS } from './cards.js';
import {
  K_BLIND_PLAY,
  K_BOOST,
  K_CAROUSEL_LEFT,
  K_CAROUSEL_RIGHT,
  K_DOUBLE_TRICK,
  K_DRAW_NEW,
  K_END_PROMISE,
  K_FORCE_TAKEBACK,
  K_LIMITLESS,
  K_NERF,
  K_NEW_LEAD,
  K_NEW_TRUMP_BID,
  K_NO_IGNORE,
  K_NO_LEAD,
  K_ORDER_FIRST,
  K_ORDER_LAST,
  K_PLAY_ABOVE_5,
  K_PLAY_BELOW_5,
  K_PLAY_EVEN,
  K_PLAY_ODD,
  K_REVEAL_NUMBER,
  K_REVEAL_SUIT,
  K_REVERSE_ORDER,
  K_SHUFFLE_HAND,
  K_SHUFFLE_HAND_ALL,
  K_SWAP_HAND,
  K_SWAP_PLAYED,
  K_TRUMP_NUMBER_1,
  K_TRUMP_NUMBER_3,
  K_WILDCARD,
  NUM_POWERS,
  POWER_KEYS,
} from './powers-list.js';
import { type NineLivesState, ROW_CAPACITY, W_DISCARD, W_GIVING, W_PROMISE, W_SPENT } from './state.js';
import {
  C_ASIDE,
  C_CAROUSEL,
  C_DN_TAKE,
  C_REPLAY,
  C_RV_NUM,
  C_RV_SUIT,
  C_SP_GIVE,
  F_NEWLEAD,
  F_RANDOM,
  F_WILD,
  PW_BLIND,
  PW_BOOST,
  PW_CAR_DIR,
  PW_CAR_G,
  PW_DOUBLE,
  PW_EVN,
  PW_K,
  PW_LAPS,
  PW_LIMITLESS,
  PW_NERF,
  PW_NOLEAD,
  PW_PARITY,
  PW_RANK,
  PW_REPLAY,
  PW_SHUFALL,
  PW_SIZE,
  PARITY_EVEN,
  PARITY_ODD,
  RANK_FIRST,
  RANK_LAST,
  RANK_LOW,
  SIZE_HIGH,
  SIZE_LOW,
  PW_SPENT,
  PW_TAKEN,
  PW_TFLAGS,
  PW_TSWAPS,
  PW_USED,
  PW_USER,
} from './powers-scalars.js';
import { bidSuit, enterHand, everyone, HANDBUF, handList, leaveHand, record, rowRemove, slotSeat } from './powers-cards.js';
import { choose, resumeUser } from './powers-turn.js';

function pushEvent(s: NineLivesState, key: number, q: number, val: number): void {
  const i = s.pw[PW_EVN]!;
  s.evKey[i] = key;
  s.evSeat[i] = q;
  s.evSlot[i] = -1;
  s.evVal[i] = val;
  s.pw[PW_EVN] = i + 1;
}

export function recordPower(s: NineLivesState, q: number, args: Record<string, unknown>): void {
  const c = s.pw[PW_SPENT]!;
  if (s.recorder) record(s, { seat: q, type: 'power', card: cardName(c), key: POWER_KEYS[s.powerOf[c]!]!, args });
  s.pw[PW_SPENT] = -1;
}

/** Statistics only (`pwAvail`): seat q could spend each powered card of its row at this decision. */
export function markAvailable(s: NineLivesState, q: number): void {
  const base = q * ROW_CAPACITY;
  for (let i = 0; i < s.rowLen[q]!; i++) {
    const k = s.powerOf[s.rowCards[base + i]!]!;
    if (k >= 0) s.pwAvail[q * NUM_POWERS + k] = 1;
  }
}

/** Section 3.1: seat q spends row card c and its power is carried out (section 7). */
export function spend(s: NineLivesState, q: number, c: number): void {
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
      s.pw[PW_RANK] = RANK_LOW;
      break;
    case K_ORDER_FIRST:
      s.pw[PW_RANK] = RANK_FIRST;
      break;
    case K_ORDER_LAST:
      s.pw[PW_RANK] = RANK_LAST;
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
      s.pw[PW_SIZE] = SIZE_HIGH;
      break;
    case K_PLAY_BELOW_5:
      s.pw[PW_SIZE] = SIZE_LOW;
      break;
    case K_PLAY_ODD:
      s.pw[PW_PARITY] = PARITY_ODD;
      break;
    case K_PLAY_EVEN:
      s.pw[PW_PARITY] = PARITY_EVEN;
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
export function swapPlayed(s: NineLivesState, q: number, target: number): void {
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
export function carouselPick(s: NineLivesState, q: number, c: number): void {
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

export function aside(s: NineLivesState, q: number, c: number): void {
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
