import type { GameStateBase, Recorder, Rng, Variant } from '../../core/index.js';
import { intParam } from '../../core/index.js';
import { DECK_SIZE } from '../../cards/nines.js';

/** Board cards. */
export const BOARD = 5;

/** Betting rounds (`nines-holdem.md`, "Dealing and betting"). */
export const enum Street {
  Preflop = 0,
  Flop = 1,
  Turn = 2,
  River = 3,
}

/** What the state waits for. */
export const enum Phase {
  /** `toAct` decides in the betting round of `street`. */
  Betting = 0,
  /** The match is over. */
  Over = 1,
}

/**
 * The mutable state of a Nines Hold'em match of `hands` hands. Chip amounts
 * are integers (blinds 1 and 2 by default); stacks are unlimited, so only the
 * chips put in matter.
 */
export class NinesHoldemState implements GameStateBase {
  readonly players: number;
  readonly hands: number;
  readonly smallBlind: number;
  readonly bigBlind: number;
  readonly maxBets: number;
  rng: Rng;
  recorder: Recorder | null = null;

  /** Hands started so far (the current hand is `handIndex`, 0-based). */
  handIndex = 0;
  button = 0;
  /** hole[2q], hole[2q+1]: seat q's hole card values. */
  readonly hole: Uint8Array;
  /** The five board values as dealt; `shown` of them are face up. */
  readonly board = new Uint8Array(BOARD);
  shown = 0;
  street: Street = Street.Preflop;
  phase: Phase = Phase.Betting;
  /** 1 once seat q has folded this hand. */
  readonly folded: Uint8Array;
  /** Seats still in the hand. */
  active = 0;
  /** Chips each seat has put in the pot this hand. */
  readonly contrib: Int32Array;
  /** Chips each seat has put in during the current betting round. */
  readonly roundBet: Int32Array;
  /** The highest `roundBet`: what every seat must match. */
  currentBet = 0;
  /** Bets made in the current round (the big blind counts pre-flop). */
  bets = 0;
  /** The seat to act. */
  toAct = 0;
  /** Seats that must still act before the round ends. */
  pending = 0;
  /** Net chips of each seat over the hands played so far. */
  readonly net: Int32Array;
  /** Scratch: chips each seat wins at the end of a hand. */
  readonly won: Int32Array;
  /** The match winners, filled when it ends. */
  winners: number[] = [];

  /** Scratch deck used by the deal. */
  readonly deck = new Uint8Array(DECK_SIZE);

  constructor(
    readonly variant: Variant,
    rng: Rng,
  ) {
    this.players = intParam(variant, 'players');
    this.hands = intParam(variant, 'hands');
    this.smallBlind = intParam(variant, 'smallBlind');
    this.bigBlind = intParam(variant, 'bigBlind');
    this.maxBets = intParam(variant, 'maxBetsPerRound');
    this.rng = rng;
    const p = this.players;
    this.hole = new Uint8Array(2 * p);
    this.folded = new Uint8Array(p);
    this.contrib = new Int32Array(p);
    this.roundBet = new Int32Array(p);
    this.net = new Int32Array(p);
    this.won = new Int32Array(p);
  }
}

/**
 * Copies every field of `src` into `dst` (`Game.clone`): every array and
 * counter, scratch included; `dst.rng` becomes a fork of `src.rng` (a new
 * generator with the same words; the one `dst` held is dropped, never
 * written) and `dst.recorder` null.
 * @returns dst.
 */
export function copyState(src: NinesHoldemState, dst: NinesHoldemState): NinesHoldemState {
  dst.rng = src.rng.fork();
  dst.recorder = null;
  dst.handIndex = src.handIndex;
  dst.button = src.button;
  dst.hole.set(src.hole);
  dst.board.set(src.board);
  dst.shown = src.shown;
  dst.street = src.street;
  dst.phase = src.phase;
  dst.folded.set(src.folded);
  dst.active = src.active;
  dst.contrib.set(src.contrib);
  dst.roundBet.set(src.roundBet);
  dst.currentBet = src.currentBet;
  dst.bets = src.bets;
  dst.toAct = src.toAct;
  dst.pending = src.pending;
  dst.net.set(src.net);
  dst.won.set(src.won);
  dst.winners = src.winners.slice();
  dst.deck.set(src.deck);
  return dst;
}
