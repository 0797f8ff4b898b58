/**
 * The files every run that plays games writes: `summary.json` (its schema,
 * inferred type, writer and reader; older files read with defaults),
 * `bots.csv` and `seats.csv`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { botsCsv, seatsCsv } from '../report/csv.js';
import { writeFileAtomic } from '../report/files.js';
import type { EqualityTest } from '../stats/wald.js';
import type { Summary } from '../analysis/summary.js';
import { jsonFileText, jsonInterval, jsonNumber, readJsonFile, variantSchema } from './json-file.js';

/** `summary.json`, `bots.csv` (one row per bot) and `seats.csv` (one row per seat). */
export const SUMMARY_FILES = { json: 'summary.json', bots: 'bots.csv', seats: 'seats.csv' } as const;

/**
 * A test of equality as the files write it (`EqualityTest`): a p-value written
 * as null (too few deals) reads as NaN; a detectable gap that was not a
 * number, and an empty note, read as absent.
 */
export const equalityTestSchema = z
  .object({
    statistic: jsonNumber,
    df1: z.number(),
    df2: z.number(),
    pValue: jsonNumber,
    units: z.number(),
    /** Absent in files written before the randomization test. */
    method: z.enum(['hotelling', 'randomization']).optional(),
    detectableGap: jsonNumber.optional(),
    note: z.string().optional(),
  })
  .transform(({ detectableGap, note, method, ...t }): EqualityTest => ({
    ...t,
    ...(method ? { method } : {}),
    ...(detectableGap !== undefined && Number.isFinite(detectableGap) ? { detectableGap } : {}),
    ...(note ? { note } : {}),
  }));

/** One bot of `summary.json`, as far as the page reads it; the intervals are absent in older files. */
const botSchema = z.object({
  name: z.string(),
  games: z.number(),
  wins: z.number(),
  winRate: jsonNumber,
  ci95: jsonInterval.optional(),
  meanScore: jsonNumber,
  meanScoreCi95: jsonInterval.optional(),
  rate: z.object({ label: z.string(), caption: z.string(), value: jsonNumber, ci95: jsonInterval }).optional(),
});

/**
 * The schema of `summary.json` as the report reads it (`Summary` is what the
 * run writes): the run's facts, its bots, and the test of equal seats (absent
 * in older files: null).
 */
export const summaryFileSchema = z.object({
  game: z.string(),
  variant: variantSchema,
  nonDefault: variantSchema.default({}),
  seed: z.string(),
  secretDeals: z.literal(true).optional(),
  games: z.number(),
  deals: z.number(),
  lineup: z.array(z.string()),
  /** Absent in older files: points. */
  scoreUnit: z.string().default('points'),
  bots: z.array(botSchema),
  seatTest: equalityTestSchema.nullable().default(null),
  complete: z.boolean(),
});

/** `summary.json` as the report reads it. */
export type SummaryFile = z.output<typeof summaryFileSchema>;

/**
 * A run's `summary.json`, read through its schema.
 * @returns null when the directory has none.
 * @throws SyntaxError naming the file when it does not parse or fit.
 */
export function readSummaryFile(dir: string): SummaryFile | null {
  return readJsonFile(dir, SUMMARY_FILES.json, summaryFileSchema);
}

/** Writes `summary.json`, `bots.csv` and `seats.csv` of a run into `dir` (created if needed), each atomically. */
export function writeRunFiles(s: Summary, dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileAtomic(join(dir, SUMMARY_FILES.json), jsonFileText(s));
  writeFileAtomic(join(dir, SUMMARY_FILES.bots), botsCsv(s));
  writeFileAtomic(join(dir, SUMMARY_FILES.seats), seatsCsv(s));
}
