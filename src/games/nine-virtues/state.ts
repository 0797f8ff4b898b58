import type { GameStateBase, Recorder, Rng, Variant } from '../../core/index.js';
import { boolParam, intParam, stringParam } from '../../core/index.js';
import { fillPairsDeck, rankMask, RANK_SLOTS } from '../../cards/pairs.js';

/** What the state waits for (`../shared/rules/nine-virtues.md`). */
export const enum Phase {
  /** The turn seat bids, swaps or kills ("A round", 3). */
  Turn = 0,
  /** `caller` holds the wild 1 and declares its rank ("Scoring a round", 1). */
  Call = 1,
  /** The game is over. */
  Over = 2,
}

/** How a wrong bid scores (variant `bidPenalty`): 1 = face (-r), 0 = zero, 2 = double (-2r). */
export type BidPenalty = 'face' | 'zero' | 'double';

/**
 * The multiplier of a wrong bid's rank under `bidPenalty` ("Scoring a
 * round", 3, and "Variant parameters"): 0 (zero), 1 (face, -r), 2 (double, -2r).
 */
export const penaltyFactor = (bp: BidPenalty): number => (bp === 'zero' ? 0 : bp === 'double' ? 2 : 1);

/** Slots per (round, seat) in the per-action counters: bid, swap, kill. */
export const STAT_KINDS = 3;

/**
 * The mutable state of one game of Nine Virtues. Rank counts are flat
 * `Uint8Array`s indexed `seat * 11 + rank` (index 0 of each row unused).
 * Besides the play state it keeps per-round statistics for balance reports
 * (read them with `nineVirtuesStats` / `accumulateStats` of `stats.ts`); bots never
 * see those arrays.
 */
export class NineVirtuesState implements GameStateBase {
  readonly players: number;
  readonly handSize: number;
  readonly centerPerPlayer: number;
  readonly rounds: number;
  /** Multiplier of a wrong bid's rank: 1 (face), 0 (zero), 2 (double). */
  readonly penalty: number;
  readonly wildOne: boolean;
  readonly killAfterFirstLap: boolean;
  /** Turns after which a round is capped: 100 x P ("A round", 5). */
  readonly turnCap: number;
  rng: Rng;
  recorder: Recorder | null = null;

  /**
   * One buffer behind every count a new round clears (hands, bids, known,
   * center, discard, unused), so a deal clears them with one `fill`.
   */
  readonly roundBuffer: Uint8Array;
  /** hands[s*11 + r]: rank-r cards in seat s's hand (always handSize cards). */
  readonly hands: Uint8Array;
  /** The face-up center by rank. */
  readonly center: Uint8Array;
  centerCount = 0;
  /** Bit r set when the center holds a rank-r card (kept with `center`; see `syncMasks`). */
  centerMask = 0;
  /** handMasks[s]: bit r set when seat s holds a rank-r card (kept with `hands`). */
  readonly handMasks: Uint16Array;
  /** bids[s*11 + r]: rank-r cards in seat s's bid row. */
  readonly bids: Uint8Array;
  /** Bit r set when some bid row holds a rank-r card (kept with `bids`; see `syncMasks`). */
  bidMask = 0;
  /**
   * known[s*11 + r]: rank-r cards everybody knows for certain to be in seat
   * s's hand (taken from the center by a swap and not visibly given back).
   */
  readonly known: Uint8Array;
  /** Cards killed this round or discarded by the cap, by rank (face up). */
  readonly discard: Uint8Array;
  /** The undealt part of the deck, by rank (unseen). */
  readonly unused: Uint8Array;
  /** Game scores so far, per seat. */
  readonly totals: Int32Array;
  /** Scratch of the scoring: hand counts with the called 1 counted as its rank. */
  readonly scoreCounts: Uint8Array;
  /** Scratch: the scores of the round being scored. */
  readonly roundScores: Int32Array;

  dealer = 0;
  /** Rounds finished so far (the 0-based index of the current round). */
  round = 0;
  /** Whose turn it is. */
  turn = 0;
  /** Turns taken so far in this round. */
  turnInRound = 0;
  phase: Phase = Phase.Turn;
  /** The seat calling the 1 in phase Call, else -1. */
  caller = -1;
  /** True when this round hit the turn cap. */
  roundCapped = false;
  /** True when any round of the game hit the turn cap. */
  capped = false;
  /** The game winners, filled when the game ends. */
  winners: number[] = [];

  // Statistics for balance reports, indexed by round k (0..rounds-1), all
  // views of one buffer so that a new game clears them with one `fill`.
  /** Every statistic's bytes, for clearing. */
  readonly statBytes: Uint8Array;
  /** statHand[k*P + s]: points seat s scored from hand majorities in round k. */
  readonly statHand: Int32Array;
  /** statBid[k*P + s]: points seat s scored from bids in round k. */
  readonly statBid: Int32Array;
  /** statBidRow[(k*P + s)*11 + r]: rank-r cards in s's bid row at the end of round k. */
  readonly statBidRow: Uint8Array;
  /** statBidRight[(k*P + s)*11 + r]: 1 when those bids scored +r, else 0. */
  readonly statBidRight: Uint8Array;
  /** statActions[(k*P + s)*3 + i]: bids (i=0), swaps (1), kills (2) by s in round k. */
  readonly statActions: Uint16Array;
  /** statBidMask[k*P + s]: bit r set when s's bid row held rank r at the end of round k. */
  readonly statBidMask: Uint16Array;
  /** statTurns[k]: turns taken in round k. */
  readonly statTurns: Uint16Array;
  /** statCapped[k]: 1 when round k hit the cap. */
  readonly statCapped: Uint8Array;
  /** statCall[k*2]: the seat that called the 1 in round k (-1 when none); statCall[k*2+1]: the rank called. */
  readonly statCall: Int8Array;

  /**
   * The 55 cards in some order: each deal shuffles the positions it deals (a
   * partial Fisher-Yates), so it always holds the whole deck.
   */
  readonly deck = new Uint8Array(55);

  constructor(
    readonly variant: Variant,
    rng: Rng,
  ) {
    this.players = intParam(variant, 'players');
    this.handSize = intParam(variant, 'handSize');
    this.centerPerPlayer = intParam(variant, 'centerPerPlayer');
    this.rounds = intParam(variant, 'rounds');
    this.penalty = penaltyFactor(stringParam(variant, 'bidPenalty') as BidPenalty);
    this.wildOne = boolParam(variant, 'wildOne');
    this.killAfterFirstLap = boolParam(variant, 'killAfterFirstLap');
    this.turnCap = 100 * this.players;
    this.rng = rng;
    const p = this.players;
    const k = this.rounds;
    this.roundBuffer = new Uint8Array(3 * p * RANK_SLOTS + 3 * RANK_SLOTS);
    let at = 0;
    const view = (n: number): Uint8Array => this.roundBuffer.subarray(at, (at += n));
    this.hands = view(p * RANK_SLOTS);
    this.bids = view(p * RANK_SLOTS);
    this.known = view(p * RANK_SLOTS);
    this.center = view(RANK_SLOTS);
    this.discard = view(RANK_SLOTS);
    this.unused = view(RANK_SLOTS);
    this.totals = new Int32Array(p);
    this.roundScores = new Int32Array(p);
    this.scoreCounts = new Uint8Array(p * RANK_SLOTS);
    this.handMasks = new Uint16Array(p);
    fillPairsDeck(this.deck);
    // Widest element types first, so every view is aligned.
    const bytes = [4 * k * p, 4 * k * p, 2 * k * p * STAT_KINDS, 2 * k * p, 2 * k, k * p * RANK_SLOTS, k * p * RANK_SLOTS, k, 2 * k];
    const buffer = new ArrayBuffer(bytes.reduce((a, b) => a + b, 0));
    this.statBytes = new Uint8Array(buffer);
    let b = 0;
    const next = (n: number): number => ((b += n), b - n);
    this.statHand = new Int32Array(buffer, next(bytes[0]!), k * p);
    this.statBid = new Int32Array(buffer, next(bytes[1]!), k * p);
    this.statActions = new Uint16Array(buffer, next(bytes[2]!), k * p * STAT_KINDS);
    this.statBidMask = new Uint16Array(buffer, next(bytes[3]!), k * p);
    this.statTurns = new Uint16Array(buffer, next(bytes[4]!), k);
    this.statBidRow = new Uint8Array(buffer, next(bytes[5]!), k * p * RANK_SLOTS);
    this.statBidRight = new Uint8Array(buffer, next(bytes[6]!), k * p * RANK_SLOTS);
    this.statCapped = new Uint8Array(buffer, next(bytes[7]!), k);
    this.statCall = new Int8Array(buffer, next(bytes[8]!), k * 2);
  }
}

/**
 * Copies every field of `src` into `dst` (`Game.clone`): every array and
 * counter, scratch included; `dst.rng` becomes a fork of `src.rng` (a new
 * generator with the same words; the one `dst` held is dropped, never
 * written) and `dst.recorder` null.
 * @returns dst.
 */
export function copyState(src: NineVirtuesState, dst: NineVirtuesState): NineVirtuesState {
  dst.rng = src.rng.fork();
  dst.recorder = null;
  dst.roundBuffer.set(src.roundBuffer);
  dst.centerCount = src.centerCount;
  dst.centerMask = src.centerMask;
  dst.handMasks.set(src.handMasks);
  dst.bidMask = src.bidMask;
  dst.totals.set(src.totals);
  dst.roundScores.set(src.roundScores);
  dst.scoreCounts.set(src.scoreCounts);
  dst.dealer = src.dealer;
  dst.round = src.round;
  dst.turn = src.turn;
  dst.turnInRound = src.turnInRound;
  dst.phase = src.phase;
  dst.caller = src.caller;
  dst.roundCapped = src.roundCapped;
  dst.capped = src.capped;
  dst.winners = src.winners.slice();
  dst.statBytes.set(src.statBytes);
  // The order the next round shuffles from (each round draws positions of the deck as the last one left it).
  dst.deck.set(src.deck);
  return dst;
}

/** Recomputes the rank masks (center, hands, bid rows) from the counts (after a deal or a determinization). */
export function syncMasks(s: NineVirtuesState): void {
  s.centerMask = rankMask(s.center, 0);
  let bids = 0;
  for (let q = 0; q < s.players; q++) {
    s.handMasks[q] = rankMask(s.hands, q * RANK_SLOTS);
    bids |= rankMask(s.bids, q * RANK_SLOTS);
  }
  s.bidMask = bids;
}
