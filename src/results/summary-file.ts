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
import { jsonFileText, jsonInterval, jsonNumber, readJsonFile, shapedAs, variantSchema } from './json-file.js';

/** `summary.json`, `bots.csv` (one row per bot) and `seats.csv` (one row per seat). */
export const SUMMARY_FILES = { json: 'summary.json', bots: 'bots.csv', seats: 'seats.csv' } as const;

/** The fields of a test of equality as the files write it (`EqualityTest`): a p-value written as null (too few deals) reads as NaN. */
export const equalityTestFields = {
  statistic: jsonNumber,
  df1: z.number(),
  df2: z.number(),
  pValue: jsonNumber,
  units: z.number(),
  /** Absent in files written before the randomization test. */
  method: z.enum(['hotelling', 'randomization']).optional(),
  detectableGap: jsonNumber.optional(),
  note: z.string().optional(),
};

/** A test read with `equalityTestFields` as an `EqualityTest`: a detectable gap that was not a number, and an empty note, read as absent. */
export function equalityTestOf({ detectableGap, note, method, ...t }: z.output<z.ZodObject<typeof equalityTestFields>>): EqualityTest {
  return {
    ...t,
    ...(method ? { method } : {}),
    ...(detectableGap !== undefined && Number.isFinite(detectableGap) ? { detectableGap } : {}),
    ...(note ? { note } : {}),
  };
}

/** A test of equality as the files write it (`EqualityTest`). */
export const equalityTestSchema = z.object(equalityTestFields).transform(equalityTestOf);

/** An interval a file of an older version lacks: NaN at both ends, as a NaN one reads. */
const noInterval = [null, null] as [null, null];

/** One bot of `summary.json` (`BotSummary`); its intervals and design effect absent in files before the deal as the unit (2026-11-23): NaN. */
const botSchema = z.object({
  name: z.string(),
  entries: z.number(),
  games: z.number(),
  wins: z.number(),
  winRate: jsonNumber,
  ci95: jsonInterval.default(noInterval),
  deff: jsonNumber.default(null),
  meanScore: jsonNumber,
  meanScoreCi95: jsonInterval.default(noInterval),
  /** The game's score rate (Hold'em's mbb/hand); its caption absent in files of 2026-11-22: none. */
  rate: z.object({ label: z.string(), caption: z.string().default(''), value: jsonNumber, ci95: jsonInterval }).optional(),
  forfeits: z.number(),
  faults: z.number(),
});

/** One seat of `summary.json` (`SeatSummary`); its design effect absent before 2026-11-23: NaN. */
const seatSchema = z.object({ seat: z.number(), games: z.number(), wins: z.number(), winRate: jsonNumber, ci95: jsonInterval, deff: jsonNumber.default(null) });

/**
 * `summary.json` as read: the `Summary` a run writes, but that a file
 * written before the test of equal seats (2026-11-23) has none (null).
 */
export type SummaryFile = Omit<Summary, 'seatTest'> & { readonly seatTest: EqualityTest | null };

/**
 * The schema of `summary.json` (`SummaryFile`: the `Summary` a run writes),
 * in the file's key order. Files back to the run's reproducibility
 * (2026-11-22) read, the fields added since with their defaults: no
 * intervals or design effects (before the deal as the unit, 2026-11-23):
 * NaN; no test of equal seats: null; no seatings per deal: NaN; no
 * clock-dependence listed: none; no score rate's caption: ''. Older files are
 * refused (`RunFileError`).
 */
export const summaryFileSchema = shapedAs<SummaryFile>()(
  z.object({
    game: z.string(),
    variant: variantSchema,
    nonDefault: variantSchema,
    seed: z.string(),
    secretDeals: z.literal(true).optional(),
    dealKey: z.string().optional(),
    games: z.number(),
    deals: z.number(),
    seatingsPerDeal: jsonNumber.default(null),
    lineup: z.array(z.string()).readonly(),
    scoreUnit: z.string(),
    bots: z.array(botSchema).readonly(),
    seats: z.array(seatSchema).readonly(),
    seatTest: equalityTestSchema.nullable().default(null),
    capped: z.number(),
    meanActions: z.number(),
    maxActions: z.number(),
    faults: z.object({
      policy: z.string(),
      byReason: z.record(z.number()),
      forfeitedGames: z.number(),
      first: z
        .array(z.object({ bot: z.string(), message: z.string() }))
        .readonly()
        .default([]),
    }),
    complete: z.boolean(),
    reproducible: z.boolean(),
    clockDependent: z.array(z.string()).readonly().default([]),
    timeouts: z
      .array(z.object({ deal: z.number(), seating: z.number(), seat: z.number(), bot: z.string(), decision: z.number() }))
      .readonly()
      .default([]),
    clockBound: z.array(z.string()).readonly(),
    unsandboxedBots: z.literal(true).optional(),
    timing: z.object({ seconds: z.number(), gamesPerSecond: z.number(), workers: z.number(), startedAt: z.string() }),
  }),
);

/**
 * A run's `summary.json`, read through its schema.
 * @returns null when the directory has none.
 * @throws RunFileError naming the file when it does not parse or fit.
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
