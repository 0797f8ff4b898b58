/**
 * The learning curve of a training run: of a bot's tuning or a rules search,
 * `curve.json` (its schema, inferred type, writer and reader) and `curve.csv`
 * (one row per iteration); of a Deep Monte-Carlo run, its own rows under the
 * same names (`writeDmcCurve`: its losses, and its evaluations against greedy).
 */
import type { ExitCurveRow } from './exit-state.js';
import { join } from 'node:path';
import { z } from 'zod';
import { stringify } from '../report/csv.js';
import { writeFileAtomic } from '../report/files.js';
import type { DmcIterationFigures } from '../learn/dmc.js';
import type { CurveRow, TrainPlan, TrainState } from '../train/loop.js';
import { jsonFileText, jsonInterval, jsonNumber, readJsonFile } from './json-file.js';

/** `curve.json` and `curve.csv`. */
export const CURVE_FILES = { json: 'curve.json', csv: 'curve.csv' } as const;

/** A tuned parameter (`Dimension` of `src/train/space.ts`): a numeric range, or a choice. */
export const dimensionSchema = z.union([
  z.object({ key: z.string(), kind: z.enum(['int', 'float']), min: z.number(), max: z.number(), scale: z.enum(['linear', 'log']), start: z.number() }),
  z.object({ key: z.string(), kind: z.literal('enum'), choices: z.array(z.string()).readonly(), start: z.string() }),
]);

/** A fitness with its standard error and 95% interval (`Fitness`), NaN written as null. */
export const fitnessSchema = z.object({ value: jsonNumber, se: jsonNumber, ci95: jsonInterval });

const pointValues = z.record(z.union([z.number(), z.string()]));

/** One iteration of a tuning's curve (`CurveRow`). */
const curveRowSchema = z.object({
  iteration: z.number(),
  games: z.number(),
  params: pointValues,
  fitness: fitnessSchema,
  difference: fitnessSchema.nullable(),
  best: pointValues,
  bestModel: jsonNumber.nullable(),
});

/** The schema of a tuning's `curve.json`: the method, the tuned parameters and every iteration. */
export const curveFileSchema = z.object({ method: z.enum(['spsa', 'ntbea']), parameters: z.array(dimensionSchema).readonly(), curve: z.array(curveRowSchema) });

/** A tuning's `curve.json`. */
export type CurveFile = z.output<typeof curveFileSchema>;

/**
 * A tuning's `curve.json`, read through its schema.
 * @returns null when the directory has none, or its curve is a Deep Monte-Carlo run's (`method: dmc`).
 * @throws SyntaxError naming the file when it does not parse or fit.
 */
export function readCurveFile(dir: string): CurveFile | null {
  return tuningCurve(readJsonFile(dir, CURVE_FILES.json, anyCurveSchema));
}

/** `curve.json` of a tuning, or of a Deep Monte-Carlo or Expert Iteration run (whose rows `writeDmcCurve` and `writeExitCurve` write). */
export const anyCurveSchema = z.union([
  curveFileSchema,
  z.object({ method: z.literal('dmc') }).passthrough(),
  z.object({ method: z.literal('exit') }).passthrough(),
]);

/** A tuning's curve of a `curve.json` read through `anyCurveSchema`; null for a Deep Monte-Carlo or Expert Iteration run's. */
export function tuningCurve(c: z.output<typeof anyCurveSchema> | null): CurveFile | null {
  return c !== null && c.method !== 'dmc' && c.method !== 'exit' ? c : null;
}

/** The first columns of a tuning's `curve.csv`: the iteration, the games played up to its end, and the point it played (one column a tuned parameter). */
export function curveHeadColumns(keys: readonly string[]): string[] {
  return ['iteration', 'games', ...keys];
}

/** `curve.csv`'s columns of an iteration's fitness with its 95% interval. */
export const FITNESS_COLUMNS = ['fitness', 'fitness_ci95_lo', 'fitness_ci95_hi'] as const;

/** `curve.csv`'s columns of SPSA's paired difference θ⁺ − θ⁻ with its 95% interval (empty for NTBEA). */
export const DIFFERENCE_COLUMNS = ['difference', 'difference_ci95_lo', 'difference_ci95_hi'] as const;

/**
 * The column names of `curve.csv` for what each holds after the fitness and
 * the difference. SPSA: `theta_after_step_<key>`, θ after the iteration's
 * step (θ at the next iteration), and no model column. NTBEA (bot or rules):
 * `recommended_<key>`, the evaluated point with the best model mean so far,
 * and `recommended_model_mean`, that model mean (the fitness the run expects
 * of it).
 */
export function curveTailColumns(method: 'spsa' | 'ntbea', keys: readonly string[]): string[] {
  return method === 'spsa' ? keys.map((k) => `theta_after_step_${k}`) : [...keys.map((k) => `recommended_${k}`), 'recommended_model_mean'];
}

export function curveCsv(plan: TrainPlan, curve: readonly CurveRow[]): string {
  const keys = plan.dims.map((d) => d.key);
  const spsa = plan.method === 'spsa';
  const rows = curve.map((r) => [
    r.iteration,
    r.games,
    ...keys.map((k) => r.params[k]),
    r.fitness.value,
    r.fitness.ci95[0],
    r.fitness.ci95[1],
    r.difference?.value ?? '',
    r.difference?.ci95[0] ?? '',
    r.difference?.ci95[1] ?? '',
    ...keys.map((k) => r.best[k]),
    ...(spsa ? [] : [r.bestModel ?? '']),
  ]);
  const columns = [...curveHeadColumns(keys), ...FITNESS_COLUMNS, ...DIFFERENCE_COLUMNS, ...curveTailColumns(plan.method, keys)];
  return stringify(rows, { header: true, columns });
}

/** Writes the learning curve (CSV and JSON). */
export function writeCurve(dir: string, plan: TrainPlan, s: TrainState): void {
  writeFileAtomic(join(dir, CURVE_FILES.csv), curveCsv(plan, s.curve));
  writeFileAtomic(join(dir, CURVE_FILES.json), jsonFileText({ method: plan.method, parameters: plan.dims, curve: s.curve }));
}

/** The paired comparison of the net against greedy at an evaluation: A − B in win share (or score) per seat-game. */
export interface DmcEvaluation {
  readonly deals: number;
  readonly value: number;
  readonly ci95: readonly [number, number];
}

/** A row of the learning curve. */
export type DmcCurveRow = DmcIterationFigures & { readonly seconds: number; readonly evaluation: DmcEvaluation | null };

/** The columns of a DMC run's `curve.csv`. */
export const DMC_CURVE_COLUMNS = [
  'iteration',
  'games',
  'samples',
  'loss_q',
  'loss_value',
  'loss_policy',
  'learner_utility',
  'warm_start',
  'eval_deals',
  'net_minus_greedy',
  'net_minus_greedy_ci95_lo',
  'net_minus_greedy_ci95_hi',
] as const;

/** Writes the learning curve (CSV and JSON), without the clock. */
export function writeDmcCurve(dir: string, curve: readonly DmcCurveRow[]): void {
  const rows = curve.map((r) => [
    r.iteration,
    r.episodes,
    r.samples,
    r.lossQ,
    r.lossValue,
    r.lossPolicy ?? '',
    r.learnerUtility,
    r.warmStart ? 1 : 0,
    r.evaluation?.deals ?? '',
    r.evaluation?.value ?? '',
    r.evaluation?.ci95[0] ?? '',
    r.evaluation?.ci95[1] ?? '',
  ]);
  writeFileAtomic(join(dir, CURVE_FILES.csv), stringify(rows, { header: true, columns: [...DMC_CURVE_COLUMNS] }));
  // No clock in the curve: the same seed gives the same files on any machine and worker count (the seconds are in train-state.json).
  const rowsJson = curve.map(({ seconds: _s, ...r }) => r);
  writeFileAtomic(join(dir, CURVE_FILES.json), jsonFileText({ method: 'dmc', curve: rowsJson }));
}

/** The columns of an Expert Iteration run's `curve.csv`: a generation's losses and search iterations, its gate, the champion after it. */
export const EXIT_CURVE_COLUMNS = [
  'generation',
  'games',
  'samples',
  'replay_samples',
  'loss_policy',
  'loss_value',
  'search_iterations',
  'gate_deals',
  'gate_games',
  'gate_sprt',
  'gate_llr',
  'learner_minus_champion',
  'learner_minus_champion_ci95_lo',
  'learner_minus_champion_ci95_hi',
  'promoted',
  'champion',
] as const;

/** Writes an Expert Iteration run's curve (CSV and JSON), without the clock (the seconds are in train-state.json). */
export function writeExitCurve(dir: string, curve: readonly ExitCurveRow[]): void {
  const rows = curve.map((r) => [
    r.generation,
    r.episodes,
    r.samples,
    r.replaySamples,
    r.lossPolicy,
    r.lossValue,
    r.searchIterations,
    r.gate?.deals ?? '',
    r.gate?.games ?? '',
    r.gate ? (r.gate.accepted ?? (r.gate.noVariation ? 'no variation' : 'undecided')) : '',
    r.gate && Number.isFinite(r.gate.llr) ? r.gate.llr : '',
    r.gate?.value ?? '',
    r.gate?.ci95[0] ?? '',
    r.gate?.ci95[1] ?? '',
    r.gate ? (r.gate.promoted ? 1 : 0) : '',
    r.champion,
  ]);
  writeFileAtomic(join(dir, CURVE_FILES.csv), stringify(rows, { header: true, columns: [...EXIT_CURVE_COLUMNS] }));
  writeFileAtomic(join(dir, CURVE_FILES.json), jsonFileText({ method: 'exit', curve }));
}
