import { stripVTControlCharacters } from 'node:util';
import wrapAnsi from 'wrap-ansi';
import { newTable, tableText } from './terminal-format.js';

/**
 * Fitting a command's terminal output to a width (issue #30, item 4): the
 * default output of every command fits `TERMINAL_WIDTH` characters a line;
 * `--wide` prints tables whole. Tables too wide are split into parts that
 * each repeat the rows' labels (`fitTable`); prose is wrapped (`wrapProse`).
 */

/** Characters a line of default output may take. */
export const TERMINAL_WIDTH = 120;

/** How a command prints: `wide` (the `--wide` flag) prints every table whole, with all its columns. */
export interface TerminalOptions {
  readonly wide?: boolean;
}

/** The width tables may take under `options`: `TERMINAL_WIDTH`, or no limit with `--wide`. */
export function tableWidth(options: TerminalOptions = {}): number {
  return options.wide === true ? Infinity : TERMINAL_WIDTH;
}

/** Characters of the longest line of `s`, ANSI escape codes not counted. */
export function textWidth(s: string): number {
  let w = 0;
  for (const line of stripVTControlCharacters(s).split('\n')) w = Math.max(w, line.length);
  return w;
}

/** A line drawn by cli-table3 (a border or a row): never wrapped as prose. */
const TABLE_LINE = /^[┌│├└]/;

/**
 * Wraps every line of `text` wider than `width` at spaces (wrap-ansi), keeping
 * its indentation; table lines and shorter lines are left as they are. A word
 * longer than the width (a long path) stays whole on its own line.
 */
export function wrapProse(text: string, width = TERMINAL_WIDTH): string {
  return text
    .split('\n')
    .map((line) => {
      const plain = stripVTControlCharacters(line);
      if (plain.length <= width || TABLE_LINE.test(plain)) return line;
      const indent = /^ */.exec(line)![0];
      return wrapAnsi(line.slice(indent.length), Math.max(20, width - indent.length), { hard: false, trim: true })
        .split('\n')
        .map((l) => indent + l)
        .join('\n');
    })
    .join('\n');
}

/**
 * An estimate with its 95% interval in one cell: "27.3% (22.7–32.4)",
 * "1.31 (1.08–1.55)", "-0.35 (-1.23 to 0.53)" (" to " when a bound is negative,
 * so the dash is not read as a minus sign). Without bounds, or with bounds
 * printed as "NaN" (an interval that could not be computed), the value alone.
 * @param value the estimate as printed (with its unit, e.g. "%").
 * @param lo the lower bound as printed, without the unit; `hi` the upper.
 */
export function withInterval(value: string, lo?: string, hi?: string): string {
  // No interval to print: none given, or one that could not be computed (NaN: too few deals to vary).
  if (lo === undefined || hi === undefined || lo === '' || hi === '' || lo === 'NaN' || hi === 'NaN') return value;
  const negative = /^[-−]/.test(lo) || /^[-−]/.test(hi);
  return `${value} (${lo}${negative ? ' to ' : '–'}${hi})`;
}

/** A column title as a person reads it: "calls of the 1/game" → "calls of the 1 per game", snake_case with spaces. */
export function friendlyTitle(title: string): string {
  return title
    .replace(/_/g, ' ')
    .replace(/\s*\/\s*/g, ' per ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Options of `fitTable`. */
export interface FitOptions {
  /** The widest a table may be (default `TERMINAL_WIDTH`; Infinity: one table, never split). */
  readonly width?: number;
  /** How many leading columns label the rows, repeated in every part; default `keyColumns(rows)`. */
  readonly keys?: number;
}

/**
 * The fewest leading columns that tell the rows apart (e.g. "bot" and "rank"
 * when each bot has a row per rank): the labels a split table repeats. At
 * least 1; at most all columns but one.
 */
export function keyColumns(rows: readonly (readonly string[])[], columns = rows[0]?.length ?? 1): number {
  for (let k = 1; k < columns; k++) {
    const seen = new Set(rows.map((r) => JSON.stringify(r.slice(0, k))));
    if (seen.size === rows.length) return k;
  }
  return 1;
}

/** Characters a column title keeps on one line when titles are wrapped to fit ("mean lives", "capped share"). */
const TITLE_MIN = 14;

/** Width of cli-table3's drawing of columns of content widths `w` (one space of padding each side, a border between). */
function drawnWidth(w: readonly number[]): number {
  return w.reduce((s, x) => s + x + 3, 1);
}

/**
 * Renders a table (cli-table3, as `plainTable`) that fits `width` characters:
 * whole when it fits; else with its titles wrapped onto lines as narrow as
 * their columns' cells; else split into several tables of consecutive
 * columns, each repeating the key columns (the rows' labels). A part still
 * too wide (one very wide cell) wraps its widest cells.
 * @param head the column titles.
 * @param rows the rows, one string per column.
 * @returns the table or tables, one after the other, as text (no final newline).
 */
export function fitTable(head: readonly string[], rows: readonly (readonly string[])[], options: FitOptions = {}): string {
  const width = options.width ?? TERMINAL_WIDTH;
  const n = head.length;
  const all = [...head.keys()];
  const cells = head.map((_, i) => Math.max(0, ...rows.map((r) => textWidth(r[i] ?? ''))));
  const render = (cols: readonly number[], titles: readonly string[], colWidths?: number[]): string => {
    const t = newTable(
      cols.map((i) => titles[i]!),
      colWidths ? { colWidths, wordWrap: true } : undefined,
    );
    for (const r of rows) t.push(cols.map((i) => r[i] ?? ''));
    return tableText(t, true);
  };
  if (drawnWidth(head.map((h, i) => Math.max(cells[i]!, textWidth(h)))) <= width) return render(all, head);
  // Titles wrapped to their cells' width, never narrower than their longest word nor than TITLE_MIN (so short ones stay whole).
  const titles = head.map((h, i) => {
    const target = Math.max(cells[i]!, longestWord(h), Math.min(textWidth(h), TITLE_MIN));
    return textWidth(h) > target ? wrapAnsi(h, target, { hard: false, trim: true }) : h;
  });
  const w = titles.map((h, i) => Math.max(cells[i]!, textWidth(h)));
  const span = (cols: readonly number[]): number => drawnWidth(cols.map((i) => w[i]!));
  if (span(all) <= width || n < 2)
    return span(all) <= width
      ? render(all, titles)
      : render(
          all,
          titles,
          shrink(
            all.map((i) => w[i]!),
            width,
          ),
        );
  const k = Math.max(1, Math.min(options.keys ?? keyColumns(rows, n), n - 1));
  const keys = all.slice(0, k);
  const parts: number[][] = [];
  let part: number[] = [];
  for (let i = k; i < n; i++) {
    if (part.length > 0 && span([...keys, ...part, i]) > width) {
      parts.push(part);
      part = [];
    }
    part.push(i);
  }
  if (part.length > 0) parts.push(part);
  return parts
    .map((p) => {
      const cols = [...keys, ...p];
      return span(cols) <= width
        ? render(cols, titles)
        : render(
            cols,
            titles,
            shrink(
              cols.map((i) => w[i]!),
              width,
            ),
          );
    })
    .join('\n');
}

/** The length of the longest space-separated word of `s`. */
function longestWord(s: string): number {
  return Math.max(
    0,
    ...stripVTControlCharacters(s)
      .split(/\s+/)
      .map((x) => x.length),
  );
}

/**
 * cli-table3 `colWidths` (content plus padding) for columns of content
 * widths `w` narrowed, the widest first, until the table fits `width` (no
 * column below 8 characters).
 */
function shrink(w: readonly number[], width: number): number[] {
  const out = w.map((x) => x + 2);
  let total = drawnWidth(w);
  while (total > width) {
    let widest = 0;
    for (let i = 1; i < out.length; i++) if (out[i]! > out[widest]!) widest = i;
    if (out[widest]! <= 8) break;
    out[widest]!--;
    total--;
  }
  return out;
}

/** Writes `text` to stdout with its long lines wrapped (`wrapProse`); `text` brings its own newlines. */
export function printProse(text: string): void {
  process.stdout.write(wrapProse(text));
}
