/**
 * The worker's side of a distributed run (`npm run worker`): a BullMQ
 * `Worker` that takes batch jobs from the queue and plays each on this
 * machine's own worker threads (`BatchPool`), with the local run's
 * scheduler and watchdog around it (a hung bot is timed out, a crashed
 * thread replaced, exactly as in a local run), then returns the batch's tally.
 * A worker process killed while playing loses nothing: its job's lock
 * expires and another worker takes the job again (once: `maxStalledCount`).
 */
import { hostname } from 'node:os';
import type { Job, Worker } from 'bullmq';
import type { BatchResult } from '../tourney/batch.js';
import { BatchPool } from '../tourney/pool.js';
import { Scheduler } from '../tourney/scheduler.js';
import { startWatchdog } from '../tourney/watchdog.js';
import { connectRedis, outKey, PREFIX, QUEUE_NAME, type QueueTarget, redisOptions, runKey, workerKey } from './connection.js';
import { defaultCacheDir, localFiles, MissingFileError } from './files.js';
import { loadBullmq, OUT_TTL_S, REFUSED } from './player.js';
import type { BatchJob, BatchJobResult, BatchOutput, WorkerPresence } from './protocol.js';

/** How a worker process serves the queue. */
export interface WorkerOptions {
  readonly target: QueueTarget;
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
  /** Stops taking jobs, lets the batches in hand finish (their results are delivered), then disconnects. */
  close(): Promise<void>;
}

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

  const processor = async (job: Job<BatchJob, BatchJobResult>): Promise<BatchJobResult> => {
    const d = job.data;
    const { config, dealStart, dealEnd } = d.task;
    const what = `run ${d.runId} deals ${dealStart}-${dealEnd - 1} of ${config.gameId} (${config.lineup.join(',')})`;
    if ((await redis.exists(runKey(d.runId))) === 0) {
      opts.log(`skipped ${what}: its coordinator is gone`);
      return { status: 'skipped', worker: name };
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
    let out: string | null = null;
    if (result.records !== '' || result.rows !== '') {
      out = outKey(job.id ?? `${d.runId}.${dealStart}`);
      const body: BatchOutput = { records: result.records, rows: result.rows };
      await redis.set(out, JSON.stringify(body), 'EX', OUT_TTL_S);
    }
    played++;
    const s = (Date.now() - t0) / 1000;
    opts.log(`played ${what}: ${games} games in ${s.toFixed(2)} s (${Math.round(games / Math.max(s, 0.001))} games/s)`);
    return { status: 'played', tally: result.tally, balance: result.balance, out, worker: name };
  };

  const { Worker: BullWorker } = loadBullmq();
  const worker: Worker<BatchJob, BatchJobResult> = new BullWorker<BatchJob, BatchJobResult>(QUEUE_NAME, processor, {
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
      await worker.close();
      await redis.del(workerKey(name)).catch(() => 0);
      await redis.quit().catch(() => undefined);
      await pool.close();
    },
  };
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
