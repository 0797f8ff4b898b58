/**
 * A sweep compares every table. The game's own balance
 * tables of each value, row by row, less the first value's: paired
 * differences from the cells' delete-a-group jackknife replicates (the same
 * groups of whole deals in every value's run), in `sweep-tables.csv`,
 * `sweep.json`, on the page, and first on the terminal, within 120 columns.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BalanceReport } from '../../src/analysis/balance.js';
import { compareRuns } from '../../src/analysis/compare.js';
import { replicateDifference } from '../../src/analysis/difference.js';
import { compareTables } from '../../src/analysis/table-difference.js';
import { comparisonText } from '../../src/report/compare.js';
import { parseCsv, type Row } from '../../src/report/html/load.js';
import { tQuantile } from '../../src/stats/quantiles.js';
import type { Summary } from '../../src/analysis/summary.js';
import { fitTable, tableDifferencesText, textWidth } from '../../src/report/table-difference-text.js';
import { jsonText } from '../../src/report/json.js';
import { cli, type CliResult } from '../cli/helpers.js';

const dir = join(mkdtempSync(join(tmpdir(), 'ninefold-sweep-tables-')), 'sweep');
let run: CliResult;
const balanceOf = (value: string): BalanceReport => JSON.parse(readFileSync(join(dir, `bidPenalty=${value}`, 'balance.json'), 'utf8')) as BalanceReport;
const csv = (file: string): Row[] => parseCsv(readFileSync(join(dir, file), 'utf8'));

beforeAll(() => {
  run = cli('tourney', [
    '--game',
    'nine-virtues',
    '--bots',
    'greedy,greedy,greedy,greedy',
    '--games',
    '320',
    '--workers',
    '1',
    '--sweep',
    'bidPenalty=face,zero',
    '--out',
    dir,
  ]);
  expect(run.code, run.stderr).toBe(0);
});

describe("a sweep compares the game's balance tables row by row", () => {
  it("writes every cell of the per-rank bid table: its difference is the value's cell less the baseline's", () => {
    const rows = csv('sweep-tables.csv').filter((r) => r.table === 'bids-by-rank');
    const zero = csv('bidPenalty=zero/balance-bids-by-rank.csv');
    const face = csv('bidPenalty=face/balance-bids-by-rank.csv');
    // Nine ranks, three estimated columns, one compared value.
    expect(rows).toHaveLength(9 * 3);
    for (const r of rows) {
      expect([r.key, r.value, r.baseline_value, r.paired]).toEqual(['bidPenalty', 'zero', 'face', 1]);
      const rank = Number(/rank=(\d+)/.exec(String(r.row))![1]);
      const a = zero.find((x) => x.rank === rank)!;
      const b = face.find((x) => x.rank === rank)!;
      const c = String(r.column);
      expect(r.estimate).toBeCloseTo(a[c] as number, 12);
      expect(r.baseline_estimate).toBeCloseTo(b[c] as number, 12);
      expect(r.difference).toBeCloseTo((a[c] as number) - (b[c] as number), 12);
      expect(r.ci95_lo as number).toBeLessThanOrEqual(r.difference as number);
      expect(r.ci95_hi as number).toBeGreaterThanOrEqual(r.difference as number);
    }
    expect(new Set(rows.map((r) => r.column))).toEqual(new Set(['bids_per_game', 'success_rate', 'points_per_bid']));
    // Every game table is compared, and sweep.json holds the same comparison.
    expect(new Set(csv('sweep-tables.csv').map((r) => r.table))).toEqual(new Set(balanceOf('face').tables.map((t) => t.id)));
    const json = JSON.parse(readFileSync(join(dir, 'sweep.json'), 'utf8')) as { runs: { tablesFromBaseline?: { id: string }[] }[] };
    expect(json.runs[1]!.tablesFromBaseline!.map((t) => t.id)).toContain('bids-by-rank');
  });

  it("pairs each group of deals with the same group: the interval is the jackknife of the replicates' differences, narrower than unpaired or misaligned groups", () => {
    const a = balanceOf('zero');
    const b = balanceOf('face');
    const G = a.groups;
    expect(G).toBeGreaterThanOrEqual(10);
    const paired = compareTables(a, b);
    const unpaired = compareTables(a, b, false);
    const repsA = a.tableReplicates!['bids-by-rank']!;
    const repsB = b.tableReplicates!['bids-by-rank']!;
    const table = paired.find((t) => t.id === 'bids-by-rank')!;
    let width = 0;
    let widthUnpaired = 0;
    let widthShifted = 0;
    table.rows.forEach((row, k) => {
      row.cells.forEach((cell, j) => {
        const d = cell.difference!;
        expect(d.paired).toBe(true);
        // The delete-a-group jackknife over d_g = θ_A,(g) − θ_B,(g), written out.
        const ra = repsA.estimates[j]!.replicates[k]! as number[];
        const rb = repsB.estimates[j]!.replicates[k]! as number[];
        const dg = ra.map((x, g) => x - rb[g]!);
        const mean = dg.reduce((s, x) => s + x, 0) / G;
        const se = Math.sqrt(((G - 1) / G) * dg.reduce((s, x) => s + (x - mean) ** 2, 0));
        expect(d.ci95[1] - d.value).toBeCloseTo(tQuantile(0.975, G - 1) * se, 9);
        width += d.ci95[1] - d.ci95[0];
        const u = unpaired.find((t) => t.id === 'bids-by-rank')!.rows[k]!.cells[j]!.difference!;
        expect(u.paired).toBe(false);
        widthUnpaired += u.ci95[1] - u.ci95[0];
        // The same replicates paired with the wrong groups (each A group with B's next one).
        const shifted = replicateDifference(cell.a!, ra, cell.b!, [...rb.slice(1), rb[0]!], true)!;
        widthShifted += shifted.ci95[1] - shifted.ci95[0];
      });
    });
    // The same deals in both runs: the luck of the cards cancels in the paired differences.
    expect(width).toBeLessThan(widthUnpaired);
    expect(width).toBeLessThan(widthShifted);
  });

  it('prints the comparison first, the per-rank bid table among it, within 120 columns, the page named last', () => {
    const lines = run.stdout.trimEnd().split('\n');
    const firstValue = lines.findIndex((l) => l.startsWith('== bidPenalty=face =='));
    const comparison = lines.slice(0, firstValue);
    expect(firstValue).toBeGreaterThan(0);
    expect(comparison.join('\n')).toMatch(/Paired differences from bidPenalty=face, key figures/);
    const bids = comparison.findIndex((l) => l.startsWith('Nine Virtues bidding by rank'));
    expect(bids).toBeGreaterThan(0);
    expect(comparison.slice(bids).join('\n')).toMatch(/success rate\s*│[\s\S]*zero − face/);
    // A paired difference with its interval for rank 10, e.g. "│ greedy │ 10   │ 95.7% │ −4.0 (−5.0 to −3.0) * │".
    expect(comparison.slice(bids).some((l) => /│ greedy\s*│ 10\s*│.*[+−]?\d+\.\d \([+−]?\d+\.\d to [+−]?\d+\.\d\)/.test(l))).toBe(true);
    for (const l of comparison) expect(l.length, l).toBeLessThanOrEqual(120);
    expect(lines.filter((l) => l.startsWith('== bidPenalty='))).toEqual(['== bidPenalty=face ==', '== bidPenalty=zero ==']);
    expect(lines.at(-1)).toMatch(/^open: .*report\.html$/);
  });

  it('report --compare compares the same tables row by row, paired on the same deals', () => {
    // Two runs of one variant on the same deals: the sweep's runs, each with the first value's summary.
    const summary = JSON.parse(readFileSync(join(dir, 'bidPenalty=face', 'summary.json'), 'utf8')) as Summary;
    const a = { name: 'A', summary, balance: balanceOf('zero') };
    const b = { name: 'B', summary, balance: balanceOf('face') };
    const c = compareRuns(a, b);
    expect(c.tables).toEqual(compareTables(a.balance, b.balance));
    const text = comparisonText(a, b, c).split('\n');
    const bids = text.findIndex((l) => l.startsWith('Nine Virtues bidding by rank'));
    expect(bids).toBeGreaterThan(0);
    expect(text.slice(bids).join('\n')).toMatch(/A − B/);
    for (const l of text.slice(bids)) expect(l.length, l).toBeLessThanOrEqual(120);
  });

  it("shows each game table's comparison on the sweep page", () => {
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('id="sweep-table-bids-by-rank"');
    expect(html).toContain('data-table="sweep-table-dealer-position-table"');
    expect(html).toMatch(/How the game&#39;s own tables move|How the game's own tables move/);
  });
});

/** A report with one game table `t` of rows (key, value) and their replicates. */
function report(rows: readonly (readonly [string, number, readonly number[]])[], deals = 100): BalanceReport {
  return {
    game: 'test',
    deals,
    groups: rows[0]?.[2].length ?? 0,
    seatAdvantage: { byPosition: [], test: { statistic: 0, df: [1, 1], pValue: 1, method: 'test' } as never },
    tables: [{ id: 't', title: 'T', caption: '', columns: ['bot', 'rate', 'rate_lo', 'rate_hi'], titles: [], rows: rows.map(([k, v]) => [k, v, v, v]) }],
    keyFigures: {},
    replicates: {},
    tableReplicates: { t: { keys: ['bot'], estimates: [{ column: 'rate', title: 'rate', percent: true, replicates: rows.map((r) => r[2]) }] } },
  };
}

describe('the row-by-row comparison of two runs', () => {
  it('matches rows by their key cells; a row of one run only is absent in the other', () => {
    const a = report([
      ['x', 0.5, [0.5, 0.52, 0.48]],
      ['y', 0.3, [0.3, 0.31, 0.29]],
    ]);
    const b = report([
      ['y', 0.2, [0.2, 0.22, 0.18]],
      ['z', 0.1, [0.1, 0.1, 0.1]],
    ]);
    const [t] = compareTables(a, b);
    expect(t!.rows.map((r) => [r.key, r.presentIn])).toEqual([
      [['x'], 'a'],
      [['y'], 'both'],
      [['z'], 'b'],
    ]);
    expect(t!.rows[1]!.cells[0]!.difference!.value).toBeCloseTo(0.1, 12);
    expect(t!.rows[0]!.cells[0]!.difference).toBeNull();
    const text = tableDifferencesText('b', [{ label: 'a', tables: [t!] }]);
    expect(text.split('\n').find((l) => l.includes('│ x'))).toMatch(/absent/);
    expect(text.split('\n').find((l) => l.includes('│ y'))).toMatch(/20\.0%.*\+10\.0 \(/);
  });

  it('runs of other layouts (deals or groups) are differenced unpaired', () => {
    const a = report([['x', 0.5, [0.5, 0.52, 0.48]]], 100);
    const b = report([['x', 0.4, [0.4, 0.42, 0.38]]], 90);
    expect(compareTables(a, b)[0]!.rows[0]!.cells[0]!.difference!.paired).toBe(false);
  });

  it('a table too wide for 120 columns is split into parts that each fit, every row named in each', () => {
    const head = ['bot', 'rank', ...Array.from({ length: 8 }, (_, i) => `value ${i} − face`)];
    const rows = [['greedy', '2', ...Array.from({ length: 8 }, () => '−12.7 (−13.1 to −12.2) *')]];
    const text = fitTable(head, rows, 2);
    expect(textWidth(text)).toBeLessThanOrEqual(120);
    expect(text.split('\n').filter((l) => l.startsWith('│ greedy')).length).toBeGreaterThan(1);
  });
});

describe('balance.json and sweep.json keep arrays of numbers on one line', () => {
  it('the text parses to what JSON.stringify writes, and is JSON.stringify(x, null, 2) where no array is all numbers', () => {
    const x = { a: [1, Number.NaN, 2.5, null], b: { c: 'a caption with [1, 2] in it\u0000[3]', d: undefined, e: [{ f: [] }, 'g'] }, h: {}, i: [] };
    expect(JSON.parse(jsonText(x))).toEqual(JSON.parse(JSON.stringify(x)));
    expect(jsonText(x)).toContain('"a": [1,null,2.5,null]');
    const y = { s: 'x', o: { t: ['u', { v: true }], w: null } };
    expect(jsonText(y)).toBe(JSON.stringify(y, null, 2));
  });
});
