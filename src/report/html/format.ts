import type { Cell } from './load.js';

/** Escapes text for HTML content and attribute values. */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A proportion from a run file as a percentage with one decimal: 0.2604 → "26.0%". */
export function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

/** A difference of proportions in percentage points, signed: 0.0155 → "+1.6". */
export function points(x: number): string {
  const v = 100 * x;
  return `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(1)}`;
}

/** A plain number with as many decimals as its size needs (integers as they are). */
export function plain(x: number): string {
  if (Number.isInteger(x)) return String(x);
  const a = Math.abs(x);
  if (a !== 0 && a < 0.001) return x.toExponential(2);
  return x.toFixed(a >= 100 ? 1 : a >= 1 ? 2 : 3);
}

/** A signed plain number: "+4.76", "−0.325". */
export function signed(x: number): string {
  return `${x >= 0 ? '+' : '−'}${plain(Math.abs(x))}`;
}

/** A p-value: three significant digits, "< 0.0001" below that (as the terminal report). */
export function pValue(p: number): string {
  return p < 1e-4 ? '< 0.0001' : p.toPrecision(3);
}

/** A table cell: percentages for proportion columns, '–' for a missing value. */
export function cellText(c: Cell | undefined, proportion: boolean): string {
  if (c === null || c === undefined) return '–';
  if (typeof c === 'string') return c;
  return proportion ? pct(c) : plain(c);
}
