import type Table from 'cli-table3';
import { lazyRequire } from '../io/lazy.js';

/** cli-table3, loaded when the first table is printed. */
const TableClass = lazyRequire<typeof Table>('cli-table3');

/** `x` with `d` decimals, never "-0.0": a value that rounds to zero prints as zero. */
export function fixed(x: number, d: number): string {
  const s = x.toFixed(d);
  return Number(s) === 0 ? (0).toFixed(d) : s;
}

/** A proportion as a percentage with one decimal: 0.2604 -> "26.0%" (a value that rounds to zero: "0.0%", never "-0.0%"). */
export const pct = (x: number): string => `${fixed(100 * x, 1)}%`;

/** A 95% interval of a proportion: "25.7% – 26.4%". */
export const ci = (c: readonly [number, number]): string => `${pct(c[0])} – ${pct(c[1])}`;

/** A number with `d` decimals. */
export const num = (x: number, d = 2): string => fixed(x, d);

/**
 * A cli-table3 table: coloured headers on a terminal, plain text otherwise
 * (files, pipes, CI logs).
 * @param head column titles, or none for a key-value table.
 * @param layout cli-table3's column widths and wrapping of cells, when the caller fixes them (`fitTable`).
 */
export function newTable(head?: string[], layout?: { colWidths: number[]; wordWrap: boolean }): Table.Table {
  const style = process.stdout.isTTY ? undefined : { head: [], border: [] };
  const T = TableClass();
  return new T({ ...(head ? { head } : {}), ...(style ? { style } : {}), ...(layout ?? {}) });
}

/** Renders rows of cells under `head` as a table string. */
export function plainTable(head: string[], rows: readonly (readonly string[])[]): string {
  const t = newTable(head);
  for (const r of rows) t.push([...r]);
  return t.toString();
}
