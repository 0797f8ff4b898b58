/**
 * The legal actions of a Powers game (`powers.ts`): a bid, a play or a spend,
 * or the answers to the pending choice.
 */
import { RuleError } from '../../core/index.js';
import { A_CARD, A_GOPLAY, A_NUM, A_SEAT, A_SLOT, A_SPEND, A_SUIT } from './actions.js';
import { CROWNS, FIRST_CROWN, NUM_CARDS, NUM_SUITS } from './cards.js';
import { type NineLivesState, Phase, ROW_CAPACITY, W_DISCARD, W_HAND } from './state.js';
import {
  C_ASIDE,
  C_CAROUSEL,
  C_DECL_NUM,
  C_DECL_SUIT,
  C_DN_DROP,
  C_DN_TAKE,
  C_KEEPER,
  C_REPLAY,
  C_ROW,
  C_RV_NUM,
  C_RV_SUIT,
  C_SP_GIVE,
  C_SP_TARGET,
  C_STEAL_GIVE,
  C_STEAL_TAKE,
  C_SWAP,
  F_RANDOM,
  PW_CHOICE,
  PW_FREE,
  PW_LEAD,
  PW_MUSTLEAD,
  PW_PARITY,
  PW_REPLAY,
  PW_SIZE,
  PW_SWAPCARD,
  PW_TAKEN,
  PW_TFLAGS,
} from './powers-scalars.js';
import { HANDBUF, handList, plainSuits } from './powers-cards.js';
import { maySpend } from './powers-turn.js';
import { parityOk, playOptions, playsRandom, sizeOk } from './powers-chain.js';

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
      const base = t * ROW_CAPACITY;
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
