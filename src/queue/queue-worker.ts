/**
 * The worker's side of a distributed run (`npm run worker`): a BullMQ
 * `Worker` that takes batch jobs from the queue and plays each on this
 * machine's own worker threads (`BatchPool`), with the local run's
 * scheduler and watchdog around it (a hung bot is timed out, a crashed
 * thread replaced, exactly as in a local run), then returns the batch's tally.
 * A worker process killed while playing loses nothing: its job's lock
 * expires and another worker takes the job again (once: `maxStalledCount`).
 * A job whose seal does not verify with the worker's key is never played:
 * it is failed for good (BullMQ's `UnrecoverableError`) with one log line.
 */
import { hostname } from 'node:os';
import type { Job, Worker } from 'bullmq';
import type { BatchResult } from '../tourney/batch.js';
import { BatchPool } from '../tourney/pool.js';
import { Scheduler } from '../tourney/scheduler.js';
import { startWatchdog } from '../tourney/watchdog.js';
import { DROPPED, ForgedError, JOB_TAG, KEY_ENV, openSealed, type QueueKey, RESULT_TAG, type Sealed, seal, shown } from './auth.js';
import { connectRedis, outKey, PREFIX, QUEUE_NAME, type QueueTarget, redisOptions, runKey, workerKey } from './connection.js';
import { defaultCacheDir, localFiles, MissingFileError, sha256 } from './files.js';
import { loadBullmq, OUT_TTL_S, REFUSED } from './player.js';
import type { BatchJob, BatchJobResult, BatchOutput, OutputRef, WorkerPresence } from './protocol.js';

/** How a worker process serves the queue. */
export interface WorkerOptions {
  readonly target: QueueTarget;
  /** The queue's shared key (`NINEFOLD_QUEUE_KEY`): jobs are played only when their seal verifies with it, and results are sealed with it. */
  readonly key: QueueKey;
  /** Batches played at once: this process's worker threads, >= 1. */
  readonly concurrency: number;
  /**
   * How long a job's lock lasts without renewal (ms; BullMQ's `lockDuration`,
   * renewed every half of it): a killed worker's batch is taken again by
   * another worker after at most about twice this. Also the stalled-job check's interval.
   */
  readonly lockMs: number;
  /** Where bot files fetched from the queue are kept (default: `<tmp>/ninefold-files`). */
  readonly cacheDir?: string;
  /** Receives one line per event (a batch played, skipped or refused). */
  readonly log: (line: string) => void;
}

/** A running worker process's service. */
export interface QueueWorker {
  /** `host/pid`, as the coordinators' counts and the logs name it. */
  readonly name: string;
  /** Batches played so far. */
  played(): number;
  /**
   * Stops taking jobs, lets the batches in hand finish (their results are
   * delivered), then disconnects. When Redis is gone (unreachable at the
   * stop, or for `GONE_MS` while closing) it quits without it: the batches
   * in hand are dropped, and another worker takes them once their locks expire.
   * @returns `closed`, or `gone` when Redis was gone.
   */
  close(): Promise<'closed' | 'gone'>;
}

/** How long Redis may stay unreachable while a stopping worker waits on it (ms) before it quits without it. */
export const GONE_MS = 3000;

/** How often a worker renews its presence key (ms); the key lives three times as long. */
const PRESENCE_MS = 2000;

/**
 * Connects to the queue and starts taking batch jobs.
 * @throws UsageError with one line when Redis cannot be reached.
 */
export async function serveQueue(opts: WorkerOptions): Promise<QueueWorker> {
  const redis = await connectRedis(opts.target);
  const name = `${hostname()}/${process.pid}`;
  const presence: WorkerPresence = { host: hostname(), pid: process.pid, concurrency: opts.concurrency };
  const announce = (): Promise<unknown> => redis.set(workerKey(name), JSON.stringify(presence), 'PX', PRESENCE_MS * 3);
  await announce();
  const presenceTimer = setInterval(() => void announce().catch(() => undefined), PRESENCE_MS);
  const pool = new BatchPool(opts.concurrency);
  const cacheDir = opts.cacheDir ?? defaultCacheDir();
  let played = 0;

  const { Worker: BullWorker, UnrecoverableError } = loadBullmq();
  const processor = async (job: Job<Sealed, Sealed>): Promise<Sealed> => {
    const jobId = job.id ?? '';
    let d: BatchJob;
    try {
      d = openSealed<BatchJob>(opts.key, JOB_TAG, jobId, job.data);
      // The seal binds the job id; the run id inside must be the one the id starts with.
      if (!jobId.startsWith(`${d.runId}.`)) throw new ForgedError(`its run id ${shown(String(d.runId))} is not its job id's`);
    } catch (e) {
      if (!(e instanceof ForgedError)) throw e;
      opts.log(`dropped job ${shown(jobId)}: ${e.message}; not played (is ${KEY_ENV} the coordinators' key?)`);
      // Failed for good (no retry, whatever attempts its poster asked for): it is never played, here or elsewhere.
      throw new UnrecoverableError(`worker ${name} ${DROPPED}: ${e.message}`);
    }
    const sealed = (r: BatchJobResult): Sealed => seal(opts.key, RESULT_TAG, jobId, r);
    const { config, dealStart, dealEnd } = d.task;
    // One log line a batch within 120 columns (the line-up is the coordinator's to print).
    const what = `run ${d.runId} deals ${dealStart}-${dealEnd - 1} of ${config.gameId}`;
    if ((await redis.exists(runKey(d.runId))) === 0) {
      opts.log(`skipped ${what}: its coordinator is gone`);
      return sealed({ status: 'skipped', worker: name });
    }
    let files: Record<string, string>;
    try {
      files = await localFiles(redis, d.files, cacheDir);
    } catch (e) {
      if (!(e instanceof MissingFileError)) throw e;
      opts.log(`refused ${what}: ${e.message}`);
      throw new Error(`worker ${name} ${REFUSED}: ${e.message}`);
    }
    const t0 = Date.now();
    const result = await playBatch(pool, d, files);
    const games = result.tally.games;
    let out: OutputRef | null = null;
    if (result.records !== '' || result.rows !== '') {
      const body: BatchOutput = { records: result.records, rows: result.rows };
      const text = JSON.stringify(body);
      // The sealed result carries the text's sha256: the output is authenticated with it.
      out = { key: outKey(jobId), sha256: sha256(text) };
      await redis.set(out.key, text, 'EX', OUT_TTL_S);
    }
    played++;
    const s = (Date.now() - t0) / 1000;
    opts.log(`played ${what}: ${games} games in ${s.toFixed(2)} s (${Math.round(games / Math.max(s, 0.001))} games/s)`);
    return sealed({ status: 'played', tally: result.tally, balance: result.balance, out, worker: name });
  };

  const worker: Worker<Sealed, Sealed> = new BullWorker<Sealed, Sealed>(QUEUE_NAME, processor, {
    connection: redisOptions(opts.target),
    prefix: PREFIX,
    concurrency: opts.concurrency,
    lockDuration: opts.lockMs,
    stalledInterval: opts.lockMs,
    // A batch whose worker died is taken again once; a second stall fails the job, and its coordinator enqueues the batch anew.
    maxStalledCount: 1,
    autorun: false,
  });
  worker.on('error', (e) => opts.log(`queue error: ${e.message.split('\n')[0]}`));
  worker.on('stalled', (id) => opts.log(`job ${id} stalled (its worker died or hung): taken again`));
  void worker.run();
  await worker.waitUntilReady();

  return {
    name,
    played: () => played,
    async close() {
      clearInterval(presenceTimer);
      // BullMQ's close waits, with no end, for Redis to take the results and the quit: without Redis it is forced (its connections dropped).
      const gone = whenGone(redis, GONE_MS);
      const graceful = async (): Promise<'closed'> => {
        await worker.close();
        await redis.del(workerKey(name)).catch(() => 0);
        await redis.quit().catch(() => undefined);
        return 'closed';
      };
      const how = redis.status === 'ready' ? await Promise.race([gone.promise, graceful()]) : 'gone';
      gone.cancel();
      if (how === 'gone') {
        opts.log(`Redis at ${opts.target.url} is unreachable: stopping without it (another worker takes the batches in hand once their locks expire)`);
        redis.disconnect();
        await Promise.race([worker.close(true).catch(() => undefined), new Promise((r) => setTimeout(r, 1000))]);
      }
      await pool.close();
      return how;
    },
  };
}

/**
 * Resolves `gone` once `redis` has not been connected for `ms` on end
 * (ioredis reconnects meanwhile); `cancel` stops watching.
 */
function whenGone(redis: { readonly status: string }, ms: number): { promise: Promise<'gone'>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<'gone'>((resolve) => {
    let since = redis.status === 'ready' ? null : Date.now();
    timer = setInterval(() => {
      if (redis.status === 'ready') since = null;
      else if (since === null) since = Date.now();
      else if (Date.now() - since >= ms) resolve('gone');
    }, 100);
  });
  return { promise, cancel: () => clearInterval(timer) };
}

/**
 * Plays one job's batch on this machine's threads as a local run plays it:
 * the scheduler plays it again after a crash or a watchdog stop.
 * @throws the scheduler's failure (a batch that keeps crashing its thread).
 */
async function playBatch(pool: BatchPool, d: BatchJob, files: Record<string, string>): Promise<BatchResult> {
  const { config, dealStart, dealEnd } = d.task;
  let result: BatchResult | null = null;
  const scheduler = new Scheduler(
    pool,
    config,
    () => false,
    (_i, r) => {
      result = r;
    },
    Object.keys(files).length > 0 ? files : undefined,
  );
  const stopWatchdog = startWatchdog(scheduler.running, config, d.watchdogMs);
  try {
    await scheduler.start({ index: 0, dealStart, dealEnd });
  } finally {
    stopWatchdog();
  }
  if (scheduler.failure) throw scheduler.failure;
  if (result === null) throw new Error(`deals ${dealStart}-${dealEnd - 1} gave no result`);
  return result;
}
