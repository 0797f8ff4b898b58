import { parse } from 'csv-parse/sync';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { UsageError } from '../../core/errors.js';
import { anyCurveSchema, CURVE_FILES, type CurveFile, tuningCurve } from '../../results/curve-file.js';
import { readJsonFile } from '../../results/json-file.js';
import { MATCH_FILES, matchFileSchema, type MatchReport } from '../../results/match-file.js';
import { RATINGS_FILES, type RatingReport, ratingsFileSchema } from '../../results/ratings-file.js';
import { type RunKind, runFileOf, runKind, runMarksText } from '../../results/registry.js';
import { RULES_FILES, type RulesFile, rulesFileSchema } from '../../results/rules-file.js';
import { SUMMARY_FILES, type SummaryFile, summaryFileSchema } from '../../results/summary-file.js';
import { SWEEP_FILES, type SweepFile, sweepFileSchema } from '../../results/sweep-file.js';
import { TRAIN_STATE_FILE, type TrainStateFile, trainStateFileSchema } from '../../results/train-state-file.js';
import { BALANCE_FILES, balanceFileSchema } from '../../results/balance-file.js';
import type { BalanceReport } from '../../analysis/balance.js';
import { TRAIN_FILE, type TrainFile, trainFileSchema } from '../../results/train-file.js';
import { TUNED_FILE, type TunedFile, tunedFileSchema } from '../../results/tuned-file.js';

/** A cell of a run file as the page reads it: a number, a text, or missing (an empty CSV cell, a JSON null). */
export type Cell = string | number | null;

/** One row of a run's CSV file (or of a JSON table), keyed by its snake_case column names. */
export type Row = Readonly<Record<string, Cell>>;

export type { RunKind } from '../../results/registry.js';

/**
 * The JSON files the pages read, each by its field of `RunFiles`, with its
 * owner's schema (`src/results`): every file the registry marks `json`
 * (`test/results/owners.long.test.ts` checks that none is left out).
 */
export const PAGE_JSON = {
  summary: { name: SUMMARY_FILES.json, schema: summaryFileSchema },
  balance: { name: BALANCE_FILES.json, schema: balanceFileSchema },
  sweep: { name: SWEEP_FILES.json, schema: sweepFileSchema },
  match: { name: MATCH_FILES.json, schema: matchFileSchema },
  ratings: { name: RATINGS_FILES.json, schema: ratingsFileSchema },
  trainState: { name: TRAIN_STATE_FILE, schema: trainStateFileSchema },
  curve: { name: CURVE_FILES.json, schema: anyCurveSchema },
  train: { name: TRAIN_FILE, schema: trainFileSchema },
  tuned: { name: TUNED_FILE, schema: tunedFileSchema },
  rules: { name: RULES_FILES.json, schema: rulesFileSchema },
} as const;

/**
 * The files of one run directory, as read from disk: each JSON file the
 * pages read, through its owner's schema (older files with their defaults;
 * null when absent), and the rows of every CSV file the registry marks for
 * the pages (`src/results/registry.ts`). Nothing is computed.
 */
export interface RunFiles {
  readonly dir: string;
  readonly kind: RunKind;
  /** The JSON files read (their names), for the page's list of sources. */
  readonly jsonFiles: readonly string[];
  /** `<name>.csv` → its rows (numbers cast, empty cells null), for every CSV file present that the pages read. */
  readonly csv: Readonly<Record<string, readonly Row[]>>;
  /** For a sweep: the sub-directories of its values that hold a run, in the sweep's order. */
  readonly subRuns: readonly string[];
  /** For one value of a sweep: the parent directory holds the sweep (its page links back). */
  readonly inSweep: boolean;
  /** `summary.json` (every run that plays games) and `balance.json` (a tourney's, each value's of a sweep). */
  readonly summary: SummaryFile | null;
  readonly balance: BalanceReport | null;
  /** A sweep's `sweep.json`. */
  readonly sweep: SweepFile | null;
  /** A match's `match.json`, a rating's `ratings.json`. */
  readonly match: MatchReport | null;
  readonly ratings: RatingReport | null;
  /** A training run's `train-state.json` (its setup, plan and state; written from its first iteration on). */
  readonly trainState: TrainStateFile | null;
  /** A training run's `train.json` and `tuned.json` (written when it ends), `rules.json` (a rules search), and a tuning's `curve.json`. */
  readonly train: TrainFile | null;
  readonly tuned: TunedFile | null;
  readonly rules: RulesFile | null;
  readonly curve: CurveFile | null;
}

/** The run's files a page was built from: its JSON and CSV files by name. */
export function sourcesOf(f: RunFiles): string[] {
  return [...f.jsonFiles, ...Object.keys(f.csv).map((n) => `${n}.csv`)];
}

/**
 * Parses CSV text with a header line into rows; numeric cells become numbers,
 * empty cells null (how the run files write a missing value).
 */
export function parseCsv(text: string): Row[] {
  const rows: Record<string, string>[] = parse(text, { columns: true, skip_empty_lines: true });
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, cellOf(v)])));
}

/** A CSV cell as the page reads it: a number when the text is one, null when empty, else the text. */
export function cellOf(v: string): Cell {
  if (v === '') return null;
  const x = Number(v);
  return Number.isFinite(x) && /^[-+]?(\d|\.\d)/.test(v.trim()) ? x : v;
}

/**
 * Reads a run directory (a tourney, a sweep's top directory, a match, a
 * rating run or a training run).
 * @throws UsageError when `dir` does not exist or holds no run's files.
 * @throws RunFileError naming the file, on a JSON file that does not parse or fit its owner's schema (a torn or edited file, or another version's).
 */
export function readRun(dir: string): RunFiles {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${dir}: no such directory`);
  const names = readdirSync(dir).sort();
  const kind = runKind(names);
  if (kind === null) throw new UsageError(`${dir}: not a run directory (no ${runMarksText()})`);
  const csv: Record<string, Row[]> = {};
  for (const n of names) if (runFileOf(n)?.page === 'csv') csv[n.slice(0, -4)] = parseCsv(readFileSync(join(dir, n), 'utf8'));
  /** A JSON file the pages read, through its owner's schema; null when absent. */
  const typed = <S extends z.ZodTypeAny>(file: { readonly name: string; readonly schema: S }): z.output<S> | null => readJsonFile(dir, file.name, file.schema);
  const sweep = typed(PAGE_JSON.sweep);
  const subRuns = sweep ? sweep.runs.map((r) => `${sweep.key}=${r.value}`).filter((s) => existsSync(join(dir, s, SUMMARY_FILES.json))) : [];
  return {
    dir,
    kind,
    jsonFiles: names.filter((n) => runFileOf(n)?.page === 'json'),
    csv,
    subRuns,
    inSweep: kind === 'tourney' && existsSync(join(dir, '..', SWEEP_FILES.json)),
    summary: typed(PAGE_JSON.summary),
    balance: typed(PAGE_JSON.balance),
    sweep,
    match: typed(PAGE_JSON.match),
    ratings: typed(PAGE_JSON.ratings),
    trainState: typed(PAGE_JSON.trainState),
    train: typed(PAGE_JSON.train),
    tuned: typed(PAGE_JSON.tuned),
    rules: typed(PAGE_JSON.rules),
    curve: tuningCurve(typed(PAGE_JSON.curve)),
  };
}

/** A cell or a variant's value as text: a number printed, a text as it is, '' when missing (and for a boolean, as the page has always printed one). */
export function cellText(x: string | number | boolean | null | undefined): string {
  return typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '';
}

/** An interval of a file as the page draws it: undefined when it is absent or either end is not a number (NaN, written as null). */
export function finitePair(x: readonly [number, number] | undefined): readonly [number, number] | undefined {
  return x !== undefined && Number.isFinite(x[0]) && Number.isFinite(x[1]) ? x : undefined;
}
