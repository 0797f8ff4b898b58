/**
 * The keyed queue (docs/queue.md, "Many machines"): jobs and
 * results cross Redis sealed with HMAC-SHA256 under `NINEFOLD_QUEUE_KEY`.
 * A worker plays nothing a client without the key posts (a bot file stored
 * under its sha256 included), a coordinator merges no result a client
 * without the key forges, and neither starts without the key or with a
 * password on its command line. Against a real `redis-server` (`redis-server.ts`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { RunStoppedError, UsageError } from '../../src/core/errors.js';
import { ForgedError, JOB_TAG, openSealed, parseQueueKey, RESULT_TAG, seal } from '../../src/queue/auth.js';
import { connectRedis, fileKey, outKey, PREFIX, QUEUE_NAME, parseQueueUrl, queueTarget, redisOptions, runKey } from '../../src/queue/connection.js';
import { sha256 } from '../../src/queue/files.js';
import { loadBullmq, QueuePlayer } from '../../src/queue/player.js';
import { serveQueue } from '../../src/queue/queue-worker.js';
import { InlinePool } from '../../src/tourney/inline-pool.js';
import { runTourney } from '../../src/tourney/run.js';
import { startRedis } from './redis-server.js';
import { captainsConfig } from './run-config.js';

const CLI = join('dist', 'src', 'cli');
const KEY_TEXT = 'keyed-test-key-0123456789abcdef';
const key = parseQueueKey(KEY_TEXT, 'test');
const otherKey = parseQueueKey('another-key-0123456789abcdef', 'test');

const config = captainsConfig;

/** A command of `dist/` run to its end with exactly the environment `env` (no NINEFOLD_QUEUE_* of the test's own). */
function cli(file: string, args: readonly string[], env: Record<string, string> = {}): { code: number; stderr: string } {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('NINEFOLD_QUEUE_'))) as Record<string, string>;
  const r = spawnSync(process.execPath, [join(CLI, file), ...args], { encoding: 'utf8', timeout: 60_000, env: { ...base, ...env } });
  return { code: r.status ?? -1, stderr: r.stderr };
}

describe('seals (HMAC-SHA256 under the queue key)', () => {
  it('a sealed value opens with its key, tag and job id only: another key, a result tag, another job or an altered payload is ForgedError', () => {
    const s = seal(key, JOB_TAG, 'r1.1', { runId: 'r1', n: 1 });
    expect(s.payload).toBe('{"runId":"r1","n":1}');
    expect(s.mac).toMatch(/^[0-9a-f]{64}$/);
    expect(openSealed(key, JOB_TAG, 'r1.1', s)).toEqual({ runId: 'r1', n: 1 });
    expect(() => openSealed(otherKey, JOB_TAG, 'r1.1', s)).toThrow(ForgedError);
    expect(() => openSealed(key, RESULT_TAG, 'r1.1', s)).toThrow(ForgedError);
    expect(() => openSealed(key, JOB_TAG, 'r1.2', s)).toThrow(ForgedError);
    expect(() => openSealed(key, JOB_TAG, 'r1.1', { ...s, payload: '{"runId":"r1","n":2}' })).toThrow(ForgedError);
    expect(() => openSealed(key, JOB_TAG, 'r1.1', { ...s, mac: s.mac.slice(0, 62) })).toThrow(ForgedError);
    for (const bad of [null, 'x', { runId: 'r1', n: 1 }, { payload: s.payload }]) expect(() => openSealed(key, JOB_TAG, 'r1.1', bad)).toThrow(/^not sealed/);
  });

  it('a key shorter than 16 characters, or none, is one UsageError line that never shows the key', () => {
    expect(() => parseQueueKey(undefined, 'worker')).toThrow(UsageError);
    expect(() => parseQueueKey('', 'worker')).toThrow(/^worker needs the queue's shared key in the environment variable NINEFOLD_QUEUE_KEY /);
    expect(() => parseQueueKey('short-secret', 'worker')).toThrow(/^NINEFOLD_QUEUE_KEY is too short: it must be at least 16 characters, got 12 /);
    try {
      parseQueueKey('short-secret', 'worker');
    } catch (e) {
      expect((e as Error).message).not.toContain('short-secret');
    }
    expect(parseQueueKey('sixteen-chars-ok', 'worker').bytes.length).toBe(16);
  });

  it('a --queue URL with a password on the command line is refused with one line that never shows the password', () => {
    expect(() => queueTarget('redis://:hunter2hunter2@10.0.0.5:6379/0')).toThrow(UsageError);
    expect(() => queueTarget('redis://user:hunter2hunter2@10.0.0.5:6379/0')).toThrow(
      /^--queue must not carry a password on the command line \(any process can read it\): put the URL in the environment variable NINEFOLD_QUEUE_URL and give --queue env$/,
    );
    expect(queueTarget('redis://10.0.0.5:6379/1')).toMatchObject({ host: '10.0.0.5', db: 1, arg: 'redis://10.0.0.5:6379/1' });
    expect(() => parseQueueUrl('redis://:hunter2@h:1/99', 'NINEFOLD_QUEUE_URL')).toThrow(/got 'redis:\/\/:\*\*\*@h:1\/99'/);
  });

  it('NINEFOLD_QUEUE_KEY and NINEFOLD_QUEUE_URL leave the environment when read: a worker thread or child process started afterwards inherits neither', () => {
    const script = `
      import { execFileSync } from 'node:child_process';
      import { Worker } from 'node:worker_threads';
      import { takeQueueEnv } from './dist/src/queue/auth.js';
      const first = takeQueueEnv();
      const child = execFileSync(process.execPath, ['-e', 'process.stdout.write(JSON.stringify(Object.keys(process.env).filter((k) => k.startsWith("NINEFOLD_QUEUE"))))']).toString();
      const thread = await new Promise((r) => new Worker('import("node:worker_threads").then((w) => w.parentPort.postMessage(Object.keys(process.env).filter((k) => k.startsWith("NINEFOLD_QUEUE"))))', { eval: true }).once('message', r));
      process.stdout.write(JSON.stringify({ first, again: takeQueueEnv(), own: process.env.NINEFOLD_QUEUE_KEY ?? null, child: JSON.parse(child), thread }));
    `;
    const env = { ...process.env, NINEFOLD_QUEUE_KEY: KEY_TEXT, NINEFOLD_QUEUE_URL: 'redis://:pw@h:1/0' };
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env });
    expect(r.stderr).toBe('');
    const got = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(got).toEqual({
      first: { key: KEY_TEXT, url: 'redis://:pw@h:1/0' },
      again: { key: KEY_TEXT, url: 'redis://:pw@h:1/0' },
      own: null,
      child: [],
      thread: [],
    });
  });
});

describe('the commands without the key, or with a password on the command line', () => {
  const one = (r: { code: number; stderr: string }): string => {
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    return r.stderr.trim();
  };
  it('a worker without NINEFOLD_QUEUE_KEY (or with a short one) refuses to start: exit 2, one line', () => {
    expect(one(cli('worker.js', ['--queue', 'redis://127.0.0.1:1/0']))).toMatch(
      /^ninefold: worker needs the queue's shared key in the environment variable NINEFOLD_QUEUE_KEY \(e\.g\. export NINEFOLD_QUEUE_KEY=\$\(openssl rand -base64 24\), the same on every coordinator and worker\)$/,
    );
    const short = one(cli('worker.js', ['--queue', 'redis://127.0.0.1:1/0'], { NINEFOLD_QUEUE_KEY: 'abc12' }));
    expect(short).toMatch(/^ninefold: NINEFOLD_QUEUE_KEY is too short: it must be at least 16 characters, got 5 /);
    expect(short).not.toContain('abc12');
  });

  it('a coordinator (tourney, match, rate, train with --queue) without NINEFOLD_QUEUE_KEY refuses to start: exit 2, one line', () => {
    const want = /^ninefold: --queue needs the queue's shared key in the environment variable NINEFOLD_QUEUE_KEY /;
    const q = ['--queue', 'redis://127.0.0.1:1/0'];
    expect(one(cli('tourney.js', ['--game', 'captains-orders', '--games', '10', ...q]))).toMatch(want);
    expect(one(cli('tourney.js', ['--game', 'nine-virtues', '--games', '10', '--sweep', 'bidPenalty=face,zero', ...q]))).toMatch(want);
    expect(one(cli('match.js', ['--game', 'nine-virtues', '--candidate', 'greedy', '--baseline', 'random', '--games', '10', ...q]))).toMatch(want);
    expect(one(cli('rate.js', ['--game', 'nine-virtues', '--pool', 'greedy,random', '--games', '10', ...q]))).toMatch(want);
    expect(one(cli('train.js', ['--game', 'nine-virtues', '--bot', 'greedy', '--budget', '100', ...q]))).toMatch(want);
  }, 60_000);

  it('--queue with a password is refused (exit 2, one line, the password not shown); --queue env without NINEFOLD_QUEUE_URL too', () => {
    const keyed = { NINEFOLD_QUEUE_KEY: KEY_TEXT };
    for (const [file, args] of [
      ['worker.js', []],
      ['tourney.js', ['--game', 'captains-orders', '--games', '10']],
    ] as const) {
      const line = one(cli(file, [...args, '--queue', 'redis://:hunter2hunter2@127.0.0.1:1/0'], keyed));
      expect(line).toMatch(/^ninefold: --queue must not carry a password on the command line .* NINEFOLD_QUEUE_URL and give --queue env$/);
      expect(line).not.toContain('hunter2');
      expect(one(cli(file, [...args, '--queue', 'env'], keyed))).toBe(
        "ninefold: --queue env takes the queue's URL from the environment variable NINEFOLD_QUEUE_URL, which is not set",
      );
    }
  }, 60_000);
});

const server = await startRedis();
if (typeof server === 'string') console.warn(`keyed queue tests with Redis skipped: ${server}`);

describe.skipIf(typeof server === 'string')('a keyed queue on a real redis-server', () => {
  const url = typeof server === 'string' ? '' : server.url;
  const out = mkdtempSync(join(tmpdir(), 'ninefold-keyed-'));
  afterAll(async () => {
    if (typeof server !== 'string') await server.stop();
    rmSync(out, { recursive: true, force: true });
  });

  it('a worker started with NINEFOLD_QUEUE_KEY runs nothing posted by a client without it: one log line, the job failed for good, its bot file never fetched or loaded', async () => {
    const target = parseQueueUrl(url);
    const logs: string[] = [];
    const cacheDir = join(out, 'cache-hostile');
    const worker = await serveQueue({ target, key, concurrency: 1, lockMs: 30_000, log: (l) => logs.push(l), cacheDir });
    const redis = await connectRedis(target);
    const { Queue } = loadBullmq();
    const queue = new Queue(QUEUE_NAME, { connection: redisOptions(target), prefix: PREFIX });
    try {
      // The hostile bot file leaves a mark when it loads; it is stored under its sha256 as a coordinator would store it.
      const marker = join(out, 'the-bot-ran');
      const bot = `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport default () => ({ act: (o, legal) => legal[0] });\n`;
      const hash = sha256(bot);
      await redis.set(fileKey(hash), bot);
      const path = join(out, 'elsewhere', 'evil.js');
      const data = {
        runId: 'evil0001',
        task: { config: config('evil', [path, 'random', 'random', 'random']), dealStart: 0, dealEnd: 4 },
        files: { bots: { [path]: hash }, variant: {} },
        watchdogMs: 10_000,
      };
      await redis.set(runKey('evil0001'), '1', 'EX', 60);
      // Unsealed (an old client, or one without the key), sealed with another key, and a valid job's seal moved to another run.
      const moved = seal(key, JOB_TAG, 'good0001.1', { ...data, runId: 'good0001' });
      const posts: [string, unknown][] = [
        ['evil0001.1', data],
        ['evil0001.2', seal(otherKey, JOB_TAG, 'evil0001.2', data)],
        ['evil0001.3', moved],
      ];
      for (const [jobId, d] of posts) await queue.add('batch', d, { jobId, attempts: 5 });
      const states = async (): Promise<string[]> => Promise.all(posts.map(([id]) => queue.getJobState(id)));
      const t0 = Date.now();
      while ((await states()).some((s) => s !== 'failed') && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 50));
      expect(await states()).toEqual(['failed', 'failed', 'failed']);
      for (const [id] of posts) {
        const job = (await queue.getJob(id))!;
        // Failed for good on the first attempt, whatever attempts its poster asked for; no result.
        expect(job.attemptsMade).toBe(1);
        expect(job.returnvalue).toBeNull();
        expect(job.failedReason).toMatch(/^worker .* dropped the job: /);
      }
      expect(logs).toEqual([
        "dropped job evil0001.1: not sealed (posted without the key?); not played (is NINEFOLD_QUEUE_KEY the coordinators' key?)",
        "dropped job evil0001.2: its MAC does not verify; not played (is NINEFOLD_QUEUE_KEY the coordinators' key?)",
        "dropped job evil0001.3: its MAC does not verify; not played (is NINEFOLD_QUEUE_KEY the coordinators' key?)",
      ]);
      expect(worker.played()).toBe(0);
      expect(existsSync(marker)).toBe(false);
      expect(existsSync(join(cacheDir, hash))).toBe(false);
    } finally {
      await queue.close();
      await redis.quit();
      await worker.close();
    }
  });

  it("a result forged by a client without the key is never merged: each is dropped with one line, the batch is played again, and the run ends with the local run's tally", async () => {
    const target = parseQueueUrl(url);
    const c = config('forged', ['greedy', 'random', 'random', 'random']);
    const lines: string[] = [];
    const q = await QueuePlayer.open(target, key, 10_000, (l) => lines.push(l));
    const { Worker } = loadBullmq();
    const forger = new Worker(QUEUE_NAME, null, { connection: redisOptions(target), prefix: PREFIX });
    let worker: Awaited<ReturnType<typeof serveQueue>> | null = null;
    try {
      const run = runTourney({ config: c, games: 800, workers: 1, watchdogMs: 10_000, pool: q });
      const fake = { status: 'played', tally: { games: 800, fake: true }, balance: null, out: null, worker: 'forger' };
      // The first job gets an unsealed tally; the second gets its own (valid) job seal back as its result.
      const taken: string[] = [];
      for (const forge of [(_j: Job) => fake, (j: Job) => j.data]) {
        let job: Job | undefined;
        while (job === undefined) job = await forger.getNextJob('forger-token', { block: true });
        taken.push(job.id!);
        await job.moveToCompleted(forge(job), 'forger-token', false);
      }
      await forger.close();
      worker = await serveQueue({ target, key, concurrency: 1, lockMs: 30_000, log: () => undefined, cacheDir: join(out, 'cache-forged') });
      const queued = await run;
      expect(queued.complete).toBe(true);
      expect(queued.tally).toEqual((await runTourney({ config: c, games: 800, workers: 1, watchdogMs: 10_000, pool: new InlinePool() })).tally);
      expect(lines).toEqual([
        `dropped the result of job ${taken[0]}: not sealed (posted without the key?); not merged, the batch is played again`,
        `dropped the result of job ${taken[1]}: its MAC does not verify; not merged, the batch is played again`,
      ]);
    } finally {
      await forger.close();
      await q.close();
      await worker?.close();
    }
  });

  it('records altered in Redis after a keyed worker sealed its result are never merged: the batch is played again', async () => {
    const target = parseQueueUrl(url);
    const c = config('altered', ['greedy', 'random', 'random', 'random'], true);
    const lines: string[] = [];
    const q = await QueuePlayer.open(target, key, 10_000, (l) => lines.push(l));
    const redis = await connectRedis(target);
    const { Worker } = loadBullmq();
    const holder = new Worker(QUEUE_NAME, null, { connection: redisOptions(target), prefix: PREFIX });
    let worker: Awaited<ReturnType<typeof serveQueue>> | null = null;
    try {
      for (const d of ['queued', 'local']) mkdirSync(join(out, d));
      const run = runTourney({ config: c, games: 400, workers: 1, watchdogMs: 10_000, dir: join(out, 'queued'), pool: q });
      let job: Job | undefined;
      while (job === undefined) job = await holder.getNextJob('holder-token', { block: true });
      // A worker holding the key seals the sha256 of the records it stored; someone then overwrites them.
      const stored = outKey(job.id!);
      const result = { status: 'played', tally: { games: 16 }, balance: null, out: { key: stored, sha256: sha256('{"records":"","rows":""}') }, worker: 'w' };
      await redis.set(stored, '{"records":"forged\\n","rows":""}');
      await job.moveToCompleted(seal(key, RESULT_TAG, job.id!, result), 'holder-token', false);
      await holder.close();
      worker = await serveQueue({ target, key, concurrency: 1, lockMs: 30_000, log: () => undefined, cacheDir: join(out, 'cache-altered') });
      const queued = await run;
      const local = await runTourney({ config: c, games: 400, workers: 1, watchdogMs: 10_000, dir: join(out, 'local'), pool: new InlinePool() });
      expect(queued.tally).toEqual(local.tally);
      expect(readFileSync(join(out, 'queued', 'games.jsonl')).equals(readFileSync(join(out, 'local', 'games.jsonl')))).toBe(true);
      expect(lines).toEqual([
        `dropped the result of job ${job.id}: its records do not match the sha256 ${sha256('{"records":"","rows":""}').slice(0, 12)} its result carries; not merged, the batch is played again`,
      ]);
    } finally {
      await holder.close();
      await redis.quit();
      await q.close();
      await worker?.close();
    }
  });

  it('a coordinator whose workers hold another key ends its run with one line: they dropped its jobs', async () => {
    const target = parseQueueUrl(url);
    const worker = await serveQueue({ target, key: otherKey, concurrency: 1, lockMs: 30_000, log: () => undefined, cacheDir: join(out, 'cache-other') });
    const q = await QueuePlayer.open(target, key, 10_000);
    try {
      const run = runTourney({ config: config('other', ['greedy', 'random', 'random', 'random']), games: 80, workers: 1, watchdogMs: 10_000, pool: q });
      await expect(run).rejects.toThrow(RunStoppedError);
      await expect(run).rejects.toThrow(/^batch \d+ failed 3 times before its first decision: worker .* dropped the job: its MAC does not verify$/);
    } finally {
      await q.close();
      await worker.close();
    }
  });
});
