import { preloadEndPackages } from '../io/lazy.js';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { UsageError } from '../core/errors.js';
import { writeFileAtomic } from '../io/files.js';
import { CHECKPOINT_FILE, CHECKPOINT_VERSION, type Checkpoint, runFiles, tailDigest } from './checkpoint.js';
import type { Group, Tally } from './aggregate.js';
import { GAME_FILES, type RunConfig } from './batch.js';
import { Merger } from './merger.js';
import { InlinePool, playsInline } from './inline-pool.js';
import { BatchPool, type BatchPlayer } from './pool.js';
import { dealsFor, dealsPerBatch, makeBatches } from './deal-batches.js';
import { Scheduler } from './scheduler.js';
import { startWatchdog } from './watchdog.js';

/** A run to play. */
export interface TourneyOptions {
  readonly config: RunConfig;
  /** Games asked for; rounded up to whole rotations of the line-up. */
  readonly games: number;
  /** Worker threads, >= 1. */
  readonly workers: number;
  /**
   * The run directory: `checkpoint.json` (what is merged so far, for `--resume`)
   * and, when recording, `games.jsonl` are kept there. Without it nothing is written.
   */
  readonly dir?: string;
  /** Continue a stopped run from its checkpoint (same config). */
  readonly resume?: Checkpoint;
  /**
   * A decision that has not returned after this many ms is taken from the bot:
   * its worker is stopped and the batch played again with that decision
   * counted as a `timeout` fault (a bot in an endless loop cannot hang the run).
   */
  readonly watchdogMs: number;
  /** When aborted, no new batch starts, running ones are dropped, and the run ends incomplete. */
  readonly stop?: AbortSignal;
  /** Called after each batch is merged: games done, games planned, the run's tally so far. */
  readonly onProgress?: (done: number, total: number, tally: Tally) => void;
  /**
   * Called when the run starts and every `PLAYING_INTERVAL_MS` while it plays:
   * games finished so far, those of batches still in workers (read from their
   * heartbeats: the game each is playing) or waiting to be merged included, and
   * games planned. For a progress display only: nothing of the run depends on it.
   */
  readonly onPlaying?: (played: number, total: number) => void;
  /**
   * A sequential test (`match --sprt`): asked after each batch is merged, in
   * batch order; when it answers true the run ends there, complete, and no
   * later batch is merged, so the stop point is the same for any worker count.
   */
  readonly decided?: (tally: Tally) => boolean;
  /** The command's spec of the run (JSON), kept whole in the checkpoint: `--resume` reads it and runs it again. */
  readonly spec?: unknown;
  /** What the command keeps in the checkpoint as the run goes (JSON, e.g. an SPRT's trace), asked at each checkpoint. */
  readonly state?: () => unknown;
  /**
   * A worker pool to play on, kept open after the run (a training run plays
   * many short runs on one pool). Without it the run starts `workers`
   * threads and closes them at its end, or, for a short run of instant
   * bots (`playsInline`), plays on the calling thread.
   */
  readonly pool?: BatchPlayer;
}

/** What a run produced. */
export interface TourneyRun {
  readonly tally: Tally;
  /** The game's balance totals (null for a game without its own balance statistics). */
  readonly balance: unknown;
  readonly deals: number;
  /** The jackknife groups of whole deals (every interval that is not a per-deal moment comes from them). */
  readonly groups: readonly Group[];
  /** True when `decided` ended the run before its last batch. */
  readonly decidedEarly: boolean;
  /** Wall-clock seconds of play, over every session of a resumed run. */
  readonly seconds: number;
  /** False when stopped early. */
  readonly complete: boolean;
  /** Worker crashes recovered (the batch was played again). */
  readonly restarts: number;
}

/** Milliseconds between two `onPlaying` reports of a run. */
export const PLAYING_INTERVAL_MS = 1000;

/**
 * Reports the games a run has played (`TourneyOptions.onPlaying`) now and
 * every `PLAYING_INTERVAL_MS`: merged, waiting to be merged, and finished in
 * the batches in workers (heartbeat slot 1, the game in the batch being
 * played, is the count of its games finished; a queue's workers keep their
 * own heartbeats, so its batches count once merged).
 * @returns a function that stops the reports.
 */
function reportPlaying(onPlaying: (played: number, total: number) => void, merger: Merger, scheduler: Scheduler, K: number, total: number): () => void {
  const report = (): void => {
    let n = merger.tally.games + merger.waitingGames();
    for (const r of scheduler.running) n += Math.min(Atomics.load(r.beat, 1), (r.batch.dealEnd - r.batch.dealStart) * K);
    onPlaying(Math.min(total, n), total);
  };
  report();
  const timer = setInterval(report, PLAYING_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export { readCheckpoint, type Checkpoint } from './checkpoint.js';

/**
 * A resumed run plays what its checkpoint describes: the config the command
 * builds again from the spec it read there is the config the run started with,
 * and the games are as many.
 * @throws UsageError naming the checkpoint otherwise (edited, or written by a version that built its runs otherwise).
 */
function checkSameRun(cp: Checkpoint, config: RunConfig, games: number): void {
  // As JSON writes them: a field left undefined is no field.
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(config)), cp.config) || games !== cp.games)
    throw new UsageError('--resume: the run in checkpoint.json is not the one its spec describes (edited?); start the run again');
}

/**
 * Plays a run across a pool of worker threads: the scheduler (`scheduler.ts`)
 * keeps one batch per worker plus one waiting and plays failed batches
 * again, the watchdog (`watchdog.ts`) stops hung decisions, and the merger
 * (`merger.ts`) merges results strictly in batch order (out-of-order results
 * wait), so the tally, the balance totals and the record file are identical
 * for any worker count, and a stopped run resumed from its checkpoint ends
 * exactly as an uninterrupted one.
 */
export async function runTourney(opts: TourneyOptions): Promise<TourneyRun> {
  const { config } = opts;
  const K = config.seatings.length;
  const deals = dealsFor(opts.games, K);
  const cp = opts.resume;
  if (cp) checkSameRun(cp, config, opts.games);
  // A resumed run keeps the layout it was started with.
  const per = cp ? cp.dealsPerBatch : dealsPerBatch(deals, K);
  const batches = makeBatches(deals, per);
  const total = deals * K;
  const merger = new Merger({ config, batches: batches.length, total, dir: opts.dir, resume: cp, onProgress: opts.onProgress, decided: opts.decided });
  const priorSeconds = cp ? cp.seconds : 0;

  const start = process.hrtime.bigint();
  const elapsed = (): number => priorSeconds + Number(process.hrtime.bigint() - start) / 1e9;
  let lastCheckpoint = 0;
  // The files the results depend on, hashed once when the run starts (kept from the first session on a resume).
  const files = cp?.files ?? runFiles(config);
  const checkpoint = (complete: boolean): void => {
    if (!opts.dir) return;
    const c: Checkpoint = {
      version: CHECKPOINT_VERSION,
      config,
      games: opts.games,
      deals,
      batchesDone: merger.next,
      dealsPerBatch: per,
      tally: merger.tally,
      balance: merger.balance,
      groups: merger.groups,
      decidedEarly: merger.decidedEarly,
      recordBytes: merger.recordBytes,
      rowBytes: merger.rowBytes,
      seconds: elapsed(),
      complete,
      spec: opts.spec ?? cp?.spec,
      state: opts.state?.() ?? cp?.state,
      files,
      ...(config.record ? { recordTail: tailDigest(join(opts.dir, GAME_FILES.records), merger.recordBytes) ?? '' } : {}),
      ...(config.gamesCsv === true ? { rowTail: tailDigest(join(opts.dir, GAME_FILES.rows), merger.rowBytes) ?? '' } : {}),
    };
    writeFileAtomic(join(opts.dir, CHECKPOINT_FILE), JSON.stringify(c));
    lastCheckpoint = Date.now();
  };

  // A short run of instant bots is played here: starting worker threads would cost more than its games.
  const pool: BatchPlayer = opts.pool ?? (playsInline(config, total) ? new InlinePool() : new BatchPool(opts.workers));
  let preloaded = false;
  const scheduler = new Scheduler(
    pool,
    config,
    () => opts.stop?.aborted === true || merger.decidedEarly,
    (index, r) => {
      // While worker threads play, this thread is idle: once the first batch is in (the threads' start-up is over), it
      // loads what the run's end needs (the summary's distributions, tables, CSV).
      if (!preloaded && !(pool instanceof InlinePool)) preloadEndPackages();
      preloaded = true;
      merger.accept(index, r);
    },
  );
  const stopWatchdog = startWatchdog(scheduler.running, config, opts.watchdogMs);
  const stopPlaying = opts.onPlaying ? reportPlaying(opts.onPlaying, merger, scheduler, K, total) : () => undefined;

  let complete = false;
  try {
    // One batch per worker plus one waiting, so no worker idles between
    // batches. Never more: with several tasks queued, piscina may leave one
    // of them waiting until the end of the run while later ones run, and
    // every later result then waits for it to be merged (with one worker,
    // no progress, checkpoint or Ctrl-C result until the run ends). A queue
    // sizes the window by the workers connected to it, which may change.
    const window = (): number => (pool.capacity?.() ?? opts.workers) + 1;
    let submitted = merger.next;
    const inFlight = new Set<Promise<void>>();
    const onStop = (): void => scheduler.abortAll();
    opts.stop?.addEventListener('abort', onStop);

    while (!opts.stop?.aborted && !merger.decidedEarly && scheduler.failure === null && (submitted < batches.length || inFlight.size > 0)) {
      while (!opts.stop?.aborted && !merger.decidedEarly && submitted < batches.length && inFlight.size < window()) {
        const p: Promise<void> = scheduler.start(batches[submitted++]!).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      if (inFlight.size === 0) break;
      const changed = submitted < batches.length ? pool.capacityChanged?.() : undefined;
      await Promise.race(changed ? [...inFlight, changed] : inFlight);
      if (merger.merge() > 0 && opts.dir && Date.now() - lastCheckpoint > 1000) checkpoint(false);
    }
    opts.stop?.removeEventListener('abort', onStop);
    if (merger.decidedEarly) onStop();
    if (scheduler.failure) throw scheduler.failure;
    complete = merger.next === batches.length || merger.decidedEarly;
  } finally {
    stopPlaying();
    stopWatchdog();
    if (!opts.pool) await pool.close();
    merger.close();
  }
  checkpoint(complete);
  const { tally, balance, groups, decidedEarly } = merger;
  return { tally, balance, deals, groups, decidedEarly, seconds: elapsed(), complete, restarts: scheduler.restarts };
}
