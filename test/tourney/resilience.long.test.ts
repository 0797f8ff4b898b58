/**
 * Resilience as a user meets it: user bots from files, faulty bots that throw,
 * return illegal actions or never return, a bot scribbling on what it is
 * given, and a run stopped with SIGINT then resumed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstBatchMerged } from '../run-helpers.js';

const CLI = join('dist', 'src', 'cli', 'tourney.js');
const FIX = join('test', 'fixtures', 'bots');
/** The deal key of runs that must equal another run: a run with a bot file deals from a random key unless given one. */
const DEAL_KEY = '5ec2e7dea15c0ffee0ddba11dec0de00';

function tourney(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

interface BotRow {
  name: string;
  games: number;
  forfeits: number;
  faults: number;
}
const summaryOf = (dir: string): { bots: BotRow[]; games: number; complete: boolean; faults: { byReason: Record<string, number> } } =>
  JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));

function withoutTiming(dir: string): unknown {
  const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Record<string, unknown>;
  delete s.timing;
  return s;
}

describe('resilience', () => {
  const out = mkdtempSync(join(tmpdir(), 'ninefold-res-'));

  it('the README example bot file plays (loaded by path), as does a TypeScript bot file', () => {
    const dir = join(out, 'user');
    const r = tourney(['--game', 'captains-orders', '--bots', `./bots/examples/my-bot.js,./${FIX}/typed-bot.ts,greedy,random`, '--games', '200', '--out', dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const s = summaryOf(dir);
    expect(s.bots.map((b) => b.name)).toEqual(['./bots/examples/my-bot.js', `./${FIX}/typed-bot.ts`, 'greedy', 'random']);
    for (const b of s.bots) expect(b.games).toBe(200);
  });

  it('a throwing, an illegal-action and an endless-loop bot forfeit their games; the run completes and every other bot plays every game', () => {
    const dir = join(out, 'faulty');
    const lineup = [`./${FIX}/throws.js`, `./${FIX}/illegal.js`, `./${FIX}/loop.js`, 'greedy', 'random'].join(',');
    const r = tourney(['--game', 'captains-orders', '--bots', lineup, '--games', '300', '--move-timeout', '300', '--workers', '2', '--out', dir, '--record']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const s = summaryOf(dir);
    expect(s.complete).toBe(true);
    expect(s.games).toBe(300);
    const by = Object.fromEntries(s.bots.map((b) => [b.name, b]));
    expect(by[`./${FIX}/throws.js`]!.forfeits).toBeGreaterThan(0);
    expect(by[`./${FIX}/illegal.js`]!.forfeits).toBeGreaterThan(0);
    expect(by[`./${FIX}/loop.js`]!.forfeits).toBeGreaterThan(0);
    expect(by.greedy!.forfeits).toBe(0);
    expect(by.random!.forfeits).toBe(0);
    for (const b of s.bots) expect(b.games).toBe(300);
    expect(Object.keys(s.faults.byReason).sort()).toEqual(['illegal', 'threw', 'timeout']);
    expect(r.stdout).toMatch(/forfeits/);
    // The tables end with each faulty bot's first fault, in line-up order.
    const firsts = r.stdout.split('\n').filter((l) => l.startsWith('First fault of'));
    expect(firsts.map((l) => l.slice(0, l.indexOf(':')))).toEqual([
      `First fault of ./${FIX}/throws.js`,
      `First fault of ./${FIX}/illegal.js`,
      `First fault of ./${FIX}/loop.js`,
    ]);
    const lines = readFileSync(join(dir, 'games.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(300);
    const forfeits = lines.map((l) => JSON.parse(l) as { forfeit?: { reason: string } }).filter((g) => g.forfeit);
    expect(forfeits.some((g) => /took over 300 ms/.test(g.forfeit!.reason))).toBe(true);
    expect(forfeits.some((g) => /threw: boom/.test(g.forfeit!.reason))).toBe(true);
  });

  it('a bot that kills its worker thread: the worker is replaced, the batch played again, and the bot forfeits that game', () => {
    const dir = join(out, 'crash');
    const r = tourney(['--game', 'captains-orders', '--bots', `./${FIX}/crash.js,greedy,random,random`, '--games', '200', '--out', dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const s = summaryOf(dir);
    expect(s.complete).toBe(true);
    expect(s.bots.map((b) => b.games)).toEqual([200, 200, 400]);
    expect(s.bots[0]!.forfeits).toBeGreaterThan(0);
    expect(s.bots.slice(1).every((b) => b.forfeits === 0)).toBe(true);
  });

  it('--on-fault random replaces each faulty decision by a random legal action: no forfeits, faults counted', () => {
    const dir = join(out, 'random-fault');
    const r = tourney([
      '--game',
      'captains-orders',
      '--bots',
      `./${FIX}/throws.js,./${FIX}/illegal.js,greedy,random`,
      '--games',
      '200',
      '--on-fault',
      'random',
      '--out',
      dir,
    ]);
    expect(r.code).toBe(0);
    const s = summaryOf(dir);
    for (const b of s.bots) expect(b.forfeits).toBe(0);
    expect(s.bots[0]!.faults).toBeGreaterThan(0);
    expect(s.bots[1]!.faults).toBeGreaterThan(0);
  });

  it('a bot that writes over its observation and legal actions changes nothing: same results as a random bot', () => {
    const a = join(out, 'mut');
    const b = join(out, 'mut-ref');
    // One deal key for both (a run with a bot file deals from a random key otherwise, and the reference would play other deals).
    const same = ['--games', '400', '--seed', '9', '--deal-key', DEAL_KEY];
    expect(tourney(['--game', 'captains-orders', '--bots', `./${FIX}/mutator.js,greedy,random,random`, ...same, '--out', a]).code).toBe(0);
    expect(tourney(['--game', 'captains-orders', '--bots', 'random,greedy,random,random', ...same, '--out', b]).code).toBe(0);
    const ra = summaryOf(a);
    const rb = summaryOf(b);
    expect(ra.bots.find((x) => x.name === 'greedy')).toEqual(rb.bots.find((x) => x.name === 'greedy'));
  });

  it('bad bot files: a missing file and a module that exports no bot give one line and exit 2', () => {
    const missing = tourney(['--game', 'captains-orders', '--bots', './nope.js,random,random,random', '--out', join(out, 'bad')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/bot file \.\/nope\.js not found/);
    const notBot = tourney(['--game', 'captains-orders', '--bots', `./${FIX}/not-a-bot.js,random,random,random`, '--out', join(out, 'bad')]);
    expect(notBot.code).toBe(2);
    expect(notBot.stderr).toMatch(/must export default a factory/);
    expect(notBot.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('SIGINT stops a run with the results so far (complete: false, exit 130); --resume ends with the same summary as an uninterrupted run', async () => {
    const dir = join(out, 'stopped');
    const ref = join(out, 'uninterrupted');
    const args = ['--game', 'captains-orders', '--bots', 'random,random,random,random,random', '--games', '600000', '--seed', '21', '--workers', '2'];
    const child = spawn(process.execPath, [CLI, ...args, '--out', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Wait for the first checkpoint, then interrupt.
    const t0 = Date.now();
    const merged = (): boolean => firstBatchMerged(join(dir, 'checkpoint.json'));
    while (!merged() && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    const code = await new Promise<number>((r) => child.on('exit', (c) => r(c ?? -1)));
    expect(code).toBe(130);
    expect(stderr).toMatch(/--resume/);
    const stopped = summaryOf(dir);
    expect(stopped.complete).toBe(false);
    expect(stopped.games).toBeGreaterThan(0);
    expect(stopped.games).toBeLessThan(600_000);
    const resumed = tourney(['--resume', dir, '--workers', '1']);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(tourney([...args, '--out', ref]).code).toBe(0);
    expect(withoutTiming(dir)).toEqual(withoutTiming(ref));
  });

  it('--record with SIGINT and --resume: games.jsonl ends byte for byte as in an uninterrupted run', async () => {
    const dir = join(out, 'stopped-rec');
    const ref = join(out, 'uninterrupted-rec');
    const args = ['--game', 'captains-orders', '--bots', 'random,greedy,random,random', '--games', '24000', '--seed', '4', '--workers', '2', '--record'];
    const child = spawn(process.execPath, [CLI, ...args, '--out', dir], { stdio: ['ignore', 'ignore', 'ignore'] });
    const merged = (): boolean => firstBatchMerged(join(dir, 'checkpoint.json'));
    const t0 = Date.now();
    while (!merged() && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    const code = await new Promise<number>((r) => child.on('exit', (c) => r(c ?? -1)));
    expect([0, 130]).toContain(code);
    if (code === 130) expect(tourney(['--resume', dir]).code).toBe(0);
    expect(tourney([...args, '--out', ref]).code).toBe(0);
    const a = readFileSync(join(dir, 'games.jsonl'));
    const b = readFileSync(join(ref, 'games.jsonl'));
    expect(a.length).toBe(b.length);
    expect(a.equals(b)).toBe(true);
    expect(withoutTiming(dir)).toEqual(withoutTiming(ref));
  });

  it('a sweep stopped with SIGINT resumes as a sweep: the same files and comparison as an uninterrupted sweep', async () => {
    const dir = join(out, 'sweep-stopped');
    const ref = join(out, 'sweep-uninterrupted');
    const args = ['--game', 'nine-virtues', '--games', '4000', '--sweep', 'bidPenalty=face,zero', '--seed', '5', '--workers', '2'];
    const child = spawn(process.execPath, [CLI, ...args, '--out', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const cp = join(dir, 'bidPenalty=face', 'checkpoint.json');
    const t0 = Date.now();
    const merged = (): boolean => firstBatchMerged(cp);
    while (!merged() && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    const code = await new Promise<number>((r) => child.on('exit', (c) => r(c ?? -1)));
    expect(code).toBe(130);
    expect(stderr).toMatch(new RegExp(`--resume ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    const resumed = tourney(['--resume', dir]);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/Paired differences from bidPenalty=face/);
    expect(tourney([...args, '--out', ref]).code).toBe(0);
    for (const sub of ['bidPenalty=face', 'bidPenalty=zero']) expect(withoutTiming(join(dir, sub))).toEqual(withoutTiming(join(ref, sub)));
    expect(readFileSync(join(dir, 'sweep-differences.csv'), 'utf8')).toBe(readFileSync(join(ref, 'sweep-differences.csv'), 'utf8'));
    // The game's tables row by row too: the replicates a resumed sweep reads back from balance.json are the ones it kept.
    expect(readFileSync(join(dir, 'sweep-tables.csv'), 'utf8')).toBe(readFileSync(join(ref, 'sweep-tables.csv'), 'utf8'));
  });

  it('--on-fault random with a bot that throws at random: identical summary.json on five runs with --workers 1, 2 and 3', () => {
    const summaries: unknown[] = [];
    for (const [k, workers] of ['1', '2', '3', '2', '1'].entries()) {
      const dir = join(out, `onfault-${k}`);
      const r = tourney([
        '--game',
        'captains-orders',
        '--bots',
        `./${FIX}/throws.js,greedy,random,random`,
        '--games',
        '200',
        '--on-fault',
        'random',
        '--deal-key',
        DEAL_KEY,
        '--workers',
        workers,
        '--out',
        dir,
      ]);
      expect(r.code).toBe(0);
      summaries.push(withoutTiming(dir));
    }
    const first = summaries[0] as { faults: { byReason: Record<string, number> } };
    expect(first.faults.byReason.threw).toBeGreaterThan(0);
    for (const s of summaries) expect(s).toEqual(first);
  });
});
