/**
 * Every file a run directory holds, each with the module that owns it (its
 * name, schema, type, writer and reader), the kinds of run those files mark,
 * and how the report reads each. The run files `--force` clears
 * (`src/cli/run-dir.ts`), `runKind`, and the report's loader
 * (`src/report/html/load.ts`) all derive from this list, so a new result
 * file is one owner module and one line here.
 */
import { CHECKPOINT_FILE } from '../tourney/checkpoint.js';
import { GAME_FILES } from '../tourney/batch.js';
import { BALANCE_FILES } from './balance-file.js';
import { CURVE_FILES } from './curve-file.js';
import { MATCH_FILES } from './match-file.js';
import { RATINGS_FILES } from './ratings-file.js';
import { RULES_FILES } from './rules-file.js';
import { SUMMARY_FILES } from './summary-file.js';
import { SWEEP_FILES } from './sweep-file.js';
import { TRAIN_FILE } from './train-file.js';
import { TRAIN_STATE_FILE } from './train-state-file.js';
import { TUNED_FILE } from './tuned-file.js';

/** What kind of run a directory holds, from the files its command writes. */
export type RunKind = 'tourney' | 'sweep' | 'match' | 'rate' | 'train';

/** How the report reads a file: JSON or CSV for the pages; null, never (large, or the run's own bookkeeping). */
export type PageRead = 'json' | 'csv' | null;

/** One file (or family of files) of a run directory. */
export interface RunFile {
  /** Its name, or the pattern of a family (`balance-<table>.csv`). */
  readonly name: string | RegExp;
  /** The module that owns it, where its name, schema, type, writer and reader are. */
  readonly owner: string;
  readonly page: PageRead;
}

/** Files whose owners sit above this folder (the commands): their names are declared here and imported by their owners. */
export const SWEEP_PLAN_FILE = 'sweep-plan.json';
export const NET_FILE = 'net.json';
export const REPORT_PAGE = 'report.html';

/** Every file a command writes into a run directory. */
export const RUN_FILES: readonly RunFile[] = [
  ...Object.values(SUMMARY_FILES).map((name) => ({ name, owner: 'src/results/summary-file.ts', page: name.endsWith('.json') ? 'json' : 'csv' }) as const),
  { name: BALANCE_FILES.json, owner: 'src/results/balance-file.ts', page: 'json' },
  { name: BALANCE_FILES.tables, owner: 'src/results/balance-file.ts', page: 'csv' },
  { name: GAME_FILES.records, owner: 'src/tourney/merger.ts', page: null },
  // One row per seat-game (--games-csv): large, and no chart reads it.
  { name: GAME_FILES.rows, owner: 'src/tourney/merger.ts', page: null },
  { name: CHECKPOINT_FILE, owner: 'src/tourney/checkpoint.ts', page: null },
  ...Object.values(MATCH_FILES).map((name) => ({ name, owner: 'src/results/match-file.ts', page: name.endsWith('.json') ? 'json' : 'csv' }) as const),
  ...Object.values(RATINGS_FILES).map((name) => ({ name, owner: 'src/results/ratings-file.ts', page: name.endsWith('.json') ? 'json' : 'csv' }) as const),
  ...Object.values(SWEEP_FILES).map((name) => ({ name, owner: 'src/results/sweep-file.ts', page: name.endsWith('.json') ? 'json' : 'csv' }) as const),
  { name: SWEEP_PLAN_FILE, owner: 'src/cli/sweep-run.ts', page: null },
  { name: TRAIN_STATE_FILE, owner: 'src/results/train-state-file.ts', page: 'json' },
  { name: CURVE_FILES.json, owner: 'src/results/curve-file.ts', page: 'json' },
  { name: CURVE_FILES.csv, owner: 'src/results/curve-file.ts', page: 'csv' },
  { name: TRAIN_FILE, owner: 'src/results/train-file.ts', page: 'json' },
  { name: TUNED_FILE, owner: 'src/results/tuned-file.ts', page: 'json' },
  { name: RULES_FILES.json, owner: 'src/results/rules-file.ts', page: 'json' },
  { name: RULES_FILES.csv, owner: 'src/results/rules-file.ts', page: 'csv' },
  { name: NET_FILE, owner: 'src/cli/train-dmc-run.ts', page: null },
  { name: REPORT_PAGE, owner: 'src/report/html/index.ts', page: null },
];

/**
 * The folders a command writes into a run directory, each with its owner:
 * the nets of a training run, Expert Iteration's gate matches and replay
 * buffer, the verification matches at a training's end. A sweep's points
 * (`<key>=<value>/`) are runs of their own, found by the files they hold
 * (`isSubRun`).
 */
export const RUN_DIRS: readonly { readonly name: string; readonly owner: string }[] = [
  { name: 'nets', owner: 'src/cli/train-dmc-run.ts, src/learn/exit.ts' },
  { name: 'gates', owner: 'src/cli/train-exit-gate.ts' },
  { name: 'replay', owner: 'src/cli/train-exit-run.ts' },
  { name: 'verify', owner: 'src/cli/train-verify.ts' },
  { name: 'confirm', owner: 'src/cli/train-verify.ts' },
];

/** True for a folder some command writes into a run directory (what `--force` clears, with the files, before a new run). */
export function isRunDir(name: string): boolean {
  return RUN_DIRS.some((d) => d.name === name);
}

/**
 * True when the files of a folder show a run of its own (a sweep's point, finished or stopped):
 * a summary, or a checkpoint that `--resume` would carry on.
 */
export function isSubRun(files: readonly string[]): boolean {
  return files.includes(SUMMARY_FILES.json) || files.includes(CHECKPOINT_FILE);
}

/** The registered file a name is, if any. */
export function runFileOf(name: string): RunFile | undefined {
  return RUN_FILES.find((f) => (typeof f.name === 'string' ? f.name === name : f.name.test(name)));
}

/** True for a file some command writes into a run directory (what `--force` clears before a new run). */
export function isRunFile(name: string): boolean {
  return runFileOf(name) !== undefined;
}

/**
 * The kinds of run, each with the files that mark it, in the order they are
 * asked: a sweep's directory holds no summary of its own, a match's and a
 * rating's hold one beside theirs, and a training run is one also when
 * stopped before its `train.json`.
 */
export const RUN_KINDS: readonly { readonly kind: RunKind; readonly marks: readonly string[] }[] = [
  { kind: 'sweep', marks: [SWEEP_FILES.json] },
  { kind: 'match', marks: [MATCH_FILES.json] },
  { kind: 'rate', marks: [RATINGS_FILES.json] },
  { kind: 'tourney', marks: [SUMMARY_FILES.json] },
  { kind: 'train', marks: [CURVE_FILES.json, TRAIN_STATE_FILE] },
];

/** The command that made a run directory, from its files; null when it holds none of them. */
export function runKind(files: readonly string[]): RunKind | null {
  return RUN_KINDS.find((k) => k.marks.every((m) => files.includes(m)))?.kind ?? null;
}

/** The files that mark a run directory, in words ("summary.json, sweep.json, ... or curve.json with train-state.json"). */
export function runMarksText(): string {
  const marks = RUN_KINDS.map((k) => k.marks.join(' with '));
  return `${marks.slice(0, -1).join(', ')} or ${marks[marks.length - 1]}`;
}
