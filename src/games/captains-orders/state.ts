import type { GameStateBase, Recorder, Rng, Variant } from '../../core/index.js';
import { intParam } from '../../core/index.js';
import { fillPairsDeck, rankMask, rankPoints, RANK_SLOTS } from '../../cards/pairs.js';

/** What the state waits for (`../shared/rules/captains-orders.md`, "A round"). */
export const enum Phase {
  /** The turn seat acts: order/pass/ask/discover, or follow/belay/discover under an Order. */
  Turn = 0,
  /** `pending` must discard one card face down (after a pass to them, or after their ask). */
  Discard = 1,
  /** `pending` (the asked player) chooses the card to give to the turn seat. */
  Give = 2,
  /** `runout` emptied their hand and decides whether to declare Captain. */
  Declare = 3,
  /** The game is over. */
  Over = 4,
}

/** How the run-out player gave up their last card (for the declare ruling). */
export const enum LastKind {
  Order = 0,
  Belay = 1,
  Pass = 2,
  Follow = 3,
  Give = 4,
}

/**
 * The mutable state of one game of Captain's Orders. Rank counts are flat
 * `Uint8Array`s indexed `seat * 11 + rank` (index 0 of each row unused).
 */
export class CaptainsOrdersState implements GameStateBase {
  readonly players: number;
  readonly handSize: number;
  readonly winsToWin: number;
  rng: Rng;
  recorder: Recorder | null = null;

  /** hands[s*11 + r]: rank-r cards in seat s's hand. */
  readonly hands: Uint8Array;
  /** Cards in each hand. */
  readonly handCount: Uint8Array;
  /** handMasks[s]: bit r set when seat s holds a rank-r card (kept with `hands`; see `syncMasks`). */
  readonly handMasks: Uint16Array;
  /** Face-up discards (retired and belayed Orders) by rank. */
  readonly discardUp: Uint8Array;
  /** down[s*11 + r]: face-down discards made by seat s, by rank. */
  readonly down: Uint8Array;
  /** Face-down discards made by each seat (public). */
  readonly downCount: Uint8Array;
  /**
   * One buffer behind every array a new round clears (hands, discards,
   * knowledge), so a deal clears them with one `fill`. The undealt cards are
   * not tracked: no rule reads them, and they are the cards of no other place.
   */
  readonly roundBuffer: Uint8Array;
  /**
   * known[(o*P + q)*11 + r]: how many rank-r cards seat o knows for certain to
   * be in seat q's hand (from cards o gave q, minus what q may have lost since).
   */
  readonly known: Uint8Array;
  /** knownAny[o*P + q]: the total of o's certain counts of q's hand. */
  readonly knownAny: Uint8Array;
  /** knownMask[o*P + q]: bit r set when known[(o*P + q)*11 + r] > 0 (kept with `known`). */
  readonly knownMask: Uint16Array;
  /**
   * knowers[q]: bit o set when knownAny[o*P + q] > 0, the seats sure of some
   * card in q's hand. A card leaving q's hand visits only these rows (most
   * of the time none or one) instead of every seat's.
   */
  readonly knowers: Uint8Array;
  /** Scratch of the scoring: the lowest rank of each hand. */
  readonly lowest: Uint8Array;
  /** points[s]: the sum of the ranks in seat s's hand ("Words"; kept with `hands`, see `syncMasks`). */
  readonly points: Uint16Array;
  /** Rounds won by each seat. */
  readonly roundWins: Uint8Array;
  /** Scratch: 1 for each seat that won the round being scored. */
  readonly roundWinners: Uint8Array;

  /** The standing Order's rank, 0 when none. */
  orderRank = 0;
  orderOwner = -1;
  dealer = 0;
  /** Rounds finished so far. */
  round = 0;
  /** Whose turn it is. */
  turn = 0;
  phase: Phase = Phase.Turn;
  /** The seat that must discard or give (phases Discard and Give). */
  pending = -1;
  /** Run-out: the emptied seat, the rank they gave up, its receiver (-1 for an Order) and how. */
  runout = -1;
  lastRank = 0;
  lastTo = -1;
  lastKind: LastKind = LastKind.Order;
  capped = false;
  /** The game winners, filled when the game ends. */
  winners: number[] = [];

  /**
   * The 55 cards in some order: each deal shuffles the positions it deals
   * (a partial Fisher-Yates), so it always holds the whole deck.
   */
  readonly deck = new Uint8Array(55);

  constructor(
    readonly variant: Variant,
    rng: Rng,
  ) {
    this.players = intParam(variant, 'players');
    this.handSize = intParam(variant, 'handSize');
    this.winsToWin = intParam(variant, 'winsToWin');
    this.rng = rng;
    const p = this.players;
    // knownMask (16-bit words) first, at an even offset; then the byte arrays.
    const sizes = [p * RANK_SLOTS, RANK_SLOTS, p * RANK_SLOTS, p, p * p * RANK_SLOTS, p * p, p];
    const maskBytes = 2 * p * p;
    this.roundBuffer = new Uint8Array(maskBytes + sizes.reduce((a, b) => a + b, 0));
    this.knownMask = new Uint16Array(this.roundBuffer.buffer, 0, p * p);
    let at = maskBytes;
    const view = (n: number): Uint8Array => this.roundBuffer.subarray(at, (at += n));
    this.hands = view(sizes[0]!);
    this.discardUp = view(sizes[1]!);
    this.down = view(sizes[2]!);
    this.downCount = view(sizes[3]!);
    this.known = view(sizes[4]!);
    this.knownAny = view(sizes[5]!);
    this.knowers = view(sizes[6]!);
    this.handCount = new Uint8Array(p);
    this.handMasks = new Uint16Array(p);
    this.lowest = new Uint8Array(p);
    this.points = new Uint16Array(p);
    this.roundWins = new Uint8Array(p);
    this.roundWinners = new Uint8Array(p);
    fillPairsDeck(this.deck);
  }
}

/**
 * Copies every field of `src` into `dst` (`Game.clone`): every array and
 * counter, scratch included; `dst.rng` becomes a fork of `src.rng` (a new
 * generator with the same words; the one `dst` held is dropped, never
 * written) and `dst.recorder` null.
 * @returns dst.
 */
export function copyState(src: CaptainsOrdersState, dst: CaptainsOrdersState): CaptainsOrdersState {
  dst.rng = src.rng.fork();
  dst.recorder = null;
  dst.roundBuffer.set(src.roundBuffer);
  dst.handCount.set(src.handCount);
  dst.handMasks.set(src.handMasks);
  dst.points.set(src.points);
  dst.lowest.set(src.lowest);
  dst.roundWins.set(src.roundWins);
  dst.roundWinners.set(src.roundWinners);
  dst.orderRank = src.orderRank;
  dst.orderOwner = src.orderOwner;
  dst.dealer = src.dealer;
  dst.round = src.round;
  dst.turn = src.turn;
  dst.phase = src.phase;
  dst.pending = src.pending;
  dst.runout = src.runout;
  dst.lastRank = src.lastRank;
  dst.lastTo = src.lastTo;
  dst.lastKind = src.lastKind;
  dst.capped = src.capped;
  dst.winners = src.winners.slice();
  // The order the next deal shuffles from (each deal draws positions of the deck as the last one left it).
  dst.deck.set(src.deck);
  return dst;
}

/** Recomputes the hand masks and points from the counts (after a deal or a determinization). */
export function syncMasks(s: CaptainsOrdersState): void {
  for (let q = 0; q < s.players; q++) {
    s.handMasks[q] = rankMask(s.hands, q * RANK_SLOTS);
    s.points[q] = rankPoints(s.hands, q * RANK_SLOTS);
  }
}
