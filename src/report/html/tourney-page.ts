import { balanceBlocks, botRows, botsBlock, rateWithCi, reportedTable, seatBlocks, testPhrase, testVerdict, valueWithCi } from './blocks.js';
import { pct, plain, pText } from './page-format.js';
import { type Row, type RunFiles, sourcesOf } from './load.js';
import type { Page } from './page.js';
import { columnTitle, estimateColumns, isProportion, keyColumns } from './table-charts.js';

/** The line under a page's title: game, size, seed (and whether its deals were secret), line-up, non-default rules, and whether the run stopped early. */
export function runMeta(f: RunFiles, what: string): string {
  const s = f.summary;
  const nonDefault = Object.entries(s?.nonDefault ?? {}).map(([k, v]) => `${k}=${String(v)}`);
  const parts = [
    `${s?.game ?? ''} · ${what}`,
    `${s?.games ?? '?'} games, ${s?.deals ?? '?'} deals`,
    s?.secretDeals === true ? `seed ${s.seed}, secret deals (dealt from a random key)` : `seed ${s?.seed ?? ''}`,
    `line-up: ${(s?.lineup ?? []).join(', ')}`,
    nonDefault.length ? `rules: ${nonDefault.join(', ')}` : 'default rules',
  ];
  if (s?.complete === false) parts.push('STOPPED EARLY: incomplete');
  return parts.join(' · ');
}

/** Lines of the answer about seats: the test of equal positions (else of equal seats) and the win rate of each position. */
export function seatAnswer(f: RunFiles): string[] {
  const out: string[] = [];
  const posTest = f.balance?.seatAdvantage.test;
  const seatTest = f.summary?.seatTest;
  if (posTest) out.push(`Are seats fair? ${cap(testVerdict(posTest, 'positions'))}: test of "every position wins equally often", ${testPhrase(posTest)}.`);
  else if (seatTest) out.push(`Are seats fair? ${cap(testVerdict(seatTest, 'seats'))}: test of "every seat wins equally often", ${testPhrase(seatTest)}.`);
  else out.push('Are seats fair? This run has no test of equal seats (made by an older version); see the win rates by seat below.');
  const pos = f.csv['balance-seat-advantage'];
  if (pos && pos.length > 0)
    out.push(
      `Win rate by position left of the first player (0 = the first player), 95% intervals: ${pos.map((r) => `${String(r.position)}: ${rateWithCi(r, 'win_rate', 'win_rate_lo', 'win_rate_hi')}`).join('; ')}.`,
    );
  return out;
}

/** Lines of the answer about bots: who wins most, each with its interval, best first. */
export function botAnswer(f: RunFiles): string[] {
  const rows = botRows(f)
    .flatMap((r) => (typeof r.win_rate === 'number' ? [{ r, winRate: r.win_rate }] : []))
    .sort((a, b) => b.winRate - a.winRate)
    .map((x) => x.r);
  if (rows.length === 0) return [];
  if (rows.length === 1)
    return [
      `One bot, ${String(rows[0]!.bot)}, in every seat: its win rate ${rateWithCi(rows[0]!, 'win_rate', 'ci95_lo', 'ci95_hi')} is every seat's share; the seats, not the bots, are the question.`,
    ];
  return [
    `Who wins most (win share per seat-game, 95% intervals): ${rows.map((r) => `${String(r.bot)} ${rateWithCi(r, 'win_rate', 'ci95_lo', 'ci95_hi')}`).join('; ')}.`,
  ];
}

/** A balance table's finding: a test of equal rows that rejects at the 5% level, in one sentence. */
export interface Finding {
  /** The table's id in `balance.json` (its block is `balance-<id>`). */
  readonly table: string;
  readonly text: string;
}

/**
 * The findings of a run's balance tables (`balance.json`): every table whose
 * test of equal rows rejects at the 5% level (p < 0.05), as one sentence with
 * its size, the rows with the highest and the lowest value of the tested
 * column, each with its 95% interval, e.g. "Rounds by position left of the
 * dealer (0 = the dealer, 1 = the first player): the rows differ (test of
 * \"every position left of the dealer wins rounds equally often\", p < 0.0001
 * over 62 groups of deals): round win rate highest at position 1, 37.0%
 * [35.7%, 38.4%], lowest at position 0, 14.6% [13.4%, 15.9%]." Tables without a
 * test, or whose test does not reject, give none.
 */
export function balanceFindings(f: RunFiles): Finding[] {
  const out: Finding[] = [];
  for (const t of f.balance?.tables ?? []) {
    const test = t.test;
    if (!test || !(test.pValue < 0.05)) continue;
    const table = reportedTable(t);
    const column = test.column || estimateColumns(table.columns)[0];
    if (!column || !table.columns.includes(column)) continue;
    const valued = table.rows.flatMap((r) => {
      const v = r[column];
      return typeof v === 'number' ? [{ r, v }] : [];
    });
    if (valued.length < 2) continue;
    const keys = keyColumns(table);
    const label = (r: Row): string => keys.map((k) => `${columnTitle(table, k)} ${String(r[k])}`).join(', ') || '?';
    const proportion = isProportion(column);
    const shown = ({ r, v }: { r: Row; v: number }): string => {
      const lo = r[`${column}_lo`];
      const hi = r[`${column}_hi`];
      const ci = typeof lo === 'number' && typeof hi === 'number' ? ([lo, hi] as const) : undefined;
      return valueWithCi(v, ci, proportion ? pct : plain);
    };
    const sorted = [...valued].sort((a, b) => b.v - a.v);
    const top = sorted[0]!;
    const bottom = sorted[sorted.length - 1]!;
    out.push({
      table: table.id,
      text:
        `${table.title}: the rows differ (test of "${test.hypothesis}", ${pText(test.pValue)} over ${test.units} groups of deals): ` +
        `${columnTitle(table, column)} highest at ${label(top.r)}, ${shown(top)}, lowest at ${label(bottom.r)}, ${shown(bottom)} (95% intervals).`,
    });
  }
  return out;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * The page of a tourney run (also each value of a sweep): the answer (are
 * seats fair, who wins most), then who wins, the seats and positions, and
 * the game's balance tables as charts.
 */
export function tourneyPage(f: RunFiles): Page {
  const missing: string[] = [];
  if (!f.balance) missing.push('balance.json (seat advantage by position, game balance tables)');
  if (!f.csv.bots) missing.push('bots.csv (bots read from summary.json)');
  const findings = balanceFindings(f);
  // The tables whose test rejects come first: what the Answer names is the first chart of the section.
  const found = new Set(findings.map((x) => `balance-${x.table}`));
  const balance = balanceBlocks(f).sort((a, b) => Number(found.has(b.id)) - Number(found.has(a.id)));
  return {
    title: `${f.summary?.game ?? ''}: tournament report`,
    meta: runMeta(f, 'tourney'),
    answer: [...seatAnswer(f), ...findings.map((x) => x.text), ...botAnswer(f)],
    sections: [
      { id: 'seats-section', title: 'Are seats fair?', blocks: seatBlocks(f) },
      { id: 'bots-section', title: 'Who wins', blocks: [botsBlock(f)] },
      ...(balance.length
        ? [
            {
              id: 'balance-section',
              title: 'Game balance',
              intro: ["The game's own tables; estimated columns are charted with their 95% intervals."],
              blocks: balance,
            },
          ]
        : []),
    ],
    ...(f.inSweep ? { links: [{ href: '../report.html', text: 'the whole sweep' }] } : {}),
    sources: sourcesOf(f),
    missing,
  };
}
