/**
 * Secret deals through the compiled CLI: a run with a user bot file deals
 * from a random key and says so in one header line, `summary.json` carries
 * the key once the run is complete, `--deal-key` with it plays the run again
 * exactly, a keyed run stopped by SIGINT and resumed ends as an uninterrupted
 * one with the same key, a training run and its verification share one key,
 * and a bad `--deal-key` is one line and exit 2. Built-in runs say nothing
 * new.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstBatchMerged } from '../run-helpers.js';

const CLI = join('dist', 'src', 'cli', 'tourney.js');
const MATCH = join('dist', 'src', 'cli', 'match.js');
const TRAIN = join('dist', 'src', 'cli', 'train.js');
const out = mkdtempSync(join(tmpdir(), 'ninefold-secret-'));

function run(cli: string, args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

type SummaryJson = Record<string, unknown> & { dealKey?: string; secretDeals?: boolean; complete: boolean; seed: string };
const summaryOf = (dir: string): SummaryJson => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as SummaryJson;
function withoutTiming(dir: string): unknown {
  const s = summaryOf(dir);
  delete s.timing;
  return s;
}
const file = (dir: string, name: string): string => readFileSync(join(dir, name), 'utf8');

describe('secret deals through the CLI', () => {
  it('a run with a bot file deals from a random key, says so in one header line, and --deal-key from summary.json plays it again exactly (summary.json but timing, games.csv, games.jsonl)', () => {
    const common = ['--game', 'captains-orders', '--bots', './bots/examples/my-bot.js,greedy,random,random', '--games', '120', '--games-csv', '--record'];
    const a = join(out, 'keyed-a');
    const r = run(CLI, [...common, '--out', a]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const s = summaryOf(a);
    expect(s.secretDeals).toBe(true);
    expect(s.seed).toBe('1');
    expect(s.dealKey).toMatch(/^[0-9a-f]{32}$/);
    expect(r.stdout.split('\n').filter((l) => /secret deals/.test(l))).toEqual([
      `secret deals: dealt from a random key, not from the seed; --deal-key ${s.dealKey} plays them again`,
    ]);
    // Another run gets another key, so other deals.
    const b = join(out, 'keyed-b');
    expect(run(CLI, [...common, '--out', b]).code).toBe(0);
    expect(summaryOf(b).dealKey).not.toBe(s.dealKey);
    expect(file(b, 'games.jsonl')).not.toBe(file(a, 'games.jsonl'));
    // The key in upper case, another worker count: the same run.
    const again = join(out, 'keyed-again');
    const r2 = run(CLI, [...common, '--workers', '1', '--deal-key', s.dealKey!.toUpperCase(), '--out', again]);
    expect(r2.code).toBe(0);
    expect(withoutTiming(again)).toEqual(withoutTiming(a));
    expect(file(again, 'games.csv')).toBe(file(a, 'games.csv'));
    expect(file(again, 'games.jsonl')).toBe(file(a, 'games.jsonl'));
  });

  it("a built-in run prints nothing new and writes no deal key; its games are dealt from the public seed (the first record's seed is 1:0)", () => {
    const dir = join(out, 'public');
    const r = run(CLI, ['--game', 'captains-orders', '--games', '40', '--record', '--out', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/secret deals|--deal-key/);
    const s = summaryOf(dir);
    expect(s.secretDeals).toBeUndefined();
    expect(s.dealKey).toBeUndefined();
    expect((JSON.parse(file(dir, 'games.jsonl').split('\n')[0]!) as { seed: string }).seed).toBe('1:0');
    expect(JSON.parse(file(dir, 'checkpoint.json')).config.dealKey).toBeUndefined();
  });

  it('a keyed run stopped by SIGINT keeps its key in checkpoint.json only; resumed, it equals an uninterrupted run with the same --deal-key (summary.json but timing, games.csv)', async () => {
    const key = '00112233445566778899aabbccddeeff';
    const dir = join(out, 'stopped');
    const ref = join(out, 'uninterrupted');
    const args = [
      '--game',
      'captains-orders',
      '--bots',
      'random,random,random,random,random',
      '--games',
      '100000',
      '--seed',
      '5',
      '--games-csv',
      '--deal-key',
      key,
      '--workers',
      '2',
    ];
    const child = spawn(process.execPath, [CLI, ...args, '--out', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const t0 = Date.now();
    const merged = (): boolean => firstBatchMerged(join(dir, 'checkpoint.json'));
    while (!merged() && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    expect(await new Promise<number>((r) => child.on('exit', (c) => r(c ?? -1)))).toBe(130);
    const stopped = summaryOf(dir);
    expect(stopped.complete).toBe(false);
    expect(stopped.secretDeals).toBe(true);
    expect(stopped.dealKey).toBeUndefined();
    expect(stdout.replace(/\n/g, ' ')).toMatch(/secret deals: .*the key is in checkpoint\.json until the run completes/);
    expect(JSON.parse(file(dir, 'checkpoint.json')).config.dealKey).toBe(key);
    // --resume keeps the key; --deal-key cannot change it.
    const refused = run(CLI, ['--resume', dir, '--deal-key', 'ffffffffffffffffffffffffffffffff']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--deal-key cannot change it/);
    const resumed = run(CLI, ['--resume', dir, '--workers', '1']);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(summaryOf(dir).dealKey).toBe(key);
    expect(run(CLI, [...args, '--out', ref]).code).toBe(0);
    expect(withoutTiming(dir)).toEqual(withoutTiming(ref));
    expect(file(dir, 'games.csv')).toBe(file(ref, 'games.csv'));
  });

  it('train with a bot file among the opponents: every run of the training and its verification match deal from one key, kept in train-state.json and written to train.json at the end', () => {
    const dir = join(out, 'train');
    const r = run(TRAIN, [
      ...['--game', 'captains-orders', '--bot', 'greedy', '--opponents', './bots/examples/my-bot.js,random,random'],
      ...['--budget', '64', '--deals', '2', '--verify-games', '40', '--workers', '1', '--out', dir],
    ]);
    expect(r.code).toBe(0);
    const key = (JSON.parse(file(dir, 'train-state.json')) as { setup: { dealKey?: string } }).setup.dealKey;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(r.stdout.replace(/\n/g, ' ')).toMatch(/secret deals: .*the key is in train-state\.json until the run completes/);
    expect((JSON.parse(file(dir, 'train.json')) as { dealKey?: string }).dealKey).toBe(key);
    expect(summaryOf(join(dir, 'verify')).dealKey).toBe(key);
    expect(summaryOf(join(dir, 'verify')).seed).toBe('1-verify');
  });

  it('a bad --deal-key is one line on stderr and exit 2, before anything is played or written (tourney, match)', () => {
    for (const [cli, args] of [
      [CLI, ['--game', 'captains-orders', '--games', '10']],
      [MATCH, ['--game', 'captains-orders', '--candidate', 'greedy', '--baseline', 'random', '--games', '10']],
    ] as const) {
      for (const bad of ['abc', '0123456789abcdef0123456789abcdeg', '0123456789abcdef0123456789abcdef00']) {
        const dir = join(out, `bad-${bad.length}-${cli.length}`);
        const r = run(cli, [...args, '--deal-key', bad, '--out', dir]);
        expect(r.code).toBe(2);
        expect(r.stderr.trim().split('\n')).toEqual([`ninefold: --deal-key must be exactly 32 hex digits (a run's "dealKey" in summary.json), got '${bad}'`]);
        expect(existsSync(dir)).toBe(false);
      }
    }
  });
});
