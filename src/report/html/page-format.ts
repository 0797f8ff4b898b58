/** Text as a report page prints it: HTML escaping, numbers, percentages, p-values and table cells (the terminal's are `src/report/terminal-format.ts`). */
import type { Cell } from './load.js';

/** Escapes text for HTML content and attribute values. */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `x` with `d` decimals, never "-0.0": a value that rounds to zero prints as zero. */
export function fixed(x: number, d: number): string {
  const s = x.toFixed(d);
  return Number(s) === 0 ? (0).toFixed(d) : s;
}

/** A proportion from a run file as a percentage with one decimal: 0.2604 → "26.0%" (−0.0001 → "0.0%"). */
export function pct(x: number): string {
  return `${fixed(100 * x, 1)}%`;
}

/** A difference of proportions in percentage points, signed: 0.0155 → "+1.6"; one that rounds to zero is "0.0" (no sign). */
export function points(x: number): string {
  const s = fixed(Math.abs(100 * x), 1);
  return Number(s) === 0 ? s : `${x > 0 ? '+' : '−'}${s}`;
}

/** A plain number with as many decimals as its size needs (integers as they are). */
export function plain(x: number): string {
  if (Number.isInteger(x)) return String(x);
  const a = Math.abs(x);
  if (a !== 0 && a < 0.001) return x.toExponential(2);
  return x.toFixed(a >= 100 ? 1 : a >= 1 ? 2 : 3);
}

/** A signed plain number: "+4.76", "−0.325"; one that prints as zero has no sign. */
export function signed(x: number): string {
  const s = plain(Math.abs(x));
  return Number(s) === 0 ? s : `${x > 0 ? '+' : '−'}${s}`;
}

/** A p-value: three significant digits, "< 0.0001" below that (as the terminal report). */
export function pValue(p: number): string {
  return p < 1e-4 ? '< 0.0001' : p.toPrecision(3);
}

/** A p-value after "p": "p = 0.0213", "p < 0.0001" (never "p = < 0.0001"). */
export function pText(p: number): string {
  const v = pValue(p);
  return v.startsWith('<') ? `p ${v}` : `p = ${v}`;
}

/** A table cell: percentages for proportion columns, '–' for a missing value. */
export function cellText(c: Cell | undefined, proportion: boolean): string {
  if (c === null || c === undefined) return '–';
  if (typeof c === 'string') return c;
  return proportion ? pct(c) : plain(c);
}
