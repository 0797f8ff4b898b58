import { parse } from 'csv-parse/sync';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { UsageError } from '../../core/errors.js';

/** A cell of a run file as the page reads it: a number, a text, or missing (an empty CSV cell, a JSON null). */
export type Cell = string | number | null;

/** One row of a run's CSV file (or of a JSON table), keyed by its snake_case column names. */
export type Row = Readonly<Record<string, Cell>>;

/** What kind of run a directory holds, from the files its command writes. */
export type RunKind = 'tourney' | 'sweep' | 'match' | 'rate' | 'train';

/**
 * The files of one run directory, as read from disk: parsed JSON (untyped:
 * runs made by older versions lack newer fields, so every page reads them
 * through the guarded accessors below) and CSV rows. Nothing is computed.
 */
export interface RunFiles {
  readonly dir: string;
  readonly kind: RunKind;
  /** `<name>.json` → its parsed content, for every JSON file present (checkpoint excluded). */
  readonly json: Readonly<Record<string, unknown>>;
  /** `<name>.csv` → its rows (numbers cast, empty cells null), for every CSV file present. */
  readonly csv: Readonly<Record<string, readonly Row[]>>;
  /** For a sweep: the sub-directories of its values that hold a run, in the sweep's order. */
  readonly subRuns: readonly string[];
  /** For one value of a sweep: the parent directory holds the sweep (its page links back). */
  readonly inSweep: boolean;
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

/** The command that made a run directory, from its files; null when it holds none of them. */
export function runKind(files: readonly string[]): RunKind | null {
  if (files.includes('sweep.json')) return 'sweep';
  if (files.includes('match.json')) return 'match';
  if (files.includes('ratings.json')) return 'rate';
  if (files.includes('summary.json')) return 'tourney';
  // A training run (a bot's or the rules'): also when stopped, before train.json or rules.json.
  if (files.includes('curve.json') && files.includes('train-state.json')) return 'train';
  return null;
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
  if (kind === null)
    throw new UsageError(`${dir}: not a run directory (no summary.json, sweep.json, match.json, ratings.json or curve.json with train-state.json)`);
  const json: Record<string, unknown> = {};
  const csv: Record<string, Row[]> = {};
  for (const n of names.sort()) {
    const path = join(dir, n);
    if (n.endsWith('.json') && n !== 'checkpoint.json') json[n.slice(0, -5)] = parseJson(path);
    // games.csv (one row per seat-game, --games-csv) can be large and no chart reads it.
    else if (n.endsWith('.csv') && n !== 'games.csv') csv[n.slice(0, -4)] = parseCsv(readFileSync(path, 'utf8'));
  }
  let subRuns: string[] = [];
  if (kind === 'sweep') {
    const runs = arr(obj(json.sweep)?.runs);
    const key = str(obj(json.sweep)?.key);
    subRuns = runs.map((r) => `${key}=${str(obj(r)?.value)}`).filter((s) => existsSync(join(dir, s, 'summary.json')));
  }
  return { dir, kind, json, csv, subRuns, inSweep: kind === 'tourney' && existsSync(join(dir, '..', 'sweep.json')) };
}

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
