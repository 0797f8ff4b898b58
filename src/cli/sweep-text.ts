/** A sweep's comparison (`SweepComparison`) as terminal text, no line wider than 120 characters. */
import { differenceCell, figureCell } from '../report/difference.js';
import { fitTable, tableDifferencesText, wrapText } from '../report/table-difference-text.js';
import type { SweepComparison } from '../analysis/sweep.js';
import { fairnessSentence } from './sweep.js';

/** The balance tables' paired differences from the first value, row by row, with their caption (none when the game has no tables). */
function tablesText(c: SweepComparison): string[] {
  if (!c.tables.some((t) => t.length > 0)) return [];
  const first = c.runs[0]!;
  const later = c.runs.slice(1);
  const base = `${c.key}=${first.value}`;
  return [
    '',
    wrapText(
      `Paired differences from ${base}, the game's balance tables row by row: "${first.value}" is ${base}'s estimate, "${later[0]!.value} − ${first.value}" the paired difference of ${c.key}=${later[0]!.value} from it ` +
        `(percentage points for rates; 95% interval, delete-a-group jackknife over the same groups of deals; * the interval excludes 0; absent: a row one run lacks)`,
    ),
    tableDifferencesText(
      first.value,
      later.map((r, i) => ({ label: r.value, tables: c.tables[i]! })),
    ),
  ];
}

/**
 * The comparison first: the key figures of every value side by side, their
 * paired differences from the first value, which value is fairest, and the
 * balance tables' differences row by row.
 */
export function sweepText(c: SweepComparison): string {
  const { key, runs, names } = c;
  const first = runs[0]!;
  const head = ['figure', ...runs.map((r) => `${key}=${r.value}`)];
  const rows = names.map((n) => [n, ...runs.map((r) => figureCell(r.balance.keyFigures[n], n))]);
  const diffHead = ['figure', ...runs.slice(1).map((r) => `${r.value} − ${first.value}`)];
  const diffRows = names.map((n) => [n, ...c.diffs.map((d) => differenceCell(d[n] ?? null, first.balance.keyFigures[n]?.format))]);
  const base = `${key}=${first.value}`;
  return [
    wrapText(
      `Sweep of ${key} over ${runs.map((r) => r.value).join(', ')}: the same seed and deals for every value. The comparison comes first; each value's own tables follow it.`,
    ),
    '',
    'Key figures at each value (95% intervals over deals in brackets)',
    fitTable(head, rows, 1),
    wrapText(
      `Paired differences from ${base}, key figures (each value less ${first.value}; percentage points for rates; 95% interval, delete-a-group jackknife over the same groups of deals; * the interval excludes 0)`,
    ),
    fitTable(diffHead, diffRows, 1),
    ...(c.fairness ? [wrapText(fairnessSentence(key, c.fairness))] : []),
    ...tablesText(c),
  ].join('\n');
}
