import type { KeyFigure } from '../core/balance.js';
import type { Summary } from '../tourney/summary.js';
import type { BalanceReport } from './balance.js';
import { differenceCell, figureCell, sweepDifference, type SweepDifference } from './difference.js';
import { compareTables, type TableDifference } from './table-difference.js';
import { tableDifferencesText } from './table-difference-text.js';
import { fitTable, wrapProse } from './terminal.js';

/** A tourney run as `compareRuns` reads it: its `summary.json` and `balance.json`. */
export interface ComparedRun {
  readonly name: string;
  readonly summary: Summary;
  readonly balance: BalanceReport;
}

/** One key figure of two runs and their difference A − B. */
export interface ComparedFigure {
  readonly figure: string;
  readonly format: KeyFigure['format'];
  readonly a: KeyFigure | null;
  readonly b: KeyFigure | null;
  /** null when either run lacks the figure, or it is a p-value. */
  readonly difference: SweepDifference | null;
}

/** The comparison of two runs of one game and variant. */
export interface RunComparison {
  /** True when both played the same deals (same seed, same number of deals, same jackknife groups): every difference is paired. */
  readonly sameDeals: boolean;
  readonly figures: readonly ComparedFigure[];
  /** The game's own balance tables row by row, A − B per estimated cell (`compareTables`, paired as the figures are); [] when the runs' files kept no table replicates. */
  readonly tables: readonly TableDifference[];
}

/**
 * The key figures of two tourney runs side by side, with the difference A − B
 * of each and its 95% interval: the balance of one game under two line-ups
 * (greedy ×P against nn ×P, say). When both runs played the same deals
 * (the same seed, game, variant and number of deals: the tourney deals from
 * the seed alone), the difference is paired: the delete-a-group jackknife
 * over the differences of the two runs' replicates, each leaving out the
 * same group of whole deals, so the luck of the cards cancels
 * (`sweepDifference`, as a sweep compares its values). Otherwise it is
 * unpaired, se = √(se_A² + se_B²).
 * @throws Error naming the difference when the runs are of different games or variants.
 */
export function compareRuns(a: ComparedRun, b: ComparedRun): RunComparison {
  if (a.summary.game !== b.summary.game) throw new Error(`${a.name} is a run of ${a.summary.game}, ${b.name} of ${b.summary.game}: compare runs of one game`);
  const va = JSON.stringify(a.summary.variant);
  const vb = JSON.stringify(b.summary.variant);
  if (va !== vb) throw new Error(`${a.name} played the variant ${va}, ${b.name} ${vb}: compare runs of one variant`);
  const sameDeals = a.summary.seed === b.summary.seed && a.balance.deals === b.balance.deals && a.balance.groups === b.balance.groups;
  const names: string[] = [];
  for (const r of [a, b]) for (const k of Object.keys(r.balance.keyFigures)) if (!names.includes(k)) names.push(k);
  const figures = names.map((figure): ComparedFigure => {
    const fa = a.balance.keyFigures[figure] ?? null;
    const fb = b.balance.keyFigures[figure] ?? null;
    // Replicates of runs on other deals are not paired, whatever their counts.
    const difference = fa && fb ? sweepDifference(a.balance, b.balance, figure, sameDeals) : null;
    return { figure, format: (fa ?? fb)!.format, a: fa, b: fb, difference };
  });
  return { sameDeals, figures, tables: compareTables(a.balance, b.balance, sameDeals) };
}

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
