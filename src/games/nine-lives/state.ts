import type { GameStateBase, Recorder, Rng, Variant } from '../../core/index.js';
import { boolParam, intParam } from '../../core/index.js';
import { NUM_CARDS, NUM_SUITS } from './cards.js';

/** What the state waits for (`nine-lives.md`, "A round"). */
export const enum Phase {
  /** Seat `turn` chooses its bid card (seats bid in order 0..P-1, unseen by the others). */
  Bid = 0,
  /** Seat `turn` plays a card to the trick led by the Kittykeeper. */
  Play = 1,
  /** The game is over. */
  Over = 2,
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
  return dst;
}
