/**
 * The balance report and `--sweep`, through the compiled CLI as a user runs them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = join('dist', 'src', 'cli', 'tourney.js');

function tourney(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const readJson = (f: string): Record<string, unknown> => JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>;

describe('balance report', () => {
  const out = mkdtempSync(join(tmpdir(), 'ninefold-balance-'));

  it('nine-virtues: prints the bot, seat and bidding tables and writes balance.json and its CSVs; greedy beats random', () => {
    const dir = join(out, 'nv');
    const r = tourney(['--game', 'nine-virtues', '--games', '2000', '--seed', '3', '--out', dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const title of ['Seat advantage', 'bidding by rank', 'Where the points come from', 'Action mix', 'position left of the dealer'])
      expect(r.stdout).toContain(title);
    const s = readJson(join(dir, 'summary.json')) as { deals: number; bots: { name: string; ci95: [number, number]; meanScore: number; games: number }[] };
    const greedy = s.bots.find((b) => b.name === 'greedy')!;
    const random = s.bots.find((b) => b.name === 'random')!;
    expect(greedy.ci95[0]).toBeGreaterThan(random.ci95[1]);
    const b = readJson(join(dir, 'balance.json')) as {
      seatAdvantage: { byPosition: { winRate: number }[]; test: { pValue: number; df1: number; units: number } };
      tables: { id: string; columns: string[]; rows: (string | number)[][] }[];
    };
    expect(b.seatAdvantage.byPosition).toHaveLength(4);
    expect(b.seatAdvantage.test.df1).toBe(3);
    expect(b.seatAdvantage.test.units).toBe(s.deals);
    expect(b.tables.map((t) => t.id)).toEqual(['bids-by-rank', 'score-sources', 'action-mix', 'dealer-position', 'rounds']);
    for (const f of ['balance-seat-advantage.csv', 'balance-bids-by-rank.csv', 'balance-score-sources.csv']) expect(existsSync(join(dir, f))).toBe(true);
    // "Scoring a round": majority points + bid points of every seat are its game score.
    const sources = b.tables.find((t) => t.id === 'score-sources')!;
    const all = sources.rows.find((row) => row[0] === 'all seats')!;
    const meanScore = (greedy.meanScore * greedy.games + random.meanScore * random.games) / (greedy.games + random.games);
    const at = (column: string): number => all[sources.columns.indexOf(column)] as number;
    expect(at('majority_points') + at('bid_points')).toBeCloseTo(meanScore, 6);
    // Bids on rank 1 never appear ("The 1 can never be bid"): the table starts at rank 2.
    expect(b.tables[0]!.rows.every((row) => (row[1] as number) >= 2)).toBe(true);
  });

  it('nine-muses: every VP share (a share of non-negative VP: no card or option takes VP away) has an interval within [0, 1], in the key figures and the VP-sources table', () => {
    const dir = join(out, 'nm');
    // Few deals: a Student t interval around a share near 0 or 1 would leave [0, 1] here.
    const r = tourney(['--game', 'nine-muses', '--games', '6', '--seed', '1', '--out', dir]);
    expect(r.code).toBe(0);
    const b = readJson(join(dir, 'balance.json')) as {
      keyFigures: Record<string, { value: number; ci95?: [number, number] }>;
      tables: { id: string; columns: string[]; rows: (string | number)[][] }[];
    };
    const shares = Object.entries(b.keyFigures).filter(([name]) => name.startsWith('VP share:'));
    expect(shares).toHaveLength(5);
    for (const [name, f] of shares) {
      expect(f.ci95, name).toBeDefined();
      expect(f.ci95![0], name).toBeGreaterThanOrEqual(0);
      expect(f.ci95![1], name).toBeLessThanOrEqual(1);
    }
    const t = b.tables.find((x) => x.id === 'vp-sources')!;
    const lo = t.columns.indexOf('muse_share_lo');
    const hi = t.columns.indexOf('muse_share_hi');
    expect(lo).toBeGreaterThan(0);
    for (const row of t.rows) {
      if (typeof row[lo] !== 'number') continue;
      expect(row[lo] as number).toBeGreaterThanOrEqual(0);
      expect(row[hi] as number).toBeLessThanOrEqual(1);
    }
  });

  it('--sweep bidPenalty=face,zero,double prints the key figures side by side, identical with --workers 1 and 2', () => {
    const a = join(out, 'sw1');
    const c = join(out, 'sw2');
    const r1 = tourney(['--game', 'nine-virtues', '--games', '400', '--seed', '5', '--workers', '1', '--sweep', 'bidPenalty=face,zero,double', '--out', a]);
    const r2 = tourney(['--game', 'nine-virtues', '--games', '400', '--seed', '5', '--workers', '2', '--sweep', 'bidPenalty=face,zero,double', '--out', c]);
    expect(r1.code).toBe(0);
    expect(r2.code).toBe(0);
    expect(r1.stdout).toMatch(/Sweep of bidPenalty/);
    expect(r1.stdout).toMatch(/bidPenalty=face\s*│\s*bidPenalty=zero\s*│\s*bidPenalty=double/);
    expect(readFileSync(join(c, 'sweep.json'), 'utf8')).toBe(readFileSync(join(a, 'sweep.json'), 'utf8'));
    expect(readFileSync(join(c, 'sweep.csv'), 'utf8')).toBe(readFileSync(join(a, 'sweep.csv'), 'utf8'));
    const sw = readJson(join(a, 'sweep.json')) as { runs: { value: string; variant: { bidPenalty: string } }[] };
    expect(sw.runs.map((x) => x.variant.bidPenalty)).toEqual(['face', 'zero', 'double']);
    expect(existsSync(join(a, 'bidPenalty=zero', 'balance.json'))).toBe(true);
  });

  it('--sweep works for any game and parameter (captains-orders winsToWin)', () => {
    const r = tourney(['--game', 'captains-orders', '--games', '200', '--sweep', 'winsToWin=1,2', '--out', join(out, 'co')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/winsToWin=1\s*│\s*winsToWin=2/);
  });

  for (const [what, sweep, message] of [
    ['an unknown key', 'trumps=1,2', /--sweep: unknown variant key 'trumps'/],
    ['a bad value', 'bidPenalty=face,triple', /bidPenalty=triple is not valid.*face, zero, double/],
    ['a malformed spec', 'bidPenalty', /--sweep must be KEY=v1,v2/],
  ] as const) {
    it(`--sweep with ${what}: one line on stderr, exit 2`, () => {
      const r = tourney(['--game', 'nine-virtues', '--sweep', sweep, '--out', join(out, 'bad')]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    });
  }
});
