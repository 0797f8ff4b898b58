import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import { fixed } from '../report/terminal-format.js';
import { compareTables, type TableDifference } from '../report/table-difference.js';
import type { BalanceReport } from '../report/balance.js';
import { jackknifeDifference, sweepDifference, type SweepDifference } from '../report/difference.js';
import type { Summary } from '../tourney/summary.js';

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
  const dev = (r: { summary: Summary }) => {
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
