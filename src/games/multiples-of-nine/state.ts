import type { GameStateBase, Recorder, Rng, Variant } from '../../core/index.js';
import { boolParam, intParam } from '../../core/index.js';
import { DECK_SIZE, NINES_SLOTS } from '../../cards/nines.js';

/** What the state waits for (`../shared/rules/multiples-of-nine.md`, "Play"). */
export const enum Phase {
  /** The turn seat's first turn, before the draw, with a whole initial hand that is a legal discard: it goes out. */
  Opening = 0,
  /** The turn seat has drawn (or could not) and discards or stays. */
  Decide = 1,
  /** The game is over (a winner, or capped). */
  Over = 2,
}

/** Player turns per seat after which a game ends capped (`multiples-of-nine.md`, "Play" 6). */
export const TURNS_PER_SEAT_CAP = 200;

/**
 * The mutable state of one game of Multiples of Nine. Hands and the discard
 * pile are value counts (`hands[seat * 14 + v]`, v = 1..13, index 0 unused);
 * the stock is an ordered array of values whose top is `stock[stockCount - 1]`.
 */
export class MultiplesOfNineState implements GameStateBase {
  readonly players: number;
  readonly handSize: number;
  readonly nineAloneOnlyToGoOut: boolean;
  /** 200 x P: the turn count that caps the game. */
  readonly maxTurns: number;
  rng: Rng;
  recorder: Recorder | null = null;

  /** hands[s*14 + v]: value-v cards in seat s's hand. */
  readonly hands: Uint8Array;
  readonly handCount: Uint8Array;
  /** The stock, bottom first: the top card is stock[stockCount - 1]. */
  readonly stock = new Uint8Array(DECK_SIZE);
  stockCount = 0;
  /** The face-up discard pile by value. */
  readonly pile = new Uint8Array(NINES_SLOTS);
  pileCount = 0;
  /** discarded[s*14 + v]: value-v cards seat s has discarded so far (public). */
  readonly discarded: Uint16Array;
  /** 1 once seat s has started its first turn. */
  readonly started: Uint8Array;
  /** Whose turn it is. */
  turn = 0;
  /** Player turns begun so far (an instant win counts as one). */
  turns = 0;
  phase: Phase = Phase.Decide;
  /** The seat that emptied its hand, -1 while none. */
  winner = -1;
  capped = false;

  /** Scratch deck used by the deal and the reshuffle. */
  readonly deck = new Uint8Array(DECK_SIZE);

  constructor(
    readonly variant: Variant,
    rng: Rng,
  ) {
    this.players = intParam(variant, 'players');
    this.handSize = intParam(variant, 'handSize');
    this.nineAloneOnlyToGoOut = boolParam(variant, 'nineAloneOnlyToGoOut');
    this.maxTurns = TURNS_PER_SEAT_CAP * this.players;
    this.rng = rng;
    const p = this.players;
    this.hands = new Uint8Array(p * NINES_SLOTS);
    this.handCount = new Uint8Array(p);
    this.discarded = new Uint16Array(p * NINES_SLOTS);
    this.started = new Uint8Array(p);
  }
}

/**
 * Copies every field of `src` into `dst` (`Game.clone`): every array and
 * counter, scratch included; `dst.rng` becomes a fork of `src.rng` (a new
 * generator with the same words; the one `dst` held is dropped, never
 * written) and `dst.recorder` null.
 * @returns dst.
 */
export function copyState(src: MultiplesOfNineState, dst: MultiplesOfNineState): MultiplesOfNineState {
  dst.rng = src.rng.fork();
  dst.recorder = null;
  dst.hands.set(src.hands);
  dst.handCount.set(src.handCount);
  dst.stock.set(src.stock);
  dst.stockCount = src.stockCount;
  dst.pile.set(src.pile);
  dst.pileCount = src.pileCount;
  dst.discarded.set(src.discarded);
  dst.started.set(src.started);
  dst.turn = src.turn;
  dst.turns = src.turns;
  dst.phase = src.phase;
  dst.winner = src.winner;
  dst.capped = src.capped;
  dst.deck.set(src.deck);
  return dst;
}
