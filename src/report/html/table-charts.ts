import type { Category, IntervalChart, Measure } from './charts.js';
import type { Row } from './load.js';

/**
 * A table of a run file: snake_case columns (the CSV header), optional
 * display titles in the same order, rows keyed by column. Balance tables,
 * `bots.csv`, `seats.csv` and the like all have this shape.
 */
export interface DataTable {
  readonly id: string;
  readonly title: string;
  readonly caption: string;
  readonly columns: readonly string[];
  /** Display titles by column (default: the column names with spaces). */
  readonly titles?: readonly string[];
  readonly rows: readonly Row[];
  /** Interval columns not named `<column>_lo`/`_hi` (e.g. `win_rate` → `ci95_lo`, `ci95_hi` in bots.csv): the table view joins them to their column. */
  readonly intervals?: Readonly<Record<string, readonly [string, string]>>;
  /** Columns of proportions whose names do not say so (see `isProportion`): printed as percentages. */
  readonly proportions?: readonly string[];
  /** Cells that are proportions whatever their column's name (e.g. the estimates of sweep.csv's rate figures, not its sweep values). */
  readonly percentIf?: (row: Row, column: string) => boolean;
}

/** A column's display title: its given title, or the snake_case name with spaces. */
export function columnTitle(t: DataTable, column: string): string {
  const i = t.columns.indexOf(column);
  return (i >= 0 ? t.titles?.[i] : undefined) ?? column.replace(/_/g, ' ');
}

/** A column holds proportions (printed as percentages): its name says rate, share or pct, as in the terminal report. */
export function isProportion(column: string): boolean {
  return /(^|_)(rate|share|pct|los)(_|$)/.test(column) && !/(_deff|design_effect)$/.test(column);
}

/**
 * The estimated columns of a table: those with `<column>_lo` and
 * `<column>_hi` partners (the 95% interval the report adds), in column order.
 */
export function estimateColumns(columns: readonly string[]): string[] {
  return columns.filter((c) => columns.includes(`${c}_lo`) && columns.includes(`${c}_hi`));
}

/**
 * The columns that name a table's rows: the shortest run of leading columns
 * (before the first estimate or interval column) whose values tell every row
 * apart, e.g. `bot, rank` for bids by rank, `position` for seat advantage.
 * @returns [] when no such prefix exists (then the table gets no chart).
 */
export function keyColumns(t: DataTable): string[] {
  const est = new Set(estimateColumns(t.columns).flatMap((c) => [c, `${c}_lo`, `${c}_hi`]));
  const keys: string[] = [];
  for (const c of t.columns) {
    if (est.has(c)) break;
    keys.push(c);
    const seen = new Set(t.rows.map((r) => JSON.stringify(keys.map((k) => r[k]))));
    if (seen.size === t.rows.length) return keys;
  }
  return [];
}

/** What `tableCharts` makes of a table: one chart per estimated column, and the key columns with one value in every row. */
export interface TableCharts {
  readonly charts: readonly (IntervalChart & { readonly id: string })[];
  /** Key columns that do not vary (e.g. the one bot of a line-up): `title: value`, for the captions. */
  readonly constant: readonly string[];
}

/**
 * Charts of a table, driven by its columns alone: every estimated column
 * (one with `_lo`/`_hi` partners) becomes a bar chart with interval bars,
 * one bar per row; the last varying key column is the axis (horizontal bars
 * when it holds names, vertical when numbers), and one more varying key
 * column, if any, tells bars apart by colour. A table of one row, or whose
 * rows no key tells apart, or with more than two varying keys, gets no chart
 * (its table view says it all).
 */
export function tableCharts(t: DataTable): TableCharts {
  const keys = keyColumns(t);
  const varying = keys.filter((k) => new Set(t.rows.map((r) => r[k])).size > 1);
  const constant = keys.filter((k) => !varying.includes(k) && t.rows.length > 1).map((k) => `${columnTitle(t, k)}: ${String(t.rows[0]?.[k] ?? '')}`);
  if (t.rows.length < 2 || varying.length === 0 || varying.length > 2) return { charts: [], constant };
  const categoryField = varying[varying.length - 1]!;
  const category: Category = { field: categoryField, title: columnTitle(t, categoryField) };
  const group: Category | undefined = varying.length === 2 ? { field: varying[0]!, title: columnTitle(t, varying[0]!) } : undefined;
  const horizontal = t.rows.some((r) => typeof r[categoryField] === 'string');
  const charts = estimateColumns(t.columns).map((c) => {
    const measure: Measure = { field: c, title: columnTitle(t, c), lo: `${c}_lo`, hi: `${c}_hi`, ...(isProportion(c) ? { percent: true } : {}) };
    return {
      id: `${t.id}--${c}`,
      title: `${columnTitle(t, c)} by ${category.title}`,
      description: `${t.title}: ${columnTitle(t, c)} by ${category.title}${group ? ` and ${group.title}` : ''}, with 95% intervals.`,
      rows: t.rows,
      category,
      ...(group ? { group } : {}),
      measure,
      mark: 'bar' as const,
      horizontal,
    };
  });
  return { charts, constant };
}
