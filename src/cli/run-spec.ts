/**
 * A run as a typed value (STYLE.md, "Runs and commands"; TAG's `RunArg`):
 * what a command line means, fully resolved and validated by one schema. A
 * command parses its flags into a spec, and plays the spec; the checkpoint
 * (`src/tourney/checkpoint.ts`) keeps the spec whole and `--resume` reads it
 * and plays it again, so nothing is rebuilt field by field and nothing
 * computed at the start (a line-up entry's label, whether its bot is
 * reproducible) is computed again at the end.
 *
 * What a spec leaves out is how this session plays it (`--workers`,
 * `--queue`, `--wide`: `RunFlags`) and where its files go (`--out`): a
 * resumed run may change those.
 */
import { z } from 'zod';
import { matchSeatings, roundRobinSeatings, rotationSeatings } from '../stats/seatings.js';
import type { RunConfig } from '../tourney/batch.js';
import { trainSpecSchema } from '../results/train-state-file.js';

/** A resolved variant: every parameter of the game with its value. */
export const variantSchema = z.record(z.union([z.string(), z.number(), z.boolean()]));

/**
 * One line-up entry: its bot's spec text (canonical, as the workers build
 * it), the name tables give it (a tuned bot's `tuned.json`, else the spec),
 * and whether the seed decides its choices (false for a search on a
 * millisecond budget): known when the line-up is validated, kept with it.
 */
export const entrySchema = z.object({ bot: z.string(), label: z.string(), reproducible: z.boolean() });
export type Entry = z.infer<typeof entrySchema>;

/** What a fault costs and the limits of a bot (`--on-fault`, `--move-timeout`, `--bot-memory`, `--bot-load-timeout`), resolved. */
export const faultsSchema = z.object({
  onFault: z.enum(['forfeit', 'random']),
  /** Per-decision budget in ms; 0: only the watchdog's limit. */
  moveTimeoutMs: z.number().int().min(0),
  /** A user bot file's realm: the most resident memory (MiB) and the most ms to load. */
  botMemoryMb: z.number().int().min(1),
  botLoadMs: z.number().int().min(1),
});
export type Faults = z.infer<typeof faultsSchema>;

/** The SPRT's bounds and error rates in the measure's unit per seat-game (`--h0`, `--h1`, `--alpha`, `--beta`). */
export const sprtParamsSchema = z.object({ mu0: z.number(), mu1: z.number(), alpha: z.number(), beta: z.number() });

/** What every run that plays games on the tourney fixes: the game and its rules, the deals, the size, the files asked for, the faults. */
const playedFields = {
  game: z.string(),
  variant: variantSchema,
  seed: z.string(),
  /** A keyed run's deal key (32 hex digits, secret deals); absent: the deals come from the seed. */
  dealKey: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
  /** Games asked for (rounded up to whole deals; a match's SPRT may stop sooner). */
  games: z.number().int().min(1),
  /** `--record` (games.jsonl) and `--games-csv` (games.csv). */
  record: z.boolean(),
  gamesCsv: z.boolean(),
  faults: faultsSchema,
};

/** `npm run tourney`: a line-up in every rotation of its seats. */
export const tourneySpecSchema = z.object({ kind: z.literal('tourney'), ...playedFields, lineup: z.array(entrySchema).min(1) });
export type TourneySpec = z.infer<typeof tourneySpecSchema>;

/** `npm run match`: A and B in turn in every seat against the same opponents, the SPRT asked after each batch when it has one. */
export const matchSpecSchema = z.object({
  kind: z.literal('match'),
  ...playedFields,
  candidate: entrySchema,
  baseline: entrySchema,
  opponents: z.array(entrySchema),
  /** What the SPRT and the verdict compare: win share or game score per seat-game. */
  measure: z.enum(['win', 'score']),
  /** The SPRT's parameters; null: a match of a fixed size. */
  sprt: sprtParamsSchema.nullable(),
});
export type MatchSpec = z.infer<typeof matchSpecSchema>;

/** `npm run rate`: every line-up of the pool at the table, each in every rotation, on every deal. */
export const rateSpecSchema = z.object({ kind: z.literal('rate'), ...playedFields, pool: z.array(entrySchema).min(2) });
export type RateSpec = z.infer<typeof rateSpecSchema>;

/** `npm run tourney -- --sweep KEY=v1,v2,...`: one tourney per value, on the same seeds. */
export const sweepSpecSchema = z.object({
  kind: z.literal('sweep'),
  key: z.string(),
  runs: z.array(z.object({ value: z.string(), spec: tourneySpecSchema })).min(1),
});
export type SweepSpec = z.infer<typeof sweepSpecSchema>;

/** A spec the tourney plays in one run, with a checkpoint: a tourney, a match or a rating run. */
export const playedSpecSchema = z.discriminatedUnion('kind', [tourneySpecSchema, matchSpecSchema, rateSpecSchema]);
export type PlayedSpec = z.infer<typeof playedSpecSchema>;

/** Every run a command can make: what its command line means, resolved (`train`'s is the setup and plan of `train-state.json`). */
export const runSpecSchema = z.union([tourneySpecSchema, sweepSpecSchema, matchSpecSchema, rateSpecSchema, trainSpecSchema]);
export type RunSpec = z.infer<typeof runSpecSchema>;

/** The spec texts of a spec's line-up entries, in entry order: the tourney's `lineup` (a match: A, B, the opponents; a rating: the pool). */
export function entriesOf(spec: PlayedSpec): Entry[] {
  switch (spec.kind) {
    case 'tourney':
      return spec.lineup;
    case 'match':
      return [spec.candidate, spec.baseline, ...spec.opponents];
    case 'rate':
      return spec.pool;
  }
}

/** The bots whose choices depend on the clock, by spec text in entry order (repeats kept): the run is not reproducible. */
export function clockBound(entries: readonly Entry[]): string[] {
  return entries.filter((e) => !e.reproducible).map((e) => e.bot);
}

/** The seatings of a spec's deals (`src/stats/seatings.ts`): a tourney's distinct rotations, a match's A-and-B seatings, a rating's round robin. */
function seatingsOf(spec: PlayedSpec): RunConfig['seatings'] {
  const players = Number(spec.variant.players);
  switch (spec.kind) {
    case 'tourney':
      return rotationSeatings(spec.lineup.map((e) => e.bot));
    case 'match':
      return matchSeatings(players);
    case 'rate':
      return roundRobinSeatings(spec.pool.length, players).seatings;
  }
}

/** The run the tourney plays for a spec (`src/tourney/batch.ts`): the same for a new run and a resumed one. */
export function runConfig(spec: PlayedSpec): RunConfig {
  return {
    gameId: spec.game,
    variant: spec.variant,
    lineup: entriesOf(spec).map((e) => e.bot),
    seatings: seatingsOf(spec),
    runSeed: spec.seed,
    ...(spec.dealKey !== undefined ? { dealKey: spec.dealKey } : {}),
    record: spec.record,
    ...spec.faults,
    ...(spec.gamesCsv ? { gamesCsv: true } : {}),
  };
}
