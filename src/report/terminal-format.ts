/** Numbers and tables as the terminal prints them: fixed decimals never "-0.0", percentages, intervals, compact cli-table3 tables. */
import { stripVTControlCharacters } from 'node:util';
import type Table from 'cli-table3';
import { lazyRequire } from '../io/lazy.js';

/** cli-table3, loaded when the first table is printed. */
const TableClass = lazyRequire<typeof Table>('cli-table3', { atEnd: true });

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

/** A line without its ANSI colour codes (a terminal's table borders carry them). */
const plain = (line: string): string => stripVTControlCharacters(line);

/**
 * A cli-table3 table's text, compact: when every row takes one line, the
 * separators between rows are dropped (the one under the head stays), so a
 * table takes about half the lines cli-table3 draws. Rows that wrap over
 * several lines keep their separators, which tell them apart.
 * @param t the table (anything whose `toString` is cli-table3's drawing).
 * @param head whether the table's first row is a head.
 * @returns the table's lines joined by newlines.
 */
export function tableText(t: { toString(): string }, head: boolean): string {
  const lines = t.toString().split('\n');
  const seps = lines.flatMap((l, i) => (plain(l).startsWith('├') ? [i] : []));
  if (seps.length === 0) return lines.join('\n');
  const blocks = [...seps, lines.length - 1].map((end, k) => end - (k === 0 ? 1 : seps[k - 1]! + 1));
  // Every block of rows after the head one line high (the head itself may wrap over several).
  if (blocks.slice(head ? 1 : 0).some((n) => n !== 1)) return lines.join('\n');
  const drop = new Set(head ? seps.slice(1) : seps);
  return lines.filter((_, i) => !drop.has(i)).join('\n');
}

/** Renders rows of cells under `head` as a table string (compact: {@link tableText}). */
export function plainTable(head: string[], rows: readonly (readonly string[])[]): string {
  const t = newTable(head);
  for (const r of rows) t.push([...r]);
  return tableText(t, true);
}
