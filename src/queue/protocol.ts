/**
 * What crosses the queue: a batch job (plain JSON in BullMQ's job data) and
 * the tally a worker returns (BullMQ's return value). The same batch
 * description and tally that piscina carries between threads, with the run
 * id that keeps two coordinators' jobs apart and the files the batch needs.
 * Neither crosses as it is: each is sealed with the queue's key
 * (`auth.ts`), the job for its job id and the result for the same id.
 */
import type { BatchResult, BatchTask } from '../tourney/batch.js';
import type { RunFileSet } from './files.js';

/** One batch to play, as a coordinator enqueues it. */
export interface BatchJob {
  /** The coordinator session's id (also the start of the job id): a worker plays a job only while its run is alive. */
  readonly runId: string;
  /** The batch: the run's config and its deals [dealStart, dealEnd) (no heartbeat: the worker keeps its own). */
  readonly task: Pick<BatchTask, 'config' | 'dealStart' | 'dealEnd'>;
  /** The user bot files (shipped by sha256) and variant files (checked by sha256) the batch needs. */
  readonly files: RunFileSet;
  /** The worker's watchdog on one decision, ms (the coordinator's `--move-timeout` plus margin, or 10 000). */
  readonly watchdogMs: number;
}

/**
 * What a worker returns for a job: the batch's tally and balance totals, and
 * where its records and `games.csv` rows are when it has any (they can be
 * megabytes, and a return value is copied into BullMQ's event stream), or
 * `skipped` when the job's run was gone (its coordinator stopped or died).
 */
export type BatchJobResult =
  | { readonly status: 'played'; readonly tally: BatchResult['tally']; readonly balance: unknown; readonly out: OutputRef | null; readonly worker: string }
  | { readonly status: 'skipped'; readonly worker: string };

/** Where a played batch's output is: its Redis key and the sha256 of the stored text, so the sealed result covers the output too. */
export interface OutputRef {
  readonly key: string;
  readonly sha256: string;
}

/** The records and rows of a played batch, stored under `outKey(jobId)`. */
export interface BatchOutput {
  readonly records: string;
  readonly rows: string;
}

/** A worker process's presence record, stored under `workerKey(id)` and refreshed while it runs. */
export interface WorkerPresence {
  readonly host: string;
  readonly pid: number;
  /** Batches it plays at once (its worker threads). */
  readonly concurrency: number;
}
