import { stringify } from '../report/csv.js';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import { writeFileAtomic } from '../report/files.js';
import { jsonText } from '../report/json.js';
import { fixed } from '../report/terminal-format.js';
import { compareTables, type TableDifference } from '../analysis/table-difference.js';
import { fitTable, tableDifferencesText, wrapText } from '../report/table-difference-text.js';
import type { BalanceReport } from '../analysis/balance.js';
import { sweepDifference } from '../analysis/difference.js';
import { sweepFairness, type FairnessPair, type SweepFairness } from '../analysis/sweep.js';
import { differenceCell as diffCell, figureCell as cell } from '../report/difference.js';
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

/** A row's key cells as one label, "bot=greedy, rank=2" ('' for a table of one row). */
function rowLabel(t: TableDifference, key: readonly (string | number)[]): string {
  return key.map((k, i) => `${t.keys[i] ?? `key${i + 1}`}=${String(k)}`).join(', ');
}

/**
 * Compares a sweep's values and writes the comparison into `dir`: the key
 * figures of every value side by side (with 95% intervals; `sweep.csv`), their
 * paired differences from the first value (`sweep-differences.csv`), and the
 * game's own balance tables row by row, each estimated cell's paired
 * difference from the first value with its 95% interval
 * (`sweep-tables.csv`: key, value, baseline_value, table, row, column,
 * estimate, baseline_estimate, difference, ci95_lo, ci95_hi, paired; rates in
 * proportion units, a row one run lacks with its estimate empty), all of it in
 * `sweep.json`. Differences are paired over the same groups of deals
 * (delete-a-group jackknife; `compareTables`, `sweepDifference`).
 * @returns the comparison as terminal text, no line wider than 120 characters.
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
  const later = runs.slice(1);
  const diffs = later.map((r) => Object.fromEntries(names.map((n) => [n, sweepDifference(r.balance, first.balance, n)])));
  const diffCsv: (string | number)[][] = [];
  later.forEach((r, i) => {
    for (const n of names) {
      const d = diffs[i]![n];
      if (d) diffCsv.push([key, r.value, first.value, n, d.value, d.ci95[0], d.ci95[1], d.paired ? 1 : 0]);
    }
  });
  const tables = later.map((r) => compareTables(r.balance, first.balance));
  const tableCsv: (string | number)[][] = [];
  later.forEach((r, i) => {
    for (const t of tables[i]!) {
      for (const row of t.rows) {
        for (const c of row.cells) {
          const d = c.difference;
          tableCsv.push([
            key,
            r.value,
            first.value,
            t.id,
            rowLabel(t, row.key),
            c.column,
            c.a ?? '',
            c.b ?? '',
            d?.value ?? '',
            d?.ci95[0] ?? '',
            d?.ci95[1] ?? '',
            d ? (d.paired ? 1 : 0) : '',
          ]);
        }
      }
    }
  });
  writeFileAtomic(join(dir, 'sweep.csv'), stringify(csvRows, { header: true, columns: ['key', 'value', 'figure', 'estimate', 'ci95_lo', 'ci95_hi'] }));
  writeFileAtomic(
    join(dir, 'sweep-differences.csv'),
    stringify(diffCsv, { header: true, columns: ['key', 'value', 'baseline_value', 'figure', 'difference', 'ci95_lo', 'ci95_hi', 'paired'] }),
  );
  writeFileAtomic(
    join(dir, 'sweep-tables.csv'),
    stringify(tableCsv, {
      header: true,
      columns: ['key', 'value', 'baseline_value', 'table', 'row', 'column', 'estimate', 'baseline_estimate', 'difference', 'ci95_lo', 'ci95_hi', 'paired'],
    }),
  );
  const fairness = sweepFairness(runs);
  writeFileAtomic(
    join(dir, 'sweep.json'),
    `${jsonText({
      key,
      baseline: first.value,
      ...(fairness ? { fairness } : {}),
      runs: runs.map((r, i) => ({
        value: r.value,
        variant: r.summary.variant,
        games: r.summary.games,
        deals: r.summary.deals,
        keyFigures: r.balance.keyFigures,
        ...(i > 0 ? { differenceFromBaseline: diffs[i - 1], tablesFromBaseline: tables[i - 1] } : {}),
      })),
    })}\n`,
  );
  const diffHead = ['figure', ...later.map((r) => `${r.value} − ${first.value}`)];
  const diffRows = names.map((n) => [n, ...diffs.map((d) => diffCell(d[n] ?? null, first.balance.keyFigures[n]?.format))]);
  const base = `${key}=${first.value}`;
  const out = [
    wrapText(
      `Sweep of ${key} over ${runs.map((r) => r.value).join(', ')}: the same seed and deals for every value. The comparison comes first; each value's own tables follow it.`,
    ),
    '',
    'Key figures at each value (95% intervals over deals in brackets)',
    fitTable(head, rows, 1),
    wrapText(
      `Paired differences from ${base}, key figures (each value less ${first.value}; percentage points for rates; 95% interval, delete-a-group jackknife over the same groups of deals; * the interval excludes 0)`,
    ),
    fitTable(diffHead, diffRows, 1),
    ...(fairness ? [wrapText(fairnessSentence(key, fairness))] : []),
  ];
  if (tables.some((t) => t.length > 0)) {
    out.push(
      '',
      wrapText(
        `Paired differences from ${base}, the game's balance tables row by row: "${first.value}" is ${base}'s estimate, "${later[0]!.value} − ${first.value}" the paired difference of ${key}=${later[0]!.value} from it ` +
          `(percentage points for rates; 95% interval, delete-a-group jackknife over the same groups of deals; * the interval excludes 0; absent: a row one run lacks)`,
      ),
      tableDifferencesText(
        first.value,
        later.map((r, i) => ({ label: r.value, tables: tables[i]! })),
      ),
    );
  }
  return out.join('\n');
}
