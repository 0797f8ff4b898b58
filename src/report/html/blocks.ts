import type { ReportedTable } from '../../analysis/balance.js';
import { testPhraseOf, testVerdictOf } from '../../stats/test-phrases.js';
import type { EqualityTest } from '../../stats/wald.js';
import { intervalChart } from './charts.js';
import { pct, plain, signed } from './page-format.js';
import type { Cell, Row, RunFiles } from './load.js';
import type { Block } from './page.js';
import { tableCharts, type DataTable } from './table-charts.js';

/** A test as one phrase with its unit: "randomization test (...), Q = 8.73, F(3, 5997), p = 0.0335, over 2000 independent deals" (`src/stats/test-phrases.ts`). */
export function testPhrase(t: EqualityTest, unit = 'deals'): string {
  return testPhraseOf(t, unit);
}

/** The verdict of a test of equality at the 5% level, in words; "no evidence" says what the run could have detected. */
export function testVerdict(t: EqualityTest, what: string): string {
  return testVerdictOf(t, what);
}

/** A number of a file, or null when it held none (JSON null, read as NaN). */
function finiteOrNull(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/** An interval of a file, or undefined when either end is not a number. */
function finiteInterval(x: readonly [number, number]): readonly [number, number] | undefined {
  return Number.isFinite(x[0]) && Number.isFinite(x[1]) ? x : undefined;
}

/** The run's bots with their win rates: `bots.csv`, or for runs without it the bots of `summary.json` under the same column names. */
export function botRows(f: RunFiles): Row[] {
  const csv = f.csv.bots;
  if (csv && csv.length > 0) return [...csv];
  return (f.summary?.bots ?? []).map((b) => {
    const ci = finiteInterval(b.ci95);
    return {
      bot: b.name,
      seat_games: b.games,
      wins: b.wins,
      win_rate: finiteOrNull(b.winRate),
      ci95_lo: ci?.[0] ?? null,
      ci95_hi: ci?.[1] ?? null,
      mean_score: finiteOrNull(b.meanScore),
    };
  });
}

/** A DataTable of rows read from a CSV (columns: the first row's keys). */
export function csvTable(id: string, title: string, caption: string, rows: readonly Row[], intervals?: DataTable['intervals']): DataTable {
  return { id, title, caption, columns: Object.keys(rows[0] ?? {}), rows, ...(intervals ? { intervals } : {}) };
}

/** `ci95_lo`/`ci95_hi` belong to `win_rate` in bots.csv and seats.csv. */
const WIN_RATE_CI = { win_rate: ['ci95_lo', 'ci95_hi'] } as const;

/**
 * "Who wins": bot win rates with their deal-level 95% intervals (from
 * `bots.csv`), mean scores, and the game's score rate (e.g. Hold'em's
 * mbb/hand, from `summary.json`) when the bots have one.
 */
export function botsBlock(f: RunFiles, id = 'bots'): Block {
  const rows = botRows(f);
  const summary = f.summary;
  const unit = summary?.scoreUnit || 'points';
  const has = (c: string): boolean => rows.some((r) => typeof r[c] === 'number');
  const charts = [];
  if (has('win_rate')) {
    charts.push({
      id: `${id}-win-rate`,
      spec: intervalChart({
        title: 'Win rate by bot',
        description: 'Win share per seat-game of each bot, with deal-level 95% intervals.',
        rows,
        category: { field: 'bot', title: 'bot' },
        measure: { field: 'win_rate', title: 'win rate (share of seat-games)', ...(has('ci95_lo') ? { lo: 'ci95_lo', hi: 'ci95_hi' } : {}), percent: true },
        mark: 'bar',
        horizontal: true,
      }),
    });
  }
  if (has('mean_score')) {
    charts.push({
      id: `${id}-mean-score`,
      spec: intervalChart({
        title: 'Mean score by bot',
        description: `Mean game score per seat-game (${unit}) of each bot, with deal-level 95% intervals.`,
        rows,
        category: { field: 'bot', title: 'bot' },
        measure: { field: 'mean_score', title: `mean score (${unit})`, ...(has('mean_score_lo') ? { lo: 'mean_score_lo', hi: 'mean_score_hi' } : {}) },
        mark: 'bar',
        horizontal: true,
      }),
    });
  }
  const rates = (summary?.bots ?? []).flatMap((b) => {
    if (!b.rate) return [];
    const ci = finiteInterval(b.rate.ci95);
    return [{ bot: b.name, label: b.rate.label, rate: finiteOrNull(b.rate.value), rate_lo: ci?.[0] ?? null, rate_hi: ci?.[1] ?? null }];
  });
  if (rates.length > 0) {
    const label = rates[0]!.label;
    charts.push({
      id: `${id}-rate`,
      spec: intervalChart({
        title: `${label} by bot`,
        description: `Each bot's ${label} with its 95% interval (summary.json).`,
        rows: rates,
        category: { field: 'bot', title: 'bot' },
        measure: { field: 'rate', title: label, lo: 'rate_lo', hi: 'rate_hi' },
        mark: 'bar',
        horizontal: true,
        zeroRule: true,
      }),
    });
  }
  const deals = summary?.deals;
  return {
    id,
    title: 'Win rates and scores by bot',
    charts,
    caption:
      'Win rates are win shares per seat-game (a win shared by k seats counts 1/k). ' +
      `The deal is the unit: every interval uses the variation between the run's ${deals ?? 'independent'} deals${deals !== undefined ? ' (independent)' : ''}.` +
      (rates.length
        ? ` ${rates[0]!.label} (summary.json, 95% normal interval): ${rates.map((r) => `${r.bot} ${r.rate === null ? 'n/a' : valueWithCi(r.rate, r.rate_lo !== null && r.rate_hi !== null ? [r.rate_lo, r.rate_hi] : undefined, signed)}`).join('; ')}.`
        : ''),
    table: csvTable(`${id}-table`, 'Bots (bots.csv)', '', rows, WIN_RATE_CI),
  };
}

/**
 * "Are seats fair": win rate by position left of the first player
 * (`balance-seat-advantage.csv`, with the test from `balance.json`) and by
 * line-up seat (`seats.csv`, with the test from `summary.json`).
 */
export function seatBlocks(f: RunFiles): Block[] {
  const out: Block[] = [];
  const posTest = f.balance?.seatAdvantage.test ?? null;
  const pos = f.csv['balance-seat-advantage'];
  if (pos && pos.length > 0) {
    out.push({
      id: 'positions',
      title: 'Win rate by position left of the first player (0 = the first player)',
      charts: [
        {
          id: 'position-win-rate',
          spec: intervalChart({
            title: 'Win rate by position',
            description: 'Win share of each position left of the first player, with deal-level 95% intervals.',
            rows: pos,
            category: { field: 'position', title: 'position left of the first player' },
            measure: { field: 'win_rate', title: 'win rate', lo: 'win_rate_lo', hi: 'win_rate_hi', percent: true },
            mark: 'point',
          }),
        },
      ],
      caption:
        (posTest ? `Test of "every position wins equally often": ${testPhrase(posTest)}: ${testVerdict(posTest, 'positions')}. ` : '') +
        "The deal is the unit: a deal's games share its cards, so their results are one sample. Every bot sits in every seat equally often, so differences are the positions'.",
      table: csvTable('positions-table', 'Seat advantage (balance-seat-advantage.csv)', '', pos),
    });
  }
  const seats = f.csv.seats;
  if (seats && seats.length > 0) {
    const seatTest = f.summary?.seatTest ?? null;
    const hasCi = seats.some((r) => typeof r.ci95_lo === 'number');
    out.push({
      id: 'seats',
      title: 'Win rate by line-up seat',
      charts: [
        {
          id: 'seat-win-rate',
          spec: intervalChart({
            title: 'Win rate by seat',
            description: 'Win share of each line-up seat, with deal-level 95% intervals.',
            rows: seats,
            category: { field: 'seat', title: 'seat' },
            measure: { field: 'win_rate', title: 'win rate', ...(hasCi ? { lo: 'ci95_lo', hi: 'ci95_hi' } : {}), percent: true },
            mark: 'point',
          }),
        },
      ],
      caption: seatTest ? `Test of "every seat wins equally often": ${testPhrase(seatTest)}: ${testVerdict(seatTest, 'seats')}.` : '',
      table: csvTable('seats-table', 'Seats (seats.csv)', '', seats, WIN_RATE_CI),
    });
  }
  return out;
}

/**
 * The game's own balance tables of `balance.json`, each as charts of its
 * estimated columns (`tableCharts`) over its table view. Tables of older
 * runs (no interval columns) get their table view only.
 */
export function balanceBlocks(f: RunFiles): Block[] {
  return (f.balance?.tables ?? []).map((t) => {
    const table = reportedTable(t);
    const tc = tableCharts(table);
    const note = tc.constant.length ? ` (${tc.constant.join(', ')})` : '';
    return {
      id: `balance-${table.id}`,
      title: `${table.title}${note}`,
      charts: tc.charts.map((c) => ({ id: c.id, spec: intervalChart(c) })),
      caption: table.caption,
      table,
    };
  });
}

/** A game table of `balance.json` as the page's table: its rows keyed by column, a cell that was not a number (NaN, written as null) missing. */
export function reportedTable(t: ReportedTable): DataTable {
  const rows: Row[] = t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, cellOf(r[i])])));
  return { id: t.id, title: t.title, caption: t.caption, columns: t.columns, ...(t.titles.length === t.columns.length ? { titles: t.titles } : {}), rows };
}

function cellOf(x: string | number | undefined): Cell {
  return typeof x === 'number' ? (Number.isFinite(x) ? x : null) : (x ?? null);
}

/** "greedy 25.0% [25.0%, 25.0%]": a row's proportion with its interval. */
export function rateWithCi(r: Row, value: string, lo: string, hi: string): string {
  const v = r[value];
  const l = r[lo];
  const h = r[hi];
  if (typeof v !== 'number') return 'n/a';
  // Bounds that could not be computed (NaN: too few deals to vary) print no interval.
  return typeof l === 'number' && typeof h === 'number' && Number.isFinite(l) && Number.isFinite(h) ? `${pct(v)} [${pct(l)}, ${pct(h)}]` : pct(v);
}

/** A plain number with its interval: "97.9 [72.9, 123.0]". */
export function valueWithCi(v: number, ci: readonly [number, number] | undefined, fmt: (x: number) => string = plain): string {
  // An interval that could not be computed (NaN bounds: too few deals to vary) is left out.
  return ci && Number.isFinite(ci[0]) && Number.isFinite(ci[1]) ? `${fmt(v)} [${fmt(ci[0])}, ${fmt(ci[1])}]` : fmt(v);
}
