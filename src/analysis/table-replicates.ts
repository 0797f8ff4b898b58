import type { BalanceTable } from '../core/balance.js';

/**
 * What two runs' balance tables need to be differenced row by row (a sweep's
 * values, `report --compare`): which columns name a row, and every estimated
 * cell's delete-a-group jackknife replicates (its value with each group of
 * whole deals left out, the same groups as the table's intervals).
 */
export interface TableReplicates {
  /** The columns (CSV names) that name a row, e.g. `bot`, `rank`; [] for a table of one row. */
  readonly keys: readonly string[];
  /** The estimated columns, in table order. */
  readonly estimates: readonly {
    /** CSV name (snake_case), e.g. `success_rate`. */
    readonly column: string;
    /** The game's title, e.g. `success rate`. */
    readonly title: string;
    /** A rate or share (printed as a percentage; its differences in percentage points). */
    readonly percent: boolean;
    /** Per row, per group: the cell with that group left out (null where it cannot be computed: x / 0). */
    readonly replicates: readonly (readonly (number | null)[])[];
  }[];
}

/** Nine significant digits: a replicate's deviation from the others keeps ~6 digits, far below any interval's rounding, and balance.json stays small. */
function compact(x: number): number | null {
  return Number.isFinite(x) ? Number(x.toPrecision(9)) : null;
}

/**
 * The replicates of a game table's estimated cells and its row-naming
 * columns. A key column comes before the first estimated column, is not the
 * trials of an estimate, and has the same cell in every replicate as in the
 * whole run (a label such as bot or rank, not a count such as rounds that
 * shrinks when a group is left out); of those, the shortest leading run that
 * tells every row apart (all of them if none does).
 * @param t the whole run's table; `replicates` the same table with each group left out (same rows).
 * @param name a column's CSV name (`snakeCase`).
 */
export function tableReplicates(t: BalanceTable, replicates: readonly BalanceTable[], name: (column: string) => string): TableReplicates {
  const est = t.estimates ?? [];
  const estCols = new Set(est.map((e) => e.column));
  const trials = new Set(est.flatMap((e) => (e.trials !== undefined ? [e.trials] : [])));
  const firstEst = t.columns.findIndex((c) => estCols.has(c));
  const candidates: number[] = [];
  t.columns.forEach((c, i) => {
    if ((firstEst >= 0 && i >= firstEst) || estCols.has(c) || trials.has(c)) return;
    if (replicates.every((r) => r.rows.every((row, k) => row[i] === t.rows[k]?.[i]))) candidates.push(i);
  });
  const keys: number[] = [];
  for (const i of candidates) {
    keys.push(i);
    if (new Set(t.rows.map((row) => JSON.stringify(keys.map((k) => row[k])))).size === t.rows.length) break;
  }
  return {
    keys: keys.map((i) => name(t.columns[i]!)),
    estimates: est.map((e) => {
      const i = t.columns.indexOf(e.column);
      return {
        column: name(e.column),
        title: e.column,
        percent: /rate|share|%/.test(e.column),
        replicates: t.rows.map((_, k) => replicates.map((r) => compact(Number(r.rows[k]?.[i])))),
      };
    }),
  };
}
