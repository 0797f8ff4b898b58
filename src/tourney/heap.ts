import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Full garbage collections at batch boundaries, at most one per `intervalMs`.
 *
 * Why: a worker's batches leave a little garbage that outlives two scavenges
 * (the batch's tally, totals and messages, ~15 KB a batch) and is promoted.
 * V8 lets a worker's old generation grow to ~16 MB before its first full
 * collection after start-up, so a run of ten million games peaked ~15% above
 * a run of 100 000 (which ends before any worker collects). A full collection
 * of a worker heap that small takes ~3 ms; once a second that is ~0.3% of a
 * worker's time, and peak memory no longer depends on run length.
 *
 * `gc` is reached through `--expose-gc` set at run time (the worker's
 * command line cannot carry V8 flags); the flag is process-wide and only
 * exposes the function.
 */
export class PeriodicCollector {
  private readonly gc: () => void;
  private last = performance.now();

  /**
   * @param intervalMs the shortest time between two collections, in milliseconds.
   * @param gc the collection to run (default: V8's full collection).
   */
  constructor(
    private readonly intervalMs: number,
    gc?: () => void,
  ) {
    this.gc = gc ?? exposedGc();
  }

  /** Called after each batch: collects when `intervalMs` have passed since the last collection. */
  afterBatch(): void {
    const now = performance.now();
    if (now - this.last < this.intervalMs) return;
    this.gc();
    this.last = performance.now();
  }
}

/** V8's `gc()` (a full, synchronous collection), exposed by setting `--expose-gc` at run time. */
function exposedGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
