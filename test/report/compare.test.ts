/**
 * `npm run report -- --compare A B` (src/analysis/compare.ts, src/report/compare.ts): the balance of
 * one game under two line-ups. Runs on the same deals give paired
 * differences (the delete-a-group jackknife over the differences of their
 * replicates: Kott 2001; the deal is the unit), runs on other deals
 * unpaired ones; runs of other games or variants are refused in one line.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BalanceReport } from '../../src/analysis/balance.js';
import { compareRuns, type ComparedRun } from '../../src/analysis/compare.js';
import { comparisonText } from '../../src/report/compare.js';
import { tQuantile } from '../../src/stats/quantiles.js';
import type { Summary } from '../../src/analysis/summary.js';

const G = 10;
/** The luck of each group of deals: moves every line-up's figure alike. */
const luck = [0.03, -0.02, 0.01, -0.04, 0.02, 0.0, -0.01, 0.04, -0.03, 0.0];
/** What differs between the line-ups from group to group: small. */
const wobble = [0.001, -0.001, 0.002, 0.0, -0.002, 0.001, 0.0, -0.001, 0.001, -0.001];

function run(name: string, lineup: string, seed: string, w: number, own: number[], extra: Partial<Summary> = {}): ComparedRun {
  return {
    name,
    summary: { game: 'captains-orders', variant: { players: 5 }, seed, lineup: Array(5).fill(lineup), ...extra } as unknown as Summary,
    balance: {
      deals: 1000,
      groups: G,
      keyFigures: {
        'win rate: first player': { value: w, format: 'percent' },
        'positions equal: p': { value: 0.01, format: 'number' },
      },
      replicates: { 'win rate: first player': own.map((x, g) => w + luck[g]! + x) },
    } as unknown as BalanceReport,
  };
}

/** (G − 1)/G Σ (x − x̄)², the delete-a-group jackknife variance, written out. */
function jackknifeVariance(xs: readonly number[]): number {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return ((xs.length - 1) / xs.length) * xs.reduce((a, x) => a + (x - m) ** 2, 0);
}

describe('comparing two runs of one game', () => {
  it("on the same deals: the difference is paired, its interval from the replicates' differences, so the deals' luck cancels", () => {
    const a = run('A', 'nn', '1', 0.2, wobble);
    const b = run(
      'B',
      'greedy',
      '1',
      0.18,
      wobble.map((x) => -x),
    );
    const c = compareRuns(a, b);
    expect(c.sameDeals).toBe(true);
    const d = c.figures.find((f) => f.figure === 'win rate: first player')!.difference!;
    expect(d.paired).toBe(true);
    expect(d.value).toBeCloseTo(0.02, 12);
    const half = tQuantile(0.975, G - 1) * Math.sqrt(jackknifeVariance(wobble.map((x) => 2 * x)));
    expect(d.ci95[0]).toBeCloseTo(0.02 - half, 12);
    expect(d.ci95[1]).toBeCloseTo(0.02 + half, 12);
    expect(d.ci95[0]).toBeGreaterThan(0);
    // A p-value gets no difference.
    expect(c.figures.find((f) => f.figure === 'positions equal: p')!.difference).toBeNull();
    const text = comparisonText(a, b, c);
    expect(text.replace(/\n/g, ' ')).toContain('Both runs played the same 1000 deals (seed 1): each difference is paired');
    expect(text).toMatch(/\+2\.0 \(\+\d\.\d to \+\d\.\d\) \*/);
    // The line-ups by bot and count, and no line wider than 120 characters.
    expect(text).toContain('A: nn ×5');
    expect(text).toContain('B: greedy ×5');
    expect(
      Math.max(
        ...text
          .split('\n')
          .slice(2)
          .map((l) => l.length),
      ),
    ).toBeLessThanOrEqual(120);
  });

  it('on other deals (another seed): unpaired, se = √(se_A² + se_B²), wide enough to hold the luck of both', () => {
    const a = run('A', 'nn', '1', 0.2, wobble);
    const b = run(
      'B',
      'greedy',
      '2',
      0.18,
      wobble.map((x) => -x),
    );
    const c = compareRuns(a, b);
    expect(c.sameDeals).toBe(false);
    const d = c.figures.find((f) => f.figure === 'win rate: first player')!.difference!;
    expect(d.paired).toBe(false);
    const ra = a.balance.replicates['win rate: first player']!;
    const rb = b.balance.replicates['win rate: first player']!;
    const half = tQuantile(0.975, G - 1) * Math.sqrt(jackknifeVariance(ra) + jackknifeVariance(rb));
    expect(d.ci95[1] - d.value).toBeCloseTo(half, 12);
    expect(d.ci95[0]).toBeLessThan(0);
    expect(comparisonText(a, b, c).replace(/\n/g, ' ')).toContain('The runs played different deals (seeds 1 and 2');
  });

  it('refuses runs of two games or two variants', () => {
    const a = run('A', 'nn', '1', 0.2, wobble);
    expect(() => compareRuns(a, run('B', 'greedy', '1', 0.2, wobble, { game: 'nine-muses' } as Partial<Summary>))).toThrow(
      /^A is a run of captains-orders, B of nine-muses: compare runs of one game$/,
    );
    expect(() => compareRuns(a, run('B', 'greedy', '1', 0.2, wobble, { variant: { players: 4 } } as Partial<Summary>))).toThrow(/compare runs of one variant$/);
  });

  it('npm run report -- --compare: bad input is one line and exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ninefold-compare-'));
    mkdirSync(join(dir, 'a'));
    writeFileSync(join(dir, 'a', 'summary.json'), '{');
    const cli = (args: string[]) => spawnSync(process.execPath, [join('dist', 'src', 'cli', 'report.js'), ...args], { encoding: 'utf8' });
    for (const [args, message] of [
      [['--compare', join(dir, 'a')], /--compare takes two run directories/],
      [['--compare', join(dir, 'nosuch'), join(dir, 'a')], /has no summary\.json/],
      [['--compare', join(dir, 'a'), join(dir, 'a')], /summary\.json is not JSON/],
    ] as const) {
      const r = spawnSync(process.execPath, [join('dist', 'src', 'cli', 'report.js'), ...args], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
    expect(cli(['--help']).stdout).toContain('--compare results/<A> results/<B>');
  });
});
