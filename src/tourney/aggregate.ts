import { mergeNumericTotals } from '../core/balance.js';
import type { GameOutcome } from '../core/game-runner.js';
import { groupReplicates } from '../stats/jackknife.js';
import type { Seating } from '../stats/seatings.js';

/**
 * How a counter of the tally grows and merges: `sum`, a number added over
 * games and batches; `max`, a number kept as the larger; `size`, a fixed
 * dimension of the run (never summed); `array`, numbers added element by
 * element, of a length fixed by the run's sizes; `byName`, numbers by a
 * name found in play; `list`, entries kept for the whole run only, the first
 * MAX_TIMEOUTS_LISTED in merge order (a jackknife replicate never reads them);
 * `firstText`, a text by key, the first in merge order (for the run only too).
 */
export type CounterKind = 'sum' | 'max' | 'size' | 'array' | 'byName' | 'list' | 'firstText';

/** A length from the tally's sizes: P seats, E line-up entries, K seatings per deal (products are row-major matrices). */
export type CounterSize = 'P' | 'E' | 'E*E' | 'E*P' | 'P*P' | 'K*P';

/** One counter's declaration: its kind, and for a `size` or an `array` its length. */
export type Counter = { readonly kind: 'sum' | 'max' | 'byName' | 'list' | 'firstText' } | { readonly kind: 'size' | 'array'; readonly size: CounterSize };

/**
 * Streaming totals of a run (or of one batch, or one jackknife group): a few
 * counters per line-up entry, per seat and per seating, and the per-deal
 * cross products that give every interval its deal-level variance
 * (`src/stats/cluster.ts`). Nothing is kept per game. Plain arrays, so a
 * batch's tally crosses from a worker thread as it is.
 *
 * Every counter is declared here once: the `Tally` type, `emptyTally`,
 * `mergeTally`, the sizes `tallyFits` checks and the checkpoint's schema
 * (`tally-schema.ts`) are derived from this table, so a new counter is one
 * line here and its count in `DealTally.addGame`. The order is the order of
 * the fields in `checkpoint.json`.
 *
 * Sizes: P seats, E line-up entries (P for `tourney`, P + 1 for `match`, the
 * pool for `rate`), K seatings per deal.
 */
export const TALLY_COUNTERS = {
  /** Games played. */
  games: { kind: 'sum' },
  /** Independent deals (each deal is played once per seating). */
  deals: { kind: 'sum' },
  /** Seats P. */
  players: { kind: 'size', size: 'P' },
  /** Line-up entries E. */
  entries: { kind: 'size', size: 'E' },
  /** Per entry: seat-games. */
  entryGames: { kind: 'array', size: 'E' },
  /** Per entry: win shares. */
  entryWins: { kind: 'array', size: 'E' },
  /** Per entry: sum of game scores (per seat-game). */
  entryScore: { kind: 'array', size: 'E' },
  /** Per entry: sum of squares of game scores (per seat-game). */
  entryScoreSq: { kind: 'array', size: 'E' },
  /** Per entry: games lost by forfeit. */
  entryForfeits: { kind: 'array', size: 'E' },
  /** Σ over deals of (entry i's win shares in the deal) × (entry j's): E × E, row-major. */
  entryWinsCross: { kind: 'array', size: 'E*E' },
  /** Σ over deals of (entry i's score total in the deal) × (entry j's): E × E. */
  entryScoreCross: { kind: 'array', size: 'E*E' },
  /** entrySeatWins[i * P + s]: win shares of entry i while at seat s. */
  entrySeatWins: { kind: 'array', size: 'E*P' },
  /** Per seat: games. */
  seatGames: { kind: 'array', size: 'P' },
  /** Per seat: win shares. */
  seatWins: { kind: 'array', size: 'P' },
  /** Σ over deals of seat s's × seat t's win shares in the deal (P × P). */
  seatWinsCross: { kind: 'array', size: 'P*P' },
  /** positionWins[p]: win shares of the seat p places left of the game's first player (p = 0: the first player). */
  positionWins: { kind: 'array', size: 'P' },
  /** Per-deal cross products of `positionWins`, P × P. */
  positionWinsCross: { kind: 'array', size: 'P*P' },
  /** seatingWins[k * P + s]: win shares at seat s in seating k (K × P). */
  seatingWins: { kind: 'array', size: 'K*P' },
  /** Games that hit the rule file's cap. */
  capped: { kind: 'sum' },
  /** Decisions over all games. */
  decisions: { kind: 'sum' },
  /** The longest game, in decisions. */
  maxDecisions: { kind: 'max' },
  /** Faulty decisions per entry (each forfeit is one; under `--on-fault random` the game went on). */
  entryFaults: { kind: 'array', size: 'E' },
  /** Faults by reason: threw, illegal, timeout, memory. */
  faultReasons: { kind: 'byName' },
  /**
   * The faults a time limit caused, as [deal, seating, seat, decision] (the
   * first MAX_TIMEOUTS_LISTED in merge order): the results that depend on the
   * clock, for the summary to list.
   */
  timeouts: { kind: 'list' },
  /**
   * The first fault's message of each line-up entry that committed one, by
   * the entry's index (in merge order, so the same for any worker count):
   * what the report shows so a user can see why a bot failed.
   */
  faultMessages: { kind: 'firstText' },
} as const satisfies Record<string, Counter>;

/** The declaration table's type. */
type Counters = typeof TALLY_COUNTERS;

/** A timeout fault as `timeouts` lists it: [deal, seating, seat, decision]. */
export type ListedTimeout = [number, number, number, number];

/** The value a counter of a kind holds. */
type CounterValue<C extends Counter> = C['kind'] extends 'array'
  ? number[]
  : C['kind'] extends 'byName'
    ? Record<string, number>
    : C['kind'] extends 'list'
      ? ListedTimeout[]
      : C['kind'] extends 'firstText'
        ? Record<string, string>
        : number;

/** A run's tally: one field per declared counter (`TALLY_COUNTERS`, whose comments say what each counts). */
export type Tally = { -readonly [K in keyof Counters]: CounterValue<Counters[K]> };

/** The names of the counters of one kind. */
export type CountersOfKind<Kind extends CounterKind> = { [K in keyof Counters]: Counters[K]['kind'] extends Kind ? K : never }[keyof Counters];

/** The names of the declared counters of one kind, in declaration order. */
function countersOf<Kind extends CounterKind>(kind: Kind): CountersOfKind<Kind>[] {
  return (Object.keys(TALLY_COUNTERS) as (keyof Counters)[]).filter((k) => TALLY_COUNTERS[k].kind === kind) as CountersOfKind<Kind>[];
}

const SUMS = countersOf('sum');
const MAXES = countersOf('max');
const SIZES = countersOf('size');
const TALLY_ARRAYS = countersOf('array');
const BY_NAME = countersOf('byName');
const LISTS = countersOf('list');
const FIRST_TEXTS = countersOf('firstText');

/** Most characters of a fault's message a tally keeps. */
export const MAX_FAULT_MESSAGE = 400;

/** A declared length for P seats, E entries and K seatings. */
function lengthOf(size: CounterSize, P: number, E: number, K: number): number {
  switch (size) {
    case 'P':
      return P;
    case 'E':
      return E;
    case 'E*E':
      return E * E;
    case 'E*P':
      return E * P;
    case 'P*P':
      return P * P;
    case 'K*P':
      return K * P;
  }
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
  const t: Record<string, unknown> = {};
  for (const [key, c] of Object.entries(TALLY_COUNTERS) as [keyof Counters, Counter][]) {
    if (c.kind === 'size') t[key] = lengthOf(c.size, players, entries, seatings);
    else if (c.kind === 'array') t[key] = new Array<number>(lengthOf(c.size, players, entries, seatings)).fill(0);
    else t[key] = c.kind === 'byName' || c.kind === 'firstText' ? {} : c.kind === 'list' ? [] : 0;
  }
  return t as Tally;
}

/** True when every size and array length of a tally is the one declared for P seats, E entries and K seatings. */
export function tallyFits(t: Tally, players: number, entries: number, seatings: number): boolean {
  const fits = (key: CountersOfKind<'size'> | CountersOfKind<'array'>): boolean => {
    const n = lengthOf(TALLY_COUNTERS[key].size, players, entries, seatings);
    const v = t[key];
    return typeof v === 'number' ? v === n : v.length === n;
  };
  return SIZES.every(fits) && TALLY_ARRAYS.every(fits);
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
      t.faultMessages[i] ??= f.message.length > MAX_FAULT_MESSAGE ? `${f.message.slice(0, MAX_FAULT_MESSAGE - 1)}…` : f.message;
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
 * group). A `max` counter is kept as the larger, a `list` grows and a
 * `firstText` gains the keys it lacks only when adding.
 */
export function mergeTally(a: Tally, b: Tally, sign = 1): void {
  for (const key of SUMS) a[key] += sign * b[key];
  for (const key of TALLY_ARRAYS) addInto(a[key], b[key], sign);
  for (const key of MAXES) a[key] = Math.max(a[key], b[key]);
  for (const key of BY_NAME) for (const [k, v] of Object.entries(b[key])) a[key][k] = (a[key][k] ?? 0) + sign * v;
  // The lists are kept for the run only (a jackknife replicate never reads them).
  if (sign > 0) for (const key of LISTS) for (const x of b[key] ?? []) if (a[key].length < MAX_TIMEOUTS_LISTED) a[key].push(x);
  // So are the first texts: the earlier tally's text stays.
  if (sign > 0) for (const key of FIRST_TEXTS) for (const [k, v] of Object.entries(b[key] ?? {})) a[key][k] ??= v;
}

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
