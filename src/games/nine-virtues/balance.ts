import type { BalanceTable, GameBalance, GameResult, KeyFigure, Variant } from '../../core/index.js';
import { lowestBit } from '../../core/bits.js';
import { lineupGroups, mergeNumericTotals, ratioOrNaN as ratio, shareUnits, sumOverEntries } from '../../core/balance.js';
import { intParam } from '../../core/index.js';
import { PAIRS_RANKS, RANK_SLOTS } from '../../cards/pairs.js';
import { type NineVirtuesState, STAT_KINDS } from './state.js';

/**
 * Running totals of a run for the Nine Virtues balance report, per line-up
 * entry e (index e, or e * 11 + r for a rank r; E entries) unless said
 * otherwise. Plain integer arrays: built per batch in a worker, merged in
 * batch order, a jackknife group subtracted exactly; a win or round won
 * counts `shareUnits(P)` (a share of k seats its k-th part).
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
  /** Points of the game winners (in shareUnits(P) per point: a win shared by k counts its k-th part), and games with a winner. */
  winnerHandPoints: number;
  winnerBidPoints: number;
  winnerShares: number;
  /** By position left of the round's dealer (0 = the dealer; P of them): round win shares in shareUnits(P), and round points. */
  dealerPosRoundWins: number[];
  dealerPosPoints: number[];
}

function zeros(n: number): number[] {
  return new Array<number>(n).fill(0);
}

function newTotals(variant: Variant, entries: number): NineVirtuesTotals {
  const P = intParam(variant, 'players');
  const E = entries;
  return {
    players: P,
    games: 0,
    rounds: 0,
    cappedRounds: 0,
    turns: 0,
    seatGames: zeros(E),
    handPoints: zeros(E),
    bidPoints: zeros(E),
    bidActions: zeros(E),
    swapActions: zeros(E),
    killActions: zeros(E),
    calls: zeros(E),
    bidCards: zeros(E * RANK_SLOTS),
    bidCardsRight: zeros(E * RANK_SLOTS),
    bidPointsByRank: zeros(E * RANK_SLOTS),
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
  const units = shareUnits(P);
  const share = result.winners.length > 0 ? units / result.winners.length : 0;
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
      if (hand + bid === best) t.dealerPosRoundWins[pos]! += units / nBest;
      if ((winnerMask >> q) & 1) {
        t.winnerHandPoints += hand * share;
        t.winnerBidPoints += bid * share;
      }
      for (let m = s.statBidMask[i]!; m !== 0; m &= m - 1) {
        const r = lowestBit(m);
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
  const units = shareUnits(t.players);
  const bidRows: (string | number)[][] = [];
  for (const b of bots) {
    const seatGames = sumOverEntries(t.seatGames, b.entries);
    for (let r = 2; r <= PAIRS_RANKS; r++) {
      const cards = sumOverEntries(t.bidCards, b.entries, (e) => e * RANK_SLOTS + r);
      const right = sumOverEntries(t.bidCardsRight, b.entries, (e) => e * RANK_SLOTS + r);
      const pts = sumOverEntries(t.bidPointsByRank, b.entries, (e) => e * RANK_SLOTS + r);
      bidRows.push([b.name, r, ratio(cards, seatGames), cards, ratio(right, cards), ratio(pts, cards)]);
    }
  }
  out.push({
    id: 'bids-by-rank',
    title: 'Nine Virtues bidding by rank, per bot',
    caption: 'bids/game: bid cards per seat-game; success rate: share of bid cards that scored +r; mean points per bid card.',
    columns: ['bot', 'rank', 'bids/game', 'bid cards', 'success rate', 'points/bid'],
    rows: bidRows,
    estimates: [{ column: 'bids/game' }, { column: 'success rate', trials: 'bid cards' }, { column: 'points/bid' }],
  });
  const srcRows: (string | number)[][] = [];
  const srcRow = (label: string, hand: number, bid: number, n: number): void => {
    srcRows.push([label, ratio(hand, n), ratio(bid, n), ratio(hand, hand + bid), ratio(bid, hand + bid)]);
  };
  srcRow('game winners', t.winnerHandPoints, t.winnerBidPoints, t.winnerShares * units);
  const allSeats = t.seatGames.reduce((a, b) => a + b, 0);
  srcRow(
    'all seats',
    t.handPoints.reduce((a, b) => a + b, 0),
    t.bidPoints.reduce((a, b) => a + b, 0),
    allSeats,
  );
  for (const b of bots)
    srcRow(`bot ${b.name}`, sumOverEntries(t.handPoints, b.entries), sumOverEntries(t.bidPoints, b.entries), sumOverEntries(t.seatGames, b.entries));
  out.push({
    id: 'score-sources',
    title: 'Where the points come from (per game)',
    caption:
      'Mean points per seat-game from hand majorities and from bids, and their shares of the total (a negative bid share: bids cost more than they gave).',
    columns: ['who', 'majority points', 'bid points', 'majority share', 'bid share'],
    rows: srcRows,
    estimates: [{ column: 'majority points' }, { column: 'bid points' }, { column: 'majority share' }, { column: 'bid share' }],
  });
  const mixRows = bots.map((b) => {
    const bids = sumOverEntries(t.bidActions, b.entries);
    const swaps = sumOverEntries(t.swapActions, b.entries);
    const kills = sumOverEntries(t.killActions, b.entries);
    const n = bids + swaps + kills;
    const g = sumOverEntries(t.seatGames, b.entries);
    return [b.name, n, ratio(bids, n), ratio(swaps, n), ratio(kills, n), ratio(n, g), ratio(sumOverEntries(t.calls, b.entries), g)];
  });
  out.push({
    id: 'action-mix',
    title: 'Action mix per bot',
    caption: "turns: the bot's turns in the run (each a bid, swap or kill); shares of its turns; turns and calls of the 1 per seat-game.",
    columns: ['bot', 'turns', 'bid share', 'swap share', 'kill share', 'turns/game', 'calls of the 1/game'],
    rows: mixRows,
    estimates: [
      { column: 'bid share', trials: 'turns' },
      { column: 'swap share', trials: 'turns' },
      { column: 'kill share', trials: 'turns' },
      { column: 'turns/game' },
      { column: 'calls of the 1/game' },
    ],
  });
  out.push({
    id: 'dealer-position',
    title: 'Rounds by position left of the dealer (0 = the dealer, 1 = the first player)',
    caption: 'Round win shares (the highest round score; ties share) and mean round points by position.',
    columns: ['position', 'rounds', 'round win rate', 'mean round points'],
    rows: t.dealerPosRoundWins.map((w, pos) => [pos, t.rounds, ratio(w, t.rounds * units), ratio(t.dealerPosPoints[pos]!, t.rounds)]),
    estimates: [{ column: 'round win rate', trials: 'rounds' }, { column: 'mean round points' }],
    equalRows: { column: 'round win rate', hypothesis: 'every position left of the dealer wins rounds equally often' },
  });
  out.push({
    id: 'rounds',
    title: 'Rounds',
    columns: ['rounds', 'turns/round', 'capped rounds', 'capped share'],
    rows: [[t.rounds, ratio(t.turns, t.rounds), t.cappedRounds, ratio(t.cappedRounds, t.rounds)]],
    estimates: [{ column: 'turns/round' }, { column: 'capped share', trials: 'rounds' }],
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
  const dealerPos1 = (t.dealerPosRoundWins[1] ?? 0) / shareUnits(t.players);
  return {
    'bid success rate': { value: ratio(right, cards), format: 'percent', trials: cards },
    'bid cards per seat-game': { value: ratio(cards, seatGames), format: 'number' },
    "winners' points from bids": { value: ratio(t.winnerBidPoints, winnerTotal), format: 'percent' },
    'round win rate: first player': { value: ratio(dealerPos1, t.rounds), format: 'percent', trials: t.rounds },
    'turns per round': { value: ratio(t.turns, t.rounds), format: 'number' },
    'capped rounds': { value: ratio(t.cappedRounds, t.rounds), format: 'percent', trials: t.rounds },
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
