import { parse } from 'csv-parse/sync';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { UsageError } from '../../core/errors.js';
import { anyCurveSchema, CURVE_FILES, type CurveFile, tuningCurve } from '../../results/curve-file.js';
import { fitJson } from '../../results/json-file.js';
import { MATCH_FILES, matchFileSchema, type MatchReport } from '../../results/match-file.js';
import { RATINGS_FILES, type RatingReport, ratingsFileSchema } from '../../results/ratings-file.js';
import { type RunKind, runFileOf, runKind, runMarksText, SWEEP_FILES } from '../../results/registry.js';
import { RULES_FILES, type RulesFile, rulesFileSchema } from '../../results/rules-file.js';
import { SUMMARY_FILES, type SummaryFile, summaryFileSchema } from '../../results/summary-file.js';
import { TRAIN_FILE, type TrainFile, trainFileSchema } from '../../results/train-file.js';
import { TUNED_FILE, type TunedFile, tunedFileSchema } from '../../results/tuned-file.js';

/** A cell of a run file as the page reads it: a number, a text, or missing (an empty CSV cell, a JSON null). */
export type Cell = string | number | null;

/** One row of a run's CSV file (or of a JSON table), keyed by its snake_case column names. */
export type Row = Readonly<Record<string, Cell>>;

export type { RunKind } from '../../results/registry.js';

/**
 * The files of one run directory, as read from disk: every file the
 * registry marks for the pages (`src/results/registry.ts`), its JSON parsed
 * and its CSV rows; and the JSON files read through their owners' schemas
 * (older files with their defaults). Nothing is computed.
 */
export interface RunFiles {
  readonly dir: string;
  readonly kind: RunKind;
  /** `<name>.json` → its parsed content, for every JSON file present that the pages read. */
  readonly json: Readonly<Record<string, unknown>>;
  /** `<name>.csv` → its rows (numbers cast, empty cells null), for every CSV file present that the pages read. */
  readonly csv: Readonly<Record<string, readonly Row[]>>;
  /** For a sweep: the sub-directories of its values that hold a run, in the sweep's order. */
  readonly subRuns: readonly string[];
  /** For one value of a sweep: the parent directory holds the sweep (its page links back). */
  readonly inSweep: boolean;
  /** `summary.json` (every run that plays games), `match.json`, `ratings.json`; null when absent. */
  readonly summary: SummaryFile | null;
  readonly match: MatchReport | null;
  readonly ratings: RatingReport | null;
  /** A training run's `train.json` and `tuned.json` (written when it ends), `rules.json` (a rules search), and a tuning's `curve.json`. */
  readonly train: TrainFile | null;
  readonly tuned: TunedFile | null;
  readonly rules: RulesFile | null;
  readonly curve: CurveFile | null;
}

/**
 * Parses CSV text with a header line into rows; numeric cells become numbers,
 * empty cells null (how the run files write a missing value).
 */
export function parseCsv(text: string): Row[] {
  const rows = parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, cellOf(v)])));
}

/** A CSV cell as the page reads it: a number when the text is one, null when empty, else the text. */
export function cellOf(v: string): Cell {
  if (v === '') return null;
  const x = Number(v);
  return Number.isFinite(x) && /^[-+]?(\d|\.\d)/.test(v.trim()) ? x : v;
}

/** A JSON file's value. @throws SyntaxError naming the file when it does not parse. */
function parseJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (e) {
    throw new SyntaxError(`${basename(path)}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Reads a run directory (a tourney, a sweep's top directory, a match, a
 * rating run or a training run).
 * @throws UsageError when `dir` does not exist or holds no run's files.
 * @throws SyntaxError naming the file, on a JSON file that does not parse (a torn or edited file).
 */
export function readRun(dir: string): RunFiles {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${dir}: no such directory`);
  const names = readdirSync(dir);
  const kind = runKind(names);
  if (kind === null) throw new UsageError(`${dir}: not a run directory (no ${runMarksText()})`);
  const json: Record<string, unknown> = {};
  const csv: Record<string, Row[]> = {};
  for (const n of names.sort()) {
    const page = runFileOf(n)?.page;
    if (page === 'json') json[n.slice(0, -5)] = parseJson(join(dir, n));
    else if (page === 'csv') csv[n.slice(0, -4)] = parseCsv(readFileSync(join(dir, n), 'utf8'));
  }
  /** A JSON file through its owner's schema; null when absent. */
  const typed = <S extends z.ZodTypeAny>(name: string, schema: S): z.output<S> | null => {
    const raw = json[name.slice(0, -5)];
    return raw === undefined ? null : fitJson(name, raw, schema);
  };
  const sweep = typed(SWEEP_FILES.json, sweepRunsSchema);
  const subRuns = sweep ? sweep.runs.map((r) => `${sweep.key}=${r.value}`).filter((s) => existsSync(join(dir, s, SUMMARY_FILES.json))) : [];
  return {
    dir,
    kind,
    json,
    csv,
    subRuns,
    inSweep: kind === 'tourney' && existsSync(join(dir, '..', SWEEP_FILES.json)),
    summary: typed(SUMMARY_FILES.json, summaryFileSchema),
    match: typed(MATCH_FILES.json, matchFileSchema),
    ratings: typed(RATINGS_FILES.json, ratingsFileSchema),
    train: typed(TRAIN_FILE, trainFileSchema),
    tuned: typed(TUNED_FILE, tunedFileSchema),
    rules: typed(RULES_FILES.json, rulesFileSchema),
    curve: tuningCurve(typed(CURVE_FILES.json, anyCurveSchema)),
  };
}

/** What the loader reads of `sweep.json` itself: the swept key and its values (the sweep page reads the rest). */
const sweepRunsSchema = z.object({ key: z.string(), runs: z.array(z.object({ value: z.string() })) });

/** `x` as a plain object, or undefined. */
export function obj(x: unknown): Record<string, unknown> | undefined {
  return x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : undefined;
}

/** `x` as an array, or empty. */
export function arr(x: unknown): readonly unknown[] {
  return Array.isArray(x) ? x : [];
}

/** `x` as a finite number, or undefined (JSON writes NaN as null). */
export function num(x: unknown): number | undefined {
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}

/** `x` as a string ('' when absent). */
export function str(x: unknown): string {
  return typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '';
}

/** `x` as a [lo, hi] interval of finite numbers, or undefined. */
export function interval(x: unknown): readonly [number, number] | undefined {
  const a = arr(x);
  const lo = num(a[0]);
  const hi = num(a[1]);
  return lo !== undefined && hi !== undefined ? [lo, hi] : undefined;
}
