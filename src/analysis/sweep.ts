/**
 * A sweep's values compared (`sweepComparison`): every key figure of every
 * value, each later value's paired differences from the first and its
 * balance tables row by row, and which value of the swept parameter is
 * fairest to the seats, chosen only where the run can tell (paired
 * differences over the same groups of deals). The sentence is the
 * command's (`fairnessSentence` in `src/cli/sweep.ts`); the files are
 * `src/results/sweep-file.ts`'s.
 */
import type { Summary } from './summary.js';
import type { BalanceReport } from './balance.js';
import { jackknifeDifference, sweepDifference, type SweepDifference } from './difference.js';
import { compareTables, type TableDifference } from './table-difference.js';

/** The figure a sweep's fairness is judged by. */
export const FAIRNESS_FIGURE = 'win rate: first player';

/** How far one setting is from even seats: |first player's win rate − 1/P| with its 95% interval. */
export interface SettingDeviation {
  readonly value: string;
  readonly deviation: number;
}

/** The paired difference of two settings' deviations from even seats, a − b with a the later value of the sweep (as value − baseline): below 0, a is fairer. */
export interface FairnessPair {
  readonly a: string;
  readonly b: string;
  readonly difference: number;
  readonly ci95: readonly [number, number];
  readonly paired: boolean;
}

/** Which setting of a sweep is fairest, if the run can tell. */
export interface SweepFairness {
  readonly figure: string;
  readonly settings: readonly SettingDeviation[];
  readonly pairs: readonly FairnessPair[];
  /** The setting whose deviation is below every other's with a 95% interval excluding 0; null when none is (the settings are not separated). */
  readonly fairest: string | null;
}

/**
 * Which setting of a sweep is fairest, chosen only where the run can tell.
 * Each setting's distance from even seats is d = |w₁ − 1/P|, w₁ the first
 * player's win share per game (`win rate: first player`), P the seats. For
 * every pair of settings the paired difference d_a − d_b and its 95%
 * interval come from the delete-a-group jackknife over the same groups of
 * deals (every value plays the same deals; unpaired when the layouts
 * differ). A setting is named fairest only when its d is below every other
 * setting's with an interval excluding 0; otherwise `fairest` is null and
 * the settings are not separated. (A p-value of "positions equal" is not a
 * measure of fairness: a larger one is not a fairer setting, only less
 * evidence.)
 * @returns null when the runs have no first-player figure.
 */
export function sweepFairness(runs: readonly SweepRun[]): SweepFairness | null {
  if (runs.length < 2 || runs.some((r) => !r.balance.keyFigures[FAIRNESS_FIGURE])) return null;
  const dev = (r: SweepRun) => {
    const even = 1 / Math.max(1, r.summary.lineup.length);
    return (x: number): number => Math.abs(x - even);
  };
  const settings = runs.map((r) => ({ value: r.value, deviation: dev(r)(r.balance.keyFigures[FAIRNESS_FIGURE]!.value) }));
  const pairs: FairnessPair[] = [];
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      // One sign convention with the sweep's differences (a value less an earlier one, as value − baseline): the later value first.
      const a = runs[j]!;
      const b = runs[i]!;
      const d = jackknifeDifference(a.balance, b.balance, FAIRNESS_FIGURE, dev(a), dev(b));
      if (d) pairs.push({ a: a.value, b: b.value, difference: d.value, ci95: d.ci95, paired: d.paired });
    }
  }
  const fairerThan = (s: string, o: string): boolean => {
    const p = pairs.find((x) => (x.a === s && x.b === o) || (x.a === o && x.b === s));
    if (!p) return false;
    return p.a === s ? p.ci95[1] < 0 : p.ci95[0] > 0;
  };
  const fairest = runs.find((s) => runs.every((o) => o === s || fairerThan(s.value, o.value)))?.value ?? null;
  return { figure: FAIRNESS_FIGURE, settings, pairs, fairest };
}

/** One value of a sweep, played: its summary and balance report. */
export interface SweepRun {
  readonly value: string;
  /** What the comparison reads of its summary (a summary read back from an older file fits too). */
  readonly summary: Pick<Summary, 'variant' | 'games' | 'deals' | 'lineup'>;
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
