/**
 * Long runs talk, and every command names its page,
 * through the compiled CLI with stdout and stderr in one file, as
 * `npm run ... > log 2>&1` leaves them: progress lines off a terminal at the
 * cadence `NINEFOLD_PROGRESS_MS` sets (10 s by default; tests set less), plain
 * text within 120 characters; the same result files with and without them;
 * the last line of every command that writes a run directory
 * `open: <dir>/report.html`. In the long tier: eleven runs of the CLI (about
 * 70 s of CPU). The display itself, on a fake clock, in the fast tier:
 * `progress.test.ts`.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROGRESS_LINE_MAX } from '../../src/cli/progress.js';

const out = mkdtempSync(join(tmpdir(), 'ninefold-talk-'));
const ESC = String.fromCharCode(27);

/** One run of a command, its output as a log file would hold it, and when each line arrived (ms from the start). */
interface Logged {
  readonly code: number;
  readonly lines: readonly string[];
  readonly at: readonly number[];
}

/**
 * Runs `dist/src/cli/<command>.js` with stdout and stderr to one pipe (off a terminal, in the order written).
 * @param intervalMs NINEFOLD_PROGRESS_MS (undefined: the default).
 */
function run(command: string, args: readonly string[], intervalMs?: number): Promise<Logged> {
  const env = { ...process.env };
  if (intervalMs === undefined) delete env.NINEFOLD_PROGRESS_MS;
  else env.NINEFOLD_PROGRESS_MS = String(intervalMs);
  const file = join(out, `log-${Math.random().toString(36).slice(2)}`);
  const fd = openSync(file, 'w');
  const t0 = Date.now();
  const child = spawn(process.execPath, [join('dist', 'src', 'cli', `${command}.js`), ...args], { stdio: ['ignore', fd, fd], env });
  closeSync(fd);
  // The file is read as it grows: each new line gets the time it was first seen.
  const at: number[] = [];
  let seen = 0;
  const poll = (): void => {
    const n = readFileSync(file, 'utf8').split('\n').length - 1;
    for (; seen < n; seen++) at.push(Date.now() - t0);
  };
  const timer = setInterval(poll, 20);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearInterval(timer);
      poll();
      resolve({ code: code ?? -1, lines: readFileSync(file, 'utf8').split('\n').slice(0, -1), at });
    });
  });
}

/** The lines a progress display wrote while the run played (not its closing line). */
const progressLines = (r: Logged): number[] => r.lines.flatMap((l, i) => (/^progress: .* so far · ETA /.test(l) ? [i] : []));

describe('off a terminal, long runs talk', () => {
  it('tourney writes a progress line at least every NINEFOLD_PROGRESS_MS (games done/total, games/s, ETA), plain text within 120 characters', async () => {
    const interval = 200;
    const r = await run('tourney', ['--game', 'nine-virtues', '--games', '4000', '--workers', '2', '--out', join(out, 'cadence')], interval);
    expect(r.code, r.lines.join('\n')).toBe(0);
    const idx = progressLines(r);
    expect(idx.length).toBeGreaterThanOrEqual(3);
    for (const i of idx) {
      expect(r.lines[i]).toMatch(/^progress: \d+\/4000 games \(\d+%\) · [\d.]+ games\/s · .* so far · ETA /);
      expect(r.lines[i]!.length).toBeLessThanOrEqual(PROGRESS_LINE_MAX);
    }
    // The gaps between lines as they reached the file: the interval, with room for a loaded machine (never 10 s).
    const gaps = idx.slice(1).map((i, k) => r.at[i]! - r.at[idx[k]!]!);
    expect(Math.max(...gaps)).toBeLessThan(interval + 3000);
    // The counts move forward to the total.
    const counts = idx.map((i) => Number(/^progress: (\d+)/.exec(r.lines[i]!)![1]));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(r.lines.find((l) => l.startsWith('progress: 4000/4000 games in '))).toBeDefined();
    // No ANSI code anywhere off a terminal (the tables are plain too).
    expect(r.lines.join('\n')).not.toContain(ESC);
    expect(r.lines.at(-1)).toBe(`open: ${join(out, 'cadence', 'report.html')}`);
  });

  it('progress lines change no result: a run talking every 50 ms and a silent one write identical files (tourney, train)', async () => {
    const tourneyArgs = (dir: string) => ['--game', 'captains-orders', '--games', '2000', '--seed', '5', '--workers', '2', '--out', join(out, dir), '--record'];
    const talking = await run('tourney', tourneyArgs('talking'), 50);
    const silent = await run('tourney', tourneyArgs('silent'), 100_000_000);
    expect(talking.code).toBe(0);
    expect(silent.code).toBe(0);
    expect(progressLines(talking).length).toBeGreaterThan(0);
    expect(progressLines(silent)).toEqual([]);
    const withoutTiming = (dir: string): unknown => {
      const s = JSON.parse(readFileSync(join(out, dir, 'summary.json'), 'utf8')) as Record<string, unknown>;
      delete s.timing;
      return s;
    };
    expect(withoutTiming('talking')).toEqual(withoutTiming('silent'));
    for (const f of ['bots.csv', 'seats.csv', 'balance.json', 'games.jsonl'])
      expect(readFileSync(join(out, 'talking', f), 'utf8'), f).toBe(readFileSync(join(out, 'silent', f), 'utf8'));

    const trainArgs = (dir: string) => ['--game', 'nine-virtues', '--bot', 'greedy', '--budget', '320', '--deals', '4', '--no-verify', '--out', join(out, dir)];
    const a = await run('train', trainArgs('train-talking'), 50);
    const b = await run('train', trainArgs('train-silent'), 100_000_000);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(progressLines(a).length).toBeGreaterThan(0);
    for (const f of ['curve.csv', 'tuned.json'])
      expect(readFileSync(join(out, 'train-talking', f), 'utf8').replace(/train-talking/g, 'X'), f).toBe(
        readFileSync(join(out, 'train-silent', f), 'utf8').replace(/train-silent/g, 'X'),
      );
  });
});

describe('every command that writes a run directory ends by naming its page', () => {
  const dmc = ['--method', 'dmc', '--budget', '64', '--episodes', '32', '--net-size', '16', '--batch', '64', '--eval-every', '2', '--eval-deals', '4'];
  it.each([
    ['tourney', 'tourney', ['--game', 'captains-orders', '--games', '40', '--workers', '1']],
    ['a sweep', 'tourney', ['--game', 'nine-virtues', '--games', '24', '--sweep', 'bidPenalty=face,zero', '--workers', '1']],
    ['match', 'match', ['--game', 'nine-virtues', '--candidate', 'greedy', '--baseline', 'random', '--games', '48', '--workers', '1']],
    ['rate', 'rate', ['--game', 'nines-holdem', '--pool', 'greedy,random', '--games', '40', '--workers', '1']],
    ['train (SPSA, with its verification)', 'train', ['--game', 'nine-virtues', '--bot', 'greedy', '--budget', '128', '--deals', '4', '--verify-games', '96']],
    [
      'train (NTBEA)',
      'train',
      ['--game', 'nine-virtues', '--bot', 'greedy', '--method', 'ntbea', '--tune', 'leak', '--budget', '64', '--deals', '4', '--no-verify'],
    ],
    ['train --tune-rules', 'train', ['--game', 'nine-virtues', '--tune-rules', 'bidPenalty', '--budget', '96', '--deals', '8', '--verify-games', '48']],
    ['train (DMC)', 'train', ['--game', 'nine-virtues', ...dmc, '--no-verify']],
  ])('%s: the last line is open: <dir>/report.html, and the page is there', async (name, command, args) => {
    const dir = join(out, `end-${name.replace(/\W+/g, '-')}`);
    const r = await run(command, [...args, '--out', dir]);
    expect(r.code, r.lines.join('\n')).toBe(0);
    expect(r.lines.at(-1)).toBe(`open: ${join(dir, 'report.html')}`);
    expect(existsSync(join(dir, 'report.html'))).toBe(true);
  });

  it('report: rebuilding a page ends with open: <dir>/report.html', async () => {
    const dir = join(out, 'end-tourney');
    if (!existsSync(join(dir, 'summary.json')))
      expect((await run('tourney', ['--game', 'captains-orders', '--games', '40', '--workers', '1', '--out', dir])).code).toBe(0);
    const r = await run('report', [dir]);
    expect(r.code).toBe(0);
    expect(r.lines.at(-1)).toBe(`open: ${join(dir, 'report.html')}`);
  });
});
