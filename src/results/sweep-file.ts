/**
 * The files of a sweep's comparison (`SweepComparison`), and the schema,
 * inferred type and reader of `sweep.json`: `sweep.csv` (the key
 * figures of every value with their 95% intervals), `sweep-differences.csv`
 * (their paired differences from the first value), `sweep-tables.csv` (the
 * game's balance tables row by row: key, value, baseline_value, table, row,
 * column, estimate, baseline_estimate, difference, ci95_lo, ci95_hi, paired;
 * rates in proportion units, a row one run lacks with its estimate empty),
 * and all of it in `sweep.json`.
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { SweepDifference } from '../analysis/difference.js';
import type { SweepComparison, SweepFairness } from '../analysis/sweep.js';
import type { TableDifference } from '../analysis/table-difference.js';
import { stringify } from '../report/csv.js';
import { writeFileAtomic } from '../report/files.js';
import { jsonText } from '../report/json.js';
import { keyFigureSchema } from './balance-file.js';
import { jsonInterval, jsonNumber, readJsonFile, shapedAs, variantSchema } from './json-file.js';

/** `sweep.json` and its three CSV files (the sweep's plan, `sweep-plan.json`, is the command's: `src/cli/sweep-run.ts`). */
export const SWEEP_FILES = {
  json: 'sweep.json',
  csv: 'sweep.csv',
  differences: 'sweep-differences.csv',
  tables: 'sweep-tables.csv',
} as const;

/** A paired difference of two values' estimates (`SweepDifference`), NaN written as null. */
const differenceSchema = shapedAs<SweepDifference>()(z.object({ value: jsonNumber, ci95: jsonInterval, paired: z.boolean() }));

/** A game table of a value against the first, row by row (`TableDifference`); a missing estimate is null. */
const tableDifferenceSchema = shapedAs<TableDifference>()(
  z.object({
    id: z.string(),
    title: z.string(),
    keys: z.array(z.string()),
    estimates: z.array(z.object({ column: z.string(), title: z.string(), percent: z.boolean() })),
    rows: z.array(
      z.object({
        key: z.array(z.union([z.string(), z.number()])),
        presentIn: z.enum(['both', 'a', 'b']),
        cells: z.array(z.object({ column: z.string(), a: z.number().nullable(), b: z.number().nullable(), difference: differenceSchema.nullable() })),
      }),
    ),
  }),
);

/** Which value is fairest (`SweepFairness`): each value's distance from even seats and the paired differences of those distances. */
const fairnessSchema = shapedAs<SweepFairness>()(
  z.object({
    figure: z.string(),
    settings: z.array(z.object({ value: z.string(), deviation: jsonNumber })),
    pairs: z.array(z.object({ a: z.string(), b: z.string(), difference: jsonNumber, ci95: jsonInterval, paired: z.boolean() })),
    fairest: z.string().nullable(),
  }),
);

/**
 * The schema of `sweep.json`: the swept key and its first value (the
 * baseline), which value is fairest (when the runs have a first-player
 * figure), and per value its variant, size and key figures, and for each
 * later value its paired differences from the first, figure by figure and
 * in the game's tables row by row.
 */
export const sweepFileSchema = z.object({
  key: z.string(),
  baseline: z.string(),
  fairness: fairnessSchema.optional(),
  runs: z
    .array(
      z.object({
        value: z.string(),
        variant: variantSchema,
        games: z.number(),
        deals: z.number(),
        keyFigures: z.record(keyFigureSchema),
        differenceFromBaseline: z.record(differenceSchema.nullable()).optional(),
        tablesFromBaseline: z.array(tableDifferenceSchema).readonly().optional(),
      }),
    )
    .readonly(),
});

/** `sweep.json`. */
export type SweepFile = z.output<typeof sweepFileSchema>;

/**
 * A sweep's `sweep.json`, read through its schema.
 * @returns null when the directory has none.
 * @throws RunFileError naming the file when it does not parse or fit.
 */
export function readSweepFile(dir: string): SweepFile | null {
  return readJsonFile(dir, SWEEP_FILES.json, sweepFileSchema);
}

/** `sweep.json`'s value of a comparison (what `writeSweepFiles` writes). */
function sweepFileOf(c: SweepComparison): SweepFile {
  const first = c.runs[0]!;
  return {
    key: c.key,
    baseline: first.value,
    ...(c.fairness ? { fairness: c.fairness } : {}),
    runs: c.runs.map((r, i) => ({
      value: r.value,
      variant: r.summary.variant,
      games: r.summary.games,
      deals: r.summary.deals,
      keyFigures: r.balance.keyFigures,
      ...(i > 0 ? { differenceFromBaseline: c.diffs[i - 1], tablesFromBaseline: c.tables[i - 1] } : {}),
    })),
  };
}

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
  writeFileAtomic(join(dir, SWEEP_FILES.json), `${jsonText(sweepFileOf(c))}\n`);
}
