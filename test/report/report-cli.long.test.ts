import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageOf } from '../../src/report/html/index.js';
import { readRun } from '../../src/report/html/load.js';
import { cli } from '../run-helpers.js';

/** Every number in a JSON value or CSV row set. */
function numbers(x: unknown, into: Set<number>): Set<number> {
  if (typeof x === 'number') into.add(x);
  else if (Array.isArray(x)) for (const y of x) numbers(y, into);
  else if (x !== null && typeof x === 'object') for (const y of Object.values(x)) numbers(y, into);
  return into;
}

/** Every number in the charts' data of a run's page is one of the files' numbers. */
function chartNumbersComeFromFiles(dir: string): number {
  const f = readRun(dir);
  const known = numbers(f, new Set());
  for (const sub of f.subRuns) {
    const s = readRun(join(dir, sub));
    numbers(s, known);
  }
  let seen = 0;
  for (const section of pageOf(f).sections) {
    for (const block of section.blocks) {
      for (const chart of block.charts) {
        const layers = [chart.spec, ...((chart.spec.layer as Record<string, unknown>[] | undefined) ?? [])];
        for (const l of layers) {
          const values = (l.data as { values?: unknown } | undefined)?.values;
          for (const v of numbers(values, new Set())) {
            expect(known.has(v), `${chart.id}: ${v}`).toBe(true);
            seen++;
          }
        }
      }
    }
  }
  return seen;
}

describe('npm run report', () => {
  const out = mkdtempSync(join(tmpdir(), 'ninefold-report-'));

  it('bad input: no such directory, not a run directory, no argument: one line, exit 2', () => {
    for (const args of [[join(out, 'nope')], [out], []]) {
      const r = cli('report', args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^ninefold: /);
    }
  });

  it("a tourney and a sweep: the charts show the files' numbers only; the page is rebuilt the same", () => {
    const dir = join(out, 'tourney');
    expect(cli('tourney', ['--game', 'nine-virtues', '--games', '120', '--workers', '1', '--out', dir]).code).toBe(0);
    const first = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(chartNumbersComeFromFiles(dir)).toBeGreaterThan(50);
    const r = cli('report', [dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('report.html');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toBe(first);
    const sweep = join(out, 'sweep');
    expect(cli('tourney', ['--game', 'nine-virtues', '--games', '80', '--workers', '1', '--sweep', 'bidPenalty=face,zero', '--out', sweep]).code).toBe(0);
    expect(existsSync(join(sweep, 'report.html'))).toBe(true);
    expect(existsSync(join(sweep, 'bidPenalty=zero', 'report.html'))).toBe(true);
    expect(chartNumbersComeFromFiles(sweep)).toBeGreaterThan(20);
  });

  it("a match: the charts show the files' numbers only", () => {
    const dir = join(out, 'match');
    const r = cli('match', [
      '--game',
      'captains-orders',
      '--candidate',
      'greedy',
      '--baseline',
      'random',
      '--sprt',
      '--games',
      '800',
      '--workers',
      '1',
      '--out',
      dir,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(chartNumbersComeFromFiles(dir)).toBeGreaterThan(5);
  });

  it("a training run and a rules search: npm run train writes the page, npm run report rebuilds it the same, its charts show the files' numbers only", () => {
    const dir = join(out, 'train');
    const t = cli('train', [
      '--game',
      'nine-virtues',
      '--bot',
      'greedy',
      '--budget',
      '640',
      '--deals',
      '4',
      '--verify-games',
      '200',
      '--workers',
      '1',
      '--out',
      dir,
    ]);
    expect(t.code, t.stderr).toBe(0);
    expect(t.stderr).not.toContain('report.html not written');
    const page = readFileSync(join(dir, 'report.html'), 'utf8');
    for (const id of ['curve-fitness', 'curve-difference', 'trajectory-leak', 'trajectory-denial', 'trajectory-wild', 'verify-win-share'])
      expect(page).toContain(`data-chart="${id}"`);
    expect(page).toContain('href="verify/report.html"');
    expect(existsSync(join(dir, 'verify', 'report.html'))).toBe(true);
    expect(cli('report', [dir]).code).toBe(0);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toBe(page);
    // 20 iterations of 15 columns, the verification's numbers.
    expect(chartNumbersComeFromFiles(dir)).toBeGreaterThan(300);
    const rules = join(out, 'rules');
    const r = cli('train', [
      '--game',
      'nine-virtues',
      '--tune-rules',
      'bidPenalty',
      '--budget',
      '300',
      '--deals',
      '50',
      '--verify-games',
      '200',
      '--workers',
      '1',
      '--out',
      rules,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const rulesPage = readFileSync(join(rules, 'report.html'), 'utf8');
    for (const id of ['curve-fitness', 'trajectory-bidPenalty', 'rules-seat-gap', 'rules-seat-win-rate']) expect(rulesPage).toContain(`data-chart="${id}"`);
    expect(cli('report', [rules]).code).toBe(0);
    expect(readFileSync(join(rules, 'report.html'), 'utf8')).toBe(rulesPage);
    expect(chartNumbersComeFromFiles(rules)).toBeGreaterThan(50);
  });

  it('an older run (no balance files, no bots.csv, no seat test or intervals in summary.json) still gets a page that names what is missing', () => {
    const dir = join(out, 'old');
    expect(cli('tourney', ['--game', 'nine-virtues', '--games', '60', '--workers', '1', '--out', dir]).code).toBe(0);
    for (const n of readdirSync(dir)) if (n.startsWith('balance') || n === 'bots.csv' || n === 'report.html') rmSync(join(dir, n));
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Record<string, unknown> & { bots: Record<string, unknown>[] };
    delete s.seatTest;
    for (const b of s.bots) {
      delete b.ci95;
      delete b.deff;
      delete b.meanScoreCi95;
    }
    writeFileSync(join(dir, 'summary.json'), JSON.stringify(s));
    const r = cli('report', [dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('Not shown');
    expect(html).toContain('balance.json');
    expect(html).toContain('data-chart="seat-win-rate"');
    expect(html).toContain('data-chart="bots-win-rate"');
    // A match without sprt.csv takes the SPRT trace from match.json.
    const m = join(out, 'match');
    rmSync(join(m, 'sprt.csv'));
    expect(cli('report', [m]).code).toBe(0);
    expect(readFileSync(join(m, 'report.html'), 'utf8')).toContain('data-chart="sprt-trace"');
  });
});
