/**
 * The balance report's files: `balance.json` (its schema, the analysis's
 * `BalanceReport` as its type, writer and reader) and one
 * `balance-<id>.csv` per table, the generic seat-advantage table first (the
 * numbers come from `src/analysis/balance.ts`, the tables from
 * `src/report/balance.ts`).
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { BalanceReport } from '../analysis/balance.js';
import type { KeyFigure } from '../core/balance.js';
import { balanceTables } from '../report/balance.js';
import { stringify } from '../report/csv.js';
import { writeFileAtomic } from '../report/files.js';
import { jsonText } from '../report/json.js';
import { jsonInterval, jsonNumber, readJsonFile, shapedAs } from './json-file.js';
import { equalityTestFields, equalityTestOf } from './summary-file.js';

/** `balance.json`, and the pattern of its tables' CSV files (`balance-seat-advantage.csv`, `balance-<id>.csv`). */
export const BALANCE_FILES = { json: 'balance.json', tables: /^balance-.+\.csv$/ } as const;

/** The CSV file of the balance table `id`. */
export function balanceCsvName(id: string): string {
  return `balance-${id}.csv`;
}

/** A key figure (`KeyFigure`): its value and interval (NaN written as null), how it prints, and what its interval is drawn from. */
export const keyFigureSchema = shapedAs<KeyFigure>()(
  z.object({
    value: jsonNumber,
    ci95: jsonInterval.optional(),
    format: z.enum(['percent', 'number']),
    trials: z.number().optional(),
    proportion: z.literal(true).optional(),
  }),
);

/** A game table as reported (`ReportedTable`): a cell that could not be computed is written as null and read as NaN. */
const reportedTableSchema = z.object({
  id: z.string(),
  title: z.string(),
  caption: z.string(),
  columns: z.array(z.string()),
  titles: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), jsonNumber]))),
  /** The test of equal rows: its hypothesis and the column it compares (absent in files before 2026-11-26). */
  test: z
    .object({ ...equalityTestFields, hypothesis: z.string(), column: z.string().optional() })
    .transform(({ hypothesis, column, ...t }) => ({ ...equalityTestOf(t), hypothesis, ...(column !== undefined ? { column } : {}) }))
    .optional(),
});

/** A table's replicates for the row-by-row differences of sweeps (`TableReplicates`): a replicate that could not be computed is null. */
const tableReplicatesSchema = z.object({
  keys: z.array(z.string()),
  estimates: z.array(z.object({ column: z.string(), title: z.string(), percent: z.boolean(), replicates: z.array(z.array(z.number().nullable())) })),
});

/**
 * The schema of `balance.json` (`BalanceReport`, what the analysis writes):
 * the seat advantage by position and its test, the game's tables, the key
 * figures and their jackknife replicates, and each table's replicates
 * (absent in files before 2026-11-27, whose sweeps compare no tables).
 * Files back to the deal as the statistical unit (2026-11-23) read.
 */
export const balanceFileSchema = shapedAs<BalanceReport>()(
  z.object({
    game: z.string(),
    deals: z.number(),
    groups: z.number(),
    seatAdvantage: z.object({
      byPosition: z.array(z.object({ position: z.number(), games: z.number(), wins: z.number(), winRate: jsonNumber, ci95: jsonInterval, deff: jsonNumber })),
      test: z.object(equalityTestFields).transform(equalityTestOf),
    }),
    tables: z.array(reportedTableSchema),
    keyFigures: z.record(keyFigureSchema),
    replicates: z.record(z.array(jsonNumber)),
    tableReplicates: z.record(tableReplicatesSchema).optional(),
  }),
);

/**
 * A run's `balance.json`, read through its schema.
 * @returns null when the directory has none.
 * @throws RunFileError naming the file when it does not parse or fit.
 */
export function readBalanceFile(dir: string): BalanceReport | null {
  return readJsonFile(dir, BALANCE_FILES.json, balanceFileSchema);
}

/** Writes `balance.json` and one `balance-<id>.csv` per table into `dir`, atomically; CSV headers are snake_case and cells numeric. */
export function writeBalanceFiles(r: BalanceReport, dir: string): void {
  // Arrays of numbers (replicates, intervals) on one line each: the table replicates would otherwise take a line per number.
  writeFileAtomic(join(dir, BALANCE_FILES.json), `${jsonText(r)}\n`);
  for (const t of balanceTables(r)) {
    // A value that cannot be computed (x / 0) is an empty cell, as pandas and R read a missing value.
    const rows = t.rows.map((row) => row.map((c) => (typeof c === 'number' && !Number.isFinite(c) ? '' : c)));
    writeFileAtomic(join(dir, balanceCsvName(t.id)), stringify(rows, { header: true, columns: [...t.columns] }));
  }
}
