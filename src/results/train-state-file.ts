/**
 * `train-state.json`: a training run's spec (its setup and plan) and its
 * state, written as the run goes and read back for `train --resume`: its
 * types, schemas, writer and reader. The file holds `{ setup, plan, state }`
 * of one of two kinds of run: a bot tuning or rules search (`TrainSetup`,
 * `TrainPlan`, `TrainState`), or a
 * Deep Monte-Carlo run (`DmcSetup`, `DmcPlan`, `DmcState`). Each is checked
 * against its schema and handed on as the object read (so a resumed run
 * writes its keys in the order an uninterrupted one does).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { UsageError } from '../core/errors.js';
import type { Variant } from '../core/variant.js';
import { writeFileAtomic } from '../io/files.js';
import type { DmcPlan } from '../learn/dmc.js';
import type { NetArchitecture } from '../nn/net.js';
import type { Objective } from '../train/evaluate.js';
import type { TrainPlan, TrainState } from '../train/loop.js';
import { RULE_TARGETS, type RuleTarget } from '../train/rules.js';
import { type DmcCurveRow, dimensionSchema } from './curve-file.js';
import { exitFileSchema, exitPlanSchema, exitSetupSchema, type ExitStateFile } from './exit-state.js';
import { shapedAs, variantSchema as variant } from './json-file.js';

/** `train-state.json`. */
export const TRAIN_STATE_FILE = 'train-state.json';

/** What `train-state.json` keeps besides the optimizer: everything needed to go on. */
export interface TrainSetup {
  readonly game: string;
  readonly variant: Readonly<Record<string, string | number | boolean>>;
  readonly start: string;
  readonly opponents: readonly string[];
  readonly objective: Objective;
  readonly deals: number;
  readonly seed: string;
  /** The deal key when the deals are secret (a bot file plays, or `--deal-key`): every run of the training, its verification included, deals from it. */
  readonly dealKey?: string | undefined;
  readonly budget: number;
  readonly verify: boolean;
  readonly verifyGames: number;
  readonly flags: KeptFlags;
  /** A rules search: the target and the line-up playing every variant (null: a bot is tuned). */
  readonly rules: { readonly target: RuleTarget; readonly lineup: readonly string[] } | null;
}

/** The run flags a training run keeps in its state, to resume with them (`RunFlags`'s faults and watchdog). */
export interface KeptFlags {
  readonly onFault: 'forfeit' | 'random';
  readonly moveTimeoutMs: number;
  readonly botMemoryMb: number;
  readonly botLoadMs: number;
  readonly watchdogMs: number;
}

/** What a DMC run keeps besides its plan (`train-state.json`'s `setup`). */
export interface DmcSetup {
  readonly dmc: true;
  readonly game: string;
  readonly variant: Variant;
  readonly seed: string;
  readonly dealKey?: string | undefined;
  readonly budget: number;
  readonly evalEvery: number;
  readonly evalDeals: number;
  readonly verify: boolean;
  readonly verifyGames: number;
  /**
   * What the evaluations and the verification compare: win share or score
   * per seat-game, `--objective` or by default the game's utility (a
   * zero-sum game's score, else win share); it changes no weight. Absent in
   * states written before the option: the game's utility.
   */
  readonly objective?: 'win' | 'score';
  readonly flags: KeptFlags;
  /** The command that started the run (a queue password masked), for the net's provenance. */
  readonly command: string;
}

/** What changes as the run goes: `train-state.json`'s `state`. */
export interface DmcState {
  /** Iterations finished. */
  readonly iteration: number;
  readonly seconds: number;
  readonly curve: readonly DmcCurveRow[];
  /** The net's weights (base64 of little-endian Float32), and Adam's step count and moments (base64 of Float64). */
  readonly weights: string;
  readonly adam: { readonly t: number; readonly m: string; readonly v: string };
}

/** A Float32Array or Float64Array as the state keeps it: base64 of its little-endian bytes. */
export const b64 = (a: Float32Array | Float64Array): string => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
/** A Float32Array from its base64 (`b64`). */
export function f32(text: string): Float32Array {
  const b = Buffer.from(text, 'base64');
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}
/** A Float64Array from its base64 (`b64`). */
export function f64(text: string): Float64Array {
  const b = Buffer.from(text, 'base64');
  return new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

/** A figure JSON may hold as null (a NaN or an infinity when written). */
const figure = z.number().nullable();
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

/** A bot tuning's or rules search's plan (`TrainPlan`): the method, the bot and its tuned dimensions, the run's size and the optimizer's settings. */
const trainPlan = shapedAs<TrainPlan>()(
  z.object({
    method: z.enum(['spsa', 'ntbea']),
    bot: z.string(),
    given: z.record(z.string()),
    dims: z.array(dimensionSchema),
    iterations: z.number(),
    gamesPerIteration: z.number(),
    spsa: z.object({ iterations: z.number(), cEnd: z.number(), step: z.number(), alpha: z.number(), gamma: z.number(), A: z.number() }).nullable(),
    ntbea: z.object({ levels: z.array(z.number()), k: z.number(), neighbours: z.number() }).nullable(),
    values: z.array(z.array(z.union([z.number(), z.string()]))).nullable(),
  }),
);

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

const dmcSetup = shapedAs<DmcSetup>()(
  z.object({
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
  }),
);

/** A net's architecture (`NetArchitecture`): the trunk, the value head, the action head (dense, or scoring action features), the base policy it reads, if any, and a value head of round points. */
const netArchitecture = shapedAs<NetArchitecture>()(
  z.object({
    inputSize: z.number(),
    trunk: z.array(z.number()),
    seats: z.number(),
    valueHidden: z.array(z.number()),
    head: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('dense'), actions: z.number(), hidden: z.array(z.number()) }),
      z.object({ kind: z.literal('feature'), featureSize: z.number(), hidden: z.array(z.number()) }),
    ]),
    base: z.literal('greedy').optional(),
    valueTarget: z.object({ kind: z.literal('round'), scale: z.number() }).optional(),
  }),
);

/**
 * A DMC run's plan (`DmcPlan`), whole: the game, the net, the run's size and
 * the learner's settings. The settings added after the first plan are
 * optional in the type (the learner reads them with their defaults), but the
 * demonstrations' share and margin, absent in plans of the first day: 0, none.
 */
const dmcPlan = shapedAs<DmcPlan>()(
  z.object({
    gameId: z.string(),
    variant,
    arch: netArchitecture,
    seed: z.string(),
    iterations: z.number(),
    episodesPerIteration: z.number(),
    chunk: z.number(),
    epsilon: z.number(),
    selfPlay: z.number(),
    opponents: z.array(z.string()),
    warmStartEpisodes: z.number(),
    warmStartBot: z.string().nullable(),
    demoEvery: z.number().default(0),
    scoreScale: z.number(),
    batch: z.number(),
    epochs: z.number(),
    lr: z.number(),
    l2: z.number(),
    clipNorm: z.number(),
    valueWeight: z.number(),
    margin: z.number().default(0),
    rolloutShare: z.number().optional(),
    rolloutBot: z.string().nullable().optional(),
    rolloutHorizon: z.enum(['game', 'round']).optional(),
    rolloutScale: z.number().optional(),
    rolloutAdvantage: z.boolean().optional(),
    expertShare: z.number().optional(),
    expertBot: z.string().nullable().optional(),
    expertTarget: z.enum(['visits', 'action']).optional(),
    expertKinds: z.array(z.string()).optional(),
    qWeight: z.number().optional(),
  }),
);

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
  z.object({ kind: z.literal('train'), setup: exitSetupSchema, plan: exitPlanSchema }),
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

/** The file's object is a DMC run's (`dmcFile`; a plan of the first day lacks the demonstrations' share and margin, which the learner then reads as absent). */
function isDmcFile(v: unknown): v is Omit<DmcStateFile, 'kind'> {
  return dmcFile.safeParse(v).success;
}

/**
 * The schema of `train-state.json` as the report reads it: a DMC run's
 * (`setup.dmc`) or a bot tuning's or rules search's, each with its kind.
 * The tuning's state keeps a NaN fitness as null (it is handed on as read
 * when the run resumes, `readTrainState`).
 */
export const trainStateFileSchema = z.union([
  exitFileSchema.transform((f) => ({ kind: 'exit' as const, ...f })),
  dmcFile.transform((f) => ({ kind: 'dmc' as const, ...f })),
  tuneFile.transform((f) => ({ kind: 'tune' as const, ...f })),
]);

/** `train-state.json` as the report reads it. */
export type TrainStateFile = z.output<typeof trainStateFileSchema>;

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
export function readTrainState(dir: string, shown: string): TuneStateFile | DmcStateFile | ExitStateFile {
  const file = join(dir, TRAIN_STATE_FILE);
  if (!existsSync(file)) throw new UsageError(`--resume ${shown}: no ${TRAIN_STATE_FILE} (not a training run, or stopped before its first iteration)`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new UsageError(`--resume ${shown}: train-state.json is damaged`);
  }
  const exit = exitFileSchema.safeParse(raw);
  // The object as read (not zod's copy), so a resumed run writes its keys in the order an uninterrupted one does.
  if (exit.success) {
    const r = raw as Omit<ExitStateFile, 'kind'>;
    return { kind: 'exit', setup: r.setup, plan: r.plan, state: r.state };
  }
  if (isDmcFile(raw)) return { kind: 'dmc', setup: raw.setup, plan: raw.plan, state: raw.state };
  if (isTuneFile(raw)) return { kind: 'tune', setup: raw.setup, plan: raw.plan, state: raw.state };
  throw new UsageError(`--resume ${shown}: train-state.json is damaged`);
}
