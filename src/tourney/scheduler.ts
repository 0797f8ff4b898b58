import { RunStoppedError } from '../core/errors.js';
import type { Fault } from '../core/game-runner.js';
import type { BatchResult, RunConfig } from './batch.js';
import type { BatchPlayer } from './pool.js';
import type { Batch } from './deal-batches.js';

/** A batch in a worker, with what the watchdog needs to judge it. */
export interface Running {
  readonly batch: Batch;
  /**
   * The worker's heartbeat: [decisions so far, game in batch, decision in
   * game, seat to act], written by the game runner before each decision.
   */
  readonly beat: Int32Array;
  controller: AbortController;
  /** Faults to impose, by game in the batch: decisions found hung or crashing in earlier attempts. */
  imposed: Record<number, readonly Fault[]>;
  lastCount: number;
  lastChange: number;
  /** Set by the watchdog when it stopped the batch. */
  timedOut: (Fault & { game: number }) | null;
  attempts: number;
}

/** Attempts at a batch whose worker crashed outside any bot's decision, before the run fails. */
const MAX_CRASH_RETRIES = 2;

/** The line-up entry at `seat` of game `gameInBatch` of a batch (its seating is the game's index mod K). */
export function entryAt(config: RunConfig, gameInBatch: number, seat: number): number {
  const K = config.seatings.length;
  return config.seatings[gameInBatch % K]!.entries[seat]!;
}

/** The bot spec at `seat` of game `gameInBatch` of a batch. */
export function botAt(config: RunConfig, gameInBatch: number, seat: number): string {
  return config.lineup[entryAt(config, gameInBatch, seat)] ?? '?';
}

/**
 * Starts batches on the worker pool and plays each again until it gives a
 * result: after the watchdog stopped it (the hung decision is then imposed
 * as a `timeout` fault), or after its worker crashed (a crash inside a bot's
 * decision, seen twice, is imposed as that bot's `threw` fault; a crash
 * elsewhere is retried up to `MAX_CRASH_RETRIES` times, then fails the run).
 */
export class Scheduler {
  /** The batches in workers now (the watchdog reads them). */
  readonly running = new Set<Running>();
  /** Worker crashes recovered. */
  restarts = 0;
  /** Set when a batch failed for good: the run stops and throws it. */
  failure: Error | null = null;
  // Heartbeats are reused: a SharedArrayBuffer's memory is only freed once
  // every thread that saw it has collected it, so one per batch would grow a
  // long run's memory.
  private readonly freeBeats: Int32Array[] = [];

  /**
   * @param stopping true once the run stops taking results (stopped, or decided): a failed batch is then dropped.
   * @param onResult receives each batch's result (in any order).
   * @param files where this machine loads user bot files from (`BatchTask.files`; a queue worker's copies).
   */
  constructor(
    private readonly pool: BatchPlayer,
    private readonly config: RunConfig,
    private readonly stopping: () => boolean,
    private readonly onResult: (index: number, result: BatchResult) => void,
    private readonly files?: Readonly<Record<string, string>>,
  ) {}

  /** Plays `batch` until it gives a result, fails for good, or the run stops. */
  start(batch: Batch): Promise<void> {
    const run: Running = {
      batch,
      beat: this.freeBeats.pop() ?? new Int32Array(new SharedArrayBuffer(16)),
      controller: new AbortController(),
      imposed: {},
      lastCount: 0,
      lastChange: Date.now(),
      timedOut: null,
      attempts: 0,
    };
    this.running.add(run);
    return this.launch(run);
  }

  /** Stops every running batch (their results are dropped). */
  abortAll(): void {
    for (const r of this.running) r.controller.abort();
  }

  private done(run: Running): void {
    this.running.delete(run);
    this.freeBeats.push(run.beat);
  }

  private launch(run: Running): Promise<void> {
    const { config } = this;
    run.attempts++;
    run.lastCount = 0;
    run.lastChange = Date.now();
    Atomics.store(run.beat, 0, 0);
    // The game in the batch starts over too: a reused heartbeat holds the last batch's, and a progress display reads it.
    Atomics.store(run.beat, 1, 0);
    return this.pool
      .run(
        {
          config,
          dealStart: run.batch.dealStart,
          dealEnd: run.batch.dealEnd,
          heartbeat: run.beat.buffer as SharedArrayBuffer,
          imposed: run.imposed,
          ...(this.files ? { files: this.files } : {}),
        },
        run.controller.signal,
      )
      .then(
        (r) => {
          this.done(run);
          this.onResult(run.batch.index, r);
        },
        (e: unknown) => {
          if (this.stopping()) {
            this.done(run);
            return undefined;
          }
          const t = run.timedOut;
          if (t !== null) {
            run.timedOut = null;
            run.imposed = impose(run.imposed, t.game, { seat: t.seat, decision: t.decision, reason: t.reason, message: t.message });
          } else {
            this.restarts++;
            const beatGame = Atomics.load(run.beat, 1);
            const count = Atomics.load(run.beat, 0);
            if (count > 0 && run.attempts > 1) {
              // The same batch crashed its worker again in a bot's decision: that decision is the bot's fault.
              const seat = Atomics.load(run.beat, 3);
              run.imposed = impose(run.imposed, beatGame, {
                seat,
                decision: Atomics.load(run.beat, 2),
                reason: 'threw',
                message: `bot ${botAt(config, beatGame, seat)} crashed its worker: ${errorLine(e)}`,
              });
            } else if (run.attempts > MAX_CRASH_RETRIES) {
              // Name the game and the bot to act when the worker last failed (deal d, game k of the batch), in one line.
              const K = config.seatings.length;
              const deal = run.batch.dealStart + Math.floor(beatGame / K);
              const seat = Atomics.load(run.beat, 3);
              const who =
                count > 0
                  ? `, last in deal ${deal}, seating ${beatGame % K}, bot ${botAt(config, beatGame, seat)} at seat ${seat}`
                  : ' before its first decision';
              // A failure outside ninefold's code (a queue worker that refused the batch) keeps its class: the CLI prints it without "internal error".
              const text = `batch ${run.batch.index} failed ${run.attempts} times${who}: ${errorLine(e)}`;
              this.failure = e instanceof RunStoppedError ? new RunStoppedError(text) : new Error(text);
              this.done(run);
              return undefined;
            }
          }
          run.controller = new AbortController();
          return this.launch(run);
        },
      );
  }
}

function impose(m: Readonly<Record<number, readonly Fault[]>>, game: number, f: Fault): Record<number, readonly Fault[]> {
  return { ...m, [game]: [...(m[game] ?? []), f] };
}

function errorLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
}
