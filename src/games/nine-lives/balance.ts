import type { BalanceTable, GameBalance, GameResult, KeyFigure, Variant } from '../../core/index.js';
import { lineupGroups, mergeNumericTotals, ratioOrNaN as ratio, shareUnits, sumOverEntries } from '../../core/balance.js';
import { intParam } from '../../core/index.js';
import { NUM_CARDS, numberOf, suitOf } from './cards.js';
import { NUM_POWERS, POWER_KEYS } from './powers-list.js';
import { type NineLivesState, ROUND_CAP } from './state.js';

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
  /**
   * Powers only (else empty). By power index k (0..43): games whose deal put k
   * on a card. By entry e and power k (index e * 44 + k): spends; seat-games
   * in which k was available (a spend of a k card was legal at one of the
   * seat's turns) and used (spent at least once).
   */
  pwDealtGames: number[];
  pwUses: number[];
  pwAvail: number[];
  pwUsed: number[];
  /** By entry and power: sums over the seat-games that used k (win share in `shareUnits(P)` units, lives), and over those that had k available and did not use it. */
  pwUsedWin: number[];
  pwUsedLives: number[];
  pwIdleWin: number[];
  pwIdleLives: number[];
  /**
   * Paired by deal and seat, by (entry that used k, entry that held it
   * unused) and power, index (u * E + n) * 44 + k: pairs of seat-games on
   * one deal and one seat, in one of which entry u used k and in the other
   * entry n held it unused; the sums over those pairs of the differences
   * (used minus unused) of win share (in `shareUnits(P)` units) and lives.
   * Integers, so merges and the jackknife's subtractions are exact.
   */
  pwPairs: number[];
  pwPairWin: number[];
  pwPairLives: number[];
}

/**
 * The deal being accumulated into a batch's totals (the games of a deal come
 * one after another in a batch): its power deal, which tells deals apart, and
 * per (seat, power, entry) [used games, win units, lives, idle games, win
 * units, lives], index ((q * 44 + k) * E + e) * 6. Kept beside the totals,
 * not in them, so the totals stay plain numbers that merge exactly.
 */
interface DealScratch {
  readonly key: Int8Array;
  readonly cells: Float64Array;
}
const scratchOf = new WeakMap<NineLivesTotals, DealScratch>();
/** Numbers per (seat, power, entry) cell of `DealScratch.cells`. */
const CELL = 6;

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
    ...powerTotals(variant.powers === true ? NUM_POWERS : 0, E),
  };
}

/** The Powers fields of the totals: K = 44 powers (0 without Powers), E entries. */
function powerTotals(K: number, E: number): Pick<NineLivesTotals, `pw${string}` & keyof NineLivesTotals> {
  return {
    pwDealtGames: zeros(K),
    pwUses: zeros(E * K),
    pwAvail: zeros(E * K),
    pwUsed: zeros(E * K),
    pwUsedWin: zeros(E * K),
    pwUsedLives: zeros(E * K),
    pwIdleWin: zeros(E * K),
    pwIdleLives: zeros(E * K),
    pwPairs: zeros(E * E * K),
    pwPairWin: zeros(E * E * K),
    pwPairLives: zeros(E * E * K),
  };
}

/**
 * The Powers part of `accumulate`: uses and availability by entry and power,
 * the result of the seat-games that used each power and of those that held
 * it without using it, and the pairs of such seat-games on one deal and seat
 * (each new game pairs with the deal's earlier games at its seat).
 */
function accumulatePowers(s: NineLivesState, t: NineLivesTotals, entryOfSeat: readonly number[], result: GameResult): void {
  const P = s.players;
  const K = NUM_POWERS;
  const E = t.seatGames.length;
  const units = shareUnits(P);
  let scratch = scratchOf.get(t);
  if (!scratch) {
    scratch = { key: new Int8Array(NUM_CARDS).fill(-2), cells: new Float64Array(P * K * E * CELL) };
    scratchOf.set(t, scratch);
  }
  const { key, cells } = scratch;
  let sameDeal = true;
  for (let c = 0; c < NUM_CARDS; c++) if (key[c] !== s.powerOf[c]) sameDeal = false;
  if (!sameDeal) {
    key.set(s.powerOf);
    cells.fill(0);
  }
  const dealt = new Uint8Array(K);
  for (let c = 0; c < NUM_CARDS; c++) if (s.powerOf[c]! >= 0) dealt[s.powerOf[c]!] = 1;
  for (let k = 0; k < K; k++) t.pwDealtGames[k]! += dealt[k]!;
  const winners = result.winners;
  for (let q = 0; q < P; q++) {
    const e = entryOfSeat[q]!;
    const win = winners.includes(q) ? units / winners.length : 0;
    const lives = s.lives[q]!;
    for (let k = 0; k < K; k++) {
      const uses = s.pwUses[q * K + k]!;
      const i = e * K + k;
      t.pwUses[i]! += uses;
      if (s.pwAvail[q * K + k] !== 1) continue;
      t.pwAvail[i]!++;
      const used = uses > 0;
      if (used) {
        t.pwUsed[i]!++;
        t.pwUsedWin[i]! += win;
        t.pwUsedLives[i]! += lives;
      } else {
        t.pwIdleWin[i]! += win;
        t.pwIdleLives[i]! += lives;
      }
      // Pair this seat-game with the deal's earlier ones at this seat on the other side (used against unused).
      for (let x = 0; x < E; x++) {
        const other = ((q * K + k) * E + x) * CELL + (used ? 3 : 0);
        const n = cells[other]!;
        if (n === 0) continue;
        const j = used ? (e * E + x) * K + k : (x * E + e) * K + k;
        const sign = used ? 1 : -1;
        t.pwPairs[j]! += n;
        t.pwPairWin[j]! += sign * (n * win - cells[other + 1]!);
        t.pwPairLives[j]! += sign * (n * lives - cells[other + 2]!);
      }
      const at = ((q * K + k) * E + e) * CELL + (used ? 0 : 3);
      cells[at]!++;
      cells[at + 1]! += win;
      cells[at + 2]! += lives;
    }
  }
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
  if (t.pwUses.length > 0) accumulatePowers(s, t, entryOfSeat, result);
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
    caption:
      "bids: the bot's bids of this number in the run; bids/game per seat-game; hit rate: won exactly the bid number of tricks; scored: hit or saved by the team; lives per bid.",
    columns: ['bot', 'bid number', 'bids', 'bids/game', 'share of bids', 'hit rate', 'scored rate', 'lives/bid'],
    rows: bidRows,
    estimates: [
      { column: 'bids/game' },
      { column: 'share of bids', proportion: true },
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
    estimates: [
      { column: 'share', proportion: true },
      { column: 'scored rate', trials: 'seat-rounds' },
      { column: 'rescued rate', trials: 'seat-rounds' },
    ],
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
  if (t.pwUses.length > 0) out.push(...powerTables(t, lineup));
  return out;
}

/** The Powers tables: one row per bot (entries with one name pooled) and power (all 44, whatever the deal; NaN where nothing was observed). */
function powerTables(t: NineLivesTotals, lineup: readonly string[]): BalanceTable[] {
  const K = NUM_POWERS;
  const E = t.seatGames.length;
  const units = shareUnits(t.players);
  const use: (string | number)[][] = [];
  const effect: (string | number)[][] = [];
  for (const b of lineupGroups(lineup)) {
    const seatGames = sumOverEntries(t.seatGames, b.entries);
    for (let k = 0; k < K; k++) {
      const sum = (xs: readonly number[]): number => sumOverEntries(xs, b.entries, (e) => e * K + k);
      const uses = sum(t.pwUses);
      const avail = sum(t.pwAvail);
      const used = sum(t.pwUsed);
      const idle = avail - used;
      use.push([
        b.name,
        k + 1,
        POWER_KEYS[k]!,
        t.pwDealtGames[k]!,
        uses,
        ratio(uses, seatGames),
        ratio(uses * t.games, t.pwDealtGames[k]! * seatGames),
        avail,
        ratio(avail, seatGames),
        used,
        ratio(used, seatGames),
        ratio(used, avail),
      ]);
      const winU = ratio(sum(t.pwUsedWin), used * units);
      const winN = ratio(sum(t.pwIdleWin), idle * units);
      const livesU = ratio(sum(t.pwUsedLives), used);
      const livesN = ratio(sum(t.pwIdleLives), idle);
      let pairs = 0;
      let pairWin = 0;
      let pairLives = 0;
      for (const u of b.entries) {
        for (const n of b.entries) {
          const i = (u * E + n) * K + k;
          pairs += t.pwPairs[i]!;
          pairWin += t.pwPairWin[i]!;
          pairLives += t.pwPairLives[i]!;
        }
      }
      effect.push([
        b.name,
        k + 1,
        POWER_KEYS[k]!,
        used,
        idle,
        winU,
        winN,
        winU - winN,
        livesU,
        livesN,
        livesU - livesN,
        pairs,
        ratio(pairWin, pairs * units),
        ratio(pairLives, pairs),
      ]);
    }
  }
  return [
    {
      id: 'power-use',
      title: 'Powers: how often each power is used',
      caption:
        'One row per bot and power (list order). dealt games: games whose power deal put it on a card; uses: cards of it the bot spent; ' +
        "uses/seat-game over the bot's seat-games, uses/dealt seat-game over its seat-games in the games the power was dealt in; available: seat-games in which spending it was legal at one of the seat's turns; " +
        'used: seat-games in which the seat spent it at least once; used when available: used over available. n/a: never dealt or never available.',
      columns: [
        'bot',
        'power',
        'key',
        'dealt games',
        'uses',
        'uses/seat-game',
        'uses/dealt seat-game',
        'available',
        'available share',
        'used',
        'used share',
        'used when available',
      ],
      rows: use,
      estimates: [
        { column: 'uses/seat-game' },
        { column: 'uses/dealt seat-game' },
        { column: 'available share', trials: 'available' },
        { column: 'used when available', trials: 'available' },
      ],
    },
    {
      id: 'power-effect',
      title: "Powers: the user's result when it used the power against when it held it and did not",
      caption:
        "Observational, not causal: a seat uses a power in the games where it suits its hand and its plans, so the differences mix the power's effect with the reasons to use it. " +
        'used: seat-games in which the seat spent the power; not used: seat-games in which it was available and never spent. Win share (a win shared by k counts 1/k) and lives of those seat-games, and their difference. ' +
        "One row per bot and power; paired: pairs of the bot's seat-games on one deal and in one seat (other seatings), one using the power and one holding it unused " +
        "(the bot needs two seatings in one seat of a deal: several entries of one name, or match's opponents); the mean over those pairs of used − unused. n/a: no such seat-game or pair.",
      columns: [
        'bot',
        'power',
        'key',
        'used',
        'not used',
        'win used',
        'win not used',
        'win diff',
        'lives used',
        'lives not used',
        'lives diff',
        'pairs',
        'paired win diff',
        'paired lives diff',
      ],
      rows: effect,
      estimates: [{ column: 'win diff' }, { column: 'lives diff' }, { column: 'paired win diff' }, { column: 'paired lives diff' }],
    },
  ];
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
    'first Kittykeeper lives − mean': { value: ratio(t.seatLives[0]! - t.seatLives.reduce((a, b) => a + b, 0) / t.players, t.games), format: 'number' },
    ...(t.pwUses.length > 0
      ? {
          'powers used per game': {
            value: ratio(
              t.pwUses.reduce((a, b) => a + b, 0),
              t.games,
            ),
            format: 'number' as const,
          },
        }
      : {}),
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
