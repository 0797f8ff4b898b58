/**
 * The coordinator's side of a distributed run: a `BatchPlayer` that plays each
 * batch by adding it to BullMQ's queue and waiting for a worker's tally
 * (`src/queue/worker.ts`, `npm run worker`). Everything above it is the local
 * run unchanged: the scheduler, the merger (strictly in batch order, so the
 * files are the local run's), checkpoints, `--resume` and the SPRT's stop.
 */
import { randomUUID } from 'node:crypto';
import type { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { RunStoppedError } from '../core/errors.js';
import { lazyRequire } from '../io/lazy.js';
import type { BatchResult, BatchTask, RunConfig } from '../tourney/batch.js';
import type { BatchPlayer } from '../tourney/pool.js';
import { connectRedis, PREFIX, QUEUE_NAME, type QueueTarget, redisOptions, runKey, workerKey } from './connection.js';
import { publishFiles, type RunFileSet, runFileSet } from './files.js';
import type { BatchJob, BatchJobResult, BatchOutput, WorkerPresence } from './protocol.js';

/** The words of a worker's refusal of a batch (`src/queue/worker.ts`), as its job's failure reason carries them. */
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
/** How long a finished job stays in Redis (s): long enough for a late `waitUntilFinished` or the job poll to read it. */
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
  private readonly waiting = new Map<string, { resolve: (r: BatchJobResult) => void; reject: (e: Error) => void }>();
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
  ) {}

  /**
   * Connects to the queue at `target` and starts the session's liveness key
   * and the count of workers.
   * @param watchdogMs the workers' watchdog on one decision (`RunFlags.watchdogMs`).
   * @throws UsageError with one line when Redis cannot be reached.
   */
  static async open(target: QueueTarget, watchdogMs: number): Promise<QueuePlayer> {
    const redis = await connectRedis(target);
    const { Queue: BullQueue, QueueEvents: BullEvents } = loadBullmq();
    const connection = redisOptions(target);
    const queue = new BullQueue(QUEUE_NAME, { connection, prefix: PREFIX });
    // One listener per job waiting (`waitUntilFinished` listens for the queue's closing): more than ten is normal here.
    queue.setMaxListeners(0);
    queue.on('error', () => undefined);
    const events = new BullEvents(QUEUE_NAME, { connection, prefix: PREFIX });
    events.setMaxListeners(0);
    events.on('error', () => undefined);
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    const player = new QueuePlayer(target, randomUUID().slice(0, 8), redis, queue, events, watchdogMs);
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
        if (state === 'completed') settle.resolve(job.returnvalue as BatchJobResult);
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
    const job = await this.queue.add('batch', data, {
      jobId,
      attempts: 1,
      removeOnComplete: { age: KEEP_FINISHED_S },
      removeOnFail: { age: KEEP_FINISHED_S },
    });
    const polled = new Promise<BatchJobResult>((resolve, reject) => this.waiting.set(jobId, { resolve, reject }));
    let onAbort: (() => void) | null = null;
    try {
      const stopped = new Promise<never>((_, reject) => {
        onAbort = () => {
          job.remove().catch(() => undefined);
          reject(aborted());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      let r: BatchJobResult;
      try {
        r = (await Promise.race([job.waitUntilFinished(this.events) as Promise<BatchJobResult>, polled, stopped])) as BatchJobResult;
      } catch (e) {
        // A worker that lacks a file the batch needs: not a bug of ninefold's, and the run cannot go on if every worker refuses.
        if (e instanceof Error && e.message.includes(REFUSED)) throw new RunStoppedError(e.message);
        throw e;
      }
      if (r.status !== 'played') throw new Error(`worker ${r.worker} skipped the batch: it found run ${this.runId} gone`);
      let out: BatchOutput = { records: '', rows: '' };
      if (r.out !== null) {
        const text = await this.redis.get(r.out);
        if (text === null) throw new Error(`the records of job ${jobId} are gone from Redis`);
        await this.redis.del(r.out);
        out = JSON.parse(text) as BatchOutput;
      }
      return { tally: r.tally, balance: r.balance, records: out.records, rows: out.rows };
    } finally {
      this.waiting.delete(jobId);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
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
