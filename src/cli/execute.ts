/**
 * One run played and summarized, the same for every command (`tourney`,
 * `match`, `rate`): its directory made, its progress shown, a full disk
 * turned into the line that says how to go on, and its summary with the
 * run's metadata.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { RunStoppedError, UsageError } from '../core/errors.js';
import { getGame, type AnyGame } from '../core/registry.js';
import { nonDefault } from '../core/variant.js';
import { isDiskFull } from '../io/files.js';
import type { Tally } from '../tourney/aggregate.js';
import type { RunConfig } from '../tourney/batch.js';
import { CHECKPOINT_FILE, keptGames } from '../tourney/checkpoint.js';
import { readCheckpoint, runTourney, type Checkpoint, type TourneyRun } from '../tourney/run.js';
import { summarize, type Summary } from '../analysis/summary.js';
import { type Progress, progressReporter } from './progress.js';
import { openQueue, playFlags, type RunFlags } from './run-flags.js';
import { legacySpec } from './legacy-checkpoint.js';
import { claimResumeDir } from './run-dir.js';
import { playedSpecSchema, type PlayedSpec, runConfig } from './run-spec.js';

/** One run to play: its config, size and directory. */
export interface RunRequest {
  readonly game: AnyGame;
  readonly config: RunConfig;
  readonly games: number;
  readonly flags: RunFlags;
  readonly dir: string;
  readonly stop: AbortSignal;
  readonly resume?: Checkpoint;
  /** The command's spec of the run, kept whole in its checkpoint (`run-spec.ts`): what `--resume` plays again. */
  readonly spec?: PlayedSpec;
  /** What the command keeps in the checkpoint as the run goes (a match: the SPRT's trace). */
  readonly state?: () => unknown;
  /** A sequential test asked after each merged batch (see `TourneyOptions.decided`). */
  readonly decided?: (tally: Tally) => boolean;
  /** Extra text for the progress line (e.g. the SPRT's log-likelihood ratio). */
  readonly status?: (tally: Tally) => string;
}

/** What a finished run is summarized from (`summarizeRun`). */
export interface RunToSummarize {
  readonly game: AnyGame;
  readonly config: RunConfig;
  readonly run: TourneyRun;
  readonly workers: number;
  readonly startedAt: Date;
  /** The name under which each line-up entry is reported (entries with one name pooled). */
  readonly labels: readonly string[];
  /** The line-up's clock-bound bots (`clockBound` of its entries): the run is not reproducible. */
  readonly clockBound: readonly string[];
}

/**
 * The summary of a finished run (`summarize` with the run's metadata), the
 * one place every command (`tourney`, `match`, `rate`) summarizes through:
 * with the game's score rate (mbb/hand in Nines Hold'em) when it declares one.
 */
export function summarizeRun(r: RunToSummarize): Summary {
  const { game, config, run } = r;
  const rate = game.info.scoreRate;
  return summarize(run.tally, {
    game: game.info.id,
    variant: config.variant,
    nonDefault: nonDefault(game.info.params, config.variant),
    seed: config.runSeed,
    dealKey: config.dealKey,
    lineup: r.labels,
    scoreUnit: game.info.scoreUnit,
    seconds: run.seconds,
    workers: r.workers,
    startedAt: r.startedAt.toISOString(),
    complete: run.complete,
    onFault: config.onFault,
    clockBound: r.clockBound,
    moveTimeoutMs: config.moveTimeoutMs,
    seatings: config.seatings,
    ...(rate ? { scoreRate: { label: rate.label, caption: rate.caption, scale: rate.scale(config.variant) } } : {}),
  });
}

/** Plays a run with its progress shown (`progressReporter`: a bar on a terminal, lines off one); creates its directory. */
export async function executeRun(r: RunRequest): Promise<TourneyRun> {
  mkdirSync(r.dir, { recursive: true });
  // A sequential test may end the run before its planned games: the estimate says "at most".
  const progress = progressReporter({ atMost: r.decided !== undefined });
  try {
    return await playRun(r, progress);
  } catch (e) {
    if (!isDiskFull(e)) throw e;
    throw new RunStoppedError(
      `the disk is full (${(e as Error).message.split('\n')[0]}); ${keptText(r.dir)}; free some space, then carry on with: npm run ${r.spec?.kind ?? 'tourney'} -- --resume ${r.dir}`,
    );
  }
}

/** What a stopped run's checkpoint keeps, in words. */
function keptText(dir: string): string {
  const games = keptGames(dir);
  return games === null
    ? 'no checkpoint could be written, so nothing of this run is kept'
    : `the results of ${games} games are kept in ${join(dir, CHECKPOINT_FILE)}`;
}

async function playRun(r: RunRequest, progress: Progress): Promise<TourneyRun> {
  const queue = r.flags.queue ? await openQueue(r.flags.queue, r.flags.watchdogMs) : null;
  const status = (tally: Tally): string | undefined => {
    const own = r.status?.(tally);
    if (queue === null) return own;
    return own === undefined ? queue.status() : `${queue.status()} · ${own}`;
  };
  try {
    return await runTourney({
      config: r.config,
      games: r.games,
      workers: r.flags.workers,
      dir: r.dir,
      watchdogMs: r.flags.watchdogMs,
      stop: r.stop,
      onProgress: (done, total, tally) => progress.update(done, total, status(tally)),
      onPlaying: (played, total) => progress.played(played, total),
      ...(r.resume ? { resume: r.resume } : {}),
      ...(r.decided ? { decided: r.decided } : {}),
      ...(r.spec ? { spec: r.spec } : {}),
      ...(r.state ? { state: r.state } : {}),
      ...(queue ? { pool: queue } : {}),
    });
  } finally {
    progress.stop();
    await queue?.close();
  }
}

/** What a command adds to the run of its spec: the checkpoint it resumes, its own state, its sequential test and progress text. */
export type PlayOptions = Pick<RunRequest, 'resume' | 'state' | 'decided' | 'status'>;

/**
 * Plays a spec's run (`executeRun`) with this session's flags and the spec's faults (`playFlags`).
 * @returns the game, the run's config (`runConfig`) and the run played.
 */
export async function playSpec(
  spec: PlayedSpec,
  dir: string,
  flags: RunFlags,
  stop: AbortSignal,
  options: PlayOptions = {},
): Promise<{ game: AnyGame; config: RunConfig; run: TourneyRun }> {
  const game = getGame(spec.game);
  const config = runConfig(spec);
  const run = await executeRun({ game, config, games: spec.games, flags: playFlags(flags, spec.faults), dir, stop, spec, ...options });
  return { game, config, run };
}

/** A stopped run that `--resume` names: its directory (claimed), its checkpoint, the spec it keeps, and the command's state. */
export interface Resumed<S extends PlayedSpec> {
  readonly dir: string;
  readonly checkpoint: Checkpoint;
  readonly spec: S;
  /** What the command kept as the run went (`TourneyOptions.state`). */
  readonly state: unknown;
}

/**
 * Reads the spec of a stopped run from its checkpoint (`readCheckpoint`; a
 * checkpoint of version 2 through `legacySpec`): `--resume` plays it again as it is.
 * @param kind the command's kind of run (`schema`'s).
 * @throws UsageError with one line: no such directory or no checkpoint, a
 *   damaged one, another command's run (naming the command that carries it on).
 */
export async function resumeRun<S extends PlayedSpec>(resume: string, schema: z.ZodType<S>, kind: S['kind']): Promise<Resumed<S>> {
  const dir = claimResumeDir(resume);
  const checkpoint = readCheckpoint(dir);
  const legacy = await legacySpec(checkpoint);
  const kept = legacy ?? { spec: checkpoint.spec, state: checkpoint.state };
  const parsed = schema.safeParse(kept.spec);
  if (parsed.success) return { dir, checkpoint, spec: parsed.data, state: kept.state };
  const other = playedSpecSchema.safeParse(kept.spec);
  if (other.success) throw new UsageError(`--resume ${resume}: a ${other.data.kind} run; carry it on with npm run ${other.data.kind} -- --resume ${resume}`);
  throw new UsageError(`--resume ${resume}: checkpoint.json holds no ${kind} run this version can read (damaged or edited?); start the run again`);
}
