import { mergeNumericTotals } from '../core/balance.js';
import type { GameOutcome } from '../core/game-runner.js';
import { groupReplicates } from '../stats/jackknife.js';
import type { Seating } from '../stats/seatings.js';

/**
 * Streaming totals of a run (or of one batch, or one jackknife group): a few
 * counters per line-up entry, per seat and per seating, and the per-deal
 * cross products that give every interval its deal-level variance
 * (`src/stats/cluster.ts`). Nothing is kept per game. Plain arrays, so a
 * batch's tally crosses from a worker thread as it is.
 *
 * Sizes: P seats, E line-up entries (P for `tourney`, P + 1 for `match`, the
 * pool for `rate`), K seatings per deal.
 */
export interface Tally {
  /** Games played, and independent deals (each deal is played once per seating). */
  games: number;
  deals: number;
  /** Seats P. */
  players: number;
  /** Line-up entries E. */
  entries: number;
  /** Per entry: seat-games, win shares, sum and sum of squares of game scores (per seat-game), forfeits. */
  entryGames: number[];
  entryWins: number[];
  entryScore: number[];
  entryScoreSq: number[];
  entryForfeits: number[];
  /** Σ over deals of (entry i's win shares in the deal) × (entry j's): E × E, row-major. */
  entryWinsCross: number[];
  /** Σ over deals of (entry i's score total in the deal) × (entry j's): E × E. */
  entryScoreCross: number[];
  /** entrySeatWins[i * P + s]: win shares of entry i while at seat s. */
  entrySeatWins: number[];
  /** Per seat: games and win shares; Σ over deals of seat s's × seat t's win shares in the deal (P × P). */
  seatGames: number[];
  seatWins: number[];
  seatWinsCross: number[];
  /** positionWins[p]: win shares of the seat p places left of the game's first player (p = 0: the first player); per-deal cross products P × P. */
  positionWins: number[];
  positionWinsCross: number[];
  /** seatingWins[k * P + s]: win shares at seat s in seating k (K × P). */
  seatingWins: number[];
  /** Games that hit the rule file's cap. */
  capped: number;
  /** Decisions over all games, and the longest game. */
  decisions: number;
  maxDecisions: number;
  /** Faulty decisions per entry (each forfeit is one; under `--on-fault random` the game went on). */
  entryFaults: number[];
  /** Faults by reason: threw, illegal, timeout, memory. */
  faultReasons: Record<string, number>;
  /**
   * The faults a time limit caused, as [deal, seating, seat, decision] (the
   * first MAX_TIMEOUTS_LISTED in merge order): the results that depend on the
   * clock, for the summary to list.
   */
  timeouts: [number, number, number, number][];
}

/** Most timeout faults a tally lists (the count is in `faultReasons.timeout`). */
export const MAX_TIMEOUTS_LISTED = 1000;

/**
 * One group of the delete-a-group jackknife (`src/stats/jackknife.ts`): the
 * tally and game balance totals of the batches b with b mod G = the group's
 * index (whole deals, laid out independently of the worker count).
 */
export interface Group {
  readonly tally: Tally;
  readonly balance: unknown;
}

/** An empty tally for P seats, E entries and K seatings. */
export function emptyTally(players: number, entries = players, seatings = players): Tally {
  const z = (n: number): number[] => new Array<number>(n).fill(0);
  const E = entries;
  const P = players;
  return {
    games: 0,
    deals: 0,
    players: P,
    entries: E,
    entryGames: z(E),
    entryWins: z(E),
    entryScore: z(E),
    entryScoreSq: z(E),
    entryForfeits: z(E),
    entryWinsCross: z(E * E),
    entryScoreCross: z(E * E),
    entrySeatWins: z(E * P),
    seatGames: z(P),
    seatWins: z(P),
    seatWinsCross: z(P * P),
    positionWins: z(P),
    positionWinsCross: z(P * P),
    seatingWins: z(seatings * P),
    capped: 0,
    decisions: 0,
    maxDecisions: 0,
    entryFaults: z(E),
    faultReasons: {},
    timeouts: [],
  };
}

function addOuter(cross: number[], v: readonly number[]): void {
  const n = v.length;
  for (let i = 0; i < n; i++) {
    const a = v[i]!;
    if (a === 0) continue;
    for (let j = 0; j < n; j++) cross[i * n + j]! += a * v[j]!;
  }
}

/**
 * Adds the games of one deal at a time to a tally: `addGame` for each of the
 * deal's games, then `endDeal`, which adds the deal's per-entry, per-seat and
 * per-position totals to the cross products (the deal is the statistical unit).
 */
export class DealTally {
  private readonly entryWins: number[];
  private readonly entryScore: number[];
  private readonly seatWins: number[];
  private readonly positionWins: number[];
  private open = false;

  constructor(readonly tally: Tally) {
    this.entryWins = new Array<number>(tally.entries).fill(0);
    this.entryScore = new Array<number>(tally.entries).fill(0);
    this.seatWins = new Array<number>(tally.players).fill(0);
    this.positionWins = new Array<number>(tally.players).fill(0);
  }

  /**
   * Adds one game of the current deal. A win shared by k seats counts 1/k to
   * each, so the win shares of all seats of a game with a winner add up to 1.
   * @param seatingIndex the seating's index in the run's schedule; @param seating its entries by seat.
   */
  addGame(seatingIndex: number, seating: Seating, o: GameOutcome, deal = -1): void {
    const t = this.tally;
    const P = t.players;
    const { scores, winners, capped } = o.result;
    this.open = true;
    t.games++;
    t.decisions += o.decisions;
    if (o.decisions > t.maxDecisions) t.maxDecisions = o.decisions;
    if (capped) t.capped++;
    for (let s = 0; s < P; s++) {
      const i = seating.entries[s]!;
      const sc = scores[s] ?? 0;
      t.entryGames[i]!++;
      t.seatGames[s]!++;
      t.entryScore[i]! += sc;
      t.entryScoreSq[i]! += sc * sc;
      this.entryScore[i]! += sc;
    }
    const share = winners.length > 0 ? 1 / winners.length : 0;
    for (const s of winners) {
      const i = seating.entries[s]!;
      const pos = (s - o.firstSeat + P) % P;
      t.entryWins[i]! += share;
      t.seatWins[s]! += share;
      t.entrySeatWins[i * P + s]! += share;
      t.positionWins[pos]! += share;
      t.seatingWins[seatingIndex * P + s]! += share;
      this.entryWins[i]! += share;
      this.seatWins[s]! += share;
      this.positionWins[pos]! += share;
    }
    for (const f of o.faults) {
      const i = seating.entries[f.seat]!;
      t.entryFaults[i]!++;
      t.faultReasons[f.reason] = (t.faultReasons[f.reason] ?? 0) + 1;
      if (f.reason === 'timeout' && t.timeouts.length < MAX_TIMEOUTS_LISTED) t.timeouts.push([deal, seatingIndex, f.seat, f.decision]);
      if (o.status === 'forfeit') t.entryForfeits[i]!++;
    }
  }

  /** Closes the current deal: its totals go into the cross products, and the next `addGame` opens a new deal. */
  endDeal(): void {
    if (!this.open) return;
    const t = this.tally;
    t.deals++;
    addOuter(t.entryWinsCross, this.entryWins);
    addOuter(t.entryScoreCross, this.entryScore);
    addOuter(t.seatWinsCross, this.seatWins);
    addOuter(t.positionWinsCross, this.positionWins);
    this.entryWins.fill(0);
    this.entryScore.fill(0);
    this.seatWins.fill(0);
    this.positionWins.fill(0);
    this.open = false;
  }
}

function addInto(a: number[], b: readonly number[], sign: number): void {
  for (let i = 0; i < a.length; i++) a[i]! += sign * b[i]!;
}

/**
 * Adds tally `b` into `a` (merge batches in batch order for identical sums),
 * or subtracts it with `sign` −1 (a jackknife replicate: the run less one
 * group). `maxDecisions` is kept as the larger.
 */
export function mergeTally(a: Tally, b: Tally, sign = 1): void {
  a.games += sign * b.games;
  a.deals += sign * b.deals;
  for (const key of TALLY_ARRAYS) addInto(a[key], b[key], sign);
  a.capped += sign * b.capped;
  a.decisions += sign * b.decisions;
  a.maxDecisions = Math.max(a.maxDecisions, b.maxDecisions);
  for (const [k, v] of Object.entries(b.faultReasons)) a.faultReasons[k] = (a.faultReasons[k] ?? 0) + sign * v;
  // The list is kept for the run only (a jackknife replicate never reads it).
  if (sign > 0) for (const x of b.timeouts ?? []) if (a.timeouts.length < MAX_TIMEOUTS_LISTED) a.timeouts.push(x);
}

const TALLY_ARRAYS = [
  'entryGames',
  'entryWins',
  'entryScore',
  'entryScoreSq',
  'entryForfeits',
  'entryWinsCross',
  'entryScoreCross',
  'entrySeatWins',
  'seatGames',
  'seatWins',
  'seatWinsCross',
  'positionWins',
  'positionWinsCross',
  'seatingWins',
  'entryFaults',
] as const satisfies readonly (keyof Tally)[];

/** A deep copy of a tally. */
export function copyTally(t: Tally): Tally {
  return structuredClone(t);
}

/**
 * A statistic of the run less each of its groups: the delete-a-group
 * jackknife's replicates (`groupReplicates`), each from copies of the run's
 * tally and game balance totals with one group's subtracted (an empty group
 * is skipped).
 * @param totals the game's balance totals (plain numbers and number arrays, `mergeNumericTotals`), or null.
 * @param statistic θ from a tally and totals; it may keep them (they are copies).
 */
export function runReplicates<R>(tally: Tally, totals: unknown, groups: readonly Group[], statistic: (tally: Tally, totals: unknown) => R): R[] {
  return groupReplicates(
    groups,
    (g) => g.tally.deals,
    (g) => {
      const t = copyTally(tally);
      mergeTally(t, g.tally, -1);
      let b: unknown = totals;
      if (totals !== null && totals !== undefined && typeof totals === 'object') {
        b = structuredClone(totals);
        mergeNumericTotals(b as object, g.balance as object, ['players'], -1);
      }
      return statistic(t, b);
    },
  );
}
