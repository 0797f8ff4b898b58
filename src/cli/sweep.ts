import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import { fixed } from '../report/terminal-format.js';
import { compareTables, type TableDifference } from '../analysis/table-difference.js';
import type { BalanceReport } from '../analysis/balance.js';
import { sweepDifference, type SweepDifference } from '../analysis/difference.js';
import { sweepFairness, type FairnessPair, type SweepFairness } from '../analysis/sweep.js';
import type { Summary } from '../analysis/summary.js';

/** A parsed `--sweep KEY=v1,v2,...`. */
export interface Sweep {
  readonly key: string;
  readonly values: readonly string[];
}

/**
 * Parses `--sweep KEY=v1,v2,...` for a game (the values are checked when each
 * variant is resolved).
 * @throws UsageError on a malformed spec or an unknown key.
 */
export function parseSweep(text: string, game: AnyGame): Sweep {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`--sweep must be KEY=v1,v2,..., got '${text}'`);
  const key = text.slice(0, eq).trim();
  const values = text
    .slice(eq + 1)
    .split(',')
    .map((v) => v.trim());
  if (!game.info.params.some((p) => p.key === key)) {
    throw new UsageError(`--sweep: unknown variant key '${key}' for ${game.info.id}; valid keys: ${game.info.params.map((p) => p.key).join(', ')}`, {
      word: key,
      choices: game.info.params.map((p) => p.key),
    });
  }
  if (values.length === 0 || values.some((v) => v === '')) throw new UsageError(`--sweep ${key}: give at least one value, comma-separated`);
  if (new Set(values).size !== values.length) throw new UsageError(`--sweep ${key}: a value is repeated`);
  return { key, values };
}

/** The fairness verdict in one sentence (terminal and page). */
export function fairnessSentence(key: string, f: SweepFairness): string {
  const pct1 = (x: number): string => fixed(100 * x, 1);
  const dists = f.settings.map((s) => `${key}=${s.value} ${pct1(s.deviation)}`).join(', ');
  const pairText = (p: FairnessPair): string => {
    const s = (x: number): string => {
      const v = fixed(Math.abs(100 * x), 1);
      return Number(v) === 0 ? v : `${x > 0 ? '+' : '−'}${v}`;
    };
    return `${key}=${p.a} − ${key}=${p.b} ${s(p.difference)} (${s(p.ci95[0])} to ${s(p.ci95[1])})`;
  };
  const head = `Distance of the first player's win rate from an even share (1/P), in percentage points: ${dists}`;
  if (f.fairest !== null) {
    const mine = f.pairs.filter((p) => p.a === f.fairest || p.b === f.fairest);
    return `Fairest: ${key}=${f.fairest}, closer to an even share than every other value with 95% intervals excluding 0 (paired differences: ${mine.map(pairText).join('; ')}). ${head}.`;
  }
  return `The settings are not separated: no value is closer to an even share than every other with a 95% interval excluding 0 (paired differences of the distance: ${f.pairs.map(pairText).join('; ')}). ${head}.`;
}

/** One value of a sweep, played: its summary and balance report. */
export interface SweepRun {
  readonly value: string;
  readonly summary: Summary;
  readonly balance: BalanceReport;
}

/**
 * A sweep's comparison: every key figure of every value, each later value's
 * paired differences from the first (`sweepDifference`), its balance tables
 * row by row (`compareTables`), and which value is fairest (`sweepFairness`).
 */
export interface SweepComparison {
  readonly key: string;
  readonly runs: readonly SweepRun[];
  /** The key figures of every run, in the order they first appear. */
  readonly names: readonly string[];
  /** Per later value: each figure's paired difference from the first value. */
  readonly diffs: readonly Readonly<Record<string, SweepDifference | null>>[];
  /** Per later value: the balance tables' paired differences from the first value. */
  readonly tables: readonly (readonly TableDifference[])[];
  readonly fairness: SweepFairness | null;
}

/** Compares a sweep's values with the first, paired over the same groups of deals (delete-a-group jackknife). */
export function sweepComparison(key: string, runs: readonly SweepRun[]): SweepComparison {
  const names: string[] = [];
  for (const r of runs) for (const k of Object.keys(r.balance.keyFigures)) if (!names.includes(k)) names.push(k);
  const first = runs[0]!;
  const later = runs.slice(1);
  const diffs = later.map((r) => Object.fromEntries(names.map((n) => [n, sweepDifference(r.balance, first.balance, n)])));
  const tables = later.map((r) => compareTables(r.balance, first.balance));
  return { key, runs, names, diffs, tables, fairness: sweepFairness(runs) };
}
