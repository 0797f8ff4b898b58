import type { BalanceTable, GameBalance, GameResult, KeyFigure, Variant } from '../../core/index.js';
import { lineupGroups, mergeNumericTotals, sumOverEntries } from '../../core/balance.js';
import { intParam } from '../../core/index.js';
import { PAIRS_RANKS, RANK_SLOTS } from '../../cards/pairs.js';
import { chiSquareTest } from '../../stats/chisquare.js';
import { formatP } from '../../stats/format.js';
import { wilsonInterval } from '../../stats/intervals.js';
import { NineVirtuesState, STAT_KINDS } from './state.js';

/**
 * Running totals of a run for the Nine Virtues balance report, per line-up
 * entry e (index e, or e * 11 + r for a rank r) unless said otherwise.
 * Plain arrays: built per batch in a worker, merged in batch order.
 */
export interface NineVirtuesTotals {
  players: number;
  games: number;
  rounds: number;
  cappedRounds: number;
  turns: number;
  seatGames: number[];
  handPoints: number[];
  bidPoints: number[];
  bidActions: number[];
  swapActions: number[];
  killActions: number[];
  calls: number[];
  /** Bid cards of rank r, those that scored +r, and their points. */
  bidCards: number[];
  bidCardsRight: number[];
  bidPointsByRank: number[];
  /** Points of the game winners (a win shared by k counts 1/k of the winner's points). */
  winnerHandPoints: number;
  winnerBidPoints: number;
  winnerShares: number;
  /** By position left of the round's dealer (0 = the dealer): round win shares and round points. */
  dealerPosRoundWins: number[];
  dealerPosPoints: number[];
}

function zeros(n: number): number[] {
  return new Array<number>(n).fill(0);
}

function newTotals(variant: Variant): NineVirtuesTotals {
  const P = intParam(variant, 'players');
  return {
    players: P,
    games: 0,
    rounds: 0,
    cappedRounds: 0,
    turns: 0,
    seatGames: zeros(P),
    handPoints: zeros(P),
    bidPoints: zeros(P),
    bidActions: zeros(P),
    swapActions: zeros(P),
    killActions: zeros(P),
    calls: zeros(P),
    bidCards: zeros(P * RANK_SLOTS),
    bidCardsRight: zeros(P * RANK_SLOTS),
    bidPointsByRank: zeros(P * RANK_SLOTS),
    winnerHandPoints: 0,
    winnerBidPoints: 0,
    winnerShares: 0,
    dealerPosRoundWins: zeros(P),
    dealerPosPoints: zeros(P),
  };
}

/** Adds one finished game ("Scoring a round"; the state's per-round statistics). */
function accumulate(s: NineVirtuesState, t: NineVirtuesTotals, entryOfSeat: readonly number[], result: GameResult): void {
  const P = s.players;
  t.games++;
  for (let q = 0; q < P; q++) t.seatGames[entryOfSeat[q]!]!++;
  const share = result.winners.length > 0 ? 1 / result.winners.length : 0;
  let winnerMask = 0;
  for (const w of result.winners) winnerMask |= 1 << w;
  for (let k = 0; k < s.round; k++) {
    t.rounds++;
    t.turns += s.statTurns[k]!;
    if (s.statCapped[k] === 1) t.cappedRounds++;
    const caller = s.statCall[k * 2]!;
    if (caller >= 0) t.calls[entryOfSeat[caller]!]!++;
    const dealer = k % P;
    let best = -Infinity;
    let nBest = 0;
    for (let q = 0; q < P; q++) {
      const sc = s.statHand[k * P + q]! + s.statBid[k * P + q]!;
      if (sc > best) {
        best = sc;
        nBest = 1;
      } else if (sc === best) nBest++;
    }
    for (let q = 0; q < P; q++) {
      const i = k * P + q;
      const e = entryOfSeat[q]!;
      const hand = s.statHand[i]!;
      const bid = s.statBid[i]!;
      t.handPoints[e]! += hand;
      t.bidPoints[e]! += bid;
      t.bidActions[e]! += s.statActions[i * STAT_KINDS]!;
      t.swapActions[e]! += s.statActions[i * STAT_KINDS + 1]!;
      t.killActions[e]! += s.statActions[i * STAT_KINDS + 2]!;
      const pos = (q - dealer + P) % P;
      t.dealerPosPoints[pos]! += hand + bid;
      if (hand + bid === best) t.dealerPosRoundWins[pos]! += 1 / nBest;
      if ((winnerMask >> q) & 1) {
        t.winnerHandPoints += hand * share;
        t.winnerBidPoints += bid * share;
      }
      for (let m = s.statBidMask[i]!; m !== 0; m &= m - 1) {
        const r = 31 - Math.clz32(m & -m);
        const cards = s.statBidRow[i * RANK_SLOTS + r]!;
        const right = s.statBidRight[i * RANK_SLOTS + r] === 1;
        t.bidCards[e * RANK_SLOTS + r]! += cards;
        if (right) t.bidCardsRight[e * RANK_SLOTS + r]! += cards;
        t.bidPointsByRank[e * RANK_SLOTS + r]! += right ? cards * r : -s.penalty * cards * r;
      }
    }
  }
  t.winnerShares += result.winners.length > 0 ? 1 : 0;
}




function tables(t: NineVirtuesTotals, lineup: readonly string[]): BalanceTable[] {
  const out: BalanceTable[] = [];
  const bots = lineupGroups(lineup);
  const bidRows: (string | number)[][] = [];
  for (const b of bots) {
    const seatGames = sumOverEntries(t.seatGames, b.entries);
    for (let r = 2; r <= PAIRS_RANKS; r++) {
      const cards = sumOverEntries(t.bidCards, b.entries, (e) => e * RANK_SLOTS + r);
      const right = sumOverEntries(t.bidCardsRight, b.entries, (e) => e * RANK_SLOTS + r);
      const pts = sumOverEntries(t.bidPointsByRank, b.entries, (e) => e * RANK_SLOTS + r);
      const ci = wilsonInterval(right, cards);
      bidRows.push([b.name, r, seatGames > 0 ? cards / seatGames : 0, cards, cards > 0 ? right / cards : 0, ci[0], ci[1], cards > 0 ? pts / cards : 0]);
    }
  }
  out.push({
    id: 'bids-by-rank',
    title: 'Nine Virtues bidding by rank, per bot',
    caption: 'bids/game: bid cards per seat-game; success rate: share of bid cards that scored +r (95% Wilson interval); mean points per bid card.',
    columns: ['bot', 'rank', 'bids/game', 'bid cards', 'success rate', 'ci95 lo', 'ci95 hi', 'points/bid'],
    rows: bidRows,
  });
  const srcRows: (string | number)[][] = [];
  const srcRow = (label: string, hand: number, bid: number, n: number): void => {
    srcRows.push([label, n > 0 ? hand / n : 0, n > 0 ? bid / n : 0, hand + bid !== 0 ? hand / (hand + bid) : 0, hand + bid !== 0 ? bid / (hand + bid) : 0]);
  };
  srcRow('game winners', t.winnerHandPoints, t.winnerBidPoints, t.winnerShares);
  const allSeats = t.seatGames.reduce((a, b) => a + b, 0);
  srcRow('all seats', t.handPoints.reduce((a, b) => a + b, 0), t.bidPoints.reduce((a, b) => a + b, 0), allSeats);
  for (const b of bots) srcRow(`bot ${b.name}`, sumOverEntries(t.handPoints, b.entries), sumOverEntries(t.bidPoints, b.entries), sumOverEntries(t.seatGames, b.entries));
  out.push({
    id: 'score-sources',
    title: 'Where the points come from (per game)',
    caption: 'Mean points per seat-game from hand majorities and from bids, and their shares of the total (a negative bid share: bids cost more than they gave).',
    columns: ['who', 'majority points', 'bid points', 'majority share', 'bid share'],
    rows: srcRows,
  });
  const mixRows = bots.map((b) => {
    const bids = sumOverEntries(t.bidActions, b.entries);
    const swaps = sumOverEntries(t.swapActions, b.entries);
    const kills = sumOverEntries(t.killActions, b.entries);
    const n = bids + swaps + kills;
    const g = sumOverEntries(t.seatGames, b.entries);
    return [b.name, n > 0 ? bids / n : 0, n > 0 ? swaps / n : 0, n > 0 ? kills / n : 0, g > 0 ? n / g : 0, g > 0 ? sumOverEntries(t.calls, b.entries) / g : 0];
  });
  out.push({
    id: 'action-mix',
    title: 'Action mix per bot',
    columns: ['bot', 'bid share', 'swap share', 'kill share', 'turns/game', 'calls of the 1/game'],
    rows: mixRows,
  });
  const chi = chiSquareTest(t.dealerPosRoundWins);
  out.push({
    id: 'dealer-position',
    title: 'Rounds by position left of the dealer (0 = the dealer, 1 = the first player)',
    caption: `Round win shares (the highest round score; ties share) with 95% intervals. Chi-square of "all positions equal": χ² = ${chi.statistic.toFixed(2)}, df = ${chi.df}, p = ${formatP(chi.pValue)}.`,
    columns: ['position', 'rounds', 'round win rate', 'ci95 lo', 'ci95 hi', 'mean round points'],
    rows: t.dealerPosRoundWins.map((w, pos) => {
      const ci = wilsonInterval(w, t.rounds);
      return [pos, t.rounds, t.rounds > 0 ? w / t.rounds : 0, ci[0], ci[1], t.rounds > 0 ? t.dealerPosPoints[pos]! / t.rounds : 0];
    }),
  });
  const capCi = wilsonInterval(t.cappedRounds, t.rounds);
  out.push({
    id: 'rounds',
    title: 'Rounds',
    columns: ['rounds', 'turns/round', 'capped rounds', 'capped share', 'ci95 lo', 'ci95 hi'],
    rows: [[t.rounds, t.rounds > 0 ? t.turns / t.rounds : 0, t.cappedRounds, t.rounds > 0 ? t.cappedRounds / t.rounds : 0, capCi[0], capCi[1]]],
  });
  return out;
}

function keyFigures(t: NineVirtuesTotals): Record<string, KeyFigure> {
  let cards = 0;
  let right = 0;
  for (let i = 0; i < t.bidCards.length; i++) {
    cards += t.bidCards[i]!;
    right += t.bidCardsRight[i]!;
  }
  const winnerTotal = t.winnerHandPoints + t.winnerBidPoints;
  const seatGames = t.seatGames.reduce((a, b) => a + b, 0);
  const dealerPos1 = t.dealerPosRoundWins[1] ?? 0;
  return {
    'bid success rate': { value: cards > 0 ? right / cards : 0, ci95: wilsonInterval(right, cards), format: 'percent' },
    'bid cards per seat-game': { value: seatGames > 0 ? cards / seatGames : 0, format: 'number' },
    "winners' points from bids": { value: winnerTotal !== 0 ? t.winnerBidPoints / winnerTotal : 0, format: 'percent' },
    'round win rate: first player': { value: t.rounds > 0 ? dealerPos1 / t.rounds : 0, ci95: wilsonInterval(dealerPos1, t.rounds), format: 'percent' },
    'turns per round': { value: t.rounds > 0 ? t.turns / t.rounds : 0, format: 'number' },
    'capped rounds': { value: t.rounds > 0 ? t.cappedRounds / t.rounds : 0, ci95: wilsonInterval(t.cappedRounds, t.rounds), format: 'percent' },
  };
}

/** The Nine Virtues sections of the balance report (bidding, score sources, action mix, dealer position, rounds). */
export const nineVirtuesBalance: GameBalance<NineVirtuesState, NineVirtuesTotals> = {
  newTotals,
  accumulate,
  merge: (a, b) => mergeNumericTotals(a, b),
  tables,
  keyFigures: (t) => keyFigures(t),
};
