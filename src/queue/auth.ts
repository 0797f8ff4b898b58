/**
 * The queue's shared secret and what it authenticates (README, "Many
 * machines"). Coordinators and workers hold the same key, taken from the
 * environment (`NINEFOLD_QUEUE_KEY`, never the command line), and every job
 * and every result crosses Redis sealed: the exact JSON text that was signed,
 * beside its HMAC-SHA256 (RFC 2104) under the key. Each MAC is bound to what
 * the text is (a job or a result) and to its job id (which starts with its
 * run id), so a valid job cannot be passed off as a result, nor either moved
 * to another job or run. Anything that does not verify is dropped: a worker
 * never plays it, a coordinator never merges it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { UsageError } from '../core/errors.js';

/** The environment variable holding the shared key. */
export const KEY_ENV = 'NINEFOLD_QUEUE_KEY';
/** The environment variable holding the queue's URL (`--queue env`), which may carry a password. */
export const URL_ENV = 'NINEFOLD_QUEUE_URL';
/** The shortest key accepted, in characters: 16 random characters from a base64 alphabet are 96 bits. */
export const MIN_KEY_LENGTH = 16;

/** The queue's secrets as the environment gave them when ninefold started. */
export interface QueueEnv {
  readonly key?: string;
  readonly url?: string;
}

let taken: QueueEnv | null = null;

/**
 * `NINEFOLD_QUEUE_KEY` and `NINEFOLD_QUEUE_URL`, read from the environment
 * the first time and then removed from it (`runCli` calls this before
 * anything else), so that no worker thread, user bot process or other child
 * ninefold starts inherits them; later calls return what the first read.
 */
export function takeQueueEnv(): QueueEnv {
  if (taken === null) {
    const key = process.env[KEY_ENV];
    const url = process.env[URL_ENV];
    delete process.env[KEY_ENV];
    delete process.env[URL_ENV];
    taken = { ...(key !== undefined ? { key } : {}), ...(url !== undefined ? { url } : {}) };
  }
  return taken;
}

/** The shared key, as HMAC uses it (the UTF-8 bytes of the variable's text). Opaque: it is never printed or stored. */
export interface QueueKey {
  readonly bytes: Buffer;
}

/**
 * The key in `text` (the value of `NINEFOLD_QUEUE_KEY`), checked for length.
 * @param who the command that needs it, for the message ('worker', '--queue').
 * @throws UsageError with one line when the key is missing or shorter than `MIN_KEY_LENGTH` (the line never shows the key).
 */
export function parseQueueKey(text: string | undefined, who: string): QueueKey {
  const how = `e.g. export ${KEY_ENV}=$(openssl rand -base64 24), the same on every coordinator and worker`;
  if (text === undefined || text === '') throw new UsageError(`${who} needs the queue's shared key in the environment variable ${KEY_ENV} (${how})`);
  if ([...text].length < MIN_KEY_LENGTH)
    throw new UsageError(`${KEY_ENV} is too short: it must be at least ${MIN_KEY_LENGTH} characters, got ${[...text].length} (${how})`);
  return { bytes: Buffer.from(text, 'utf8') };
}

/** What a sealed text is: the first thing its MAC covers, so a job's MAC never verifies a result and the reverse. */
export type SealTag = 'ninefold-queue/1 job' | 'ninefold-queue/1 result';
export const JOB_TAG: SealTag = 'ninefold-queue/1 job';
export const RESULT_TAG: SealTag = 'ninefold-queue/1 result';

/** A value as it crosses Redis: the JSON text that was signed, exactly as signed, and its MAC (64 hex digits). */
export interface Sealed {
  readonly payload: string;
  readonly mac: string;
}

/** The words of a worker's failure of a job whose seal does not verify, as the job's failure reason carries them. */
export const DROPPED = 'dropped the job';

/** A sealed value that does not verify: posted without the key, with another key, altered, or moved to another job. */
export class ForgedError extends Error {
  override name = 'ForgedError';
}

/** HMAC-SHA256 (RFC 2104, FIPS 198-1) of tag, context and payload, one per line (tag and context hold no newline). */
function mac(key: QueueKey, tag: SealTag, context: string, payload: string): Buffer {
  return createHmac('sha256', key.bytes).update(`${tag}\n${context}\n${payload}`, 'utf8').digest();
}

/**
 * Seals `value` for `context` (its job id): the JSON text of `value` and the
 * HMAC-SHA256 over the tag, the context and that very text.
 * @throws Error when `context` holds a newline (a bug: job ids never do).
 */
export function seal(key: QueueKey, tag: SealTag, context: string, value: unknown): Sealed {
  if (context.includes('\n')) throw new Error(`a sealed context holds no newline, got ${JSON.stringify(context)}`);
  const payload = JSON.stringify(value);
  return { payload, mac: mac(key, tag, context, payload).toString('hex') };
}

/**
 * The value sealed in `sealed` for `context`, once its MAC verifies (compared
 * in constant time, `timingSafeEqual`): the payload is parsed only then.
 * @param sealed what Redis held (a job's data, a job's return value): anything.
 * @throws ForgedError with a short reason when it is not a sealed value or its MAC does not verify.
 */
export function openSealed<T>(key: QueueKey, tag: SealTag, context: string, sealed: unknown): T {
  const s = sealed as Partial<Sealed> | null;
  if (typeof s !== 'object' || s === null || typeof s.payload !== 'string' || typeof s.mac !== 'string')
    throw new ForgedError('not sealed (posted without the key?)');
  if (context.includes('\n') || !/^[0-9a-f]{64}$/.test(s.mac)) throw new ForgedError('its MAC does not verify');
  if (!timingSafeEqual(Buffer.from(s.mac, 'hex'), mac(key, tag, context, s.payload))) throw new ForgedError('its MAC does not verify');
  return JSON.parse(s.payload) as T;
}

/**
 * Text from outside (a job id any Redis client may choose) made safe for one
 * log line: printable ASCII only, at most 64 characters.
 */
export function shown(text: string): string {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 64 ? `${clean.slice(0, 61)}...` : clean;
}
