/**
 * `train-state.json`, read back for `train --resume`: its schemas and its
 * reader. The file holds `{ setup, plan, state }` of one of two kinds of run:
 * a bot tuning or rules search (`TrainSetup`, `TrainPlan`, `TrainState`), or a
 * Deep Monte-Carlo run (`DmcSetup`, `DmcPlan`, `DmcState`). Each is checked
 * against its schema and handed on as the object read (so a resumed run
 * writes its keys in the order an uninterrupted one does).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../io/files.js';
import { TRAIN_STATE_FILE } from '../results/registry.js';
import { z } from 'zod';
import { UsageError } from '../core/errors.js';
import type { DmcPlan } from '../learn/dmc.js';
import type { TrainPlan, TrainState } from '../train/loop.js';
import { RULE_TARGETS } from '../train/rules.js';
import { dimensionSchema } from '../results/curve-file.js';
import type { TrainSetup } from './train-run.js';
import type { DmcSetup, DmcState } from './train-dmc.js';

/** A figure JSON may hold as null (a NaN or an infinity when written). */
const figure = z.number().nullable();
const variant = z.record(z.union([z.string(), z.number(), z.boolean()]));
const kept = z.object({
  onFault: z.enum(['forfeit', 'random']),
  moveTimeoutMs: z.number(),
  botMemoryMb: z.number(),
  botLoadMs: z.number(),
  watchdogMs: z.number(),
});

/** What `train-state.json` keeps of a bot tuning or a rules search besides the optimizer: everything needed to go on. */
const trainSetup: z.ZodType<TrainSetup> = z.object({
  game: z.string(),
  variant,
  start: z.string(),
  opponents: z.array(z.string()),
  objective: z.enum(['win', 'score']),
  deals: z.number(),
  seed: z.string(),
  dealKey: z.string().optional(),
  budget: z.number(),
  verify: z.boolean(),
  verifyGames: z.number(),
  flags: kept,
  /** A rules search: the target and the line-up playing every variant (null: a bot is tuned). */
  rules: z.object({ target: z.enum(RULE_TARGETS), lineup: z.array(z.string()) }).nullable(),
});

const trainPlan = z.object({
  method: z.enum(['spsa', 'ntbea']),
  bot: z.string(),
  given: z.record(z.string()),
  dims: z.array(dimensionSchema),
  iterations: z.number(),
  gamesPerIteration: z.number(),
  spsa: z.object({ iterations: z.number(), cEnd: z.number(), step: z.number(), alpha: z.number(), gamma: z.number(), A: z.number() }).nullable(),
  ntbea: z.object({ levels: z.array(z.number()), k: z.number(), neighbours: z.number() }).nullable(),
  values: z.array(z.array(z.union([z.number(), z.string()]))).nullable(),
});

const pointValues = z.record(z.union([z.number(), z.string()]));
/** A fitness as the state keeps it (its NaN as null, not read back as NaN: the state is handed on as read). */
const figures = z.object({ value: figure, se: figure, ci95: z.tuple([figure, figure]) });
const counts = z.record(z.tuple([z.number(), z.number()]));

const trainState = z.object({
  version: z.literal(1),
  iteration: z.number(),
  games: z.number(),
  spsa: z.object({ k: z.number(), theta: z.array(z.number()), a: z.number().nullable(), seSum: z.number(), seCount: z.number() }).nullable(),
  ntbea: z.object({ current: z.array(z.number()), evaluations: z.number(), seSum: z.number(), cells: counts, points: counts }).nullable(),
  curve: z.array(
    z.object({
      iteration: z.number(),
      games: z.number(),
      params: pointValues,
      fitness: figures,
      difference: figures.nullable(),
      best: pointValues,
      bestModel: figure,
    }),
  ),
  seconds: z.number(),
});

const dmcSetup = z.object({
  dmc: z.literal(true),
  game: z.string(),
  variant,
  seed: z.string(),
  dealKey: z.string().optional(),
  budget: z.number(),
  evalEvery: z.number(),
  evalDeals: z.number(),
  verify: z.boolean(),
  verifyGames: z.number(),
  objective: z.enum(['win', 'score']).optional(),
  flags: kept,
  command: z.string(),
});

/**
 * What the command reads of a DMC plan before the learner does, each field
 * there since the first DMC plan: the game, the net's shape, the run's size.
 * The learner's settings (`src/learn/dmc.ts`, several absent in older plans)
 * are read by the learner with their defaults.
 */
const dmcPlan = z
  .object({
    gameId: z.string(),
    variant,
    arch: z.object({ inputSize: z.number(), trunk: z.array(z.number()), seats: z.number() }).passthrough(),
    seed: z.string(),
    iterations: z.number(),
    episodesPerIteration: z.number(),
    chunk: z.number(),
    opponents: z.array(z.string()),
  })
  .passthrough();

const dmcState = z.object({
  iteration: z.number(),
  seconds: z.number(),
  curve: z.array(z.object({ iteration: z.number() }).passthrough()),
  weights: z.string(),
  adam: z.object({ t: z.number(), m: z.string(), v: z.string() }),
});

/**
 * A training run's spec (`run-spec.ts`): its setup and plan, as
 * `train-state.json` keeps them (a bot tuning or rules search, or a Deep
 * Monte-Carlo run).
 */
export const trainSpecSchema = z.union([
  z.object({ kind: z.literal('train'), setup: trainSetup, plan: trainPlan }),
  z.object({ kind: z.literal('train'), setup: dmcSetup, plan: dmcPlan }),
]);

/** A bot tuning's or a rules search's saved run. */
export interface TuneStateFile {
  readonly kind: 'tune';
  readonly setup: TrainSetup;
  readonly plan: TrainPlan;
  readonly state: TrainState;
}

/** A Deep Monte-Carlo run's saved run. */
export interface DmcStateFile {
  readonly kind: 'dmc';
  readonly setup: DmcSetup;
  readonly plan: DmcPlan;
  readonly state: DmcState;
}

const tuneFile = z.object({ setup: trainSetup, plan: trainPlan, state: trainState });
const dmcFile = z.object({ setup: dmcSetup, plan: dmcPlan, state: dmcState });

/** The file's object is a tuning's (`tuneFile` holds every field of the three types). */
function isTuneFile(v: unknown): v is Omit<TuneStateFile, 'kind'> {
  return tuneFile.safeParse(v).success;
}

/** The file's object is a DMC run's (`dmcFile`: the plan as far as the command reads it). */
function isDmcFile(v: unknown): v is Omit<DmcStateFile, 'kind'> {
  return dmcFile.safeParse(v).success;
}

/**
 * Writes a training run's `train-state.json`: its setup and plan (its spec) and its state.
 */
export function writeTrainState(dir: string, saved: { readonly setup: unknown; readonly plan: unknown; readonly state: unknown }): void {
  writeFileAtomic(join(dir, TRAIN_STATE_FILE), JSON.stringify(saved));
}

/**
 * Reads a training run's `train-state.json` for `--resume`.
 * @param shown the run directory as the user gave it (for the message).
 * @throws UsageError with one line when the file is missing, is not JSON, or fits neither kind of run.
 */
export function readTrainState(dir: string, shown: string): TuneStateFile | DmcStateFile {
  const file = join(dir, TRAIN_STATE_FILE);
  if (!existsSync(file)) throw new UsageError(`--resume ${shown}: no ${TRAIN_STATE_FILE} (not a training run, or stopped before its first iteration)`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new UsageError(`--resume ${shown}: train-state.json is damaged`);
  }
  if (isDmcFile(raw)) return { kind: 'dmc', setup: raw.setup, plan: raw.plan, state: raw.state };
  if (isTuneFile(raw)) return { kind: 'tune', setup: raw.setup, plan: raw.plan, state: raw.state };
  throw new UsageError(`--resume ${shown}: train-state.json is damaged`);
}
