import { PAIRS_RANKS, RANK_SLOTS } from '../../cards/pairs.js';
import { type NineVirtuesState, STAT_KINDS } from './state.js';

/**
 * How the bid cards of one rank in one bid row scored ("Scoring a round", 3):
 * `plus` +r each, `zero` 0 (a wrong bid under bidPenalty=zero), `minus` -r
 * (face) or -2r (double) each.
 */
export type BidOutcome = 'plus' | 'zero' | 'minus';

/** The bid cards of one rank in one seat's bid row at the end of a round. */
export interface BidStat {
  /** The rank r, 2..10. */
  readonly rank: number;
  /** How many rank-r cards the row holds (>= 1); they all score alike. */
  readonly cards: number;
  readonly outcome: BidOutcome;
  /** The points of these cards together: cards x (+r | 0 | -r | -2r). */
  readonly points: number;
}

/** One seat in one round. `score = handPoints + bidPoints`. */
export interface SeatRoundStats {
  /** Points from hand majorities ("Scoring a round", 2), >= 0. */
  readonly handPoints: number;
  /** Points from bid cards ("Scoring a round", 3), may be negative. */
  readonly bidPoints: number;
  /** The round score of the seat (the record's round `scores` entry). */
  readonly score: number;
  /** The bid row by rank, ascending; empty when the seat made no bid. */
  readonly bids: readonly BidStat[];
  /** Turns the seat spent on each kind of action. */
  readonly bidActions: number;
  readonly swapActions: number;
  readonly killActions: number;
}

/** One finished round of a game. */
export interface NineVirtuesRoundStats {
  /** 0-based round index k. */
  readonly round: number;
  /** Seat k mod P. */
  readonly dealer: number;
  /** Turns taken (bid/swap/kill actions; the call is not a turn), <= 100 x P. */
  readonly turns: number;
  /** True when the round hit the turn cap of 100 x P turns. */
  readonly capped: boolean;
  /** Who called the wild 1 and as which rank; null when nobody did. */
  readonly call: { readonly seat: number; readonly rank: number } | null;
  /** One entry per seat 0..P-1. */
  readonly seats: readonly SeatRoundStats[];
}

/** A game's statistics: its finished rounds, in order (`nineVirtuesStats`). */
export type NineVirtuesStats = NineVirtuesRoundStats[];

/**
 * The statistics of every round finished so far in `s` (all of them once the
 * game is over), for balance reports. Allocates; call it once per game, e.g.
 * on the final state, or on a state rebuilt by replaying a record.
 * @returns one entry per finished round, in order.
 */
export function nineVirtuesStats(s: NineVirtuesState): NineVirtuesStats {
  const P = s.players;
  const out: NineVirtuesRoundStats[] = [];
  for (let k = 0; k < s.round; k++) {
    const seats: SeatRoundStats[] = [];
    for (let q = 0; q < P; q++) {
      const i = k * P + q;
      const bids: BidStat[] = [];
      for (let r = 1; r <= PAIRS_RANKS; r++) {
        const cards = s.statBidRow[i * RANK_SLOTS + r]!;
        if (cards === 0) continue;
        const right = s.statBidRight[i * RANK_SLOTS + r] === 1;
        const outcome: BidOutcome = right ? 'plus' : s.penalty === 0 ? 'zero' : 'minus';
        bids.push({ rank: r, cards, outcome, points: right ? cards * r : -s.penalty * cards * r });
      }
      const handPoints = s.statHand[i]!;
      const bidPoints = s.statBid[i]!;
      seats.push({
        handPoints,
        bidPoints,
        score: handPoints + bidPoints,
        bids,
        bidActions: s.statActions[i * STAT_KINDS]!,
        swapActions: s.statActions[i * STAT_KINDS + 1]!,
        killActions: s.statActions[i * STAT_KINDS + 2]!,
      });
    }
    const callSeat = s.statCall[k * 2]!;
    out.push({
      round: k,
      dealer: k % P,
      turns: s.statTurns[k]!,
      capped: s.statCapped[k] === 1,
      call: callSeat >= 0 ? { seat: callSeat, rank: s.statCall[k * 2 + 1]! } : null,
      seats,
    });
  }
  return out;
}

/**
 * Running sums over many games, per seat (index q) unless said otherwise.
 * Build it with {@link newStatsTotals}, add each finished game with
 * {@link accumulateStats}. Map seats to bots yourself when line-ups rotate.
 */
export interface StatsTotals {
  games: number;
  rounds: number;
  /** Rounds that hit the turn cap. */
  cappedRounds: number;
  /** Turns over all rounds (divide by `rounds` for the mean round length). */
  turns: number;
  /** Points from hand majorities / from bids, per seat. */
  readonly handPoints: number[];
  readonly bidPoints: number[];
  /** Bid cards that scored +r / 0 / negative, per seat. */
  readonly bidsPlus: number[];
  readonly bidsZero: number[];
  readonly bidsMinus: number[];
  /** Actions taken, per seat. */
  readonly bidActions: number[];
  readonly swapActions: number[];
  readonly killActions: number[];
  /** Times the seat called the wild 1. */
  readonly calls: number[];
  /** Bid cards by rank (index r = 1..10, 0 unused) that scored + / not +, all seats together. */
  readonly bidsPlusByRank: number[];
  readonly bidsWrongByRank: number[];
}

/** Empty totals for `players` seats. */
export function newStatsTotals(players: number): StatsTotals {
  const z = (n: number): number[] => new Array<number>(n).fill(0);
  return {
    games: 0,
    rounds: 0,
    cappedRounds: 0,
    turns: 0,
    handPoints: z(players),
    bidPoints: z(players),
    bidsPlus: z(players),
    bidsZero: z(players),
    bidsMinus: z(players),
    bidActions: z(players),
    swapActions: z(players),
    killActions: z(players),
    calls: z(players),
    bidsPlusByRank: z(RANK_SLOTS),
    bidsWrongByRank: z(RANK_SLOTS),
  };
}

/**
 * Adds the finished rounds of `s` (normally a finished game) to `t`, without
 * allocating. Counts the game once (`t.games++`).
 * @throws RangeError when `t` was built for another player count.
 */
export function accumulateStats(s: NineVirtuesState, t: StatsTotals): void {
  const P = s.players;
  if (t.handPoints.length !== P) throw new RangeError(`nine-virtues stats: totals for ${t.handPoints.length} seats, state has ${P}`);
  t.games++;
  for (let k = 0; k < s.round; k++) {
    t.rounds++;
    t.turns += s.statTurns[k]!;
    if (s.statCapped[k] === 1) t.cappedRounds++;
    const caller = s.statCall[k * 2]!;
    if (caller >= 0) t.calls[caller]!++;
    for (let q = 0; q < P; q++) {
      const i = k * P + q;
      t.handPoints[q]! += s.statHand[i]!;
      t.bidPoints[q]! += s.statBid[i]!;
      t.bidActions[q]! += s.statActions[i * STAT_KINDS]!;
      t.swapActions[q]! += s.statActions[i * STAT_KINDS + 1]!;
      t.killActions[q]! += s.statActions[i * STAT_KINDS + 2]!;
      for (let r = 1; r <= PAIRS_RANKS; r++) {
        const cards = s.statBidRow[i * RANK_SLOTS + r]!;
        if (cards === 0) continue;
        if (s.statBidRight[i * RANK_SLOTS + r] === 1) {
          t.bidsPlus[q]! += cards;
          t.bidsPlusByRank[r]! += cards;
        } else {
          if (s.penalty === 0) t.bidsZero[q]! += cards;
          else t.bidsMinus[q]! += cards;
          t.bidsWrongByRank[r]! += cards;
        }
      }
    }
  }
}
