/**
 * The end of a trick with powers (`powers.ts`, sections 4.6-4.9 and 5): the
 * winner, steals, the row cards, `shuffle_trick`, the next Kittykeeper, and
 * the next trick or the round's scoring.
 */
import { RuleError } from '../../core/index.js';
import { cardName, FIRST_CROWN, NUM_CARDS, NUM_SUITS } from './cards.js';
import {
  K_IGNORE_ABOVE_5,
  K_IGNORE_BELOW_5,
  K_NEW_TRUMP,
  K_NEW_TRUMP_BID,
  K_NO_IGNORE,
  K_NO_TRUMP,
  K_PICK_START,
  K_PICK_START_COND,
  K_SAME_SUIT_IGNORE,
  K_SCORE_NONE,
  K_SCORE_TWICE,
  K_SHUFFLE_TRICK,
  K_STEAL,
  K_TRUMP_NUMBER_1,
  K_TRUMP_NUMBER_3,
} from './powers-list.js';
import { MAX_SLOTS, type NineLivesState, W_DISCARD, W_PLAYED, W_PROMISE } from './state.js';
import {
  C_KEEPER,
  C_ROW,
  C_STEAL_TAKE,
  PW_BOOST,
  PW_EVN,
  PW_LEAD,
  PW_NERF,
  PW_PTRICK,
  PW_RANK,
  PW_ROWS,
  PW_STAGE,
  RANK_HIGH,
  RANK_LAST,
  RANK_LOW,
  STAGE_KEEPER,
  STAGE_NEXT,
  STAGE_ROWS,
  STAGE_STEALS,
  STAGE_TURN_UP,
  PW_STEAL,
  PW_WINNER,
} from './powers-scalars.js';
import { bidSuit, enterHand, record, showVoid, slotSeat } from './powers-cards.js';
import { beginTurn, choose, clearTrick } from './powers-turn.js';

/** `powersWinner`'s trump while no TRUMP power has decided it (-1 is a decided "no trump"). */
const TRUMP_UNDECIDED = -2;

/**
 * Section 4.6-4.9: the winning slot of the complete current trick. Pure over
 * the state's slots, events and rows (the base rule of ignoring is the seat's
 * bid suit read from its row now).
 */
export function powersWinner(s: NineLivesState): number {
  const len = s.trickLen;
  const evn = s.pw[PW_EVN]!;
  // Trump: the latest TRUMP power whose condition holds, else the Kittykeeper's bid suit.
  let trump = TRUMP_UNDECIDED;
  for (let i = evn - 1; i >= 0 && trump === TRUMP_UNDECIDED; i--) {
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
  if (trump === TRUMP_UNDECIDED) trump = bidSuit(s, s.keeper);
  let rank = s.pw[PW_RANK]!;
  if (rank === RANK_HIGH && s.blackCat) for (let j = 0; j < len; j++) if (s.slotCard[j]! >= FIRST_CROWN) rank = RANK_LOW;
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
    else if (rank === RANK_HIGH) better = val > bestVal;
    else if (rank === RANK_LOW) better = val < bestVal;
    else better = rank === RANK_LAST; // first: keep the earliest; last: take the latest
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
export function continueEnd(s: NineLivesState): void {
  const P = s.players;
  for (;;) {
    const stage = s.pw[PW_STAGE]!;
    if (stage === STAGE_TURN_UP) {
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
      s.pw[PW_STAGE] = STAGE_STEALS;
    } else if (stage === STAGE_STEALS) {
      // 5.4 each steal_from_trick user, in the order used.
      let i = s.pw[PW_STEAL]!;
      const evn = s.pw[PW_EVN]!;
      while (i < evn && !(s.evKey[i] === K_STEAL && s.handCount[s.evSeat[i]!]! > 0)) i++;
      if (i < evn) {
        s.pw[PW_STEAL] = i + 1;
        choose(s, s.evSeat[i]!, C_STEAL_TAKE);
        return;
      }
      s.pw[PW_STAGE] = STAGE_ROWS;
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
    } else if (stage === STAGE_ROWS) {
      if (s.pw[PW_ROWS]! > 0) {
        choose(s, s.pw[PW_WINNER]!, C_ROW);
        return;
      }
      for (let i = 0; i < s.trickLen; i++) {
        const c = s.slotCard[i]!;
        if (c >= 0) s.where[c] = W_DISCARD;
        s.slotCard[i] = -1;
      }
      s.pw[PW_STAGE] = STAGE_KEEPER;
      const k = keeperEvent(s);
      if (k >= 0) {
        choose(s, s.evSeat[k]!, C_KEEPER);
        return;
      }
      s.pw[PW_STAGE] = STAGE_NEXT;
    } else {
      // STAGE_KEEPER answered or STAGE_NEXT: 5.6 the next Kittykeeper, 5.7 the next trick, the promise trick or scoring.
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
