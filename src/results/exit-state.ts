/**
 * The Expert Iteration part of `train-state.json` (owned by
 * `train-state-file.ts`): what an `npm run train -- --method exit` run keeps
 * besides its plan (`ExitSetup`) and what changes as it goes (`ExitState`),
 * with their schemas.
 */
import { z } from 'zod';
import type { Variant } from '../core/variant.js';
import type { ExitGenerationFigures, ExitPlan } from '../learn/exit.js';
import { variantSchema as variant } from './json-file.js';
import type { KeptFlags } from './train-state-file.js';

/** What an Expert Iteration run keeps besides its plan (`train-state.json`'s `setup`). */
export interface ExitSetup {
  readonly exit: true;
  readonly game: string;
  readonly variant: Variant;
  readonly seed: string;
  readonly dealKey?: string | undefined;
  readonly budget: number;
  /** Where the first champion came from: `shipped`, `fresh`, or a net file's path as given. */
  readonly init: string;
  /** Generations between gates (the last generation is always gated). */
  readonly gateEvery: number;
  /** Games a gate's match plays at most (its SPRT stops it sooner when it decides). */
  readonly gateGames: number;
  readonly flags: KeptFlags;
  /** The command that started the run (a queue password masked), for the net's provenance. */
  readonly command: string;
}

/**
 * A gate: the paired `match --sprt` of the learner's search against the
 * champion's on held-out deals (`<seed>-gate-<generation>`), in `gates/gen-<generation>/`.
 */
export interface ExitGate {
  readonly deals: number;
  readonly games: number;
  /** The SPRT's decision (null: undecided when the gate's games ran out). */
  readonly accepted: 'H0' | 'H1' | null;
  /** True when both nets' searches had the same result on every deal: the SPRT has no ratio to compute (`llr` NaN). */
  readonly noVariation: boolean;
  readonly llr: number;
  /** Learner − champion in win share per seat-game, with its 95% interval over the deals. */
  readonly value: number;
  readonly ci95: readonly [number, number];
  /** True when the learner became the champion (the SPRT accepted H1). */
  readonly promoted: boolean;
}

/** A row of the curve: a generation's self-play and training, its gate, and the champion after it. */
export type ExitCurveRow = ExitGenerationFigures & {
  readonly gate: ExitGate | null;
  /** The generation whose net is the champion after this one's gate (0: the first champion). */
  readonly champion: number;
};

/** What changes as an Expert Iteration run goes: `train-state.json`'s `state`. */
export interface ExitState {
  /** Generations played and trained. */
  readonly generation: number;
  /** True when generation `generation`'s gate is still to be played (a stop during it). */
  readonly gatePending: boolean;
  readonly seconds: number;
  /** Per generation: the seconds of its self-play (its search iterations per second are `searchIterations` over these). */
  readonly selfPlaySeconds: readonly number[];
  readonly curve: readonly ExitCurveRow[];
  /** The champion's generation (0: the first champion, `nets/gen-0.json`). */
  readonly champion: number;
  /** The learner's weights (base64 of little-endian Float32), and Adam's step count and moments (base64 of Float64). */
  readonly weights: string;
  readonly adam: { readonly t: number; readonly m: string; readonly v: string };
}

/** A figure JSON may hold as null (a NaN or an infinity when written). */
const figure = z.number().nullable();

export const exitSetupSchema = z.object({
  exit: z.literal(true),
  game: z.string(),
  variant,
  seed: z.string(),
  dealKey: z.string().optional(),
  budget: z.number(),
  init: z.string(),
  gateEvery: z.number(),
  gateGames: z.number(),
  flags: z.object({
    onFault: z.enum(['forfeit', 'random']),
    moveTimeoutMs: z.number(),
    botMemoryMb: z.number(),
    botLoadMs: z.number(),
    watchdogMs: z.number(),
  }),
  command: z.string(),
});

/** What the command reads of an Expert Iteration plan (the learner reads the rest). */
export const exitPlanSchema = z
  .object({
    exit: z.literal(true),
    gameId: z.string(),
    variant,
    arch: z.object({ inputSize: z.number(), trunk: z.array(z.number()), seats: z.number() }).passthrough(),
    seed: z.string(),
    generations: z.number(),
    episodesPerGeneration: z.number(),
    chunk: z.number(),
    search: z.string(),
    replay: z.number(),
  })
  .passthrough();

const gateSchema = z.object({
  deals: z.number(),
  games: z.number(),
  accepted: z.enum(['H0', 'H1']).nullable(),
  noVariation: z.boolean(),
  llr: figure,
  value: figure,
  ci95: z.tuple([figure, figure]),
  promoted: z.boolean(),
});

export const exitStateSchema = z.object({
  generation: z.number(),
  gatePending: z.boolean(),
  seconds: z.number(),
  selfPlaySeconds: z.array(z.number()),
  curve: z.array(z.object({ generation: z.number(), gate: gateSchema.nullable(), champion: z.number() }).passthrough()),
  champion: z.number(),
  weights: z.string(),
  adam: z.object({ t: z.number(), m: z.string(), v: z.string() }),
});

/** An Expert Iteration run's saved run. */
export interface ExitStateFile {
  readonly kind: 'exit';
  readonly setup: ExitSetup;
  readonly plan: ExitPlan;
  readonly state: ExitState;
}

/** The schema of the whole file of an Expert Iteration run. */
export const exitFileSchema = z.object({ setup: exitSetupSchema, plan: exitPlanSchema, state: exitStateSchema });
