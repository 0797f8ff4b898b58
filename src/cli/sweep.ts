import { stringify } from '../report/csv.js';
import { join } from 'node:path';
import type { KeyFigure } from '../core/balance.js';
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import { writeFileAtomic } from '../report/files.js';
import { fixed, plainTable, pct } from '../report/format.js';
import { formatP } from '../stats/format.js';
import type { BalanceReport } from '../report/balance.js';
import { jackknife } from '../stats/jackknife.js';
import { tQuantile } from '../stats/quantiles.js';
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
    throw new UsageError(`--sweep: unknown variant key '${key}' for ${game.info.id}; valid keys: ${game.info.params.map((p) => p.key).join(', ')}`);
  }
  if (values.length === 0 || values.some((v) => v === '')) throw new UsageError(`--sweep ${key}: give at least one value, comma-separated`);
  if (new Set(values).size !== values.length) throw new UsageError(`--sweep ${key}: a value is repeated`);
  return { key, values };
}

function cell(f: KeyFigure | undefined, figure = ''): string {
  if (!f) return '–';
  // A p-value prints as the terminal prints every p-value: "< 0.0001", not "0.000".
  if (figure.endsWith(': p')) return formatP(f.value);
  const v =
    f.format === 'percent'
      ? pct(f.value)
      : Number.isNaN(f.value)
        ? 'n/a'
        : Math.abs(f.value) < 0.01 && f.value !== 0
          ? f.value.toExponential(2)
          : fixed(f.value, 3);
  if (!f.ci95) return v;
  const lo = f.format === 'percent' ? pct(f.ci95[0]) : fixed(f.ci95[0], 3);
  const hi = f.format === 'percent' ? pct(f.ci95[1]) : fixed(f.ci95[1], 3);
  return `${v} (${lo} – ${hi})`;
}

/** A key figure's difference from the sweep's first value, with its 95% interval. */
export interface SweepDifference {
  readonly value: number;
  readonly ci95: readonly [number, number];
  /** True when both runs played the same deals in the same jackknife groups, so the difference is paired. */
  readonly paired: boolean;
}

/**
 * The difference of one key figure between a sweep value's run and the first
 * value's. Every value plays the same deals (same seed, same line-up, same
 * batch layout), so the jackknife replicates of the two runs leave out the
 * same deals and their difference is a paired estimate (the deals' luck
 * cancels). Where the layouts differ (a sweep of `players` changes the
 * table), the difference is unpaired: se = √(se_a² + se_b²), conservative
 * when the runs are positively correlated.
 */
export function sweepDifference(a: BalanceReport, b: BalanceReport, figure: string): SweepDifference | null {
  const fa = a.keyFigures[figure];
  const fb = b.keyFigures[figure];
  // A p-value is not a quantity whose difference means anything.
  if (figure.endsWith(': p')) return null;
  if (!fa || !fb || !Number.isFinite(fa.value) || !Number.isFinite(fb.value)) return null;
  const ra = a.replicates[figure] ?? [];
  const rb = b.replicates[figure] ?? [];
  const value = fa.value - fb.value;
  if (a.deals === b.deals && a.groups === b.groups && ra.length === rb.length && ra.length >= 2) {
    const j = jackknife(
      value,
      ra.map((x, g) => x - rb[g]!),
    );
    return { value, ci95: j.ci95, paired: true };
  }
  const ja = jackknife(fa.value, ra);
  const jb = jackknife(fb.value, rb);
  const se = Math.sqrt(ja.se ** 2 + jb.se ** 2);
  const half = tQuantile(0.975, Math.max(1, Math.min(ja.df, jb.df))) * se;
  return { value, ci95: [value - half, value + half], paired: false };
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

/** A jackknife difference of two runs' statistics g(figure) (paired over the same groups of deals when the layouts match; else unpaired, as `sweepDifference`). */
function jackknifeDifference(a: BalanceReport, b: BalanceReport, figure: string, ga: (x: number) => number, gb: (x: number) => number): SweepDifference | null {
  const fa = a.keyFigures[figure];
  const fb = b.keyFigures[figure];
  if (!fa || !fb || !Number.isFinite(fa.value) || !Number.isFinite(fb.value)) return null;
  const ra = (a.replicates[figure] ?? []).map(ga);
  const rb = (b.replicates[figure] ?? []).map(gb);
  const value = ga(fa.value) - gb(fb.value);
  if (a.deals === b.deals && a.groups === b.groups && ra.length === rb.length && ra.length >= 2) {
    return {
      value,
      ci95: jackknife(
        value,
        ra.map((x, g) => x - rb[g]!),
      ).ci95,
      paired: true,
    };
  }
  const ja = jackknife(ga(fa.value), ra);
  const jb = jackknife(gb(fb.value), rb);
  const half = tQuantile(0.975, Math.max(1, Math.min(ja.df, jb.df))) * Math.sqrt(ja.se ** 2 + jb.se ** 2);
  return { value, ci95: [value - half, value + half], paired: false };
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
export function sweepFairness(runs: readonly { value: string; summary: Summary; balance: BalanceReport }[]): SweepFairness | null {
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

function diffCell(d: SweepDifference | null, format: KeyFigure['format'] | undefined): string {
  if (!d) return '–';
  // A signed difference; one that rounds to zero prints "0.0" (never "−0.0" beside a star).
  const f = (x: number): string => {
    const s = format === 'percent' ? fixed(Math.abs(100 * x), 1) : fixed(Math.abs(x), 3);
    return Number(s) === 0 ? s : `${x > 0 ? '+' : '−'}${s}`;
  };
  const sig = d.ci95[0] > 0 || d.ci95[1] < 0 ? ' *' : '';
  return `${f(d.value)} (${f(d.ci95[0])} to ${f(d.ci95[1])})${sig}${d.paired ? '' : ' unpaired'}`;
}

/**
 * Prints the key figures of every value side by side (with 95% intervals)
 * and writes `sweep.csv` and `sweep.json` into `dir`.
 * @returns the table text.
 */
export function writeSweep(key: string, runs: readonly { value: string; summary: Summary; balance: BalanceReport }[], dir: string): string {
  const names: string[] = [];
  for (const r of runs) for (const k of Object.keys(r.balance.keyFigures)) if (!names.includes(k)) names.push(k);
  const head = ['figure', ...runs.map((r) => `${key}=${r.value}`)];
  const rows = names.map((n) => [n, ...runs.map((r) => cell(r.balance.keyFigures[n], n))]);
  const csvRows: (string | number)[][] = [];
  for (const r of runs) {
    for (const n of names) {
      const f = r.balance.keyFigures[n];
      if (f) csvRows.push([key, r.value, n, f.value, f.ci95?.[0] ?? '', f.ci95?.[1] ?? '']);
    }
  }
  const first = runs[0]!;
  const diffs = runs.slice(1).map((r) => Object.fromEntries(names.map((n) => [n, sweepDifference(r.balance, first.balance, n)])));
  const diffCsv: (string | number)[][] = [];
  runs.slice(1).forEach((r, i) => {
    for (const n of names) {
      const d = diffs[i]![n];
      if (d) diffCsv.push([key, r.value, first.value, n, d.value, d.ci95[0], d.ci95[1], d.paired ? 1 : 0]);
    }
  });
  writeFileAtomic(join(dir, 'sweep.csv'), stringify(csvRows, { header: true, columns: ['key', 'value', 'figure', 'estimate', 'ci95_lo', 'ci95_hi'] }));
  writeFileAtomic(
    join(dir, 'sweep-differences.csv'),
    stringify(diffCsv, { header: true, columns: ['key', 'value', 'baseline_value', 'figure', 'difference', 'ci95_lo', 'ci95_hi', 'paired'] }),
  );
  const fairness = sweepFairness(runs);
  writeFileAtomic(
    join(dir, 'sweep.json'),
    `${JSON.stringify(
      {
        key,
        baseline: first.value,
        ...(fairness ? { fairness } : {}),
        runs: runs.map((r, i) => ({
          value: r.value,
          variant: r.summary.variant,
          games: r.summary.games,
          deals: r.summary.deals,
          keyFigures: r.balance.keyFigures,
          ...(i > 0 ? { differenceFromBaseline: diffs[i - 1] } : {}),
        })),
      },
      null,
      2,
    )}\n`,
  );
  const diffHead = ['figure', ...runs.slice(1).map((r) => `${key}=${r.value} − ${key}=${first.value}`)];
  const diffRows = names.map((n) => [n, ...diffs.map((d) => diffCell(d[n] ?? null, first.balance.keyFigures[n]?.format))]);
  return (
    `Sweep of ${key} (same seed and deals for every value; 95% intervals over deals in brackets)\n${plainTable(head, rows)}\n` +
    `Paired differences from ${key}=${first.value} (percentage points for rates; 95% interval, delete-a-group jackknife over the same groups of deals; * the interval excludes 0)\n${plainTable(diffHead, diffRows)}` +
    (fairness ? `\n${fairnessSentence(key, fairness)}` : '')
  );
}
