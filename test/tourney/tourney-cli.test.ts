/**
 * `npm run tourney` end to end, as a user runs it: the compiled CLI in a child
 * process (the suite's global setup builds `dist/`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { replayRecord } from '../../src/core/replay.js';
import { getGame } from '../../src/core/registry.js';
import type { GameRecord } from '../../src/core/record.js';
import { runBalance } from '../games/balance-checks.js';

const CLI = join('dist', 'src', 'cli', 'tourney.js');

function tourney(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function withoutTiming(file: string): unknown {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  delete s.timing;
  return s;
}

describe('tourney CLI', () => {
  const out = mkdtempSync(join(tmpdir(), 'ninefold-'));

  it("plays a Captain's Orders tournament, prints the tables and writes summary.json, bots.csv, seats.csv and games.jsonl", () => {
    const dir = join(out, 'co');
    const r = tourney(['--game', 'captains-orders', '--games', '1000', '--seed', '7', '--workers', '2', '--out', dir, '--record']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/greedy/);
    expect(r.stdout.replace(/\n/g, ' ')).toMatch(/95% interval/);
    expect(r.stdout.replace(/\n/g, ' ')).toMatch(/win shared by k seats counts 1\/k/);
    for (const f of ['summary.json', 'bots.csv', 'seats.csv', 'games.jsonl']) expect(existsSync(join(dir, f))).toBe(true);
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    expect(s).toMatchObject({ game: 'captains-orders', seed: '7', games: 1000, variant: { players: 5, handSize: 6, winsToWin: 3 } });
    expect(s.bots.map((b: { name: string }) => b.name)).toEqual(['greedy', 'random']);
    for (const b of s.bots) expect(Object.keys(b)).toEqual(expect.arrayContaining(['name', 'games', 'wins', 'winRate', 'ci95', 'meanScore']));
    expect(s.seats).toHaveLength(5);
    const shares = s.seats.reduce((a: number, t: { wins: number }) => a + t.wins, 0);
    expect(shares).toBeCloseTo(1000, 6); // every game has a winner; shares add up to one per game
    expect(readFileSync(join(dir, 'bots.csv'), 'utf8').split('\n')[0]).toBe(
      'bot,seats,seat_games,wins,win_rate,ci95_lo,ci95_hi,design_effect,mean_score,mean_score_lo,mean_score_hi,forfeits,faults,deals',
    );
  });

  it('"Game records": all 1 000 records of a run replay to the identical game', () => {
    const lines = readFileSync(join(out, 'co', 'games.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(1000);
    const game = getGame('captains-orders');
    for (const line of lines) {
      const rec = JSON.parse(line) as GameRecord;
      expect(JSON.stringify(replayRecord(game, rec))).toBe(line);
    }
    const first = JSON.parse(lines[0]!) as GameRecord;
    expect(Object.keys(first)).toEqual(['game', 'variant', 'seed', 'seats', 'rounds', 'result']);
    expect(Object.keys(first.rounds[0]!)).toEqual(['dealer', 'deal', 'actions', 'scores']);
  });

  it('seat rotation: each deal is played once per rotation, with the same cards', () => {
    const lines = readFileSync(join(out, 'co', 'games.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .slice(0, 5);
    const recs = lines.map((l) => JSON.parse(l) as GameRecord);
    for (const r of recs) expect(JSON.stringify(r.rounds[0]!.deal)).toBe(JSON.stringify(recs[0]!.rounds[0]!.deal));
    expect(recs.map((r) => r.seats.join(','))).toEqual([
      'greedy,random,greedy,random,greedy',
      'greedy,greedy,random,greedy,random',
      'random,greedy,greedy,random,greedy',
      'greedy,random,greedy,greedy,random',
      'random,greedy,random,greedy,greedy',
    ]);
  });

  it('the same seed gives identical files (summary.json but timing, the CSV files, balance.json, games.jsonl) with --workers 1 and --workers 2', () => {
    // The first test's run (--workers 2, 50 batches of 4 deals) played again with one worker.
    const a = join(out, 'co-w1');
    const b = join(out, 'co');
    expect(tourney(['--game', 'captains-orders', '--games', '1000', '--seed', '7', '--workers', '1', '--out', a, '--record']).code).toBe(0);
    expect(withoutTiming(join(b, 'summary.json'))).toEqual(withoutTiming(join(a, 'summary.json')));
    for (const f of ['bots.csv', 'seats.csv', 'balance.json', 'games.jsonl'])
      expect(readFileSync(join(b, f), 'utf8'), f).toBe(readFileSync(join(a, f), 'utf8'));
  });

  it("the games' balance tests play in-process as the command does (runBalance in balance-checks.ts): the same summary.json (but timing), bots.csv and balance files as the first test's run", async () => {
    const cli = join(out, 'co');
    const { dir } = await runBalance('captains-orders', 1000, '7');
    expect(withoutTiming(join(dir, 'summary.json'))).toEqual(withoutTiming(join(cli, 'summary.json')));
    const files = readdirSync(cli).filter((f) => f === 'bots.csv' || f.startsWith('balance'));
    expect(files).toContain('balance.json');
    expect(readdirSync(dir).filter((f) => f === 'bots.csv' || f.startsWith('balance'))).toEqual(files);
    for (const f of files) expect(readFileSync(join(dir, f), 'utf8'), f).toBe(readFileSync(join(cli, f), 'utf8'));
  });

  it('a bot searching on a time budget (ms) marks the run as not reproducible', () => {
    const dir = join(out, 'ms');
    // One deal (its four rotations) on one worker: the label does not depend on how much is played.
    const r = tourney(['--game', 'captains-orders', '--bots', 'mc:ms=2,random,random,random', '--games', '1', '--workers', '1', '--out', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/\n/g, ' ')).toMatch(/NOT REPRODUCIBLE: .*bot mc:ms=2 searches on a time budget/);
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    expect(s.reproducible).toBe(false);
    expect(s.clockBound).toEqual(['mc:ms=2']);
  });

  const bad: [string, string[], RegExp][] = [
    ['an unknown game', ['--game', 'chess'], /unknown game 'chess'; valid games: .*captains-orders/],
    ['an unknown bot', ['--game', 'captains-orders', '--bots', 'random,random,random,alphazero'], /unknown bot 'alphazero'; valid bots: random, greedy/],
    ['a line-up that does not fit the player count', ['--game', 'captains-orders', '--bots', 'random,random,random'], /4-8 players; the line-up has 3 bots/],
    [
      'players that contradict the line-up',
      ['--game', 'captains-orders', '--bots', 'random,random,random,random', '--variant', 'players=5'],
      /players=5 does not fit a line-up of 4 bots/,
    ],
    [
      'an unknown variant key',
      ['--game', 'captains-orders', '--variant', 'trumps=3'],
      /unknown variant key 'trumps'.*valid keys: players, handSize, winsToWin/,
    ],
    ['a variant value out of range', ['--game', 'captains-orders', '--variant', 'players=9'], /players=9 is not valid.*4\.\.8/],
    ['a variant value of the wrong type', ['--game', 'captains-orders', '--variant', 'handSize=six'], /handSize=six is not valid/],
    ['an impossible deal', ['--game', 'captains-orders', '--variant', 'players=8,handSize=7'], /needs 56 cards/],
    ['a non-numeric count', ['--game', 'captains-orders', '--games', 'many'], /--games must be a whole number/],
    ['a zero worker count', ['--game', 'captains-orders', '--workers', '0'], /--workers must be a whole number from 1/],
    ['an unknown flag', ['--game', 'captains-orders', '--fast'], /unknown flag --fast \(see --help for the flags\)/],
    ['a missing --game', [], /Missing required argument: game/],
    ['a bad bot parameter', ['--game', 'captains-orders', '--bots', 'random:depth=3,random,random,random'], /unknown parameter 'depth' for bot random/],
    [
      'a net trained for another table (the shipped net is for 5 players)',
      ['--game', 'captains-orders', '--bots', 'nn,greedy,greedy,greedy'],
      /bot nn cannot play this table: .*another tensor layout of captains-orders, at players=5, and this table has players=4: play it at its own table \(players=5\), or train one for this table \(npm run train -- --game captains-orders --method dmc --variant players=4\)/,
    ],
    [
      'a search whose playouts read a net trained for another table',
      ['--game', 'captains-orders', '--bots', 'mc:rollout=nn,greedy,greedy,greedy'],
      /bot mc:rollout=nn cannot play this table: .*another tensor layout/,
    ],
  ];
  it("a bot that faults: the tables and the page's answer name its first fault, once per bot, and summary.json keeps it (faults.first)", () => {
    const dir = join(out, 'throws');
    const bot = './test/fixtures/bots/throws.js';
    const r = tourney(['--game', 'captains-orders', '--bots', `${bot},greedy,random,random`, '--games', '40', '--workers', '1', '--out', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`First fault of ${bot}: bot ${bot}: threw: boom`);
    expect(r.stdout.match(/First fault of/g)).toHaveLength(1);
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { faults: { byReason: Record<string, number>; first: unknown } };
    expect(s.faults.byReason.threw).toBeGreaterThan(0);
    expect(s.faults.first).toEqual([{ bot, message: `bot ${bot}: threw: boom` }]);
    // The page's answer starts with the faults: every figure on it counts the forfeited games.
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    const answer = html.slice(html.indexOf('id="answer"'), html.indexOf('</section>', html.indexOf('id="answer"')));
    expect(answer).toMatch(/<li>Faults: threw: \d+ \(on fault: forfeit; \d+ games forfeited\)/);
    expect(answer).toContain(`First fault of ${bot}: bot ${bot}: threw: boom`);
    // Under --on-fault random no game is forfeited: the answer says what replaced the faulty decisions.
    const replaced = join(out, 'throws-random');
    expect(
      tourney([
        '--game',
        'captains-orders',
        '--bots',
        `${bot},greedy,random,random`,
        '--games',
        '40',
        '--workers',
        '1',
        '--on-fault',
        'random',
        '--out',
        replaced,
      ]).code,
    ).toBe(0);
    expect(readFileSync(join(replaced, 'report.html'), 'utf8')).toMatch(
      /Faults: threw: \d+ \(on fault: random; 0 games forfeited\), each decision replaced by a random legal action\./,
    );
  });

  for (const [what, args, message] of bad) {
    it(`bad input — ${what}: one line on stderr, exit code 2, no stack trace`, () => {
      const r = tourney([...args, '--out', join(out, 'bad')]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }
});
