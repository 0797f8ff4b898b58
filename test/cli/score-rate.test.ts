/**
 * Every command that plays games summarizes through one function
 * (`summarizeRun`), so a game's score rate (Nines Hold'em's mbb/hand) is
 * printed and written by `match` and `rate` as by `tourney`.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers.js';

/** The score rates of a run's `summary.json`, one per bot. */
function rates(dir: string): { label: string; value: number; ci95: number[] }[] {
  const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { bots: { rate?: { label: string; value: number; ci95: number[] } }[] };
  return s.bots.map((b) => b.rate!);
}

describe("the score rate of Nines Hold'em in every command", () => {
  const out = mkdtempSync(join(tmpdir(), 'ninefold-rate-'));
  const runs: [string, string[]][] = [
    ['tourney', ['--bots', 'greedy,random', '--games', '8']],
    ['match', ['--candidate', 'greedy', '--baseline', 'random', '--opponents', 'greedy', '--games', '8']],
    ['rate', ['--pool', 'greedy,random', '--games', '8']],
  ];

  it.each(runs)("%s prints the mbb/hand table and writes each bot's mbb/hand into summary.json", (command, args) => {
    const dir = join(out, command);
    const r = cli(command, ['--game', 'nines-holdem', ...args, '--workers', '1', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/│ bot +│ mbb\/hand +│/);
    expect(r.stdout.replace(/\n/g, ' ')).toContain('mbb/hand: mean net chips per seat-game, per hand and per big blind');
    const rs = rates(dir);
    expect(rs.length).toBeGreaterThan(1);
    for (const x of rs) {
      expect(x.label).toBe('mbb/hand');
      expect(Number.isFinite(x.value)).toBe(true);
      expect(x.ci95).toHaveLength(2);
    }
  });

  it('a game without a score rate has none in match', () => {
    const dir = join(out, 'virtues');
    const r = cli('match', ['--game', 'nine-virtues', '--candidate', 'greedy', '--baseline', 'random', '--games', '8', '--workers', '1', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('mbb/hand');
    expect(rates(dir).every((x) => x === undefined)).toBe(true);
  });
});
