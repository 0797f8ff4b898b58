import type { BalanceTable, GameBalance, GameResult, KeyFigure, Variant } from '../../core/index.js';
import { lineupGroups, mergeNumericTotals, ratioOrNaN as ratio, sumOverEntries } from '../../core/balance.js';
import { intParam } from '../../core/index.js';
import { numberOf, suitOf } from './cards.js';
import { NineLivesState, ROUND_CAP } from './state.js';

/** Bid numbers 1..9, indexed directly (index 0 unused). */
const NUMS = 10;

/**
 * Running totals of a run for the Nine Lives balance report. Arrays "per
 * entry" are indexed by line-up entry e (and `e * 10 + n` for a bid number n);
 * plain arrays so that they cross worker threads and merge in batch order.
 */
export interface NineLivesTotals {
  players: number;
  games: number;
  cappedGames: number;
  rounds: number;
  /** gamesByRounds[r]: games that lasted r rounds (0..40). */
  gamesByRounds: number[];
  /** Per entry (E entries): games played and lives won. */
  seatGames: number[];
  lives: number[];
  /** Per entry and bid number: bids made, bids hit (own count exact), bids scored (alone or by team). */
  bids: number[];
  hits: number[];
  scored: number[];
  /** By team size k (1 = alone, index k): seat-rounds, of which scored, and scored only thanks to the team. */
  teamSeatRounds: number[];
  teamScored: number[];
  teamRescued: number[];
  /** Rounds in which every seat bid the same suit (the team rule is off). */
  oneTeamRounds: number;
  /** By seat (P seats): total lives. */
  seatLives: number[];
}

function zeros(n: number): number[] {
  return new Array<number>(n).fill(0);
}

function newTotals(variant: Variant, entries: number): NineLivesTotals {
  const P = intParam(variant, 'players');
  const E = entries;
  return {
    players: P,
    games: 0,
    cappedGames: 0,
    rounds: 0,
    gamesByRounds: zeros(ROUND_CAP + 1),
    seatGames: zeros(E),
    lives: zeros(E),
    bids: zeros(E * NUMS),
    hits: zeros(E * NUMS),
    scored: zeros(E * NUMS),
    teamSeatRounds: zeros(P + 1),
    teamScored: zeros(P + 1),
    teamRescued: zeros(P + 1),
    oneTeamRounds: 0,
    seatLives: zeros(P),
  };
}

/** Adds one finished game, read from the per-round history of the final state (`NineLivesState.hist*`). */
function accumulate(s: NineLivesState, t: NineLivesTotals, entryOfSeat: readonly number[], result: GameResult): void {
  const P = s.players;
  t.games++;
  if (result.capped) t.cappedGames++;
  t.rounds += s.round;
  t.gamesByRounds[s.round]!++;
  for (let q = 0; q < P; q++) {
    const e = entryOfSeat[q]!;
    t.seatGames[e]!++;
    t.lives[e]! += s.lives[q]!;
    t.seatLives[q]! += s.lives[q]!;
  }
  for (let r = 0; r < s.round; r++) {
    const row = r * P;
    const suit0 = suitOf(s.histBid[row]!);
    let oneTeam = true;
    for (let q = 1; q < P; q++) if (suitOf(s.histBid[row + q]!) !== suit0) oneTeam = false;
    if (oneTeam) t.oneTeamRounds++;
    for (let q = 0; q < P; q++) {
      const e = entryOfSeat[q]!;
      const bid = s.histBid[row + q]!;
      const n = numberOf(bid);
      const hit = s.histTricks[row + q] === n;
      const scored = s.histGain[row + q]! > 0;
      t.bids[e * NUMS + n]!++;
      if (hit) t.hits[e * NUMS + n]!++;
      if (scored) t.scored[e * NUMS + n]!++;
      let size = 0;
      for (let m = 0; m < P; m++) if (suitOf(s.histBid[row + m]!) === suitOf(bid)) size++;
      t.teamSeatRounds[size]!++;
      if (scored) t.teamScored[size]!++;
      if (scored && !hit) t.teamRescued[size]!++;
    }
  }
}

/** The median of a histogram of counts by value (a point value: no interval, see `tables`). */
function median(hist: readonly number[]): number {
  const n = hist.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let v = 0; v < hist.length; v++) {
    seen += hist[v]!;
    if (seen * 2 >= n && n > 0) return v;
  }
  return 0;
}

function tables(t: NineLivesTotals, lineup: readonly string[]): BalanceTable[] {
  const out: BalanceTable[] = [];
  const bots = lineupGroups(lineup);
  const bidRows: (string | number)[][] = [];
  for (const b of bots) {
    const games = sumOverEntries(t.seatGames, b.entries);
    let all = 0;
    for (let n = 1; n < NUMS; n++) all += sumOverEntries(t.bids, b.entries, (e) => e * NUMS + n);
    for (let n = 1; n < NUMS; n++) {
      const bids = sumOverEntries(t.bids, b.entries, (e) => e * NUMS + n);
      const hits = sumOverEntries(t.hits, b.entries, (e) => e * NUMS + n);
      const scored = sumOverEntries(t.scored, b.entries, (e) => e * NUMS + n);
      bidRows.push([b.name, n, bids, ratio(bids, games), ratio(bids, all), ratio(hits, bids), ratio(scored, bids), ratio(scored * n, bids)]);
    }
  }
  out.push({
    id: 'bids-by-number',
    title: 'Nine Lives bids by number, per bot',
    caption: 'bids: the bot\'s bids of this number in the run; bids/game per seat-game; hit rate: won exactly the bid number of tricks; scored: hit or saved by the team; lives per bid.',
    columns: ['bot', 'bid number', 'bids', 'bids/game', 'share of bids', 'hit rate', 'scored rate', 'lives/bid'],
    rows: bidRows,
    estimates: [
      { column: 'bids/game' },
      { column: 'share of bids' },
      { column: 'hit rate', trials: 'bids' },
      { column: 'scored rate', trials: 'bids' },
      { column: 'lives/bid' },
    ],
  });
  const seatRounds = t.teamSeatRounds.reduce((a, b) => a + b, 0);
  const teamRows: (string | number)[][] = [];
  for (let k = 1; k <= t.players; k++) {
    const n = t.teamSeatRounds[k]!;
    teamRows.push([k, n, ratio(n, seatRounds), ratio(t.teamScored[k]!, n), ratio(t.teamRescued[k]!, n)]);
  }
  out.push({
    id: 'teams',
    title: 'Teams by size (seats whose bids share a suit)',
    caption:
      `Seat-rounds by the size of the seat's team (1: alone; ${t.players}: every seat in one team, so no team rule); scored rate; ` +
      `rescued: scored by the team sum with a wrong own count. Rounds with all seats in one team: ${t.oneTeamRounds}.`,
    columns: ['team size', 'seat-rounds', 'share', 'scored rate', 'rescued rate'],
    rows: teamRows,
    estimates: [{ column: 'share' }, { column: 'scored rate', trials: 'seat-rounds' }, { column: 'rescued rate', trials: 'seat-rounds' }],
  });
  out.push({
    id: 'game-length',
    title: 'Rounds per game',
    caption: `Mean and median rounds per game (the median without an interval); capped games end at the ${ROUND_CAP}-round cap (the only capped end).`,
    columns: ['games', 'mean rounds', 'median rounds', 'capped games', 'capped share'],
    rows: [[t.games, ratio(t.rounds, t.games), median(t.gamesByRounds), t.cappedGames, ratio(t.cappedGames, t.games)]],
    estimates: [{ column: 'mean rounds' }, { column: 'capped share', trials: 'games' }],
  });
  out.push({
    id: 'lives-by-seat',
    title: 'Lives by seat (seat 0 is the first Kittykeeper)',
    caption: 'Mean lives at the end of a game, by seat; every bot sits in every seat equally often.',
    columns: ['seat', 'mean lives'],
    rows: t.seatLives.map((l, q) => [q, ratio(l, t.games)]),
    estimates: [{ column: 'mean lives' }],
    equalRows: { column: 'mean lives', hypothesis: 'every seat ends with equally many lives' },
  });
  out.push({
    id: 'lives-by-bot',
    title: 'Lives per game, per bot',
    columns: ['bot', 'seat-games', 'mean lives'],
    rows: bots.map((b) => [b.name, sumOverEntries(t.seatGames, b.entries), ratio(sumOverEntries(t.lives, b.entries), sumOverEntries(t.seatGames, b.entries))]),
    estimates: [{ column: 'mean lives' }],
  });
  return out;
}

function keyFigures(t: NineLivesTotals): Record<string, KeyFigure> {
  let bids = 0;
  let hits = 0;
  for (let i = 0; i < t.bids.length; i++) {
    bids += t.bids[i]!;
    hits += t.hits[i]!;
  }
  const seatRounds = t.teamSeatRounds.reduce((a, b) => a + b, 0);
  const inTeam = seatRounds - (t.teamSeatRounds[1] ?? 0);
  const rescued = t.teamRescued.reduce((a, b) => a + b, 0);
  return {
    'bid hit rate': { value: ratio(hits, bids), format: 'percent', trials: bids },
    'rounds per game': { value: ratio(t.rounds, t.games), format: 'number' },
    'seat-rounds in a team': { value: ratio(inTeam, seatRounds), format: 'percent', trials: seatRounds },
    'scores rescued by a team': { value: ratio(rescued, seatRounds), format: 'percent', trials: seatRounds },
  };
}

/**
 * The Nine Lives sections of the balance report: bids by number (hit and
 * scored rates), team sizes, rounds per game, lives by seat and by bot.
 */
export const nineLivesBalance: GameBalance<NineLivesState, NineLivesTotals> = {
  newTotals,
  accumulate,
  merge: (a, b) => mergeNumericTotals(a, b),
  tables,
  keyFigures: (t) => keyFigures(t),
};
