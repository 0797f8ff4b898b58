import type { KeyFigure } from '../core/balance.js';
import type { ComparedRun, RunComparison } from '../analysis/compare.js';
import { differenceCell, figureCell } from './difference.js';
import { tableDifferencesText } from './table-difference-text.js';
import { fitTable, wrapProse } from './terminal.js';

/**
 * The comparison as terminal text: a sentence on pairing, then one row per
 * key figure (A and B with their 95% intervals, A − B with its own), then
 * the game's balance tables row by row (B's estimate, A − B with its
 * interval), no line wider than 120 characters.
 */
export function comparisonText(a: ComparedRun, b: ComparedRun, c: RunComparison): string {
  // A line-up as its bots with counts ("nn ×5", "greedy ×2, random"), so the table stays narrow.
  const lineup = (r: ComparedRun): string => {
    const counts = new Map<string, number>();
    for (const b of r.summary.lineup) counts.set(b, (counts.get(b) ?? 0) + 1);
    return [...counts].map(([b, n]) => (n > 1 ? `${b} ×${n}` : b)).join(', ');
  };
  const head = ['figure', `A: ${lineup(a)}`, `B: ${lineup(b)}`, 'A − B'];
  const rows = c.figures.map((f) => [f.figure, compactCell(f.a, f.figure), compactCell(f.b, f.figure), differenceCell(f.difference, f.format)]);
  const how = c.sameDeals
    ? `Both runs played the same ${a.balance.deals} deals (seed ${a.summary.seed}): each difference is paired, a delete-a-group jackknife over the differences of the runs' replicates in ${a.balance.groups} groups of whole deals, so the luck of the cards cancels.`
    : `The runs played different deals (seeds ${a.summary.seed} and ${b.summary.seed}, ${a.balance.deals} and ${b.balance.deals} deals): each difference is unpaired, se = √(se_A² + se_B²).`;
  const prose = `${how} Rates in percentage points; 95% intervals; * the interval of A − B excludes 0.`;
  const tables =
    c.tables.length > 0
      ? `\n${wrapProse("The game's balance tables row by row: B's estimate and A − B (percentage points for rates; 95% interval; * it excludes 0; absent: a row one run lacks).")}\n${tableDifferencesText('B', [{ label: 'A', tables: c.tables }])}`
      : '';
  return `${wrapProse(`${a.summary.game} · A: ${a.name} · B: ${b.name}`)}\n${wrapProse(prose)}\n${fitTable(head, rows, { keys: 1 })}${tables}`;
}

/** A figure with its interval as "27.9% (27.6–28.2)": `figureCell`'s text less the inner units and spaces, so four columns fit 120 characters. */
function compactCell(f: KeyFigure | null, figure: string): string {
  return figureCell(f, figure).replace(/ \((\S+?)%? – (\S+?)%?\)$/, ' ($1–$2)');
}
