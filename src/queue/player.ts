/**
 * The coordinator's side of a distributed run: a `BatchPlayer` that plays each
 * batch by adding it to BullMQ's queue and waiting for a worker's tally
 * (`src/queue/queue-worker.ts`, `npm run worker`). Everything above it is the local
 * run unchanged: the scheduler, the merger (strictly in batch order, so the
 * files are the local run's), checkpoints, `--resume` and the SPRT's stop.
 * Every job is sealed with the queue's key and every result opened with it
 * (`auth.ts`): a result that does not verify is never merged.
 */
import { randomUUID } from 'node:crypto';
import type { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { RunStoppedError } from '../core/errors.js';
import { lazyRequire } from '../io/lazy.js';
import type { BatchResult, BatchTask, RunConfig } from '../tourney/batch.js';
import type { BatchPlayer } from '../tourney/pool.js';
import { DROPPED, ForgedError, JOB_TAG, openSealed, type QueueKey, RESULT_TAG, seal } from './auth.js';
import { connectRedis, PREFIX, QUEUE_NAME, type QueueTarget, redisOptions, runKey, workerKey } from './connection.js';
import { publishFiles, type RunFileSet, runFileSet, sha256 } from './files.js';
import type { BatchJob, BatchJobResult, BatchOutput, WorkerPresence } from './protocol.js';

/** The words of a worker's refusal of a batch (`src/queue/queue-worker.ts`), as its job's failure reason carries them. */
export const REFUSED = 'refused the batch';

/** BullMQ, loaded when the first queued run starts. */
export const loadBullmq = lazyRequire<typeof import('bullmq')>('bullmq');

/** How often the coordinator renews its run's liveness key (ms); the key lives three times as long. */
const LIVENESS_MS = 5000;
/** How often the coordinator counts the connected workers (ms). */
const PRESENCE_POLL_MS = 1000;
/**
 * How often the coordinator reads the state of its jobs in the queue (ms),
 * besides listening to BullMQ's events: a result whose event was missed
 * (the events connection was down) is read from the job, and a job gone from
 * Redis (a server restarted without its data) is enqueued again.
 */
const JOB_POLL_MS = 5000;
/** How long a finished job stays in Redis (s): long enough for the job poll to read it. */
const KEEP_FINISHED_S = 600;
/** How long a played batch's records stay in Redis when no coordinator collects them (s). */
export const OUT_TTL_S = 24 * 3600;

/** The workers connected to a queue, as their presence keys tell. */
export interface WorkerCount {
  /** Worker processes. */
  readonly processes: number;
  /** Batches they play at once, in all. */
  readonly threads: number;
}

/**
 * Counts the worker processes whose presence key (`workerKey`) is alive.
 * @returns processes and their threads in all.
 */
export async function countWorkers(redis: Redis): Promise<WorkerCount> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', workerKey('*'), 'COUNT', 200);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  if (keys.length === 0) return { processes: 0, threads: 0 };
  let threads = 0;
  let processes = 0;
  for (const v of await redis.mget(keys)) {
    if (v === null) continue;
    processes++;
    threads += (JSON.parse(v) as WorkerPresence).concurrency;
  }
  return { processes, threads };
}

/** An aborted batch: the run stopped taking results. */
function aborted(): Error {
  return Object.assign(new Error('the batch was aborted'), { name: 'AbortError' });
}

/**
 * Plays batches through BullMQ's queue on a Redis server. One coordinator
 * session has one run id (a fresh UUID): every job id starts with it, the
 * workers play a job only while the session's liveness key exists, and a
 * resumed run is a new session that enqueues only the batches not merged.
 */
export class QueuePlayer implements BatchPlayer {
  /** Connected workers, refreshed every second. */
  workers: WorkerCount = { processes: 0, threads: 0 };
  private readonly files = new Map<string, RunFileSet>();
  /** The jobs of this session not yet settled, with how to settle each from the job poll. */
  private readonly waiting = new Map<string, { resolve: (r: unknown) => void; reject: (e: Error) => void }>();
  private seq = 0;
  private closed = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private changed: { promise: Promise<void>; resolve: () => void } | null = null;

  private constructor(
    readonly target: QueueTarget,
    /** This session's run id. */
    readonly runId: string,
    private readonly redis: Redis,
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly watchdogMs: number,
    private readonly key: QueueKey,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * Connects to the queue at `target` and starts the session's liveness key
   * and the count of workers.
   * @param key the queue's shared key (`NINEFOLD_QUEUE_KEY`): jobs are sealed and results verified with it.
   * @param watchdogMs the workers' watchdog on one decision (`RunFlags.watchdogMs`).
   * @param log receives one line per result dropped (default: stderr).
   * @throws UsageError with one line when Redis cannot be reached.
   */
  static async open(
    target: QueueTarget,
    key: QueueKey,
    watchdogMs: number,
    log: (line: string) => void = (l) => process.stderr.write(`ninefold: ${l}\n`),
  ): Promise<QueuePlayer> {
    const redis = await connectRedis(target);
    const { Queue: BullQueue, QueueEvents: BullEvents } = loadBullmq();
    const connection = redisOptions(target);
    const queue = new BullQueue(QUEUE_NAME, { connection, prefix: PREFIX });
    queue.on('error', () => undefined);
    const events = new BullEvents(QUEUE_NAME, { connection, prefix: PREFIX });
    events.on('error', () => undefined);
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    const player = new QueuePlayer(target, randomUUID().slice(0, 8), redis, queue, events, watchdogMs, key, log);
    // One listener for every job of the session (not BullMQ's `waitUntilFinished`, whose check of a job's state
    // rejects unhandled when the queue closes under it); the events stream is read from before the first job is added.
    events.on('completed', ({ jobId, returnvalue }) => player.waiting.get(jobId)?.resolve(returnvalue));
    events.on('failed', ({ jobId, failedReason }) => player.waiting.get(jobId)?.reject(new Error(failedReason)));
    await player.beat();
    player.workers = await countWorkers(redis);
    player.timers.push(setInterval(() => void player.beat().catch(() => undefined), LIVENESS_MS));
    player.timers.push(setInterval(() => void player.poll().catch(() => undefined), PRESENCE_POLL_MS));
    player.timers.push(setInterval(() => void player.pollJobs().catch(() => undefined), JOB_POLL_MS));
    for (const t of player.timers) t.unref();
    return player;
  }

  private async beat(): Promise<void> {
    if (!this.closed) await this.redis.set(runKey(this.runId), '1', 'PX', LIVENESS_MS * 3);
  }

  private async poll(): Promise<void> {
    const w = await countWorkers(this.redis);
    if (w.processes !== this.workers.processes || w.threads !== this.workers.threads) {
      this.workers = w;
      const c = this.changed;
      this.changed = null;
      c?.resolve();
    }
  }

  /** Settles the session's jobs whose end BullMQ's events did not bring, from their state in Redis. */
  private async pollJobs(): Promise<void> {
    for (const [id, settle] of [...this.waiting]) {
      const state = await this.queue.getJobState(id);
      if (state === 'unknown') settle.reject(new Error(`job ${id} is gone from Redis (a server restarted without its data?)`));
      else if (state === 'completed' || state === 'failed') {
        const job = await this.queue.getJob(id);
        if (job === undefined) continue;
        if (state === 'completed') settle.resolve(job.returnvalue);
        else settle.reject(new Error(job.failedReason));
      }
    }
  }

  /** Batches worth keeping in the queue: two per connected worker thread (one playing, one waiting), at least one. */
  capacity(): number {
    return Math.max(1, 2 * this.workers.threads);
  }

  /** Resolves when the connected workers change (the run then fills the queue to the new capacity). */
  capacityChanged(): Promise<void> {
    if (this.changed === null) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      this.changed = { promise, resolve };
    }
    return this.changed.promise;
  }

  /** The progress bar's note: the connected workers. */
  status(): string {
    const w = this.workers;
    return w.processes === 0
      ? 'no worker connected'
      : `${w.processes} worker${w.processes === 1 ? '' : 's'} (${w.threads} thread${w.threads === 1 ? '' : 's'})`;
  }

  /** The files of a run's config, hashed and their bot files stored in Redis the first time the config is seen. */
  private async filesOf(config: RunConfig): Promise<RunFileSet> {
    const key = JSON.stringify([config.lineup, config.variant]);
    let f = this.files.get(key);
    if (f === undefined) {
      f = runFileSet(config);
      await publishFiles(this.redis, f);
      this.files.set(key, f);
    }
    return f;
  }

  /**
   * Adds the batch to the queue as job `<runId>.<n>` and waits for a worker's
   * result. A job that fails (its worker refused it, or it stalled twice: a
   * worker killed while playing it, taken again once) rejects, and the
   * scheduler enqueues the batch again as a new job. Aborting removes the job
   * if no worker has taken it yet; a job in play finishes and is ignored.
   * A result (or its records) whose seal does not verify is dropped with one
   * log line and rejects like a failed job: the batch is played again, and
   * the run ends with one line after three such results.
   */
  async run(task: BatchTask, signal?: AbortSignal): Promise<BatchResult> {
    if (signal?.aborted) throw aborted();
    const files = await this.filesOf(task.config);
    // The liveness key is renewed with every job too: a Redis server restarted without its data gets it back at once.
    await this.beat();
    const jobId = `${this.runId}.${++this.seq}`;
    const data: BatchJob = {
      runId: this.runId,
      task: { config: task.config, dealStart: task.dealStart, dealEnd: task.dealEnd },
      files,
      watchdogMs: this.watchdogMs,
    };
    const settled = new Promise<unknown>((resolve, reject) => this.waiting.set(jobId, { resolve, reject }));
    // A loser of the race below settles later, or never: never an unhandled rejection.
    settled.catch(() => undefined);
    let onAbort: (() => void) | null = null;
    try {
      const job = await this.queue.add('batch', seal(this.key, JOB_TAG, jobId, data), {
        jobId,
        attempts: 1,
        removeOnComplete: { age: KEEP_FINISHED_S },
        removeOnFail: { age: KEEP_FINISHED_S },
      });
      const stopped = new Promise<never>((_, reject) => {
        onAbort = () => {
          job.remove().catch(() => undefined);
          reject(aborted());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      let raw: unknown;
      try {
        raw = await Promise.race([settled, stopped]);
      } catch (e) {
        // A worker that lacks a file the batch needs, or holds another key: not a bug of ninefold's, and the run cannot go on if every worker refuses.
        if (e instanceof Error && (e.message.includes(REFUSED) || e.message.includes(DROPPED))) throw new RunStoppedError(e.message);
        throw e;
      }
      const r = this.verified(jobId, () => openSealed<BatchJobResult>(this.key, RESULT_TAG, jobId, raw));
      if (r.status !== 'played') throw new Error(`worker ${r.worker} skipped the batch: it found run ${this.runId} gone`);
      let out: BatchOutput = { records: '', rows: '' };
      if (r.out !== null) {
        const ref = r.out;
        const text = await this.redis.get(ref.key);
        if (text === null) throw new Error(`the records of job ${jobId} are gone from Redis`);
        await this.redis.del(ref.key);
        out = this.verified(jobId, () => {
          if (sha256(text) !== ref.sha256) throw new ForgedError(`its records do not match the sha256 ${ref.sha256.slice(0, 12)} its result carries`);
          return JSON.parse(text) as BatchOutput;
        });
      }
      return { tally: r.tally, balance: r.balance, records: out.records, rows: out.rows };
    } finally {
      this.waiting.delete(jobId);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * What `open` returns, or, when it throws `ForgedError`, one log line and a
   * RunStoppedError: the scheduler plays the batch again, and after three
   * such failures the run ends with that one line (not an internal error).
   */
  private verified<T>(jobId: string, open: () => T): T {
    try {
      return open();
    } catch (e) {
      if (!(e instanceof ForgedError)) throw e;
      this.log(`dropped the result of job ${jobId}: ${e.message}; not merged, the batch is played again`);
      throw new RunStoppedError(`the result of job ${jobId} was dropped: ${e.message}`);
    }
  }

  /** Removes the session's jobs no worker has taken, ends its liveness key (workers skip what is left) and disconnects. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    for (const id of this.waiting.keys()) await this.queue.remove(id).catch(() => 0);
    await this.redis.del(runKey(this.runId)).catch(() => 0);
    await this.events.close();
    await this.queue.close();
    await this.redis.quit().catch(() => undefined);
  }
}
