import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../run-helpers.js';

function json(file: string): Record<string, unknown> {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  delete s.timing;
  return s;
}

describe('the statistics of match, rate and sweeps, end to end', () => {
  const out = mkdtempSync(join(tmpdir(), 'ninefold-stats-'));

  it('a symmetric line-up plays a fresh deal every game; the header says deals × seatings; the seat test counts deals', () => {
    const dir = join(out, 'sym');
    const r = cli('tourney', ['--game', 'captains-orders', '--bots', 'greedy,greedy,greedy,greedy,greedy', '--games', '500', '--out', dir, '--workers', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('500 games (500 deals × 1 distinct seating)');
    const s = json(join(dir, 'summary.json')) as { deals: number; seatTest: { units: number; df1: number } };
    expect(s.deals).toBe(500);
    expect(s.seatTest.units).toBe(500);
    expect(s.seatTest.df1).toBe(4);
    const b = json(join(dir, 'balance.json')) as { seatAdvantage: { test: { units: number } } };
    expect(b.seatAdvantage.test.units).toBe(500);
    expect(r.stdout.replace(/\n/g, ' ')).toMatch(/over 500 independent deals/);
  });

  it('match --sprt accepts "stronger" for greedy over random and stops early, identical with --workers 1 and 2', () => {
    const run = (w: string): Record<string, unknown> => {
      const dir = join(out, `m${w}`);
      const r = cli('match', [
        '--game',
        'nine-virtues',
        '--candidate',
        'greedy',
        '--baseline',
        'random',
        '--opponents',
        'random,random,random',
        '--sprt',
        '--games',
        '40000',
        '--workers',
        w,
        '--out',
        dir,
      ]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout.replace(/\n/g, ' ')).toMatch(/H1 accepted after \d+ deals/);
      return json(join(dir, 'match.json'));
    };
    const one = run('1') as {
      sprt: { accepted: string; samples: number; llr: number; upper: number };
      deals: number;
      comparison: { winShare: { value: number; ci95: number[] } };
    };
    const two = run('2');
    expect(two).toEqual(one);
    expect(one.sprt.accepted).toBe('H1');
    expect(one.sprt.llr).toBeGreaterThanOrEqual(one.sprt.upper);
    expect(one.deals).toBeLessThan(40000 / 8);
    expect(one.comparison.winShare.ci95[0]).toBeGreaterThan(0);
  });

  it('an A/A match (random against random, random opponents) does not accept "stronger", and its difference interval holds 0', () => {
    const dir = join(out, 'aa');
    const r = cli('match', [
      '--game',
      'captains-orders',
      '--candidate',
      'random',
      '--baseline',
      'random',
      '--opponents',
      'greedy,greedy,greedy',
      '--games',
      '4000',
      '--out',
      dir,
    ]);
    expect(r.code).toBe(0);
    const m = json(join(dir, 'match.json')) as { comparison: { winShare: { ci95: number[] }; elo: unknown }; verdict: string };
    expect(m.comparison.winShare.ci95[0]).toBeLessThanOrEqual(0);
    expect(m.comparison.winShare.ci95[1]).toBeGreaterThanOrEqual(0);
    expect(m.verdict).toMatch(/^not separated/);
  });

  it("match --measure score tests the paired score difference (chips in Nines Hold'em); a score SPRT needs its --h1", () => {
    const dir = join(out, 'score');
    const r = cli('match', [
      '--game',
      'nines-holdem',
      '--candidate',
      'greedy',
      '--baseline',
      'random',
      '--measure',
      'score',
      '--sprt',
      '--h1',
      '1',
      '--games',
      '20000',
      '--out',
      dir,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.replace(/\n/g, ' ')).toMatch(/in game score per seat-game/);
    expect(r.stdout.replace(/\n/g, ' ')).toMatch(/Verdict \(on game score\): A is stronger: the SPRT accepted H1/);
    const m = json(join(dir, 'match.json')) as { measure: string; comparison: { score: { ci95: number[] } }; sprt: { mu1: number } };
    expect(m.measure).toBe('score');
    expect(m.sprt.mu1).toBe(1);
    expect(m.comparison.score.ci95[0]).toBeGreaterThan(0);
    for (const args of [
      ['--measure', 'score', '--sprt'],
      ['--measure', 'chips'],
    ]) {
      const bad = cli('match', ['--game', 'nines-holdem', '--candidate', 'greedy', '--baseline', 'random', ...args, '--out', join(out, 'bad')]);
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('two players get an Elo difference with its margin', () => {
    const dir = join(out, 'elo');
    const r = cli('match', ['--game', 'multiples-of-nine', '--candidate', 'greedy', '--baseline', 'random', '--games', '400', '--out', dir]);
    expect(r.code).toBe(0);
    const m = json(join(dir, 'match.json')) as { comparison: { elo: { value: number; margin: number } } };
    expect(m.comparison.elo.value).toBeGreaterThan(0);
    expect(m.comparison.elo.margin).toBeGreaterThan(0);
  });

  it('a match of one deal says it has no interval (the t interval needs two deals) instead of printing NaN', () => {
    const r = cli('match', ['--game', 'captains-orders', '--candidate', 'greedy', '--baseline', 'random', '--games', '10', '--out', join(out, 'one-deal')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 deal × 10 games');
    expect(r.stdout).not.toContain('NaN');
    expect(r.stdout.replace(/\n/g, ' ')).toContain('none: needs 2 deals');
    expect(r.stdout).toContain('Verdict: A is not separated: one deal gives no interval.');
  });

  it('rate orders random below greedy in a pool, writes ratings.csv and los.csv', () => {
    const dir = join(out, 'rate');
    const r = cli('rate', ['--game', 'nine-virtues', '--pool', 'random,greedy,mc:iterations=20', '--variant', 'players=3', '--games', '300', '--out', dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const rep = json(join(dir, 'ratings.json')) as {
      ratings: { bot: string; elo: number | null; margin: number; unbounded?: string }[];
      los: (number | null)[][];
      pool: string[];
    };
    expect(rep.ratings[0]!.bot).toBe('greedy');
    const last = rep.ratings[rep.ratings.length - 1]!;
    expect(last.bot).toBe('random');
    // A random bot that never won has no rating and no LOS; one that won is below greedy.
    if (last.unbounded === undefined) expect(rep.los[1]![0]).toBeGreaterThan(0.95);
    else {
      expect([last.unbounded, last.elo, rep.los[1]![0]]).toEqual(['never won', null, null]);
      expect(r.stdout).toContain('rating unbounded: never won');
    }
    expect(readFileSync(join(dir, 'ratings.csv'), 'utf8').split('\n')[0]).toBe('rank,bot,elo,margin95,elo_lo,elo_hi,se,win_rate,seat_games,deals,note');
    expect(readFileSync(join(dir, 'los.csv'), 'utf8').split('\n')).toHaveLength(1 + 6 + 1);
  });

  it('rate and tourney on one deal print no interval, no margin and no likelihood of superiority, and say why', () => {
    const dir = join(out, 'rate-one-deal');
    const r = cli('rate', [
      '--game',
      'nine-virtues',
      '--pool',
      'greedy,greedy:leak=0.3,greedy:swap=none',
      '--variant',
      'players=3',
      '--games',
      '3',
      '--out',
      dir,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const text = r.stdout.replace(/\s+/g, ' ');
    expect(text).toContain('3 games (1 deal × 1 line-up × 3 rotations)');
    expect(text).toContain('No intervals: the deal is the unit (the games of a deal share its cards), and the run has 1 deal, too few to vary');
    expect(text).toContain("No margins and no likelihoods of superiority: the deal is the unit, and the run's 1 deal in 1 group are too few to vary");
    expect(r.stdout).not.toMatch(/LOS \(row stronger|separated \(LOS ≥ 95%\)|\((\d+\.\d+)%?–\1%?\)/);
    const rep = json(join(dir, 'ratings.json')) as { ratings: { margin: number | null }[]; los: (number | null)[][] };
    expect(rep.ratings.map((x) => x.margin)).toEqual([null, null, null]);
    expect(rep.los.flat().filter((x) => x !== 0.5)).toEqual(new Array(6).fill(null));
    expect(readFileSync(join(dir, 'bots.csv'), 'utf8')).not.toContain('NaN');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).not.toContain('NaN');
  });

  it('a sweep prints paired differences from the first value and writes them', () => {
    const dir = join(out, 'sweep');
    const r = cli('tourney', ['--game', 'nine-virtues', '--games', '800', '--sweep', 'bidPenalty=face,zero', '--out', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Paired differences from bidPenalty=face/);
    const csv = readFileSync(join(dir, 'sweep-differences.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('key,value,baseline_value,figure,difference,ci95_lo,ci95_hi,paired');
    expect(csv.find((l) => l.includes('bid success rate'))).toMatch(/,1$/);
  });

  it('--games-csv writes one numeric row per seat-game; CSV headers are snake_case', () => {
    const dir = join(out, 'rows');
    const r = cli('tourney', ['--game', 'nine-virtues', '--games', '100', '--games-csv', '--out', dir]);
    expect(r.code).toBe(0);
    const lines = readFileSync(join(dir, 'games.csv'), 'utf8').trim().split('\n');
    expect(lines[0]).toBe('deal,seating,rotation,seat,entry,bot,score,win_share,forfeit');
    expect(lines).toHaveLength(1 + 100 * 4);
    const shares = lines.slice(1).reduce((a, l) => a + Number(l.split(',')[7]), 0);
    expect(shares).toBeCloseTo(100, 6);
    for (const f of ['bots.csv', 'seats.csv', 'balance-seat-advantage.csv']) {
      const head = readFileSync(join(dir, f), 'utf8').split('\n')[0]!;
      for (const c of head.split(',')) expect(c).toMatch(/^[a-z0-9_]+$/);
    }
    expect(readFileSync(join(dir, 'bots.csv'), 'utf8').split('\n')[0]).toContain('faults');
    expect(readFileSync(join(dir, 'balance-seat-advantage.csv'), 'utf8').split('\n')[1]).toMatch(/^0,1,/);
  });
});
