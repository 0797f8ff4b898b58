import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pct, plain } from './page-format.js';
import type { RulesFile } from '../../results/rules-file.js';
import type { TrainFile } from '../../results/train-file.js';
import type { TunedFile } from '../../results/tuned-file.js';
import type { TrainSetup } from '../../results/train-state-file.js';
import type { TrainPlan } from '../../train/loop.js';
import type { Dimension } from '../../train/space.js';
import { cellOf, cellText, finitePair, type Cell, type Row, type RunFiles } from './load.js';

/** A tuned parameter as `curve.json` and `train-state.json` write it (`Dimension` of src/train/space.ts). */
export interface Dim {
  readonly key: string;
  readonly kind: string;
  readonly min?: number;
  readonly max?: number;
  readonly scale?: string;
  readonly choices?: readonly (string | number)[];
  readonly start: Cell;
}

export function present(c: Cell): c is string | number {
  return c !== null;
}

/** The tuned parameters as the page shows them: a choice's values as the CSV reads them (numbers as numbers), a range's ends when finite. */
export function dimsOf(dims: readonly Dimension[]): Dim[] {
  return dims.flatMap((d): Dim[] => {
    if (d.key === '') return [];
    if (d.kind === 'enum') {
      const choices = d.choices.map(cellOf).filter(present);
      return [{ key: d.key, kind: d.kind, ...(choices.length ? { choices } : {}), start: cellOf(d.start) }];
    }
    return [
      {
        key: d.key,
        kind: d.kind,
        ...(Number.isFinite(d.min) ? { min: d.min } : {}),
        ...(Number.isFinite(d.max) ? { max: d.max } : {}),
        scale: d.scale,
        start: d.start,
      },
    ];
  });
}

/**
 * The learning curve: `curve.csv`, or for a run without it the rows of
 * `curve.json` under the CSV's column names (parameters as the CSV reads
 * them: choices as text, numbers as numbers).
 */
export function curveRows(f: RunFiles, dims: readonly Dim[]): Row[] {
  const csv = f.csv.curve;
  // curve.csv names its last columns for what they hold (theta_after_step_<k> for SPSA, recommended_<k> and recommended_model_mean for NTBEA; older runs best_<k>, best_model): the page reads them as best_<k>, best_model.
  if (csv && csv.length > 0)
    return csv.map((r) => {
      const out: Record<string, Cell> = { ...r };
      for (const [c, v] of Object.entries(r)) {
        const m = /^(theta_after_step|recommended)_(.+)$/.exec(c);
        if (m && m[2] !== 'model_mean') out[`best_${m[2]}`] = v;
      }
      if ('recommended_model_mean' in r) out.best_model = r.recommended_model_mean ?? null;
      return out;
    });
  const cell = (x: number | string | undefined): Cell => (typeof x === 'number' ? x : x === undefined ? null : cellOf(x));
  const finite = (x: number | null | undefined): number | null => (x !== null && x !== undefined && Number.isFinite(x) ? x : null);
  return (f.curve?.curve ?? []).map((r) => {
    const fit = r.fitness;
    const diff = r.difference;
    const fci = finitePair(fit.ci95);
    const dci = finitePair(diff?.ci95);
    return {
      iteration: r.iteration,
      games: r.games,
      ...Object.fromEntries(dims.map((d) => [d.key, cell(r.params[d.key])])),
      fitness: finite(fit.value),
      fitness_ci95_lo: fci?.[0] ?? null,
      fitness_ci95_hi: fci?.[1] ?? null,
      difference: finite(diff?.value),
      difference_ci95_lo: dci?.[0] ?? null,
      difference_ci95_hi: dci?.[1] ?? null,
      ...Object.fromEntries(dims.map((d) => [`best_${d.key}`, cell(r.best[d.key])])),
      best_model: finite(r.bestModel),
    };
  });
}

/** Table views of long curves show at most this many rows (every k-th iteration and the last); the CSV has them all. */
export const TABLE_ROWS = 50;

/** Every k-th row and the last, at most `TABLE_ROWS` of them, and a note saying which. */
export function thinned(rows: readonly Row[]): { rows: Row[]; note: string } {
  if (rows.length <= TABLE_ROWS) return { rows: [...rows], note: '' };
  const step = Math.ceil(rows.length / TABLE_ROWS);
  return { rows: rows.filter((_, i) => i % step === 0 || i === rows.length - 1), note: `, one row every ${step} iterations and the last, of ${rows.length}` };
}

/** "key=value, key=value" of a row's columns. */
export function assignments(keys: readonly string[], r: Row, prefix = ''): string {
  return keys.map((k) => `${k}=${cellText(r[`${prefix}${k}`])}`).join(', ');
}

export const SERIES_COLOR = '#4c78a8';
export const BEST_COLOR = '#e45756';
/** The policy loss of a run with an expert (Tableau 10's green, beside the two above). */
export const POLICY_COLOR = '#54a24b';

/** A training run's files, read once: the setting from train-state.json, the results from the other files. */
export interface Training {
  readonly f: RunFiles;
  /** The setting and plan of `train-state.json` (null when the run has none, or is a DMC run's). */
  readonly setup: TrainSetup | null;
  readonly plan: TrainPlan | null;
  readonly train: TrainFile | null;
  readonly tuned: TunedFile | null;
  readonly rulesJson: RulesFile | null;
  /** A rules search (`--tune-rules`) rather than a bot's training. */
  readonly isRules: boolean;
  readonly target: string;
  readonly dims: readonly Dim[];
  readonly keys: readonly string[];
  readonly method: string;
  readonly rows: readonly Row[];
  readonly last: Row | undefined;
  readonly planned: number | undefined;
  readonly done: number;
  readonly stopped: boolean;
  readonly perIteration: number | undefined;
  readonly games: number | undefined;
  readonly seconds: number | undefined;
  readonly game: string;
  readonly seed: string;
  readonly lineup: readonly string[];
  readonly opponents: readonly string[];
  readonly start: string;
  readonly tunedSpec: string;
  /** NTBEA: the levels of each parameter, as text. */
  readonly levels: readonly (readonly string[])[];
  /** The fitness is a proportion (win share): axes and tables in percent. */
  readonly percent: boolean;
  readonly fitnessName: string;
  readonly dealsText: string;
}

/** A training run's files, read once for its page: the setting from `train-state.json` (a tuning's), the results from the other files. */
export function readTraining(f: RunFiles): Training {
  const ts = f.trainState?.kind === 'tune' ? f.trainState : null;
  const setup = ts?.setup ?? null;
  const plan = ts?.plan ?? null;
  const state = ts?.state ?? null;
  const curveJson = f.curve;
  const train = f.train;
  const tuned = f.tuned;
  const rulesJson = f.rules;
  const rulesSetup = setup?.rules ?? null;
  const isRules = rulesSetup !== null || rulesJson !== null;
  const dims = dimsOf(curveJson?.parameters ?? plan?.dims ?? []);
  const rows = curveRows(f, dims);
  const planned = plan?.iterations;
  const done = state?.iteration ?? rows.length;
  const objective = setup?.objective || 'win';
  return {
    f,
    setup,
    plan,
    train,
    tuned,
    rulesJson,
    isRules,
    target: rulesSetup?.target ?? rulesJson?.target ?? '',
    dims,
    keys: dims.map((d) => d.key),
    method: curveJson?.method ?? plan?.method ?? '',
    rows,
    last: rows[rows.length - 1],
    planned,
    done,
    stopped: planned !== undefined && done < planned,
    perIteration: plan?.gamesPerIteration,
    games: train?.games ?? state?.games,
    seconds: train?.seconds ?? state?.seconds,
    game: setup?.game || train?.game || rulesJson?.game || '',
    seed: setup?.seed ?? '',
    lineup: rulesSetup?.lineup ?? rulesJson?.lineup ?? [],
    opponents: train?.opponents ?? setup?.opponents ?? [],
    start: train?.start || setup?.start || '',
    tunedSpec: train?.tuned || tuned?.spec || '',
    levels: (plan?.values ?? []).map((v) => v.map(String)),
    percent: !isRules && objective === 'win',
    fitnessName: isRules ? '− seat spread V' : objective === 'win' ? 'win share per seat-game' : 'mean score per seat-game',
    dealsText: `${setup?.deals ?? '?'} deals`,
  };
}

/** A fitness as the page prints it: a percentage for a win share. */
export function fitnessText(t: Training, v: number): string {
  return t.percent ? pct(v) : plain(v);
}

/**
 * The page of a training run (`npm run train`): a bot's parameters tuned
 * by SPSA or NTBEA, or a game's rules searched by NTBEA toward a target.
 * The answer first (the tuned bot and its verification, or the confirmed
 * rule settings with their seat gaps); then what was tuned, the learning
 * curve with its interval band, each parameter's trajectory, and the
 * verification or the confirmed settings. A stopped run (only
 * `train-state.json` and the curve) gets the page of what is there so far.
 */

/** The links of a training page to its verification and confirmation matches' pages (`verify/`, `confirm/`), those that exist. */
export function verificationLinks(dir: string): { href: string; text: string }[] {
  return [
    ...(existsSync(join(dir, 'verify', 'report.html')) ? [{ href: 'verify/report.html', text: 'the verification match (verify/)' }] : []),
    ...(existsSync(join(dir, 'confirm', 'report.html')) ? [{ href: 'confirm/report.html', text: 'the confirmation match (confirm/)' }] : []),
  ];
}
