import { createHash } from 'node:crypto';
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { UsageError } from '../core/errors.js';
import { gameIds, getGame } from '../core/registry.js';
import { isFileSpec, parseLineup } from '../../bots/index.js';
import { tallyFits } from './aggregate.js';
import { GAME_FILES, type RunConfig } from './batch.js';
import { tallySchema } from './tally-schema.js';

/** The checkpoint's file in a run directory. */
export const CHECKPOINT_FILE = 'checkpoint.json';

/** Bytes of the end of an appended file whose hash the checkpoint keeps. */
export const TAIL_BYTES = 65_536;

const num = z.number().finite();

/** The layout of `checkpoint.json`; 2 added seatings, per-deal moments and jackknife groups, 3 the command's spec and state instead of its options. */
export const CHECKPOINT_VERSION = 3;

/** The schema of a `RunConfig` (`batch.ts`): what a checkpoint keeps of the run the tourney plays. */
export const runConfigSchema: z.ZodType<RunConfig> = z.object({
  gameId: z.string(),
  variant: z.record(z.union([z.string(), z.number(), z.boolean()])),
  lineup: z.array(z.string()).min(1),
  seatings: z.array(z.object({ rotation: z.number().int().min(0), entries: z.array(z.number().int().min(0)).min(1) })).min(1),
  runSeed: z.string(),
  dealKey: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
  record: z.boolean(),
  onFault: z.enum(['forfeit', 'random']),
  moveTimeoutMs: z.number().int().min(0),
  botMemoryMb: z.number().int().min(1).optional(),
  botLoadMs: z.number().int().min(1).optional(),
  gamesCsv: z.boolean().optional(),
});

/**
 * The schema of `checkpoint.json` (zod): every field a resumed run reads,
 * with its type; `checkCheckpoint` adds the checks between fields. The
 * command's `spec` (what the run is, whole) and `state` (what it keeps as it
 * goes, e.g. an SPRT's trace) are the command's own: the tourney keeps them
 * as they are, and the command reads them through its schemas.
 */
export const checkpointSchema = z.object({
  /** 2: a checkpoint of an earlier version, read alike (its `command` instead of `spec` and `state`). */
  version: z.union([z.literal(2), z.literal(CHECKPOINT_VERSION)]),
  config: runConfigSchema,
  games: z.number().int().min(1),
  deals: z.number().int().min(1),
  /** Batches merged, of the run's layout of `dealsPerBatch` deals a batch. */
  batchesDone: z.number().int().min(0),
  dealsPerBatch: z.number().int().min(1),
  tally: tallySchema,
  /** The game's balance totals (`GameBalance`), its own JSON (null for a game without them). */
  balance: z.unknown(),
  groups: z.array(z.object({ tally: tallySchema, balance: z.unknown() })).min(1),
  /** True when the run's sequential test decided before its last batch. */
  decidedEarly: z.boolean(),
  /** Bytes of games.jsonl and games.csv (`--games-csv`) that belong to the merged batches. */
  recordBytes: z.number().int().min(0),
  rowBytes: z.number().int().min(0),
  seconds: num,
  complete: z.boolean(),
  /** The command's spec of the run (`src/cli/run-spec.ts`), kept whole so that `--resume` runs it again. */
  spec: z.unknown(),
  /** What the command keeps as the run goes (`match`: the SPRT's trace). */
  state: z.unknown(),
  /** Version 2: the command that started the run and the options it kept to resume (`src/cli/legacy-checkpoint.ts` reads them as a spec). */
  command: z.object({ name: z.string(), options: z.record(z.unknown()) }).optional(),
  /** sha256 of each user bot file and each file a variant names (a card set), when the run started (`runFiles`). */
  files: z.record(z.string()).optional(),
  /** sha256 of the last TAIL_BYTES bytes of games.jsonl and games.csv that belong to the merged batches (`tailDigest`). */
  recordTail: z.string().optional(),
  rowTail: z.string().optional(),
});

/** `checkpoint.json`: a run's merged results after its first `batchesDone` batches. */
export type Checkpoint = z.infer<typeof checkpointSchema>;

/**
 * The relations between a checkpoint's fields that the schema cannot say:
 * a registered game, seatings that fit the line-up, a batch layout that fits
 * the deals, tallies of the right sizes.
 * @returns the first problem, or null.
 */
export function checkCheckpoint(cp: Checkpoint): string | null {
  const c = cp.config;
  if (!gameIds().includes(c.gameId)) return `unknown game '${c.gameId}'`;
  try {
    getGame(c.gameId).checkVariant(c.variant);
  } catch (e) {
    return `its variant is not one of ${c.gameId}: ${(e as Error).message.split('\n')[0]}`;
  }
  const params = new Set(getGame(c.gameId).info.params.map((p) => p.key));
  const foreign = Object.keys(c.variant).find((k) => !params.has(k));
  if (foreign !== undefined) return `its variant has '${foreign}', not a parameter of ${c.gameId}`;
  const P = c.seatings[0]!.entries.length;
  const E = c.lineup.length;
  for (const s of c.seatings) {
    if (s.entries.length !== P || s.rotation >= P || s.entries.some((e) => e >= E)) return 'a seating does not fit the line-up';
  }
  if (Number(c.variant.players) !== P) return `variant players=${String(c.variant.players)} does not fit seatings of ${P} seats`;
  const K = c.seatings.length;
  if (cp.deals !== Math.ceil(cp.games / K)) return `deals ${cp.deals} do not fit ${cp.games} games of ${K} seatings`;
  if (cp.dealsPerBatch > cp.deals) return `dealsPerBatch ${cp.dealsPerBatch} exceeds the deals`;
  const batches = Math.ceil(cp.deals / cp.dealsPerBatch);
  if (cp.batchesDone > batches) return `batchesDone ${cp.batchesDone} exceeds the ${batches} batches`;
  for (const t of [cp.tally, ...cp.groups.map((g) => g.tally)]) {
    if (!tallyFits(t, P, E, K)) return 'a tally does not fit the line-up';
  }
  return null;
}

/** sha256 of a file, hex. */
function fileDigest(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/**
 * The files a run's results depend on besides ninefold: every user bot file
 * of the line-up and every variant value that names a file (a Nine Muses
 * card set), each with its sha256 when the run starts.
 */
export function runFiles(config: RunConfig): Record<string, string> {
  const out: Record<string, string> = {};
  for (const text of config.lineup) for (const s of parseLineup(text)) if (isFileSpec(s.name) && existsSync(s.name)) out[s.name] = fileDigest(s.name);
  for (const v of Object.values(config.variant)) {
    if (typeof v === 'string' && v !== '' && existsSync(v) && statSync(v).isFile()) out[v] = fileDigest(v);
  }
  return out;
}

/**
 * sha256 of bytes [max(0, end − TAIL_BYTES), end) of a file, or null when the
 * file is shorter than `end` or missing.
 */
export function tailDigest(file: string, end: number): string | null {
  if (!existsSync(file)) return null;
  const fd = openSync(file, 'r');
  try {
    if (fstatSync(fd).size < end) return null;
    const start = Math.max(0, end - TAIL_BYTES);
    const buf = Buffer.alloc(end - start);
    readSync(fd, buf, 0, buf.length, start);
    return createHash('sha256').update(buf).digest('hex');
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads a run's checkpoint, validated against its schema and the relations
 * between its fields, and checks that the run can go on exactly (its record
 * files and the files it used are as the checkpoint describes, `checkResumable`).
 * @throws UsageError with one line: no checkpoint, not JSON, another version,
 *   a field that does not fit the schema or the others, a file changed.
 */
export function readCheckpoint(dir: string): Checkpoint {
  const file = join(dir, CHECKPOINT_FILE);
  if (!existsSync(file)) throw new UsageError(`--resume ${dir}: no stopped run there (no checkpoint.json)`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new UsageError(`--resume ${dir}: checkpoint.json is not JSON (damaged?); start the run again`);
  }
  const version = raw !== null && typeof raw === 'object' && 'version' in raw ? raw.version : undefined;
  if (version !== CHECKPOINT_VERSION && version !== 2)
    throw new UsageError(`--resume ${dir}: checkpoint of another ninefold version (${String(version)}); start the run again`);
  const parsed = checkpointSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`--resume ${dir}: checkpoint.json is damaged or edited: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  const problem = checkCheckpoint(parsed.data);
  if (problem !== null) throw new UsageError(`--resume ${dir}: checkpoint.json is damaged or edited: ${problem}`);
  checkResumable(dir, parsed.data);
  return parsed.data;
}

/**
 * The games a run's checkpoint keeps (its tally's), for the message of a run
 * stopped by a full disk.
 * @returns null when the directory has no checkpoint, or one that does not read (being written when the disk filled).
 */
export function keptGames(dir: string): number | null {
  try {
    const parsed = keptSchema.safeParse(JSON.parse(readFileSync(join(dir, CHECKPOINT_FILE), 'utf8')));
    return parsed.success ? parsed.data.tally.games : null;
  } catch {
    return null;
  }
}

/** What `keptGames` reads of a checkpoint: its tally's games, in every version. */
const keptSchema = z.object({ tally: z.object({ games: z.number() }) });

/**
 * Checks that a stopped run can go on exactly: its record files hold what
 * the checkpoint says (length and the hash of their tail), and every user bot
 * file and card file is byte for byte the one the run started with.
 * @throws UsageError with one line naming what changed.
 */
export function checkResumable(dir: string, cp: Checkpoint): void {
  const check = (name: string, bytes: number, tail: string | undefined, wanted: boolean): void => {
    if (!wanted || bytes === 0) return;
    const file = join(dir, name);
    if (!existsSync(file)) throw new UsageError(`--resume ${dir}: ${name} is missing (the checkpoint counts ${bytes} bytes of it); the run cannot go on`);
    const d = tailDigest(file, bytes);
    if (d === null) throw new UsageError(`--resume ${dir}: ${name} is shorter than the ${bytes} bytes the checkpoint counts; the run cannot go on`);
    if (tail !== undefined && d !== tail)
      throw new UsageError(`--resume ${dir}: ${name} is not the file the checkpoint describes (edited or replaced); the run cannot go on`);
  };
  check(GAME_FILES.records, cp.recordBytes, cp.recordTail, cp.config.record);
  check(GAME_FILES.rows, cp.rowBytes, cp.rowTail, cp.config.gamesCsv === true);
  for (const [file, digest] of Object.entries(cp.files ?? {})) {
    if (!existsSync(resolve(file))) throw new UsageError(`--resume ${dir}: ${file}, which the run used, is gone`);
    if (fileDigest(file) !== digest)
      throw new UsageError(`--resume ${dir}: ${file} changed since the run started; its results would pool two different bots or card sets`);
  }
}
