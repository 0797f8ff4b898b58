import { differenceCell } from './difference.js';
import { fixed, pct, plainTable } from './terminal-format.js';
import type { RowDifference, TableDifference } from '../analysis/table-difference.js';

/** The widest line the terminal output may have. */
export const TERMINAL_WIDTH = 120;

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes of a terminal's table headers.
const ANSI = /\u001b\[[0-9;]*m/g;

/** The widest line of a text, in characters, colour codes not counted. */
export function textWidth(text: string): number {
  return Math.max(0, ...text.split('\n').map((l) => l.replace(ANSI, '').length));
}

/**
 * A table of at most `width` characters a line: the first `fixedColumns`
 * columns (the row's names) in every part, the other columns in `groups`
 * (runs of columns that belong together, e.g. one estimate's baseline and
 * its differences) packed into as few tables as fit. A group too wide on
 * its own is split column by column; a single column wider than `width`
 * stands alone (the table is then wider: nothing narrower can show it).
 * @param groups sizes of the column groups after the fixed ones, summing to the rest of `head`.
 */
export function fitTable(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  fixedColumns: number,
  groups?: readonly number[],
  width = TERMINAL_WIDTH,
): string {
  const rest = head.length - fixedColumns;
  const sizes = groups ?? Array.from({ length: rest }, () => 1);
  const render = (cols: readonly number[]): string => {
    const idx = [...Array.from({ length: fixedColumns }, (_, i) => i), ...cols];
    return plainTable(
      idx.map((i) => head[i]!),
      rows.map((r) => idx.map((i) => r[i] ?? '')),
    );
  };
  // The column indices of each group; a group wider than the width on its own becomes one group per column.
  let start = fixedColumns;
  const units: number[][] = [];
  for (const n of sizes) {
    const cols = Array.from({ length: n }, (_, i) => start + i);
    start += n;
    if (n > 1 && textWidth(render(cols)) > width) for (const c of cols) units.push([c]);
    else units.push(cols);
  }
  const parts: string[] = [];
  let current: number[] = [];
  for (const u of units) {
    const next = [...current, ...u];
    if (current.length > 0 && textWidth(render(next)) > width) {
      parts.push(render(current));
      current = [...u];
    } else current = next;
  }
  if (current.length > 0 || parts.length === 0) parts.push(render(current));
  return parts.join('\n');
}

/** Breaks a paragraph into lines of at most `width` characters at spaces (a longer word stands alone on its line). */
export function wrapText(text: string, width = TERMINAL_WIDTH): string {
  return text
    .split('\n')
    .map((para) => {
      const lines: string[] = [];
      let line = '';
      for (const word of para.split(' ')) {
        if (line !== '' && line.length + 1 + word.length > width) {
          lines.push(line);
          line = word;
        } else line = line === '' ? word : `${line} ${word}`;
      }
      lines.push(line);
      return lines.join('\n');
    })
    .join('\n');
}

/** An estimate as the terminal prints a balance table's cell: a rate as a percentage, else two decimals. */
function estimateText(x: number | null, percent: boolean): string {
  if (x === null) return 'n/a';
  if (percent) return pct(x);
  return Number.isInteger(x) ? String(x) : fixed(x, 2);
}

/**
 * The game's balance tables of a sweep (or of two runs) row by row, as
 * terminal text of at most 120 characters a line: per table, its rows (by
 * their key cells) with the baseline's estimate and each compared value's
 * difference from it, "+1.2 (−0.3 to +2.7) *" (percentage points for rates,
 * 95% interval, * when it excludes 0; "unpaired" when the runs did not play
 * the same deals). The estimated columns are packed into as few blocks as
 * fit the width, one per column when they do not fit together. A row that
 * one run lacks prints "absent".
 * @param baseline the baseline's label (e.g. `face`); `compared` one label per
 *   compared run with its comparisons to the baseline (`compareTables(run, baseline)`).
 */
export function tableDifferencesText(baseline: string, compared: readonly { readonly label: string; readonly tables: readonly TableDifference[] }[]): string {
  const ids: string[] = [];
  for (const c of compared) for (const t of c.tables) if (!ids.includes(t.id)) ids.push(t.id);
  const out: string[] = [];
  for (const id of ids) {
    const per = compared.map((c) => c.tables.find((t) => t.id === id));
    const first = per.find((t) => t !== undefined)!;
    // Each row once, by its key cells (as text, to compare them), in the order the comparisons first have it.
    const rowKeys = new Map<string, RowDifference['key']>();
    for (const t of per) for (const r of t?.rows ?? []) if (!rowKeys.has(JSON.stringify(r.key))) rowKeys.set(JSON.stringify(r.key), r.key);
    const rowOf = (t: TableDifference | undefined, k: string): RowDifference | undefined => t?.rows.find((r) => JSON.stringify(r.key) === k);
    const head: string[] = first.keys.map((k) => k.replace(/_/g, ' '));
    const groups: number[] = [];
    first.estimates.forEach((e) => {
      head.push(`${e.title}\n${baseline}`, ...compared.map((c) => `${e.title}\n${c.label} − ${baseline}`));
      groups.push(1 + compared.length);
    });
    const rows = [...rowKeys].map(([k, key]) => {
      const cells = key.map(String);
      first.estimates.forEach((e, j) => {
        // The baseline's estimate: from any comparison that has the row in the baseline.
        const withBase = per.map((t) => rowOf(t, k)).find((r) => r !== undefined && r.presentIn !== 'a');
        cells.push(withBase ? estimateText(withBase.cells[j]?.b ?? null, e.percent) : 'absent');
        per.forEach((t) => {
          const r = rowOf(t, k);
          cells.push(r === undefined || r.presentIn !== 'both' ? 'absent' : differenceCell(r.cells[j]?.difference ?? null, e.percent ? 'percent' : 'number'));
        });
      });
      return cells;
    });
    out.push(first.title, fitTable(head, rows, first.keys.length, groups));
  }
  return out.join('\n');
}
