import type { SweepFile } from '../../results/sweep-file.js';
import type { Row } from './load.js';
import type { Block } from './page.js';
import { isProportion } from './table-charts.js';

/** The cells of `sweep-tables.csv` that are proportions when their column is a rate or share. */
const ESTIMATE_CELLS = ['estimate', 'baseline_estimate', 'difference', 'ci95_lo', 'ci95_hi'];

/** Whether a row's 95% interval of the difference excludes 0. */
function moves(r: Row): boolean {
  return typeof r.ci95_lo === 'number' && typeof r.ci95_hi === 'number' && (r.ci95_lo > 0 || r.ci95_hi < 0);
}

/** Each balance table's title and its columns' titles, from `sweep.json` (`tablesFromBaseline` of the compared runs). */
function titles(sweep: SweepFile | null): Map<string, { title: string; columns: Map<string, string> }> {
  const out = new Map<string, { title: string; columns: Map<string, string> }>();
  for (const run of sweep?.runs ?? []) {
    for (const t of run.tablesFromBaseline ?? []) {
      if (out.has(t.id)) continue;
      out.set(t.id, { title: t.title, columns: new Map(t.estimates.map((e) => [e.column, e.title])) });
    }
  }
  return out;
}

/**
 * The game's own balance tables of a sweep compared row by row
 * (`sweep-tables.csv`, written by `writeSweepFiles`): one block per table, a row
 * per row of the table, estimated column and compared value, with the
 * baseline's estimate, the value's, and the paired difference with its 95%
 * interval (delete-a-group jackknife over the same groups of deals); rates
 * in percentage points; "moves" marks a difference whose interval excludes 0.
 * @returns the blocks (none when the file is missing) and, per compared
 *   value, how many cells move ("rounds=4 12 of 54 cells"), for the page's answer.
 */
export function sweepTableBlocks(rows: readonly Row[], sweep: SweepFile | null, key: string, baseline: string): { blocks: Block[]; moved: string[] } {
  const names = titles(sweep);
  const ids: string[] = [];
  for (const r of rows) if (!ids.includes(String(r.table))) ids.push(String(r.table));
  const blocks = ids.map((id): Block => {
    const info = names.get(id);
    // A cell's values side by side: rows in the order of their first (row, column), then by value.
    const mine = rows.filter((r) => String(r.table) === id);
    const cellKey = (r: Row): string => `${String(r.row)}\u0000${String(r.column)}`;
    const order = [...new Set(mine.map(cellKey))];
    const own = [...mine]
      .sort((a, b) => order.indexOf(cellKey(a)) - order.indexOf(cellKey(b)))
      .map(
        (r): Row => ({
          row: r.row === null || r.row === undefined || r.row === '' ? '(the table)' : r.row,
          column: info?.columns.get(String(r.column)) ?? String(r.column),
          value: `${key}=${String(r.value)}`,
          baseline_estimate: r.baseline_estimate ?? null,
          estimate: r.estimate ?? null,
          difference: r.difference ?? null,
          ci95_lo: r.ci95_lo ?? null,
          ci95_hi: r.ci95_hi ?? null,
          moves: moves(r) ? '*' : '',
          paired: r.paired ?? null,
          proportion: isProportion(String(r.column)) ? 1 : 0,
        }),
      );
    const shown = own.map(({ proportion: _, ...r }) => r);
    const rates = new Set(shown.filter((_, i) => own[i]!.proportion === 1));
    return {
      id: `sweep-table-${id}`,
      title: `${info?.title ?? id}: each value less ${key}=${baseline}`,
      charts: [],
      caption:
        `The game's table ${id} row by row: ${key}=${baseline}'s estimate, each other value's, and the paired difference (value − ${key}=${baseline}) with its 95% interval ` +
        `(delete-a-group jackknife over the differences of the cells' replicates, the same groups of whole deals in both runs, so the deals' luck cancels; "paired" 0 marks an unpaired difference). ` +
        `Rates and shares as percentages, their differences in percentage points; * in "moves": the interval excludes 0. An empty estimate: the row is absent from that run.`,
      table: {
        id: `sweep-table-${id}-table`,
        title: `${info?.title ?? id} (sweep-tables.csv)`,
        caption: '',
        columns: Object.keys(shown[0] ?? {}),
        titles: ['row', 'column', 'value', `${key}=${baseline}`, 'estimate', 'difference', 'ci95 lo', 'ci95 hi', 'moves', 'paired'],
        rows: shown,
        intervals: { difference: ['ci95_lo', 'ci95_hi'] },
        percentIf: (r: Row, column: string) => ESTIMATE_CELLS.includes(column) && rates.has(r),
      },
    };
  });
  const values: string[] = [];
  for (const r of rows) if (!values.includes(String(r.value))) values.push(String(r.value));
  const moved = values.map((v) => {
    const mine = rows.filter((r) => String(r.value) === v && typeof r.difference === 'number');
    const sig = mine.filter(moves);
    return `${key}=${v} ${sig.length} of ${mine.length} cells`;
  });
  return { blocks, moved };
}
