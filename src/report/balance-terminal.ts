import type { Summary } from '../analysis/summary.js';
import type { BalanceReport, ReportedTable } from '../analysis/balance.js';
import { testText } from '../stats/test-phrases.js';
import { balanceTables } from './balance.js';
import { fixed, plainTable, pct } from './terminal-format.js';
import { seatTable } from './table.js';
import { fitTable, friendlyTitle, keyColumns, tableWidth, type TerminalOptions, withInterval, wrapProse } from './terminal.js';

/** Options of `renderBalance`. */
export interface BalanceTextOptions extends TerminalOptions {
  /**
   * The run's per-seat results: printed under the table by position only when
   * they say something it does not (the first player changes from game to
   * game, so seat numbers and positions differ).
   */
  readonly seats?: Pick<Summary, 'seats' | 'seatTest'>;
}

/**
 * The balance report as terminal text (cli-table3), proportions as
 * percentages, the prose wrapped. By default every table fits
 * `TERMINAL_WIDTH` (`terminalView`, split by `fitTable` when still too
 * wide); `wide` prints every column as `balance-<id>.csv` has them.
 */
export function renderBalance(r: BalanceReport, options: BalanceTextOptions = {}): string {
  const wide = options.wide === true;
  const out: string[] = [
    '',
    wide ? 'Balance report' : 'Balance report (in brackets: 95% intervals; design effects and every column: --wide, or balance-<table>.csv)',
  ];
  for (const t of balanceTables(r)) {
    out.push(t.title);
    if (wide)
      out.push(
        plainTable(
          [...t.titles],
          t.rows.map((row) => row.map((c, i) => cell(c, t.titles[i] ?? ''))),
        ),
      );
    else {
      const v = terminalView(t);
      out.push(fitTable(v.head, v.rows, { width: tableWidth(options), keys: v.keys }));
    }
    if (t.caption) out.push(t.caption);
    if (t.id === 'seat-advantage' && options.seats && !sameNumbers(r, options.seats)) {
      out.push('By seat number (the first player changes from game to game, so seats are not positions)');
      out.push(seatTable(options.seats, options));
      out.push(`Test of "every seat wins equally often": ${testText(options.seats.seatTest, 'deals', 'seats')}.`);
    }
  }
  return wrapProse(out.join('\n'));
}

/** True when the wins by seat are the wins by position in another order (the first player sits in one seat): one table says it all. */
function sameNumbers(r: BalanceReport, s: Pick<Summary, 'seats'>): boolean {
  const a = r.seatAdvantage.byPosition.map((p) => p.wins).sort((x, y) => x - y);
  const b = s.seats.map((t) => t.wins).sort((x, y) => x - y);
  return a.length === b.length && a.every((x, i) => Math.abs(x - b[i]!) < 1e-9);
}

/** A design-effect column: not printed by default. */
const DEFF = /(deff|design effect)$/;

/**
 * A reported table as the terminal prints it by default: each estimate and
 * its `lo`/`hi` columns in one cell ("82.9% (76.5–87.8)"), design effects
 * left out, titles with "per" for "/" ("bids per game").
 * @returns the titles, the rows of text, and how many leading columns label the rows (at most the columns before the first estimate).
 */
export function terminalView(t: ReportedTable): { head: string[]; rows: string[][]; keys: number } {
  const cols: { title: string; value: number; lo?: number; hi?: number }[] = [];
  for (let i = 0; i < t.titles.length; i++) {
    const c = t.titles[i]!;
    if (DEFF.test(c)) continue;
    if (t.titles[i + 1] === `${c} lo` && t.titles[i + 2] === `${c} hi`) {
      cols.push({ title: c, value: i, lo: i + 1, hi: i + 2 });
      i += 2;
    } else cols.push({ title: c, value: i });
  }
  const rows = t.rows.map((row) =>
    cols.map((c) =>
      c.lo === undefined ? cell(row[c.value]!, c.title) : withInterval(cell(row[c.value]!, c.title), bound(row[c.lo]!, c.title), bound(row[c.hi!]!, c.title)),
    ),
  );
  const firstEstimate = cols.findIndex((c) => c.lo !== undefined);
  const keys = Math.max(1, Math.min(keyColumns(rows, cols.length), firstEstimate < 0 ? cols.length - 1 : firstEstimate));
  return { head: cols.map((c) => friendlyTitle(c.title)), rows, keys };
}

/** Columns whose names say they hold proportions print as percentages. */
function cell(c: string | number, column: string): string {
  if (typeof c !== 'number') return c;
  if (Number.isNaN(c)) return DEFF.test(column) ? '' : 'n/a';
  if (DEFF.test(column)) return c.toFixed(2);
  if (/rate|share|%/.test(column)) return pct(c);
  return Number.isInteger(c) ? String(c) : c.toFixed(2);
}

/** An interval's bound as printed inside the brackets: as `cell`, without the unit; empty when it cannot be computed. */
function bound(c: string | number, column: string): string {
  if (typeof c !== 'number') return c;
  if (!Number.isFinite(c)) return '';
  if (/rate|share|%/.test(column)) return fixed(100 * c, 1);
  return Number.isInteger(c) ? String(c) : fixed(c, 2);
}
