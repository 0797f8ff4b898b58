import type { GameStateBase, Recorder, Rng, Variant } from '../../core/index.js';
import { boolParam, intParam, stringParam } from '../../core/index.js';
import { NUM_CARDS, NUM_SUITS } from './cards.js';
import { NUM_POWERS, parsePowersOff } from './powers-list.js';

/** What the state waits for (`nine-lives.md`, "A round"). */
export const enum Phase {
  /** Seat `turn` chooses its bid card (seats bid in order 0..P-1, unseen by the others). */
  Bid = 0,
  /** Seat `turn` plays a card to the trick led by the Kittykeeper. */
  Play = 1,
  /** The game is over. */
  Over = 2,
  /** Powers only: seat `turn` makes the pending choice `pw[PW_CHOICE]` (`powers.ts`). */
  Choice = 3,
}

/** Where a card is (`where[c]`); a seat's hand is `W_HAND + seat`. */
export const W_OUT = 0;
/** In the game but not dealt (only between rounds). */
export const W_DECK = 1;
/** A revealed leftover of this round's deal. */
export const W_LEFTOVER = 2;
/** Played to a trick this round. */
export const W_PLAYED = 3;
/** A bid card of this round (whose: `bid[seat]`). */
export const W_BID = 4;
export const W_HAND = 16;
/** Powers: in a row, `W_ROW + seat` (where in it: `rowCards`). */
export const W_ROW = 64;
/** Powers: in this round's spent pile (face up). */
export const W_SPENT = 6;
/** Powers: in this round's discard pile (face up). */
export const W_DISCARD = 7;
/** Powers: played face down to the current trick (its slot: `slotCard`). */
export const W_DOWN = 8;
/** Powers: a seat's promise (`end_promise`), `W_PROMISE + seat`. */
export const W_PROMISE = 32;
/** Powers: hand cards a seat has chosen to give and not yet passed, `W_GIVING + seat`. */
export const W_GIVING = 48;

/** Powers: the most slots of a trick (2P with `double_trick`). */
export const MAX_SLOTS = 18;
/** Powers: the most powers used in one trick (each spends a distinct card). */
export const MAX_EVENTS = 81;
/** Powers: the length of the public scalar block `pw` (its indices: `PW_*` of `powers-scalars.ts`). */
export const PW_LENGTH = 48;
/**
 * Powers: the room of one seat's row in `rowCards` (seat q's row starts at
 * `q * ROW_CAPACITY`). A row holds at most every card of the box
 * (`NUM_CARDS`); the stride keeps one spare place after it.
 */
export const ROW_CAPACITY = NUM_CARDS + 1;

/** Rounds after which the game ends capped (`nine-lives.md`, "The game"). */
export const ROUND_CAP = 40;

/**
 * The mutable state of one game of Nine Lives. Cards are ids of `cards.ts`;
 * per-seat-per-suit arrays are flat, indexed `seat * 9 + suit`.
 */
export class NineLivesState implements GameStateBase {
  readonly players: number;
  readonly blackCat: boolean;
  readonly livesToWin: number;
  readonly teams: boolean;
  rng: Rng;
  recorder: Recorder | null = null;

  /** where[c]: W_OUT (scored, or not in this game), W_DECK, W_LEFTOVER, W_PLAYED, W_BID, or W_HAND + seat. */
  readonly where = new Uint8Array(NUM_CARDS);
  /** suitCount[s*9 + x]: cards of suit x in s's hand, Black Cat crowns not counted (they follow nothing). */
  readonly suitCount: Uint8Array;
  readonly handCount: Uint8Array;
  /** bid[s]: s's bid card this round, -1 before s bids. */
  readonly bid: Int8Array;
  /** Tricks won this round. */
  readonly tricksWon: Uint8Array;
  /** Lives: the sum of the numbers of each seat's scored bid cards. */
  readonly lives: Uint16Array;
  /** voids[s*9 + x] = 1 when s failed to follow suit x this round (so holds no plain card of x). */
  readonly voids: Uint8Array;
  /** The cards of the current trick in playing order (index 0 led), -1 beyond `trickLen`. */
  readonly trickCard: Int8Array;
  /** The suit each trick card counts as (a crown's declared suit). */
  readonly trickSuit: Int8Array;
  trickLen = 0;
  /** Lives gained in the round last scored. */
  readonly gains: Uint8Array;

  /** The Kittykeeper: leads the current trick. */
  keeper = 0;
  /** The seat that decides now. */
  turn = 0;
  phase: Phase = Phase.Bid;
  /** Rounds finished so far. */
  round = 0;
  /** Cards dealt to each seat this round. */
  handSize = 0;
  /** Tricks still to play this round. */
  tricksLeft = 0;
  capped = false;
  /** The game winners, filled when the game ends (a fresh array; never written in place, so clones share it). */
  winners: number[] = [];

  /** histBid[r*P + s]: s's bid card in round r. */
  readonly histBid: Int8Array;
  /** histTricks[r*P + s]: tricks s won in round r. */
  readonly histTricks: Uint8Array;
  /** histGain[r*P + s]: lives s gained in round r. */
  readonly histGain: Uint8Array;
  /** histHand[r]: the hand size dealt in round r. */
  readonly histHand = new Uint8Array(ROUND_CAP);

  /** Scratch deck used by the deal. */
  readonly deck = new Uint8Array(NUM_CARDS);

  // ---- Powers (`nine-lives-powers.md`); unused and untouched when `powers` is false. ----
  readonly powers: boolean;
  /** `powerDeal=uniform`: the first pass of the power deal runs in random order. */
  readonly uniformDeal: boolean;
  /** powersOff[k] = 1: power k is left out of the deal. */
  readonly powersOff: Uint8Array;
  /** powerOf[c]: the power index (`powers-list.ts`) card c carries, -1 for none; fixed for the game. */
  readonly powerOf = new Int8Array(NUM_CARDS).fill(-1);
  /** rowCards[q*ROW_CAPACITY + i]: the i-th card of q's row, left to right. */
  readonly rowCards: Int8Array;
  readonly rowLen: Uint8Array;
  /** The current trick by slot (playing order from 0): card, the suit and number it counts as, face down, pending shown void. */
  readonly slotCard = new Int8Array(MAX_SLOTS).fill(-1);
  readonly slotSuit = new Int8Array(MAX_SLOTS).fill(-1);
  readonly slotNum = new Int8Array(MAX_SLOTS).fill(-1);
  readonly slotDown = new Uint8Array(MAX_SLOTS);
  /** slotVoid[i]: the leading suit a face-down play failed to follow while bound (shown when turned up), else -1. */
  readonly slotVoid = new Int8Array(MAX_SLOTS).fill(-1);
  /** slotBy[i]: the seat that put slot i's card there (it alone sees it while face down, wherever swaps move it). */
  readonly slotBy = new Int8Array(MAX_SLOTS).fill(-1);
  /** slotFlags[i]: the turn's powers of the play in slot i (bits F_* of `powers.ts`), kept for a `replay`. */
  readonly slotFlags = new Uint8Array(MAX_SLOTS);
  /** The powers used this trick, in order: key, user, the user's slot (-1 before it plays), a value read at use or play. */
  readonly evKey = new Int8Array(MAX_EVENTS);
  readonly evSeat = new Int8Array(MAX_EVENTS);
  readonly evSlot = new Int8Array(MAX_EVENTS);
  readonly evVal = new Int8Array(MAX_EVENTS);
  /** Public scalars of the powers machinery (indices `PW_*` of `powers.ts`). */
  readonly pw = new Int16Array(PW_LENGTH);
  /** pvoids[(x*P + q)*9 + y] = 1: observer x has seen q show it holds no plain card of suit y (section 10). */
  readonly pvoids: Uint8Array;
  /** known[x*81 + c] = 1: observer x knows card c is where it is (another seat's hand, section 10). */
  readonly known: Uint8Array;
  /** Record decoding only: the further step actions of one record entry, applied by `apply` right after the first. */
  readonly queue = new Int16Array(4);
  queueLen = 0;
  /** The first step's action of the queued entry: the queue is applied only right after it (else dropped). */
  queueFor = -1;
  /** Statistics for the balance report (no rule reads them): pwUses[q*NUM_POWERS + k], the times q spent a card of power k this game (empty without Powers). */
  readonly pwUses: Uint16Array;
  /** pwAvail[q*NUM_POWERS + k] = 1: at one of q's turns this game, spending a card of power k was a legal action (empty without Powers). */
  readonly pwAvail: Uint8Array;

  constructor(
    readonly variant: Variant,
    rng: Rng,
  ) {
    this.players = intParam(variant, 'players');
    this.blackCat = boolParam(variant, 'blackCat');
    this.livesToWin = intParam(variant, 'livesToWin');
    this.teams = boolParam(variant, 'teams');
    this.rng = rng;
    const p = this.players;
    this.suitCount = new Uint8Array(p * NUM_SUITS);
    this.handCount = new Uint8Array(p);
    this.bid = new Int8Array(p).fill(-1);
    this.tricksWon = new Uint8Array(p);
    this.lives = new Uint16Array(p);
    this.voids = new Uint8Array(p * NUM_SUITS);
    this.trickCard = new Int8Array(p).fill(-1);
    this.trickSuit = new Int8Array(p).fill(-1);
    this.gains = new Uint8Array(p);
    this.histBid = new Int8Array(ROUND_CAP * p).fill(-1);
    this.histTricks = new Uint8Array(ROUND_CAP * p);
    this.histGain = new Uint8Array(ROUND_CAP * p);
    this.powers = variant.powers === true;
    this.uniformDeal = variant.powerDeal === 'uniform';
    this.powersOff = this.powers ? parsePowersOff(stringParam(variant, 'powersOff')) : new Uint8Array(NUM_POWERS);
    this.rowCards = new Int8Array(p * ROW_CAPACITY).fill(-1);
    this.rowLen = new Uint8Array(p);
    this.pvoids = new Uint8Array(p * p * NUM_SUITS);
    this.known = new Uint8Array(p * NUM_CARDS);
    this.pwUses = new Uint16Array(this.powers ? p * NUM_POWERS : 0);
    this.pwAvail = new Uint8Array(this.powers ? p * NUM_POWERS : 0);
  }
}

/**
 * Copies every field of `src` into `dst` (`Game.clone`): every array and
 * counter, scratch included; `dst.rng` becomes a fork of `src.rng` (a new
 * generator with the same words; the one `dst` held is dropped, never
 * written) and `dst.recorder` null.
 * @returns dst.
 */
export function copyState(src: NineLivesState, dst: NineLivesState): NineLivesState {
  dst.rng = src.rng.fork();
  dst.recorder = null;
  dst.where.set(src.where);
  dst.suitCount.set(src.suitCount);
  dst.handCount.set(src.handCount);
  dst.bid.set(src.bid);
  dst.tricksWon.set(src.tricksWon);
  dst.lives.set(src.lives);
  dst.voids.set(src.voids);
  dst.trickCard.set(src.trickCard);
  dst.trickSuit.set(src.trickSuit);
  dst.trickLen = src.trickLen;
  dst.gains.set(src.gains);
  dst.keeper = src.keeper;
  dst.turn = src.turn;
  dst.phase = src.phase;
  dst.round = src.round;
  dst.handSize = src.handSize;
  dst.tricksLeft = src.tricksLeft;
  dst.capped = src.capped;
  dst.winners = src.winners; // never written in place: a finished game assigns a fresh array
  dst.histBid.set(src.histBid);
  dst.histTricks.set(src.histTricks);
  dst.histGain.set(src.histGain);
  dst.histHand.set(src.histHand);
  dst.deck.set(src.deck);
  if (src.powers) copyPowers(src, dst);
  return dst;
}

/** Copies the Powers fields (additive to `copyState`; the power deal is fixed per game but copied all the same). */
export function copyPowers(src: NineLivesState, dst: NineLivesState): void {
  dst.powerOf.set(src.powerOf);
  dst.rowCards.set(src.rowCards);
  dst.rowLen.set(src.rowLen);
  dst.slotCard.set(src.slotCard);
  dst.slotSuit.set(src.slotSuit);
  dst.slotNum.set(src.slotNum);
  dst.slotDown.set(src.slotDown);
  dst.slotVoid.set(src.slotVoid);
  dst.slotFlags.set(src.slotFlags);
  dst.slotBy.set(src.slotBy);
  dst.evKey.set(src.evKey);
  dst.evSeat.set(src.evSeat);
  dst.evSlot.set(src.evSlot);
  dst.evVal.set(src.evVal);
  dst.pw.set(src.pw);
  dst.pvoids.set(src.pvoids);
  dst.known.set(src.known);
  dst.queue.set(src.queue);
  dst.queueLen = src.queueLen;
  dst.queueFor = src.queueFor;
  dst.pwUses.set(src.pwUses);
  dst.pwAvail.set(src.pwAvail);
}
