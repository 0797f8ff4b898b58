/**
 * Applying an action of a Powers game (`powers.ts`): the bid, a spend or a
 * play, or the answer to the pending choice, then every queued step of a
 * decoded action, checked.
 */
import { RuleError } from '../../core/index.js';
import { A_CARD, A_GOPLAY, A_NUM, A_SEAT, A_SLOT, A_SPEND, A_SUIT, NUM_ACTIONS_POWERS } from './actions.js';
import { cardName, NUM_CARDS, numberOf, SUIT_CODES, suitOf } from './cards.js';
import { placeBid } from './bid.js';
import { type NineLivesState, Phase, W_DISCARD, W_GIVING, W_HAND, W_PLAYED } from './state.js';
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
  F_WILD,
  PW_CARD,
  PW_CHOICE,
  PW_DECLSLOT,
  PW_DECLSUIT,
  PW_REPLAY,
  PW_ROWS,
  PW_SPENT,
  PW_STAGE,
  STAGE_NEXT,
  PW_TAKEN,
  PW_TFLAGS,
  PW_WINNER,
} from './powers-scalars.js';
import { enterHand, everyone, leaveHand, record, rowPush } from './powers-cards.js';
import { choose, maySpend, resumeUser, startRows } from './powers-turn.js';
import { powersLegal } from './powers-legal.js';
import { continueEnd } from './powers-end.js';
import { choosePlay, drawPlay, finishPlay, swapHand } from './powers-plays.js';
import { aside, carouselPick, markAvailable, recordPower, spend, swapPlayed } from './powers-effects.js';

/** Scratch for `checkedStep` (one decision at a time). */
const SCRATCH = new Int32Array(NUM_ACTIONS_POWERS);

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
    if (placeBid(s, a)) startRows(s);
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
      s.pw[PW_STAGE] = STAGE_NEXT;
      continueEnd(s);
      return;
    }
  }
}
