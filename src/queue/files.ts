/**
 * The files a queued run depends on besides ninefold, carried by content:
 * the coordinator stores every user bot file of its line-up in Redis under
 * its sha256, and a worker that lacks the file (or holds another version of
 * it) fetches it by that hash into a cache directory of its own. A file a
 * variant names (a Nine Muses card set) is not shipped: the worker must hold
 * the same bytes at the same path, or it refuses the batch with one line.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Redis } from 'ioredis';
import { isFileSpec, parseLineup } from '../../bots/index.js';
import type { RunConfig } from '../tourney/batch.js';
import { fileKey } from './connection.js';

/** How long a shipped file stays in Redis after the last run that stored it started (seconds): 7 days. */
export const FILE_TTL_S = 7 * 24 * 3600;

/** sha256 of bytes, hex. */
export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The files of a run: user bot files (shipped by hash) and files its variant names (checked by hash). */
export interface RunFileSet {
  /** Path as the line-up names it → sha256 of its content. */
  readonly bots: Readonly<Record<string, string>>;
  /** Path as the variant names it → sha256 of its content. */
  readonly variant: Readonly<Record<string, string>>;
}

/** The user bot files and variant files of `config`, each with the sha256 of its content on this machine (files that do not exist are left out). */
export function runFileSet(config: RunConfig): RunFileSet {
  const bots: Record<string, string> = {};
  const variant: Record<string, string> = {};
  for (const text of config.lineup)
    for (const s of parseLineup(text)) if (isFileSpec(s.name) && existsSync(s.name)) bots[s.name] = sha256(readFileSync(s.name));
  for (const v of Object.values(config.variant)) {
    if (typeof v === 'string' && v !== '' && existsSync(v) && statSync(v).isFile()) variant[v] = sha256(readFileSync(v));
  }
  return { bots, variant };
}

/**
 * Stores the user bot files of a run in Redis by their hash (kept `FILE_TTL_S`
 * seconds), so that any worker can fetch them.
 */
export async function publishFiles(redis: Redis, files: RunFileSet): Promise<void> {
  for (const [path, hash] of Object.entries(files.bots)) await redis.set(fileKey(hash), readFileSync(path), 'EX', FILE_TTL_S);
}

/** A worker cannot play a batch: a file it needs is neither here nor in the queue. */
export class MissingFileError extends Error {
  override name = 'MissingFileError';
}

/** The directory where a worker keeps the files it fetched, one folder per hash: `<tmp>/ninefold-files`. */
export function defaultCacheDir(): string {
  return join(tmpdir(), 'ninefold-files');
}

/**
 * Where this machine loads each user bot file of a batch from: the path
 * itself when it holds the same bytes (a bot that imports its siblings then
 * works as on the coordinator), else a copy fetched from Redis by its hash
 * into `cacheDir/<sha256>/<name>` (kept for later batches).
 * @returns the paths that must be replaced (line-up path → local copy); empty when every file is here.
 * @throws MissingFileError with one line when a bot file is neither here nor in Redis, or a variant file is not here byte for byte.
 */
export async function localFiles(redis: Redis, files: RunFileSet, cacheDir: string): Promise<Record<string, string>> {
  for (const [path, hash] of Object.entries(files.variant)) {
    if (!existsSync(path) || sha256(readFileSync(path)) !== hash)
      throw new MissingFileError(`the variant's file ${path} (sha256 ${hash.slice(0, 12)}) is not on this machine: copy it to the same path on every worker`);
  }
  const out: Record<string, string> = {};
  for (const [path, hash] of Object.entries(files.bots)) {
    if (existsSync(path) && sha256(readFileSync(path)) === hash) continue;
    const copy = join(cacheDir, hash, basename(path));
    if (!existsSync(copy) || sha256(readFileSync(copy)) !== hash) {
      const bytes = await redis.getBuffer(fileKey(hash));
      if (bytes === null) throw new MissingFileError(`bot file ${path} (sha256 ${hash.slice(0, 12)}) is not on this machine and no longer in the queue`);
      if (sha256(bytes) !== hash) throw new MissingFileError(`bot file ${path}: the queue's copy does not match its sha256 ${hash.slice(0, 12)}`);
      mkdirSync(join(cacheDir, hash), { recursive: true });
      const temp = `${copy}.${process.pid}.tmp`;
      writeFileSync(temp, bytes);
      renameSync(temp, copy);
    }
    out[path] = copy;
  }
  return out;
}
