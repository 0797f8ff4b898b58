/**
 * Where a distributed run's queue lives: the `--queue redis://HOST:PORT/DB`
 * URL (or `--queue env`: the URL in `NINEFOLD_QUEUE_URL`, which may carry a
 * password), the Redis connection options BullMQ is given, and the names of
 * the queue and of ninefold's own keys beside it (README, "Many machines").
 */
import type { Redis, RedisOptions } from 'ioredis';
import { UsageError } from '../core/errors.js';
import { lazyRequire } from '../io/lazy.js';
import { takeQueueEnv, URL_ENV } from './auth.js';

/** ioredis (BullMQ's Redis client), loaded when a queue is first used: a local run never pays for it. */
export const loadIoredis = lazyRequire<typeof import('ioredis')>('ioredis');

/** A parsed `--queue` URL. */
export interface QueueTarget {
  /** The URL normalised, without its user and password: for messages. */
  readonly url: string;
  /** The `--queue` argument that names this queue again in another command: the URL as given, or `env` (a password is never on a command line). */
  readonly arg: string;
  readonly host: string;
  /** TCP port, 1-65535 (6379 when the URL has none). */
  readonly port: number;
  /** Redis database number, 0-15 (0 when the URL has none). */
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
  /** `rediss://`: TLS. */
  readonly tls: boolean;
}

/** BullMQ's queue of batches: every coordinator adds to it and every worker takes from it; a job's id starts with its run's id. */
export const QUEUE_NAME = 'batches';
/** The prefix of every key ninefold keeps in Redis (BullMQ's and its own). */
export const PREFIX = 'ninefold';

/** Key of a user bot file's content, by its sha256 (hex). */
export const fileKey = (sha256: string): string => `${PREFIX}:file:${sha256}`;
/** Key that exists while a coordinator's run is alive (refreshed; it expires when the coordinator is killed). */
export const runKey = (runId: string): string => `${PREFIX}:run:${runId}`;
/** Key of a worker process's presence (refreshed; it expires when the worker dies). */
export const workerKey = (workerId: string): string => `${PREFIX}:worker:${workerId}`;
/** Key of a played batch's records and `games.csv` rows (too large for BullMQ's event stream). */
export const outKey = (jobId: string): string => `${PREFIX}:out:${jobId}`;

/** `text` with the password of a `scheme://user:password@` URL replaced by `***`: for messages. */
export function withoutPassword(text: string): string {
  return text.replace(/^([a-z]+:\/\/[^/@]*?:)[^/@]*@/i, '$1***@');
}

/**
 * Parses `redis://[[user]:password@]HOST[:PORT][/DB]` (or `rediss://` for TLS).
 * @throws UsageError with one line naming the flag, the form and what was given.
 */
export function parseQueueUrl(text: string, flag = '--queue'): QueueTarget {
  const form = `${flag} must be redis://HOST:PORT/DB (e.g. redis://127.0.0.1:6379/0)`;
  const given = withoutPassword(text);
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new UsageError(`${form}, got '${given}'`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new UsageError(`${form}, got '${given}' (not a redis:// URL)`);
  if (u.hostname === '') throw new UsageError(`${form}, got '${given}' (no host)`);
  const port = u.port === '' ? 6379 : Number(u.port);
  const path = u.pathname.replace(/^\//, '');
  const db = path === '' ? 0 : /^\d{1,2}$/.test(path) ? Number(path) : Number.NaN;
  if (!Number.isInteger(db) || db > 15) throw new UsageError(`${form}, got '${given}' (the database must be a number from 0 to 15)`);
  if (u.search !== '' || u.hash !== '') throw new UsageError(`${form}, got '${given}' (no query or fragment)`);
  const shown = `${u.protocol}//${u.hostname.includes(':') ? `[${u.hostname}]` : u.hostname}:${port}/${db}`;
  return {
    url: shown,
    arg: text,
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port,
    db,
    ...(u.username !== '' ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password !== '' ? { password: decodeURIComponent(u.password) } : {}),
    tls: u.protocol === 'rediss:',
  };
}

/**
 * The queue a `--queue` argument names: `env` takes the URL
 * from `NINEFOLD_QUEUE_URL` (read once at start-up, `takeQueueEnv`); any
 * other value is the URL itself, which may not carry a password, since every
 * process on the machine can read a command line.
 * @throws UsageError with one line: a bad URL, `env` without the variable, or a password on the command line (the line never shows it).
 */
export function queueTarget(arg: string, flag = '--queue'): QueueTarget {
  if (arg === 'env') {
    const text = takeQueueEnv().url;
    if (text === undefined || text === '') throw new UsageError(`${flag} env takes the queue's URL from the environment variable ${URL_ENV}, which is not set`);
    return { ...parseQueueUrl(text, URL_ENV), arg: 'env' };
  }
  let password = false;
  try {
    password = new URL(arg).password !== '';
  } catch {
    // parseQueueUrl says what is wrong with it.
  }
  if (password) {
    throw new UsageError(
      `${flag} must not carry a password on the command line (any process can read it): put the URL in the environment variable ${URL_ENV} and give ${flag} env`,
    );
  }
  return parseQueueUrl(arg, flag);
}

/**
 * The ioredis options of a connection to `t` as BullMQ wants them
 * (`maxRetriesPerRequest: null`: a command waits through a reconnection
 * instead of failing, so a brief outage of Redis pauses a run, never ends it).
 */
export function redisOptions(t: QueueTarget): RedisOptions {
  return {
    host: t.host,
    port: t.port,
    db: t.db,
    ...(t.username !== undefined ? { username: t.username } : {}),
    ...(t.password !== undefined ? { password: t.password } : {}),
    ...(t.tls ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}

/**
 * Opens a plain Redis connection to `t` (ninefold's own keys: files, presence,
 * liveness, results), checking first that Redis answers within `timeoutMs`.
 * @returns the connected client (reconnecting on its own afterwards); `quit()` it.
 * @throws UsageError with one line when Redis cannot be reached or refuses the connection.
 */
export async function connectRedis(t: QueueTarget, timeoutMs = 5000): Promise<Redis> {
  const { Redis: Client } = loadIoredis();
  const probe = new Client({ ...redisOptions(t), lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The cause (ECONNREFUSED, ENOTFOUND, a refused password) comes as an event; connect() then rejects with "Connection is closed".
  let cause: Error | null = null;
  probe.on('error', (e: Error) => {
    cause ??= e;
  });
  try {
    await probe.connect();
    await probe.ping();
    const info = await probe.info('server');
    const version = /redis_version:(\d+)/.exec(info)?.[1];
    if (version !== undefined && Number(version) < 5) throw new UsageError(`${t.url}: Redis ${version} is too old for the queue (5.0 or newer)`);
  } catch (e) {
    probe.disconnect();
    if (e instanceof UsageError) throw e;
    const err = (cause ?? e) as NodeJS.ErrnoException;
    throw new UsageError(`cannot reach Redis at ${t.url}: ${err.code ?? err.message.split('\n')[0]}`);
  }
  probe.disconnect();
  const client = new Client(redisOptions(t));
  // Errors while reconnecting are retried by ioredis; a command waits meanwhile.
  client.on('error', () => undefined);
  return client;
}
