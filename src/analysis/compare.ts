/**
 * Two tourney runs of one game compared (`report --compare`): every key
 * figure of each and the difference A − B, and the game's balance tables
 * row by row; paired where both played the same deals.
 */
import type { KeyFigure } from '../core/balance.js';
import type { Summary } from './summary.js';
import type { BalanceReport } from './balance.js';
import { sweepDifference, type SweepDifference } from './difference.js';
import { compareTables, type TableDifference } from './table-difference.js';

/** A tourney run as `compareRuns` reads it: its `summary.json` and `balance.json`. */
export interface ComparedRun {
  readonly name: string;
  /** What the comparison reads of its summary (a summary read back from an older file fits too). */
  readonly summary: Pick<Summary, 'game' | 'variant' | 'seed' | 'lineup'>;
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
