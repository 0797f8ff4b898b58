import type { GameResult, GameStateBase } from './game.js';
import type { Variant } from './variant.js';

/** One table of a balance report: printed after the tourney tables and written as `balance-<id>.csv`. */
export interface BalanceTable {
  /** File-name-safe id, e.g. `bids-by-rank`. */
  readonly id: string;
  readonly title: string;
  /** One line under the table: what the numbers mean. */
  readonly caption?: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (string | number)[])[];
}

/** A headline number for sweeps (`--sweep`), with its 95% interval when it has one. */
export interface KeyFigure {
  readonly value: number;
  readonly ci95?: readonly [number, number];
  /** How to print it: a proportion as a percentage, or a plain number. */
  readonly format: 'percent' | 'number';
}

/**
 * A game's own balance statistics (the game-specific sections of the balance
 * report). Totals `T` are plain JSON data: they are built per batch in a
 * worker, cross threads, and are merged in batch order, so the report is the
 * same for any worker count.
 */
export interface GameBalance<S extends GameStateBase, T> {
  /** Empty totals for a run of this variant. */
  newTotals(variant: Variant): T;
  /**
   * Adds one finished game.
   * @param s the final state (terminal).
   * @param entryOfSeat the line-up entry sitting at each seat.
   */
  accumulate(s: S, t: T, entryOfSeat: readonly number[], result: GameResult): void;
  /** Adds `from` into `into`. */
  merge(into: T, from: T): void;
  /** The game's sections, with bots named by the line-up's spec texts (entries with one name pooled). */
  tables(t: T, lineup: readonly string[]): BalanceTable[];
  /** Headline numbers for `--sweep`, by name. */
  keyFigures(t: T, lineup: readonly string[]): Record<string, KeyFigure>;
}

/**
 * Adds the totals `from` into `into`, key by key: numeric arrays element-wise,
 * numbers by addition; the keys in `fixed` (e.g. `players`) are left as they are.
 * Balance totals are plain records of numbers and number arrays, so every
 * game's `merge` can be this.
 */
export function mergeNumericTotals<T extends object>(into: T, from: T, fixed: readonly string[] = ['players']): void {
  const a = into as Record<string, unknown>;
  const b = from as Record<string, unknown>;
  for (const key of Object.keys(a)) {
    if (fixed.includes(key)) continue;
    const x = a[key];
    const y = b[key];
    if (Array.isArray(x) && Array.isArray(y)) for (let i = 0; i < x.length; i++) (x as number[])[i]! += (y as number[])[i]!;
    else if (typeof x === 'number' && typeof y === 'number') a[key] = x + y;
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
