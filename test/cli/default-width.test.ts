/**
 * Default output fits 120 columns: no line of any
 * command's default output is wider than 120 characters (ANSI codes not
 * counted), and its last line names the page to open, `report.html`. Every
 * command runs in this process through its `main`, as the CLI runs it, with
 * stdout and stderr captured: tourney, match and rate on every game; the
 * widest line-ups (Nine Lives with its powers, Nine's Hold'em at 10 seats),
 * a sweep, the three kinds of training, report and report --compare. Short
 * runs (a few seconds of CPU a game); the same commands through the compiled
 * CLI, and the last line of each, are in test/cli/talk.long.test.ts (long tier).
 * `--wide` prints the tables whole: checked on one run.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/games/index.js';
import { gameIds, getGame } from '../../src/core/registry.js';
import { main as match } from '../../src/cli/match.js';
import { main as rate } from '../../src/cli/rate.js';
import { main as report } from '../../src/cli/report.js';
import { main as tourney } from '../../src/cli/tourney.js';
import { main as train } from '../../src/cli/train.js';
import { TERMINAL_WIDTH } from '../../src/report/terminal.js';

const out = mkdtempSync(join(tmpdir(), 'ninefold-width-'));

/** What a command wrote to stdout and stderr, in order, and its exit code. */
interface Output {
  readonly code: number;
  readonly lines: readonly string[];
}

let written = '';
// Each command in this process adds its signal handlers (the CLI starts a process a command): no warning about them in the output.
process.setMaxListeners(100);
beforeEach(() => {
  written = '';
  const capture = (chunk: string | Uint8Array): boolean => {
    written += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture as typeof process.stdout.write);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture as typeof process.stderr.write);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs a command's `main` with `argv`; its output as lines. */
async function run(command: (argv: readonly string[]) => Promise<number>, argv: readonly string[]): Promise<Output> {
  const code = await command(argv);
  return { code, lines: written.replace(/\n$/, '').split('\n') };
}

/** Asserts a command's default output: exit 0, no line over 120 characters, the last line naming `<dir>/report.html`. */
function expectFits(o: Output, dir: string): void {
  const text = o.lines.join('\n');
  expect(o.code, text).toBe(0);
  const widest = o.lines.reduce((w, l) => (stripVTControlCharacters(l).length > stripVTControlCharacters(w).length ? l : w), '');
  expect(stripVTControlCharacters(widest).length, `widest line:\n${widest}`).toBeLessThanOrEqual(TERMINAL_WIDTH);
  expect(o.lines.at(-1)).toMatch(/report\.html$/);
  expect(o.lines.at(-1)).toContain(join(dir, 'report.html'));
  expect(existsSync(join(dir, 'report.html'))).toBe(true);
}

const games = gameIds();

describe('default output fits 120 columns, and the last line names report.html', () => {
  it('covers every game', () => {
    expect(games).toEqual(expect.arrayContaining(['nine-virtues', 'captains-orders', 'multiples-of-nine', 'nines-holdem', 'nine-lives', 'nine-muses']));
  });

  it.each(games)('%s: tourney, match and rate', async (game) => {
    const t = join(out, `${game}-tourney`);
    expectFits(await run(tourney, ['--game', game, '--games', '60', '--workers', '1', '--out', t]), t);
    const m = join(out, `${game}-match`);
    expectFits(await run(match, ['--game', game, '--candidate', 'greedy', '--baseline', 'random', '--games', '24', '--workers', '1', '--out', m]), m);
    // A pool as large as the smallest table (rate plays every line-up of the pool): cheap search bots fill it.
    const pool = ['greedy', 'random', 'mc:iterations=4', 'ismcts:iterations=4'].slice(0, Math.max(2, getGame(game).info.minPlayers));
    const r = join(out, `${game}-rate`);
    expectFits(await run(rate, ['--game', game, '--pool', pool.join(','), '--games', '24', '--workers', '1', '--out', r]), r);
  });

  it("the widest tables: Nine Lives with its powers, Nine's Hold'em at 10 seats", async () => {
    const p = join(out, 'powers');
    expectFits(await run(tourney, ['--game', 'nine-lives', '--variant', 'powers=true', '--games', '40', '--workers', '1', '--out', p]), p);
    const h = join(out, 'holdem-10');
    const ten = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? 'greedy' : 'random')).join(',');
    expectFits(await run(tourney, ['--game', 'nines-holdem', '--bots', ten, '--games', '20', '--workers', '1', '--out', h]), h);
  });

  it("a sweep: the comparison first, then each value's tables", async () => {
    const d = join(out, 'sweep');
    const o = await run(tourney, ['--game', 'nine-virtues', '--games', '24', '--sweep', 'bidPenalty=face,zero', '--workers', '1', '--out', d]);
    expectFits(o, d);
    expect(o.lines.findIndex((l) => l.startsWith('Sweep of bidPenalty'))).toBeLessThan(o.lines.indexOf('== bidPenalty=face =='));
  });

  it('train: a bot tuned (with its verification), the rules tuned, a network trained', async () => {
    const spsa = join(out, 'train-spsa');
    expectFits(
      await run(train, [
        '--game',
        'nine-virtues',
        '--bot',
        'greedy',
        '--budget',
        '64',
        '--deals',
        '4',
        '--verify-games',
        '48',
        '--workers',
        '1',
        '--out',
        spsa,
      ]),
      spsa,
    );
    const rules = join(out, 'train-rules');
    expectFits(
      await run(train, [
        '--game',
        'nine-virtues',
        '--tune-rules',
        'bidPenalty',
        '--budget',
        '48',
        '--deals',
        '4',
        '--verify-games',
        '24',
        '--workers',
        '1',
        '--out',
        rules,
      ]),
      rules,
    );
    const dmc = join(out, 'train-dmc');
    const dmcArgs = ['--method', 'dmc', '--budget', '32', '--episodes', '16', '--net-size', '16', '--batch', '32', '--eval-every', '2', '--eval-deals', '2'];
    expectFits(await run(train, ['--game', 'nine-virtues', ...dmcArgs, '--no-verify', '--workers', '1', '--out', dmc]), dmc);
  });

  it('report: a page rebuilt, and two runs compared', async () => {
    const a = join(out, 'nine-virtues-tourney');
    if (!existsSync(join(a, 'summary.json'))) expect(await tourney(['--game', 'nine-virtues', '--games', '100', '--workers', '1', '--out', a])).toBe(0);
    expectFits(await run(report, [a]), a);
    const b = join(out, 'compare-b');
    expect(await tourney(['--game', 'nine-virtues', '--games', '100', '--seed', '2', '--workers', '1', '--out', b])).toBe(0);
    written = '';
    expectFits(await run(report, ['--compare', a, b]), b);
  });

  it('--wide prints the tables whole: every column, intervals and design effects in columns of their own', async () => {
    const d = join(out, 'wide');
    const o = await run(tourney, ['--game', 'nine-virtues', '--games', '40', '--workers', '1', '--wide', '--out', d]);
    expect(o.code).toBe(0);
    expect(o.lines.join('\n')).toContain('│ calls of the 1/game lo │');
    expect(o.lines.join('\n')).toContain('│ deff │');
    expect(Math.max(...o.lines.map((l) => l.length))).toBeGreaterThan(TERMINAL_WIDTH);
  });
});
