/**
 * A cluster on one machine, as a user runs it (docs/queue.md): a real
 * `redis-server` on a free loopback port, worker processes
 * (`dist/src/cli/worker.js`, what `npm run worker` starts) and coordinators
 * (`tourney`, `match` with `--queue`). A queued run writes the local run's
 * files; a worker killed with SIGKILL in the middle loses nothing; a
 * coordinator stopped with Ctrl-C, or killed, resumes with `--resume` without
 * replaying merged batches; a worker without a user bot file fetches it.
 * Every process holds the queue's key (`NINEFOLD_QUEUE_KEY`); a keyed run
 * over two workers is the local run, and a Redis with a password is reached
 * through `--queue env` without the password or the key on any command line.
 * Long tier: about a minute.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstBatchMerged } from '../run-helpers.js';
import { startRedis } from './redis-server.js';

const CLI = resolve('dist', 'src', 'cli');
/** A short lock, so that a killed worker's batch is taken again within seconds (the default is 30 s). */
const LOCK_MS = '1500';
/** Every worker and coordinator of the cluster holds the queue's key. */
const KEYED = { ...process.env, NINEFOLD_QUEUE_KEY: 'ninefold-cluster-key-0123456789' };

interface Proc {
  readonly child: ChildProcess;
  out: string;
  err: string;
  readonly exited: Promise<number>;
}

function start(file: string, args: readonly string[], cwd = process.cwd(), env: NodeJS.ProcessEnv = KEYED): Proc {
  const child = spawn(process.execPath, [join(CLI, file), ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env });
  const p: Proc = {
    child,
    out: '',
    err: '',
    exited: new Promise((r) => child.on('exit', (code, signal) => r(code ?? (signal === 'SIGKILL' ? 137 : -1)))),
  };
  child.stdout!.on('data', (d: Buffer) => {
    p.out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    p.err += d.toString();
  });
  return p;
}

function run(file: string, args: readonly string[], cwd = process.cwd(), env: NodeJS.ProcessEnv = KEYED): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(CLI, file), ...args], { cwd, encoding: 'utf8', timeout: 240_000, env });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

async function until(what: string, ok: () => boolean, ms = 60_000): Promise<void> {
  const t0 = Date.now();
  while (!ok()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function withoutTiming(dir: string, file = 'summary.json'): unknown {
  const s = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
  delete s.timing;
  return s;
}

/** Games the workers' logs say they played for run `runId`. */
function gamesPlayed(logs: readonly string[], runId: string): number {
  let n = 0;
  for (const log of logs) for (const m of log.matchAll(new RegExp(`played run ${runId} deals .*?: (\\d+) games`, 'g'))) n += Number(m[1]);
  return n;
}

/** The run id a coordinator announced on stderr. */
function runIdOf(stderr: string): string {
  const m = /run ([0-9a-f]{8}) plays its batches through/.exec(stderr);
  if (!m) throw new Error(`no run id in: ${stderr}`);
  return m[1]!;
}

const server = await startRedis();
if (typeof server === 'string') console.warn(`cluster tests skipped: ${server}`);

describe.skipIf(typeof server === 'string')('a cluster of worker processes on one machine', () => {
  const url = typeof server === 'string' ? '' : server.url;
  const out = mkdtempSync(join(tmpdir(), 'ninefold-cluster-'));
  const workers: Proc[] = [];
  const allLogs = (): string[] => workers.map((w) => w.out);
  const startWorker = (): Proc => {
    const w = start('worker.js', ['--queue', url, '--concurrency', '1', '--lock-duration', LOCK_MS, '--cache', join(out, 'cache')], tmpdir());
    workers.push(w);
    return w;
  };

  beforeAll(async () => {
    startWorker();
    startWorker();
    await until('two workers', () => workers.every((w) => /serving redis/.test(w.out)));
  });
  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGINT');
    await Promise.all(workers.map((w) => Promise.race([w.exited, new Promise((r) => setTimeout(r, 10_000))])));
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
    if (typeof server !== 'string') await server.stop();
    rmSync(out, { recursive: true, force: true });
  });

  it("a worker killed with SIGKILL in the middle of a batch: the batch is taken again, and summary.json is the local run's", async () => {
    const args = ['--game', 'captains-orders', '--games', '400000', '--seed', '21', '--workers', '2'];
    const victim = workers[0]!;
    const coordinator = start('tourney.js', [...args, '--queue', url, '--out', join(out, 'killed-worker')]);
    await until('the victim to play three batches', () => (victim.out.match(/played run/g) ?? []).length >= 3);
    victim.child.kill('SIGKILL');
    expect(await coordinator.exited).toBe(0);
    // BullMQ's stalled-job check found the victim's batch and another worker played it.
    expect(workers[1]!.out).toMatch(/stalled \(its worker died or hung\): taken again/);
    expect(run('tourney.js', [...args, '--out', join(out, 'killed-worker-ref')]).code).toBe(0);
    expect(withoutTiming(join(out, 'killed-worker'))).toEqual(withoutTiming(join(out, 'killed-worker-ref')));
    startWorker();
  });

  it("a coordinator stopped with Ctrl-C resumes with --resume --queue: merged batches are not played again, and summary.json and games.jsonl are the local run's", async () => {
    const args = ['--game', 'nine-virtues', '--games', '4000', '--seed', '22', '--workers', '2', '--record'];
    const dir = join(out, 'stopped');
    const coordinator = start('tourney.js', [...args, '--queue', url, '--out', dir]);
    const merged = (): boolean => firstBatchMerged(join(dir, 'checkpoint.json'));
    await until('a checkpoint', merged);
    coordinator.child.kill('SIGINT');
    expect(await coordinator.exited).toBe(130);
    const kept = (JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as { tally: { games: number } }).tally.games;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(4000);
    const resumed = run('tourney.js', ['--resume', dir, '--queue', url]);
    expect(resumed.code).toBe(0);
    // The resumed session (a new run id) played exactly the games the checkpoint did not hold.
    const id = runIdOf(resumed.stderr);
    await until('the workers to log their last batch', () => gamesPlayed(allLogs(), id) >= 4000 - kept, 10_000);
    expect(gamesPlayed(allLogs(), id)).toBe(4000 - kept);
    expect(run('tourney.js', [...args, '--out', join(out, 'stopped-ref')]).code).toBe(0);
    expect(withoutTiming(dir)).toEqual(withoutTiming(join(out, 'stopped-ref')));
    expect(readFileSync(join(dir, 'games.jsonl')).equals(readFileSync(join(out, 'stopped-ref', 'games.jsonl')))).toBe(true);
  });

  it("a coordinator killed with SIGKILL resumes with --resume --queue to the local run's summary.json", async () => {
    const args = ['--game', 'captains-orders', '--games', '300000', '--seed', '23', '--workers', '2'];
    const dir = join(out, 'killed-coordinator');
    const coordinator = start('tourney.js', [...args, '--queue', url, '--out', dir]);
    await until('a checkpoint', () => existsSync(join(dir, 'checkpoint.json')));
    coordinator.child.kill('SIGKILL');
    await coordinator.exited;
    const resumed = run('tourney.js', ['--resume', dir, '--queue', url]);
    expect(resumed.code).toBe(0);
    expect(run('tourney.js', [...args, '--out', join(out, 'killed-coordinator-ref')]).code).toBe(0);
    expect(withoutTiming(dir)).toEqual(withoutTiming(join(out, 'killed-coordinator-ref')));
  });

  it('workers that lack a user bot file (another directory) fetch it from the queue by hash and play it as the coordinator would', () => {
    const home = join(out, 'user');
    mkdirSync(home);
    copyFileSync(resolve('bots', 'examples', 'my-bot.js'), join(home, 'bot.js'));
    const args = ['--game', 'captains-orders', '--bots', './bot.js,greedy,random,random', '--games', '400', '--seed', '24', '--workers', '2'];
    // One deal key for both runs (a run with a bot file deals from a random key otherwise).
    args.push('--deal-key', '0123456789abcdef0123456789abcdef');
    const queued = run('tourney.js', [...args, '--queue', url, '--out', join(home, 'queued')], home);
    expect(queued.code).toBe(0);
    expect(run('tourney.js', [...args, '--out', join(home, 'local')], home).code).toBe(0);
    expect(withoutTiming(join(home, 'queued'))).toEqual(withoutTiming(join(home, 'local')));
    expect(readdirHashes(join(out, 'cache'))).toContain(sha256Of(join(home, 'bot.js')));
  });

  it("a keyed run over two workers still gives the local run's summary.json (but for timing)", async () => {
    const args = ['--game', 'captains-orders', '--games', '200000', '--seed', '27', '--workers', '2'];
    const queued = run('tourney.js', [...args, '--queue', url, '--out', join(out, 'keyed-q')]);
    expect(queued.code).toBe(0);
    const id = runIdOf(queued.stderr);
    await until('the workers to log their last batch', () => gamesPlayed(allLogs(), id) >= 200_000, 10_000);
    // Both live workers played part of it, and together all of it, once.
    const live = workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
    expect(live.length).toBeGreaterThanOrEqual(2);
    expect(live.filter((w) => gamesPlayed([w.out], id) > 0).length).toBeGreaterThanOrEqual(2);
    expect(gamesPlayed(allLogs(), id)).toBe(200_000);
    expect(run('tourney.js', [...args, '--out', join(out, 'keyed-l')]).code).toBe(0);
    expect(withoutTiming(join(out, 'keyed-q'))).toEqual(withoutTiming(join(out, 'keyed-l')));
    for (const f of readdirSync(join(out, 'keyed-q'))) expect(readFileSync(join(out, 'keyed-q', f), 'utf8')).not.toContain(KEYED.NINEFOLD_QUEUE_KEY);
  });

  it('match --sprt and a sweep with --queue write the files of their local runs', () => {
    const match = ['--game', 'nine-virtues', '--candidate', 'greedy', '--baseline', 'random', '--sprt', '--games', '40000', '--seed', '25', '--workers', '2'];
    expect(run('match.js', [...match, '--queue', url, '--out', join(out, 'match-q')]).code).toBe(0);
    expect(run('match.js', [...match, '--out', join(out, 'match-l')]).code).toBe(0);
    expect(withoutTiming(join(out, 'match-q'))).toEqual(withoutTiming(join(out, 'match-l')));
    expect(readFileSync(join(out, 'match-q', 'sprt.csv'), 'utf8')).toBe(readFileSync(join(out, 'match-l', 'sprt.csv'), 'utf8'));
    const sweep = ['--game', 'nine-virtues', '--games', '4000', '--sweep', 'bidPenalty=face,zero', '--seed', '26', '--workers', '2'];
    expect(run('tourney.js', [...sweep, '--queue', url, '--out', join(out, 'sweep-q')]).code).toBe(0);
    expect(run('tourney.js', [...sweep, '--out', join(out, 'sweep-l')]).code).toBe(0);
    for (const sub of ['bidPenalty=face', 'bidPenalty=zero'])
      expect(withoutTiming(join(out, 'sweep-q', sub))).toEqual(withoutTiming(join(out, 'sweep-l', sub)));
  });
});

function sha256Of(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function readdirHashes(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir) : [];
}

const PASSWORD = 'redis-pass-0123456789';
const locked = await startRedis(PASSWORD);
if (typeof locked === 'string') console.warn(`queue tests with a password skipped: ${locked}`);

describe.skipIf(typeof locked === 'string')('a queue whose Redis has a password', () => {
  const out = mkdtempSync(join(tmpdir(), 'ninefold-locked-'));
  afterAll(async () => {
    if (typeof locked !== 'string') await locked.stop();
    rmSync(out, { recursive: true, force: true });
  });

  it("--queue env takes the URL with its password from NINEFOLD_QUEUE_URL: a keyed worker process and coordinator play a user bot file to the local run's summary.json, and no process under the worker holds the key or the password in its command line or environment", async () => {
    if (typeof locked === 'string') return;
    const env = { ...KEYED, NINEFOLD_QUEUE_URL: locked.url };
    const worker = start('worker.js', ['--queue', 'env', '--concurrency', '1', '--cache', join(out, 'cache')], process.cwd(), env);
    // Every process under the worker (the user bot's realms), sampled while it plays: its command line and environment.
    const seen = new Map<number, string>();
    const sample = setInterval(() => {
      for (const pid of descendants(worker.child.pid!)) {
        try {
          seen.set(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8') + readFileSync(`/proc/${pid}/environ`, 'utf8'));
        } catch {
          // It exited meanwhile.
        }
      }
    }, 50);
    try {
      await until('the worker', () => /serving redis/.test(worker.out), 30_000);
      expect(worker.out).toMatch(new RegExp(`serving redis://127\\.0\\.0\\.1:${locked.port}/0 with 1 thread`));
      const bots = `${resolve('bots', 'examples', 'my-bot.js')},greedy,random,random`;
      const args = ['--game', 'captains-orders', '--bots', bots, '--games', '800', '--seed', '41'];
      // One deal key for both runs (a run with a bot file deals from a random key otherwise).
      args.push('--deal-key', '0123456789abcdef0123456789abcdef');
      const queued = run('tourney.js', [...args, '--queue', 'env', '--out', join(out, 'q')], process.cwd(), env);
      expect(queued.code).toBe(0);
      expect(queued.stderr).toMatch(new RegExp(`plays its batches through redis://127\\.0\\.0\\.1:${locked.port}/0: 1 worker`));
      expect(run('tourney.js', [...args, '--out', join(out, 'l')]).code).toBe(0);
      expect(withoutTiming(join(out, 'q'))).toEqual(withoutTiming(join(out, 'l')));
      const secrets = [KEYED.NINEFOLD_QUEUE_KEY, PASSWORD];
      const texts = [
        ...readdirSync(join(out, 'q')).map((f) => readFileSync(join(out, 'q', f), 'utf8')),
        readFileSync(`/proc/${worker.child.pid}/cmdline`, 'utf8'),
        worker.out,
        worker.err,
        queued.stdout,
        queued.stderr,
        ...seen.values(),
      ];
      // `seen` holds the user bot's realm processes when its sandbox runs it in processes of its own.
      for (const t of texts) for (const secret of secrets) expect(t).not.toContain(secret);
    } finally {
      clearInterval(sample);
      worker.child.kill('SIGINT');
      await worker.exited;
    }
  });
});

/** The pids of every process under `pid` (Linux's /proc; empty elsewhere). */
function descendants(pid: number): number[] {
  if (!existsSync('/proc')) return [];
  const children = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      // Gone.
    }
  }
  const out: number[] = [];
  const stack = [pid];
  while (stack.length > 0) for (const c of children.get(stack.pop()!) ?? []) out.push(c), stack.push(c);
  return out;
}
