import type { GameStateBase, Recorder, Rng, Variant } from '../../core/index.js';
import { intParam, stringParam } from '../../core/index.js';
import { loadCardSet, MAX_OPTIONS, type CardSet } from './cards.js';
import { fastTables, type FastTables } from './tables.js';

/** What the state waits for (`../shared/rules/nine-muses.md`, "A turn"). */
export const enum Phase {
  /** The turn seat plays a Philosopher for one of the four actions. */
  Play = 0,
  /** The turn seat chooses whom to take one token of `stealType` from ("Knowledge flow"). */
  Steal = 1,
  Over = 2,
}

/** What follows once a gain's steals are done. */
export const enum Then {
  /** The gain was the collect step: the player now plays a card. */
  Play = 0,
  /** The gain was the action: the turn ends. */
  EndTurn = 1,
}

/** `museLoc` of a Muse still in the Muse deck. */
export const IN_DECK = -1;
/** `museLoc` of a Muse face up in the center row. */
export const CENTER = -2;

/** Token supply [craft, science, ethics] by player count ("Setup"). */
export const SUPPLY: Readonly<Record<number, readonly [number, number, number]>> = {
  2: [10, 6, 2],
  3: [12, 8, 3],
  4: [14, 8, 4],
};

/** Philosophers dealt to each player per round, Craft each player starts with ("Setup"). */
export const HAND_SIZE = 3;
export const START_CRAFT = 2;

/** VP sources of the balance counters: Aristotle per Knowledge type, Muse abilities, exchange options. */
export const SRC_ARISTOTLE = 0;
export const SRC_MUSE = 3;
export const SRC_EXCHANGE = 4;
export const NUM_SOURCES = 5;
/** Action kinds counted in `actionMix` (see `Kind` in actions.ts). */
export const NUM_KINDS = 5;

/**
 * The mutable state of one game of Nine Muses. Per-seat arrays are flat:
 * `know[s*3 + k]`, `hand[s*T + t]` for T Philosopher types.
 */
export class NineMusesState implements GameStateBase {
  readonly players: number;
  /** The card set (shared, read-only). */
  readonly cards: CardSet;
  /** The card set's hot-path tables (shared, read-only). */
  readonly tables: FastTables;
  /** Philosopher types T and Muses M of the card set. */
  readonly types: number;
  readonly numMuses: number;
  rng: Rng;
  recorder: Recorder | null = null;

  /** hand[s*T + t]: type-t Philosophers in seat s's hand. */
  readonly hand: Uint8Array;
  readonly handCount: Uint8Array;
  /** The Philosopher deck: types in deck[0..deckLen), the top is deck[deckLen-1]. */
  readonly deck: Uint8Array;
  deckLen = 0;
  /** The discard pile by type (every played card since the last reshuffle). */
  readonly discard: Uint8Array;
  /** The Muses in deck order; museOrder[0..revealed) are revealed, in reveal order. */
  readonly museOrder: Uint8Array;
  revealed = 0;
  /** Where Muse m is: IN_DECK, CENTER or the holding seat. */
  readonly museLoc: Int8Array;
  /**
   * The same bytes as `museLoc`, four Muses a word (Muse 4w + i in byte i:
   * little-endian, as every platform Node runs on), padded with zero bytes:
   * the hot path tests four Muses at once (`musesAt` in conditions.ts).
   */
  readonly museWords: Int32Array;
  /** know[s*3 + k]: seat s's tokens of Knowledge k. */
  readonly know: Uint8Array;
  readonly pool = new Uint8Array(3);
  /** The supply for this player count (pool + all players' tokens, always). */
  readonly supply = new Uint8Array(3);
  readonly vp: Int32Array;
  /** VP at the start of the round (round scores are the VP gained in the round). */
  readonly roundStartVp: Int32Array;

  /** Rounds started so far (1 in the first round). */
  round = 0;
  /** The first player of the round. */
  first = 0;
  /** Whose turn it is. */
  turn = 0;
  phase: Phase = Phase.Play;
  /** The Knowledge being taken by steals (phase Steal), and what each type still lacks. */
  stealType = 0;
  readonly stealLeft = new Uint8Array(3);
  stealThen: Then = Then.Play;
  /** The seat a reshuffle happened for while dealing (recorded after the round header), -1 none. */
  reshuffleSeat = -1;
  winners: number[] = [];
  /**
   * Bumped by every change through the engine (deal, apply, determinize
   * into); a clone carries its original's (the same content, so two states
   * played alike stay equal field by field). `legalAt` reuses what
   * `legalCount` worked out for the same state and version; `clone` into a
   * state forgets that state's cached lists (its version may go back).
   */
  version = 0;

  /** Balance counters (`nineMusesStats`): vpSource[s*5 + src], vpByMuse[m], actionMix[s*5 + kind]. */
  readonly vpSource: Int32Array;
  readonly vpByMuse: Int32Array;
  readonly actionMix: Int32Array;
  /** Muses taken from the center row / from another player / lost to another player, per seat. */
  readonly calledFromCenter: Int32Array;
  readonly calledFromPlayer: Int32Array;
  readonly musesLost: Int32Array;
  /** Per Muse: times called from the center, times taken from a player. */
  readonly callsByMuse: Int32Array;
  readonly stealsByMuse: Int32Array;
  /** Tokens taken from each seat by others (steal actions). */
  readonly tokensLost: Int32Array;
  /** optionUse[(s*T + t)*MAX_OPTIONS + o]: exchanges by seat s with option o of Philosopher type t. */
  readonly optionUse: Int32Array;

  constructor(
    readonly variant: Variant,
    rng: Rng,
  ) {
    this.players = intParam(variant, 'players');
    this.cards = loadCardSet(stringParam(variant, 'cards'));
    this.tables = fastTables(this.cards);
    const P = this.players;
    const T = (this.types = this.cards.philosophers.length);
    const M = (this.numMuses = this.cards.muses.length);
    this.rng = rng;
    this.hand = new Uint8Array(P * T);
    this.handCount = new Uint8Array(P);
    this.deck = new Uint8Array(this.cards.deckSize);
    this.discard = new Uint8Array(T);
    this.museOrder = new Uint8Array(M);
    const words = new ArrayBuffer(4 * Math.ceil(M / 4));
    this.museLoc = new Int8Array(words, 0, M);
    this.museWords = new Int32Array(words);
    this.know = new Uint8Array(P * 3);
    this.vp = new Int32Array(P);
    this.roundStartVp = new Int32Array(P);
    this.supply.set(SUPPLY[P] ?? [0, 0, 0]);
    this.vpSource = new Int32Array(P * NUM_SOURCES);
    this.vpByMuse = new Int32Array(M);
    this.actionMix = new Int32Array(P * NUM_KINDS);
    this.calledFromCenter = new Int32Array(P);
    this.calledFromPlayer = new Int32Array(P);
    this.musesLost = new Int32Array(P);
    this.callsByMuse = new Int32Array(M);
    this.stealsByMuse = new Int32Array(M);
    this.tokensLost = new Int32Array(P);
    this.optionUse = new Int32Array(P * T * MAX_OPTIONS);
  }
}

/** Zeroes the balance counters (a new game, or a determinized state that cannot know them). */
export function clearCounters(s: NineMusesState): void {
  s.vpSource.fill(0);
  s.vpByMuse.fill(0);
  s.actionMix.fill(0);
  s.calledFromCenter.fill(0);
  s.calledFromPlayer.fill(0);
  s.musesLost.fill(0);
  s.callsByMuse.fill(0);
  s.stealsByMuse.fill(0);
  s.tokensLost.fill(0);
  s.optionUse.fill(0);
}

/**
 * Copies every field of `src` into `dst` (`Game.clone`): every array and
 * counter, scratch included; `dst.rng` becomes a fork of `src.rng` (a new
 * generator with the same words; the one `dst` held is dropped, never
 * written) and `dst.recorder` null.
 * @returns dst.
 */
export function copyState(src: NineMusesState, dst: NineMusesState): NineMusesState {
  dst.rng = src.rng.fork();
  dst.recorder = null;
  dst.version = src.version;
  dst.supply.set(src.supply);
  dst.hand.set(src.hand);
  dst.handCount.set(src.handCount);
  dst.deck.set(src.deck);
  dst.deckLen = src.deckLen;
  dst.discard.set(src.discard);
  dst.museOrder.set(src.museOrder);
  dst.revealed = src.revealed;
  dst.museLoc.set(src.museLoc);
  dst.know.set(src.know);
  dst.pool.set(src.pool);
  dst.vp.set(src.vp);
  dst.roundStartVp.set(src.roundStartVp);
  dst.round = src.round;
  dst.first = src.first;
  dst.turn = src.turn;
  dst.phase = src.phase;
  dst.stealType = src.stealType;
  dst.stealLeft.set(src.stealLeft);
  dst.stealThen = src.stealThen;
  dst.reshuffleSeat = src.reshuffleSeat;
  dst.winners = src.winners.slice();
  dst.vpSource.set(src.vpSource);
  dst.vpByMuse.set(src.vpByMuse);
  dst.actionMix.set(src.actionMix);
  dst.calledFromCenter.set(src.calledFromCenter);
  dst.calledFromPlayer.set(src.calledFromPlayer);
  dst.musesLost.set(src.musesLost);
  dst.callsByMuse.set(src.callsByMuse);
  dst.stealsByMuse.set(src.stealsByMuse);
  dst.tokensLost.set(src.tokensLost);
  dst.optionUse.set(src.optionUse);
  return dst;
}
