/**
 * `train.json`: what a finished training run made (a tuned bot, or a net)
 * and its verification match, with the confirmation when the SPRT stopped
 * it. Its schema, inferred type, writer and reader.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../report/files.js';
import { dimensionSchema } from './curve-file.js';
import { jsonFileText, readJsonFile, variantSchema } from './json-file.js';
import { matchFileSchema } from './match-file.js';

/** `train.json`. */
export const TRAIN_FILE = 'train.json';

const comparisonSchema = matchFileSchema.shape.comparison;

/** The verification match (`verify/`) and, when its SPRT stopped it, the fixed-size confirmation (`confirm/`). */
export const verificationSchema = z.object({
  dir: z.literal('verify'),
  verdict: z.string(),
  deals: z.number(),
  comparison: comparisonSchema,
  /** Absent in older files: ''. */
  stoppedEstimate: z.string().default(''),
  confirmation: z.object({ dir: z.literal('confirm'), verdict: z.string(), deals: z.number(), comparison: comparisonSchema }).optional(),
});
export type Verification = z.output<typeof verificationSchema>;

/**
 * The schema of `train.json`: a bot's tuning (its start and tuned specs, the
 * tuned parameters, the opponents) or a Deep Monte-Carlo run (its net), the
 * size and time of the run, and the verification (null until it is played, or without one).
 */
export const trainFileSchema = z.object({
  game: z.string(),
  variant: variantSchema,
  start: z.string().optional(),
  tuned: z.string().optional(),
  method: z.enum(['spsa', 'ntbea', 'dmc', 'exit']),
  parameters: z.array(dimensionSchema).readonly().optional(),
  /** A Deep Monte-Carlo or Expert Iteration run's net file, in the run directory. */
  net: z.string().optional(),
  iterations: z.number(),
  games: z.number(),
  seconds: z.number(),
  opponents: z.array(z.string()).readonly().optional(),
  dealKey: z.string().optional(),
  verification: verificationSchema.nullable(),
});

/** `train.json`. */
export type TrainFile = z.output<typeof trainFileSchema>;

/** Writes a training run's `train.json`. */
export function writeTrainFile(dir: string, t: TrainFile): void {
  writeFileAtomic(join(dir, TRAIN_FILE), jsonFileText(t));
}

/**
 * A training run's `train.json`, read through its schema.
 * @returns null when the directory has none (a run stopped before its end).
 * @throws SyntaxError naming the file when it does not parse or fit.
 */
export function readTrainFile(dir: string): TrainFile | null {
  return readJsonFile(dir, TRAIN_FILE, trainFileSchema);
}
