import type { Variant } from '../../core/index.js';
import { boolParam, intParam } from '../../core/index.js';
import { NUM_CARDS, NUM_SUITS } from './cards.js';
import {
  MAX_EVENTS,
  MAX_SLOTS,
  type NineLivesState,
  Phase,
  PW_LENGTH,
  ROW_CAPACITY,
  W_BID,
  W_GIVING,
  W_HAND,
  W_LEFTOVER,
  W_OUT,
  W_PLAYED,
  W_PROMISE,
} from './state.js';
import { PW_DECLSLOT, PW_DECLSUIT, PW_LEAD, PW_LEADSLOT, PW_EVN, PW_MUSTLEAD, PW_TAKEN } from './powers.js';
import { K_NEW_TRUMP } from './powers-list.js';

/**
 * What one seat sees (`nine-lives.md`, "Hidden information"): its own hand
 * and bid, the cards still in the game, the revealed leftovers, every card
 * played this round and the current trick (with declared suits), the bids
 * once all are in, tricks won, lives, hand sizes, and the suits each seat has
 * shown it lacks. During bidding no other seat's bid is shown.
 */
export class NineLivesObservation {
  /** The observing seat. */
  seat = 0;
  /** Player count P (variant `players`). */
  readonly players: number;
  /** Variant `blackCat`: crowns are wildcards and make the lowest number win. */
  readonly blackCat: boolean;
  /** Lives that end the game (variant `livesToWin`). */
  readonly livesToWin: number;
  /** Variant `teams`: seats whose bids share a suit score as a team. */
  readonly teams: boolean;
  /** What the game waits for (see `Phase`: a bid, a play, a Powers choice, over). */
  phase: Phase = Phase.Bid;
  /** The seat that decides now (-1 when over). */
  turn = 0;
  /** The Kittykeeper (leader of the current trick). */
  keeper = 0;
  /** Rounds finished. */
  round = 0;
  /** Cards dealt to each seat this round. */
  handSize = 0;
  /** Tricks still to play this round. */
  tricksLeft = 0;
  /** Cards played to the current trick (the used length of `trickCard`, `trickSuit` and the slot arrays). */
  trickLen = 0;
  /** inGame[c] = 1 for every card not yet scored (by id, see `cards.ts`). */
  readonly inGame = new Uint8Array(NUM_CARDS);
  /** hand[c] = 1 for the cards in this seat's hand. */
  readonly hand = new Uint8Array(NUM_CARDS);
  /** leftover[c] = 1 for this round's revealed leftovers. */
  readonly leftover = new Uint8Array(NUM_CARDS);
  /** played[c] = 1 for the cards played to tricks this round. */
  readonly played = new Uint8Array(NUM_CARDS);
  /** bids[q]: q's bid card when this seat may see it (its own; everyone's once all have bid), else -1. */
  readonly bids: Int8Array;
  /** handCount[q]: cards in seat q's hand (length P; public). */
  readonly handCount: Uint8Array;
  /** tricksWon[q]: tricks seat q has won this round (length P; public). */
  readonly tricksWon: Uint8Array;
  /** lives[q]: seat q's lives, the sum of the numbers of its scored bid cards (length P; the game's scores). */
  readonly lives: Uint16Array;
  /** voids[q*9 + x] = 1 when q failed to follow suit x this round. */
  readonly voids: Uint8Array;
  /** The current trick's cards and the suits they count as, in playing order (-1 beyond `trickLen`). */
  readonly trickCard: Int8Array;
  /** trickSuit[i]: the suit trick card i counts as (a crown's declared suit), -1 beyond `trickLen` (length P). */
  readonly trickSuit: Int8Array;

  // ---- Powers (`nine-lives-powers.md`, section 10); left empty when `powers` is false. ----
  /** Variant `powers`: the Powers variant is on (the fields below are filled). */
  readonly powers: boolean;
  /** place[c]: where card c is as this seat knows it (a `W_*` of `state.ts`), `UNSEEN` when it cannot tell. */
  readonly place = new Uint8Array(NUM_CARDS);
  /** The power index of every card (public, section 1.4). */
  readonly powerOf = new Int8Array(NUM_CARDS);
  /** rowCards[q*ROW_CAPACITY + i]: the i-th card of seat q's row, left to right, -1 beyond `rowLen[q]` (length P * ROW_CAPACITY; rows are face up). */
  readonly rowCards: Int8Array;
  /** rowLen[q]: cards in seat q's row (length P). */
  readonly rowLen: Uint8Array;
  /** slotCard[i]: the card in slot i of the trick (playing order from 0); -1 when it is face down and another seat's, or empty. */
  readonly slotCard = new Int8Array(MAX_SLOTS);
  /** slotSuit[i]: the suit slot i's card counts as; -1 when face down and another seat's, or empty. */
  readonly slotSuit = new Int8Array(MAX_SLOTS);
  /** slotNum[i]: the number slot i's card counts as; -1 when face down and another seat's, or empty. */
  readonly slotNum = new Int8Array(MAX_SLOTS);
  /** slotDown[i]: 1 when slot i's card was played face down (public). */
  readonly slotDown = new Uint8Array(MAX_SLOTS);
  /** slotVoid[i]: the leading suit a face-down play failed to follow while bound, shown when turned up; else -1. */
  readonly slotVoid = new Int8Array(MAX_SLOTS);
  /** slotFlags[i]: the turn's powers of the play in slot i (bits F_* of `powers.ts`). */
  readonly slotFlags = new Uint8Array(MAX_SLOTS);
  /** slotBy[i]: the seat that put slot i's card there (public; it alone sees the card while face down). */
  readonly slotBy = new Int8Array(MAX_SLOTS);
  /** evKey[j]: the key of the j-th power used this trick (powers-list.ts). */
  readonly evKey = new Int8Array(MAX_EVENTS);
  /** evSeat[j]: the seat that used the j-th power of this trick. */
  readonly evSeat = new Int8Array(MAX_EVENTS);
  /** evSlot[j]: the user's slot in the trick, -1 before it played. */
  readonly evSlot = new Int8Array(MAX_EVENTS);
  /** evVal[j]: a value read when the power was used or played (`UNSEEN_VALUE` when read from a hidden card). */
  readonly evVal = new Int8Array(MAX_EVENTS);
  /** The public scalars (`PW_*` of `powers.ts`); the leading suit shows `UNSEEN_VALUE` while set by a hidden card. */
  readonly pw = new Int16Array(PW_LENGTH);
  /** promiseCount[q]: cards seat q holds as its promise (length P; public, the cards are not). */
  readonly promiseCount: Uint8Array;
  /** giveCount[q]: cards seat q has chosen to give and not yet passed (length P; public). */
  readonly giveCount: Uint8Array;

  constructor(variant: Variant) {
    this.players = intParam(variant, 'players');
    this.blackCat = boolParam(variant, 'blackCat');
    this.livesToWin = intParam(variant, 'livesToWin');
    this.teams = boolParam(variant, 'teams');
    const p = this.players;
    this.bids = new Int8Array(p);
    this.handCount = new Uint8Array(p);
    this.tricksWon = new Uint8Array(p);
    this.lives = new Uint16Array(p);
    this.voids = new Uint8Array(p * NUM_SUITS);
    this.trickCard = new Int8Array(p);
    this.trickSuit = new Int8Array(p);
    this.powers = variant.powers === true;
    this.rowCards = new Int8Array(p * ROW_CAPACITY);
    this.rowLen = new Uint8Array(p);
    this.promiseCount = new Uint8Array(p);
    this.giveCount = new Uint8Array(p);
  }
}

/** `place[c]` of a card the observer cannot locate. */
export const UNSEEN = 255;

/**
 * A public scalar or power value read from a face-down card the observer
 * cannot see (the leading suit, a pending declaration's suit, a `new_trump`
 * value, the card taken back): determinization reads it from the card it deals there.
 */
export const UNSEEN_VALUE = -2;

/** Fills `o` with seat `seat`'s view of `s`. */
export function observe(s: NineLivesState, seat: number, o: NineLivesObservation): NineLivesObservation {
  o.seat = seat;
  o.phase = s.phase;
  o.turn = s.turn;
  o.keeper = s.keeper;
  o.round = s.round;
  o.handSize = s.handSize;
  o.tricksLeft = s.tricksLeft;
  o.trickLen = s.trickLen;
  const mine = W_HAND + seat;
  for (let c = 0; c < NUM_CARDS; c++) {
    const w = s.where[c]!;
    o.inGame[c] = w !== W_OUT ? 1 : 0;
    o.hand[c] = w === mine ? 1 : 0;
    o.leftover[c] = w === W_LEFTOVER ? 1 : 0;
    o.played[c] = w === W_PLAYED ? 1 : 0;
  }
  if (s.phase === Phase.Bid) {
    o.bids.fill(-1);
    o.bids[seat] = s.bid[seat]!;
  } else o.bids.set(s.bid);
  o.handCount.set(s.handCount);
  o.tricksWon.set(s.tricksWon);
  o.lives.set(s.lives);
  o.voids.set(s.voids);
  o.trickCard.set(s.trickCard);
  o.trickSuit.set(s.trickSuit);
  if (s.powers) observePowers(s, seat, o);
  return o;
}

/**
 * Section 10: what seat `seat` sees of the Powers state besides the base
 * game's view: rows, piles, the power of every card, every face-up play, the
 * cards known in other hands (shown, or seen entering), its own promise and
 * cards being given, its own face-down plays, counts of hands, promises and
 * cards being given, the voids it has seen shown and not forgotten.
 */
function observePowers(s: NineLivesState, seat: number, o: NineLivesObservation): void {
  const P = s.players;
  o.powerOf.set(s.powerOf);
  o.rowCards.set(s.rowCards);
  o.rowLen.set(s.rowLen);
  o.pw.set(s.pw);
  o.evKey.set(s.evKey);
  o.evSeat.set(s.evSeat);
  o.evSlot.set(s.evSlot);
  o.evVal.set(s.evVal);
  o.slotCard.set(s.slotCard);
  o.slotSuit.set(s.slotSuit);
  o.slotNum.set(s.slotNum);
  o.slotDown.set(s.slotDown);
  o.slotVoid.set(s.slotVoid);
  o.slotFlags.set(s.slotFlags);
  o.slotBy.set(s.slotBy);
  o.voids.set(s.pvoids.subarray(seat * P * NUM_SUITS, (seat + 1) * P * NUM_SUITS));
  o.promiseCount.fill(0);
  o.giveCount.fill(0);
  for (let c = 0; c < NUM_CARDS; c++) {
    const w = s.where[c]!;
    let v = w;
    if (w >= W_HAND && w < W_HAND + P) {
      if (w !== W_HAND + seat && s.known[seat * NUM_CARDS + c] === 0) v = UNSEEN;
    } else if (w >= W_PROMISE && w < W_PROMISE + P) {
      o.promiseCount[w - W_PROMISE]!++;
      if (w !== W_PROMISE + seat) v = UNSEEN;
    } else if (w >= W_GIVING && w < W_GIVING + P) {
      o.giveCount[w - W_GIVING]!++;
      if (w !== W_GIVING + seat) v = UNSEEN;
    } else if (w === W_BID) {
      if (s.phase === Phase.Bid && s.bid[seat] !== c) v = UNSEEN;
    }
    o.place[c] = v;
  }
  for (let i = 0; i < s.trickLen; i++) {
    if (s.slotDown[i] === 0 || s.slotBy[i] === seat) continue;
    o.place[s.slotCard[i]!] = UNSEEN;
    o.slotCard[i] = -1;
    o.slotSuit[i] = -1;
    o.slotNum[i] = -1;
    o.slotVoid[i] = -1;
    if (s.pw[PW_LEADSLOT] === i) o.pw[PW_LEAD] = UNSEEN_VALUE;
    if (s.pw[PW_DECLSLOT] === i) o.pw[PW_DECLSUIT] = UNSEEN_VALUE; // a face-down wildcard's suit while its number is chosen
    for (let e = 0; e < s.pw[PW_EVN]!; e++) if (s.evKey[e] === K_NEW_TRUMP && s.evSlot[e] === i) o.evVal[e] = UNSEEN_VALUE;
  }
  const taken = s.pw[PW_TAKEN]!;
  if (taken >= 0 && o.place[taken] === UNSEEN) o.pw[PW_TAKEN] = UNSEEN_VALUE;
  if (s.turn !== seat) o.pw[PW_MUSTLEAD] = 0;
}
