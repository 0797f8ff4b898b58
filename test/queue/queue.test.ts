/**
 * The job queue (docs/queue.md) in one process, against a real `redis-server`
 * on the loopback interface (`redis-server.ts`): a queued run is the local
 * run, two coordinators never mix their jobs and a worker that lacks a bot
 * file fetches it by hash or refuses; and the command line's
 * answers to a bad or unreachable queue. The processes killed in the middle
 * of a run are in `cluster.long-serial.test.ts` (the long tier).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { UsageError } from '../../src/core/errors.js';
import { parseQueueKey } from '../../src/queue/auth.js';
import { connectRedis, fileKey, parseQueueUrl } from '../../src/queue/connection.js';
import { localFiles, MissingFileError, publishFiles, runFileSet, sha256 } from '../../src/queue/files.js';
import { QueuePlayer } from '../../src/queue/player.js';
import { type QueueWorker, serveQueue } from '../../src/queue/queue-worker.js';
import { InlinePool } from '../../src/tourney/inline-pool.js';
import { runTourney } from '../../src/tourney/run.js';
import { dealsFor, dealsPerBatch, makeBatches } from '../../src/tourney/deal-batches.js';
import { startRedis } from './redis-server.js';
import { captainsConfig } from './run-config.js';

const CLI = join('dist', 'src', 'cli');
/** The queue's shared key of these tests (`NINEFOLD_QUEUE_KEY`). */
const TEST_KEY = 'ninefold-test-key-0123456789';
const key = parseQueueKey(TEST_KEY, 'test');
/** The environment of a command run with the queue's key. */
const keyed = { ...process.env, NINEFOLD_QUEUE_KEY: TEST_KEY };

const config = captainsConfig;

describe('--queue URLs', () => {
  it('redis://HOST:PORT/DB is parsed; anything else is refused with one line naming the form', () => {
    expect(parseQueueUrl('redis://10.0.0.5:6380/3')).toMatchObject({ host: '10.0.0.5', port: 6380, db: 3, tls: false, url: 'redis://10.0.0.5:6380/3' });
    expect(parseQueueUrl('redis://queue.lan')).toMatchObject({ host: 'queue.lan', port: 6379, db: 0 });
    const secret = parseQueueUrl('rediss://:s3cret@h:1/0');
    expect(secret).toMatchObject({ password: 's3cret', tls: true, url: 'rediss://h:1/0', arg: 'rediss://:s3cret@h:1/0' });
    for (const bad of ['127.0.0.1:6379', 'http://h:1/0', 'redis://h:1/16', 'redis://h:1/x', 'redis://h:1/0?db=2', 'redis://:1/0']) {
      expect(() => parseQueueUrl(bad)).toThrow(UsageError);
      expect(() => parseQueueUrl(bad)).toThrow(/^--queue must be redis:\/\/HOST:PORT\/DB/);
    }
  });

  it('the commands exit 2 with one line on a bad or unreachable queue, never a stack trace', () => {
    for (const [file, args, want] of [
      ['tourney.js', ['--game', 'captains-orders', '--games', '10', '--queue', 'localhost:6379'], /^ninefold: --queue must be redis:\/\/HOST:PORT\/DB/],
      ['worker.js', ['--queue', 'redis://127.0.0.1:1/0'], /^ninefold: cannot reach Redis at redis:\/\/127\.0\.0\.1:1\/0: ECONNREFUSED$/],
      ['worker.js', [], /^ninefold: worker needs --queue redis:\/\/HOST:PORT\/DB$/],
    ] as const) {
      const r = spawnSync(process.execPath, [join(CLI, file), ...args], { encoding: 'utf8', timeout: 30_000, env: keyed });
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.trim()).toMatch(want);
    }
    // An unreachable queue found after the run claimed its directory leaves no empty directory behind.
    const dir = join(mkdtempSync(join(tmpdir(), 'ninefold-queue-out-')), 'run');
    const r = spawnSync(
      process.execPath,
      [join(CLI, 'tourney.js'), '--game', 'captains-orders', '--games', '10', '--queue', 'redis://127.0.0.1:1/0', '--out', dir],
      {
        encoding: 'utf8',
        timeout: 30_000,
        env: keyed,
      },
    );
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toMatch(/^ninefold: cannot reach Redis at redis:\/\/127\.0\.0\.1:1\/0: ECONNREFUSED$/);
    expect(existsSync(dir)).toBe(false);
  }, 60_000);
});

const server = await startRedis();
if (typeof server === 'string') console.warn(`queue tests with Redis skipped: ${server}`);
const redisUrl = typeof server === 'string' ? '' : server.url;

describe.skipIf(typeof server === 'string')('with a real redis-server', () => {
  const out = mkdtempSync(join(tmpdir(), 'ninefold-queue-'));
  const logs: string[] = [];
  let worker: QueueWorker | null = null;
  afterAll(async () => {
    await worker?.close();
    if (typeof server !== 'string') await server.stop();
    rmSync(out, { recursive: true, force: true });
  });

  it("a queued run (coordinator, one worker) gives the local run's tally, balance, deal groups, games.jsonl and games.csv; the worker logs each batch", async () => {
    const target = parseQueueUrl(redisUrl);
    worker = await serveQueue({ target, key, concurrency: 1, lockMs: 30_000, log: (l) => logs.push(l), cacheDir: join(out, 'cache') });
    const c = config('q1', ['greedy', 'random', 'greedy', 'random'], true);
    for (const d of ['queued', 'local']) mkdirSync(join(out, d));
    const q = await QueuePlayer.open(target, key, 10_000);
    // Item 3: the coordinator counts the connected workers (its progress bar shows them) and sizes its window by their threads.
    expect(q.workers).toEqual({ processes: 1, threads: 1 });
    expect(q.status()).toBe('1 worker (1 thread)');
    expect(q.capacity()).toBe(2);
    let queued: Awaited<ReturnType<typeof runTourney>>;
    try {
      queued = await runTourney({ config: c, games: 1200, workers: 1, watchdogMs: 10_000, dir: join(out, 'queued'), pool: q });
    } finally {
      await q.close();
    }
    const local = await runTourney({ config: c, games: 1200, workers: 1, watchdogMs: 10_000, dir: join(out, 'local'), pool: new InlinePool() });
    expect(queued.complete).toBe(true);
    expect(queued.tally).toEqual(local.tally);
    expect(queued.balance).toEqual(local.balance);
    expect(queued.groups).toEqual(local.groups);
    for (const f of ['games.jsonl', 'games.csv']) expect(readFileSync(join(out, 'queued', f)).equals(readFileSync(join(out, 'local', f)))).toBe(true);
    const deals = dealsFor(1200, c.seatings.length);
    expect(logs.filter((l) => l.startsWith(`played run ${q.runId} deals `))).toHaveLength(makeBatches(deals, dealsPerBatch(deals, c.seatings.length)).length);
  });

  it('two coordinators on one queue never mix their jobs: each run equals its local run', async () => {
    const target = parseQueueUrl(redisUrl);
    const a = config('mix-a', ['greedy', 'random', 'random', 'random'], false);
    const b = config('mix-b', ['random', 'greedy', 'greedy', 'greedy', 'random'], false);
    const [qa, qb] = await Promise.all([QueuePlayer.open(target, key, 10_000), QueuePlayer.open(target, key, 10_000)]);
    expect(qa.runId).not.toBe(qb.runId);
    try {
      const [ra, rb] = await Promise.all([
        runTourney({ config: a, games: 1000, workers: 1, watchdogMs: 10_000, pool: qa }),
        runTourney({ config: b, games: 1000, workers: 1, watchdogMs: 10_000, pool: qb }),
      ]);
      expect(ra.tally).toEqual((await runTourney({ config: a, games: 1000, workers: 1, watchdogMs: 10_000, pool: new InlinePool() })).tally);
      expect(rb.tally).toEqual((await runTourney({ config: b, games: 1000, workers: 1, watchdogMs: 10_000, pool: new InlinePool() })).tally);
    } finally {
      await Promise.all([qa.close(), qb.close()]);
    }
  });

  it('a worker that lacks a bot file fetches it from the queue by its hash; once it is gone from the queue, the worker refuses with one line', async () => {
    const target = parseQueueUrl(redisUrl);
    const redis = await connectRedis(target);
    try {
      const here = join(out, 'bot-here.js');
      copyFileSync(join('bots', 'examples', 'my-bot.js'), here);
      const files = runFileSet(config('f', [here, 'random', 'random', 'random'], false));
      const hash = sha256(readFileSync(here));
      expect(files.bots).toEqual({ [here]: hash });
      // On the coordinator's machine the file is used where it is.
      expect(await localFiles(redis, files, join(out, 'cache-f'))).toEqual({});
      await publishFiles(redis, files);
      rmSync(here);
      const got = await localFiles(redis, files, join(out, 'cache-f'));
      expect(got[here]).toBe(join(out, 'cache-f', hash, 'bot-here.js'));
      expect(sha256(readFileSync(got[here]!))).toBe(hash);
      await redis.del(fileKey(hash));
      const refused = localFiles(redis, files, join(out, 'cache-g'));
      await expect(refused).rejects.toThrow(MissingFileError);
      await expect(refused).rejects.toThrow(
        new RegExp(`^bot file ${here} \\(sha256 ${hash.slice(0, 12)}\\) is not on this machine and no longer in the queue$`),
      );
      expect(existsSync(join(out, 'cache-g', hash))).toBe(false);
    } finally {
      await redis.quit();
    }
  });
});
