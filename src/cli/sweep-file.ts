/**
 * The files of a sweep's comparison (`SweepComparison`): `sweep.csv` (the key
 * figures of every value with their 95% intervals), `sweep-differences.csv`
 * (their paired differences from the first value), `sweep-tables.csv` (the
 * game's balance tables row by row: key, value, baseline_value, table, row,
 * column, estimate, baseline_estimate, difference, ci95_lo, ci95_hi, paired;
 * rates in proportion units, a row one run lacks with its estimate empty),
 * and all of it in `sweep.json`.
 */
import { join } from 'node:path';
import { stringify } from '../report/csv.js';
import { writeFileAtomic } from '../report/files.js';
import { jsonText } from '../report/json.js';
import type { TableDifference } from '../analysis/table-difference.js';
import { SWEEP_FILES } from '../results/registry.js';
import type { SweepComparison } from './sweep.js';

/** A row's key cells as one label, "bot=greedy, rank=2" ('' for a table of one row). */
function rowLabel(t: TableDifference, key: readonly (string | number)[]): string {
  return key.map((k, i) => `${t.keys[i] ?? `key${i + 1}`}=${String(k)}`).join(', ');
}

/** `sweep-tables.csv`'s rows: every cell of every balance table of every later value, against the first value's. */
function tableRows(c: SweepComparison): (string | number)[][] {
  const first = c.runs[0]!;
  const out: (string | number)[][] = [];
  c.runs.slice(1).forEach((r, i) => {
    for (const t of c.tables[i]!) {
      for (const row of t.rows) {
        for (const cell of row.cells) {
          const d = cell.difference;
          out.push([
            c.key,
            r.value,
            first.value,
            t.id,
            rowLabel(t, row.key),
            cell.column,
            cell.a ?? '',
            cell.b ?? '',
            d?.value ?? '',
            d?.ci95[0] ?? '',
            d?.ci95[1] ?? '',
            d ? (d.paired ? 1 : 0) : '',
          ]);
        }
      }
    }
  });
  return out;
}

/** Writes a sweep's comparison into its directory: `sweep.csv`, `sweep-differences.csv`, `sweep-tables.csv`, `sweep.json`. */
export function writeSweepFiles(c: SweepComparison, dir: string): void {
  const { key, runs, names } = c;
  const first = runs[0]!;
  const figureRows: (string | number)[][] = [];
  for (const r of runs) {
    for (const n of names) {
      const f = r.balance.keyFigures[n];
      if (f) figureRows.push([key, r.value, n, f.value, f.ci95?.[0] ?? '', f.ci95?.[1] ?? '']);
    }
  }
  const diffRows: (string | number)[][] = [];
  runs.slice(1).forEach((r, i) => {
    for (const n of names) {
      const d = c.diffs[i]![n];
      if (d) diffRows.push([key, r.value, first.value, n, d.value, d.ci95[0], d.ci95[1], d.paired ? 1 : 0]);
    }
  });
  writeFileAtomic(join(dir, SWEEP_FILES.csv), stringify(figureRows, { header: true, columns: ['key', 'value', 'figure', 'estimate', 'ci95_lo', 'ci95_hi'] }));
  writeFileAtomic(
    join(dir, SWEEP_FILES.differences),
    stringify(diffRows, { header: true, columns: ['key', 'value', 'baseline_value', 'figure', 'difference', 'ci95_lo', 'ci95_hi', 'paired'] }),
  );
  writeFileAtomic(
    join(dir, SWEEP_FILES.tables),
    stringify(tableRows(c), {
      header: true,
      columns: ['key', 'value', 'baseline_value', 'table', 'row', 'column', 'estimate', 'baseline_estimate', 'difference', 'ci95_lo', 'ci95_hi', 'paired'],
    }),
  );
  writeFileAtomic(
    join(dir, SWEEP_FILES.json),
    `${jsonText({
      key,
      baseline: first.value,
      ...(c.fairness ? { fairness: c.fairness } : {}),
      runs: runs.map((r, i) => ({
        value: r.value,
        variant: r.summary.variant,
        games: r.summary.games,
        deals: r.summary.deals,
        keyFigures: r.balance.keyFigures,
        ...(i > 0 ? { differenceFromBaseline: c.diffs[i - 1], tablesFromBaseline: c.tables[i - 1] } : {}),
      })),
    })}\n`,
  );
}
