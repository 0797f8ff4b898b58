import type { GameResult, GameStateBase } from './game.js';
import type { Variant } from './variant.js';

/**
 * One table of a balance report: printed after the tourney tables and written
 * as `balance-<id>.csv`. A game's `tables` gives point values only; the report
 * (`src/analysis/balance.ts`) adds a 95% interval to each column named in
 * `estimates`, computed over the run's deals (delete-a-group jackknife), and
 * the test of `equalRows` to the caption.
 */
export interface BalanceTable {
  /** File-name-safe id, e.g. `bids-by-rank`. */
  readonly id: string;
  readonly title: string;
  /** One line under the table: what the numbers mean. */
  readonly caption?: string;
  /** Column names, snake_case for the CSV (`success_rate`); the terminal prints them with spaces. */
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (string | number)[])[];
  /** Numeric columns that estimate something from the run's deals: each gets `<column>_lo` and `<column>_hi` after it. */
  readonly estimates?: readonly Estimate[];
  /** A test that one estimated column is equal in every row (e.g. the round win rate by position left of the dealer). */
  readonly equalRows?: { readonly column: string; readonly hypothesis: string };
}

/** An estimated column of a balance table. */
export interface Estimate {
  readonly column: string;
  /**
   * For a proportion: the column that holds its trials (bid cards, rounds);
   * the interval is then Wilson's at the effective sample size. Omit for a
   * mean or a ratio that is not a proportion (Student t interval).
   */
  readonly trials?: string;
  /**
   * A share of a count within [0, 1] whose trials are not a column (a share
   * of bids, of exchanges): its interval is Wilson's at the effective sample
   * size, the deals the fallback unit, so it stays within [0, 1]. Omit for a
   * share that can leave [0, 1] (a share of points where bids can cost).
   */
  readonly proportion?: true;
}

/**
 * A headline number for sweeps (`--sweep`). A game gives `value`, `format` and,
 * for a proportion, `trials`; the report adds `ci95` (deal-level, jackknife).
 */
export interface KeyFigure {
  readonly value: number;
  readonly ci95?: readonly [number, number];
  /** How to print it: a proportion as a percentage, or a plain number. */
  readonly format: 'percent' | 'number';
  /** For a proportion: its trials (for the Wilson interval at the effective sample size). */
  readonly trials?: number;
  /** A proportion within [0, 1] without a count of trials: Wilson's interval too (see `Estimate.proportion`). */
  readonly proportion?: true;
}

/**
 * A game's own balance statistics (the game-specific sections of the balance
 * report). Totals `T` are plain JSON data: they are built per batch in a
 * worker, cross threads, and are merged in batch order, so the report is the
 * same for any worker count.
 */
export interface GameBalance<S extends GameStateBase, T> {
  /**
   * Empty totals for a run of this variant with `entries` line-up entries
   * (P for `tourney`; P + 1 for `match`; the pool for `rate`): arrays indexed
   * by entry have that length, arrays indexed by seat or position P.
   */
  newTotals(variant: Variant, entries: number): T;
  /**
   * Adds one finished game.
   * @param s the final state (terminal).
   * @param entryOfSeat the line-up entry sitting at each seat.
   */
  accumulate(s: S, t: T, entryOfSeat: readonly number[], result: GameResult): void;
  /** Adds `from` into `into` (numeric totals: `mergeNumericTotals`; the jackknife subtracts with it too, so totals must be plain numbers and number arrays). */
  merge(into: T, from: T): void;
  /** The game's sections, with bots named by the line-up's spec texts (entries with one name pooled). */
  tables(t: T, lineup: readonly string[]): BalanceTable[];
  /** Headline numbers for `--sweep`, by name. */
  keyFigures(t: T, lineup: readonly string[]): Record<string, KeyFigure>;
}

/**
 * Adds the totals `from` into `into` (or subtracts them, `sign` −1), key by
 * key: numeric arrays element-wise, numbers by addition; the keys in `fixed`
 * (e.g. `players`) and non-numeric keys are left as they are. Balance totals
 * are plain records of numbers and number arrays, so every game's `merge` can
 * be this.
 */
export function mergeNumericTotals<T extends object>(into: T, from: T, fixed: readonly string[] = ['players'], sign = 1): void {
  const a = into as Record<string, unknown>;
  const b = from as Record<string, unknown>;
  for (const key of Object.keys(a)) {
    if (fixed.includes(key)) continue;
    const x = a[key];
    const y = b[key];
    if (Array.isArray(x) && Array.isArray(y)) {
      for (let i = 0; i < x.length; i++) if (typeof x[i] === 'number') (x as number[])[i]! += sign * (y as number[])[i]!;
    } else if (typeof x === 'number' && typeof y === 'number') a[key] = x + sign * y;
  }
}

/** The distinct bot names of a line-up, each with the line-up entries that hold it, in first-seen order. */
export function lineupGroups(lineup: readonly string[]): { name: string; entries: number[] }[] {
  const out: { name: string; entries: number[] }[] = [];
  lineup.forEach((name, e) => {
    const g = out.find((x) => x.name === name);
    if (g) g.entries.push(e);
    else out.push({ name, entries: [e] });
  });
  return out;
}

/** The sum of `xs[index(e)]` over the entries `entries` (index defaults to the entry itself). */
export function sumOverEntries(xs: readonly number[], entries: readonly number[], index: (e: number) => number = (e) => e): number {
  let total = 0;
  for (const e of entries) total += xs[index(e)]!;
  return total;
}

/**
 * What one whole win (or round won) counts in balance totals of a P-seat
 * game: lcm(1..P), so a win shared by k <= P seats adds the integer
 * `shareUnits(P) / k`. Totals then stay integers, exact whatever the order of
 * merging and under the jackknife's subtraction of a group (fractions like
 * 1/3 would not); tables divide by it. The least common multiple keeps the
 * sums far below 2^53 (60 for 6 seats, 2520 for 9).
 */
export function shareUnits(players: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let l = 1;
  for (let k = 2; k <= players; k++) l = (l / gcd(l, k)) * k;
  return l;
}

/** x / n, or NaN when n is 0 (no trials: the replicate is skipped by the jackknife, the cell prints n/a). */
export function ratioOrNaN(x: number, n: number): number {
  return n !== 0 ? x / n : NaN;
}
