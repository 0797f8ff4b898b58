import type { Piscina } from 'piscina';
import { compiledScript } from '../io/compiled-script.js';
import { lazyRequire } from '../io/lazy.js';
import type { BatchResult, BatchTask } from './batch.js';

/**
 * The compiled worker script (its bundle when the build has one). Workers
 * always run compiled JavaScript (fast to start); when this module itself
 * runs from TypeScript sources (the tests), the build in `dist/` is used.
 * @throws Error when the build is missing (run `npm run build`).
 */
export function workerFile(): string {
  return compiledScript('src/tourney/batch-worker.js');
}

/** piscina, loaded when the first pool starts (a short run of instant bots plays without one). */
const loadPiscina = lazyRequire<typeof import('piscina')>('piscina');

/** Heap limits of each worker (MB): young generation (both semi-spaces) and old generation. */
export const YOUNG_GENERATION_MB = 6;
export const OLD_GENERATION_MB = 512;

/** What plays a run's batches: worker threads (`BatchPool`) or the calling thread (`InlinePool`). */
export interface BatchPlayer {
  /** Plays a batch; aborting `signal` stops it where the player can (a worker thread is stopped). */
  run(task: BatchTask, signal?: AbortSignal): Promise<BatchResult>;
  /** Releases the player's threads; throws a failure of the player not tied to a task. */
  close(): Promise<void>;
  /**
   * Batches worth having in play at once, when the player knows better than
   * the run's `workers` (a queue: its connected workers' threads). The run
   * keeps this many plus one started.
   */
  capacity?(): number;
  /** Resolves when `capacity` may have changed (a worker joined or left), so the run can start more batches. */
  capacityChanged?(): Promise<void>;
}

/** A fixed-size pool of worker threads playing batches. */
export class BatchPool implements BatchPlayer {
  private readonly pool: Piscina<BatchTask, BatchResult>;
  /** An error of the pool not tied to a task (a worker that failed between tasks); thrown by the next `run` or `close`. */
  private failure: Error | null = null;

  /** @param workers threads, >= 1. */
  constructor(workers: number) {
    const { Piscina: Pool } = loadPiscina();
    this.pool = new Pool<BatchTask, BatchResult>({
      filename: workerFile(),
      minThreads: workers,
      maxThreads: workers,
      idleTimeout: 60_000,
      // A small young generation keeps a long run's memory flat: left alone,
      // V8 grows each worker's semi-spaces over the first million games or so
      // (to ~45 MB of heap, nothing of it live). Short-lived garbage is all a
      // batch makes, so scavenges stay cheap. Game states, search trees and
      // tables live in ArrayBuffers, outside these limits.
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, maxOldGenerationSizeMb: OLD_GENERATION_MB },
    });
    // A batch aborted just as its worker posted the result (a run decided by
    // the SPRT, a stop, the watchdog) leaves a result piscina no longer
    // expects; the scheduler has already discarded or rescheduled that
    // batch, so the late result is dropped. Unhandled, piscina's 'error'
    // event would end the process.
    this.pool.on('error', (e: Error) => {
      if (!e.message.startsWith('Unexpected message from Worker')) this.failure ??= e;
    });
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  /** Plays a batch; aborting `signal` stops the worker thread running it (piscina replaces it). */
  run(task: BatchTask, signal?: AbortSignal): Promise<BatchResult> {
    this.check();
    return this.pool.run(task, signal ? { signal } : {});
  }

  async close(): Promise<void> {
    await this.pool.destroy();
    this.check();
  }
}
