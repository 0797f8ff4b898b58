/**
 * Runs and their directories, through the compiled CLI: the output
 * directory's lock and --force, --version, a TypeScript bot that
 * imports its sibling files, and a run under --move-timeout labelled as
 * depending on the clock.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newRunDir } from '../../src/cli/run-dir.js';

const CLI = join('dist', 'src', 'cli', 'tourney.js');
const out = mkdtempSync(join(tmpdir(), 'ninefold-cli-runs-'));

function tourney(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('runs and their directories', () => {
  it('--version prints the version and exits 0', () => {
    const r = tourney(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe((JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version);
    expect(r.stderr).toBe('');
  });

  it('a second run into the directory of a run in progress exits 2 naming the holder', async () => {
    const dir = join(out, 'locked');
    const child = spawn(process.execPath, [CLI, '--game', 'nine-virtues', '--games', '400000', '--out', dir], { stdio: 'ignore' });
    const t0 = Date.now();
    while (!existsSync(join(dir, '.lock')) && Date.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 50));
    const r = tourney(['--game', 'captains-orders', '--games', '10', '--out', dir]);
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`in use by another run \\(process ${child.pid}\\)`));
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    // The holder is gone now (killed): its stale lock does not block the next run, which still refuses the old run without --force.
    const again = tourney(['--game', 'captains-orders', '--games', '10', '--out', dir]);
    expect(again.code === 0 || /already holds a run/.test(again.stderr)).toBe(true);
  });

  it('runs without --out started in the same second get their own directories (results/<name>, then <name>-2), never "already holds a run"', async () => {
    const dir = join(out, 'same-second');
    mkdirSync(dir);
    expect(newRunDir('nine-virtues-s1-20261124-070000', join(dir, 'results'))).toBe(join(dir, 'results', 'nine-virtues-s1-20261124-070000'));
    expect(newRunDir('nine-virtues-s1-20261124-070000', join(dir, 'results'))).toBe(join(dir, 'results', 'nine-virtues-s1-20261124-070000-2'));
    // Two runs of the same command at once, as a script would start them: both finish, each in its own directory.
    const cwd = join(out, 'same-second-cli');
    mkdirSync(cwd);
    const run = () =>
      new Promise<number>((done) =>
        spawn(process.execPath, [resolve(CLI), '--game', 'captains-orders', '--games', '10'], { cwd, stdio: 'ignore' }).on('exit', (c) => done(c ?? -1)),
      );
    expect(await Promise.all([run(), run()])).toEqual([0, 0]);
    const runs = readdirSync(join(cwd, 'results'));
    expect(runs).toHaveLength(2);
    for (const r of runs) expect(existsSync(join(cwd, 'results', r, 'summary.json'))).toBe(true);
  });

  it('a fresh run refuses a directory that holds a run; --force replaces it, and no file of the old run stays', () => {
    const dir = join(out, 'old');
    expect(tourney(['--game', 'nine-virtues', '--games', '40', '--record', '--out', dir]).code).toBe(0);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const refused = tourney(['--game', 'captains-orders', '--games', '10', '--out', dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/already holds a run.*--force/);
    const forced = tourney(['--game', 'captains-orders', '--games', '10', '--out', dir, '--force']);
    expect(forced.code).toBe(0);
    expect(existsSync(join(dir, 'games.jsonl'))).toBe(false);
    expect(existsSync(join(dir, 'notes.txt'))).toBe(true);
    expect((JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { game: string }).game).toBe('captains-orders');
  });
});

describe('user bots and the clock', () => {
  it('a TypeScript bot file that imports a sibling TypeScript file plays', () => {
    const r = tourney([
      '--game',
      'captains-orders',
      '--bots',
      './test/fixtures/bots/ts-sibling/bot.ts,greedy,random,random',
      '--games',
      '40',
      '--out',
      join(out, 'ts'),
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const s = JSON.parse(readFileSync(join(out, 'ts', 'summary.json'), 'utf8')) as { bots: { name: string; faults: number }[] };
    expect(s.bots.find((b) => b.name.endsWith('bot.ts'))!.faults).toBe(0);
  });

  it('a run under --move-timeout says its results can depend on the clock, and lists the faults a time limit caused', () => {
    const dir = join(out, 'clock');
    const r = tourney([
      '--game',
      'captains-orders',
      '--bots',
      './test/fixtures/bots/loop.js,greedy,random,random',
      '--games',
      '200',
      '--move-timeout',
      '200',
      '--out',
      dir,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/\n/g, ' ')).toMatch(/NOT REPRODUCIBLE: .*--move-timeout 200 ms/);
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as {
      reproducible: boolean;
      timeouts: { bot: string }[];
      faults: { byReason: Record<string, number> };
    };
    expect(s.reproducible).toBe(false);
    expect(s.timeouts.length).toBe(s.faults.byReason.timeout);
    expect(s.timeouts.every((t) => t.bot.endsWith('loop.js'))).toBe(true);
  });
});
