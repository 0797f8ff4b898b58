import type { BalanceReport, ReportedTable } from './balance.js';
import { replicateDifference, sameLayout, type SweepDifference } from './difference.js';
import type { TableReplicates } from './table-replicates.js';

/** One estimated cell of a row in two runs, and its difference A − B. */
export interface CellDifference {
  /** CSV name of the estimated column, e.g. `success_rate`. */
  readonly column: string;
  /** A's and B's estimates (null where the run lacks the row or the cell is not a number). */
  readonly a: number | null;
  readonly b: number | null;
  /** A − B with its 95% interval; null when either estimate is missing or not finite. */
  readonly difference: SweepDifference | null;
}

/** One row of a game table in two runs, matched by its key cells. */
export interface RowDifference {
  /** The row's key cells (bot, rank, ...), in the order of `TableDifference.keys`. */
  readonly key: readonly (string | number)[];
  /** Which runs have the row: both, or only A or only B (then every difference is null). */
  readonly presentIn: 'both' | 'a' | 'b';
  /** One per estimated column, in the order of `TableDifference.estimates`. */
  readonly cells: readonly CellDifference[];
}

/** One game balance table of two runs, row by row. */
export interface TableDifference {
  readonly id: string;
  readonly title: string;
  /** CSV names of the columns that name a row ([] for a table of one row). */
  readonly keys: readonly string[];
  /** The estimated columns: CSV name, the game's title, and whether it is a rate or share (differences in percentage points). */
  readonly estimates: readonly { readonly column: string; readonly title: string; readonly percent: boolean }[];
  readonly rows: readonly RowDifference[];
}

/**
 * The game's own balance tables of two runs compared row by row: for each
 * table of either run (by id), each row (matched by its key cells, e.g. bot
 * and rank; a row of one run only is kept with `presentIn` saying which),
 * each estimated column, the difference A − B with its 95% interval. Paired
 * when both runs played the same deals in the same jackknife groups: the
 * delete-a-group jackknife over the differences of the cells' replicates,
 * each pair leaving out the same group of whole deals (Kott 2001), so the
 * luck of the cards cancels; otherwise unpaired, se = √(se_A² + se_B²)
 * (`replicateDifference`). Proportions stay proportions (a difference of
 * 0.031 is 3.1 percentage points).
 * @param paired whether the runs played the same deals (default: the same
 *   number of deals and groups, as a sweep's values do).
 * @returns [] when neither run kept its tables' replicates (files of older versions).
 */
export function compareTables(a: BalanceReport, b: BalanceReport, paired = sameLayout(a, b)): TableDifference[] {
  const ids: string[] = [];
  // Files of older versions have no table replicates (and a hand-made report may have no tables): nothing to compare there.
  for (const r of [a, b]) for (const t of r.tables ?? []) if (!ids.includes(t.id) && r.tableReplicates?.[t.id]) ids.push(t.id);
  const out: TableDifference[] = [];
  for (const id of ids) {
    const ta = a.tables?.find((t) => t.id === id);
    const tb = b.tables?.find((t) => t.id === id);
    const xa = a.tableReplicates?.[id];
    const xb = b.tableReplicates?.[id];
    const rep = (xa ?? xb)!;
    const estimates = rep.estimates.map((e) => ({ column: e.column, title: e.title, percent: e.percent }));
    const keys = rep.keys;
    const rowsA = ta && xa ? indexRows(ta, xa.keys) : new Map<string, number>();
    const rowsB = tb && xb ? indexRows(tb, xb.keys) : new Map<string, number>();
    const order = [...rowsA.keys(), ...[...rowsB.keys()].filter((k) => !rowsA.has(k))];
    const rows = order.map((k): RowDifference => {
      const ia = rowsA.get(k);
      const ib = rowsB.get(k);
      const cells = estimates.map((e): CellDifference => {
        const ca = cellOf(ta, xa, ia, e.column);
        const cb = cellOf(tb, xb, ib, e.column);
        const difference = ca && cb ? replicateDifference(ca.value, ca.replicates, cb.value, cb.replicates, paired) : null;
        return { column: e.column, a: ca && Number.isFinite(ca.value) ? ca.value : null, b: cb && Number.isFinite(cb.value) ? cb.value : null, difference };
      });
      return { key: JSON.parse(k) as (string | number)[], presentIn: ia === undefined ? 'b' : ib === undefined ? 'a' : 'both', cells };
    });
    out.push({ id, title: (ta ?? tb)!.title, keys, estimates, rows });
  }
  return out;
}

/** A table's rows by their key cells (as JSON); a repeated key gets its occurrence appended, so no row is lost. */
function indexRows(t: ReportedTable, keys: readonly string[]): Map<string, number> {
  const idx = keys.map((k) => t.columns.indexOf(k));
  const out = new Map<string, number>();
  t.rows.forEach((row, r) => {
    const key = idx.map((i) => row[i] ?? '');
    let k = JSON.stringify(key);
    for (let n = 2; out.has(k); n++) k = JSON.stringify([...key, `#${n}`]);
    out.set(k, r);
  });
  return out;
}

/** An estimated cell's value and replicates, or null when the run lacks the row or the column. */
function cellOf(
  t: ReportedTable | undefined,
  x: TableReplicates | undefined,
  row: number | undefined,
  column: string,
): { value: number; replicates: readonly (number | null)[] } | null {
  if (!t || !x || row === undefined) return null;
  const c = t.columns.indexOf(column);
  const e = x.estimates.find((y) => y.column === column);
  const cell = t.rows[row]?.[c];
  if (c < 0 || !e || typeof cell !== 'number') return null;
  return { value: cell, replicates: e.replicates[row] ?? [] };
}
