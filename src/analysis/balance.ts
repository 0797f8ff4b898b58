/**
 * The balance of a played run (`balance.json`): the seat advantage by
 * position with per-deal moments, and the game's own tables and the key
 * figures with intervals from the delete-a-group jackknife over the run's
 * groups of whole deals. Numbers only; the reporters (`src/report`) print
 * and write them.
 */
import type { BalanceTable, GameBalance, KeyFigure } from '../core/balance.js';
import type { GameStateBase } from '../core/game.js';
import { clusterProportion, VARIANCE_EPSILON } from '../stats/cluster.js';
import { jackknife, jackknifeEqualityTest } from '../stats/jackknife.js';
import { exchangeableTest } from '../stats/randomization.js';
import { testText } from '../stats/test-phrases.js';
import type { EqualityTest } from '../stats/wald.js';
import { runReplicates, type Group, type Tally } from '../tourney/aggregate.js';
import type { Summary } from './summary.js';
import { coreFigures } from './figures.js';
import { tableReplicates, type TableReplicates } from './table-replicates.js';

/** A balance table as reported: the game's columns with the interval columns added, and the test of its rows. */
export interface ReportedTable {
  readonly id: string;
  readonly title: string;
  /** What the numbers mean, the unit of the intervals, and the test of equal rows if any. */
  readonly caption: string;
  /** snake_case column names (CSV headers). */
  readonly columns: readonly string[];
  /** The game's own column titles, for the terminal (interval columns: "<title> lo", "<title> hi"). */
  readonly titles: readonly string[];
  readonly rows: readonly (readonly (string | number)[])[];
  /** The test of `equalRows`: its hypothesis, and the column (snake_case) whose rows it compares. */
  readonly test?: EqualityTest & { readonly hypothesis: string; readonly column?: string };
}

/** `balance.json`: the seat-advantage section, the game's own tables with deal-level intervals, and the key figures of sweeps. */
export interface BalanceReport {
  readonly game: string;
  /** Independent deals of the run, and the jackknife groups of whole deals behind the game tables' intervals. */
  readonly deals: number;
  readonly groups: number;
  readonly seatAdvantage: {
    /** Win shares by position left of the game's first player (0 = the first player), deal-level 95% intervals. */
    readonly byPosition: readonly { position: number; games: number; wins: number; winRate: number; ci95: [number, number]; deff: number }[];
    /** The randomization test of "every position wins equally often", deal as the unit (`src/stats/randomization.ts`). */
    readonly test: EqualityTest;
  };
  readonly tables: readonly ReportedTable[];
  readonly keyFigures: Readonly<Record<string, KeyFigure>>;
  /** Per key figure, its value with each jackknife group left out (for the paired differences of sweeps). */
  readonly replicates: Readonly<Record<string, readonly number[]>>;
  /** Per game table (by id): its row-naming columns and each estimated cell's jackknife replicates (for the row-by-row differences of sweeps); absent in files of older versions. */
  readonly tableReplicates?: Readonly<Record<string, TableReplicates>>;
}

/** A column title as a snake_case CSV header: "bids/game" → "bids_per_game", "ci95 lo" → "ci95_lo". */
export function snakeCase(title: string): string {
  return title
    .replace(/%/g, 'pct')
    .replace(/\//g, ' per ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** The game's table with deal-level intervals on its estimated columns and the test of equal rows. */
function reportTable(t: BalanceTable, replicates: readonly BalanceTable[], deals: number, groups: number): ReportedTable {
  const est = t.estimates ?? [];
  const col = (name: string): number => {
    const i = t.columns.indexOf(name);
    if (i < 0) throw new Error(`balance table ${t.id}: no column '${name}'`);
    return i;
  };
  const estIdx = new Map(est.map((e) => [col(e.column), e.trials !== undefined ? col(e.trials) : -1]));
  const shares = new Set(est.filter((e) => e.proportion === true).map((e) => col(e.column)));
  const titles: string[] = [];
  t.columns.forEach((c, i) => {
    titles.push(c);
    if (estIdx.has(i)) titles.push(`${c} lo`, `${c} hi`, ...(estIdx.get(i)! >= 0 ? [`${c} deff`] : []));
  });
  const rows = t.rows.map((row, r) =>
    row.flatMap((cell, i) => {
      const trialsCol = estIdx.get(i);
      if (trialsCol === undefined) return [cell];
      const value = Number(cell);
      const reps = replicates.map((x) => Number(x.rows[r]?.[i]));
      const trials = trialsCol >= 0 ? Number(row[trialsCol]) : 0;
      // A proportion (its trials named, or declared a share of a count) gets Wilson's interval at the effective sample size, within [0, 1].
      const proportion = trialsCol >= 0 ? { trials, units: deals } : shares.has(i) ? { trials: Infinity, units: deals } : undefined;
      const j = jackknife(value, reps, proportion);
      if (trialsCol < 0) return [cell, j.ci95[0], j.ci95[1]];
      // Design effect of a proportion: its jackknife variance over the binomial variance of its trials.
      const iid = trials > 0 ? (value * (1 - value)) / trials : 0;
      // No variance to divide (iid 0, or a jackknife variance that is rounding): no design effect, an empty cell.
      return [cell, j.ci95[0], j.ci95[1], iid > 0 && Number.isFinite(j.se) && j.se ** 2 > VARIANCE_EPSILON * iid ? round(j.se ** 2 / iid) : NaN];
    }),
  );
  let test: ReportedTable['test'];
  const unit =
    groups >= 2
      ? `95% intervals over the run's ${deals} deals (delete-a-group jackknife, ${groups} groups of whole deals)`
      : `No intervals: the run has ${deals} deal${deals === 1 ? '' : 's'} in ${groups} group${groups === 1 ? '' : 's'}, too few to vary`;
  let caption = t.caption ?? '';
  if (t.equalRows) {
    const c = col(t.equalRows.column);
    const value = t.rows.map((row) => Number(row[c]));
    const res = jackknifeEqualityTest(
      value,
      replicates.map((x) => x.rows.map((row) => Number(row[c]))),
    );
    test = { ...res, hypothesis: t.equalRows.hypothesis, column: snakeCase(t.equalRows.column) };
    caption += `${caption ? ' ' : ''}Test of "${t.equalRows.hypothesis}": ${testText(res, 'groups of deals')}.`;
  }
  if (est.length > 0) caption += `${caption ? ' ' : ''}${unit}.`;
  const columns = titles.map(snakeCase);
  if (new Set(columns).size !== columns.length) throw new Error(`balance table ${t.id}: two columns have the same CSV name (${columns.join(', ')})`);
  return { id: t.id, title: t.title, caption, columns, titles, rows, ...(test ? { test } : {}) };
}

/**
 * Builds the balance report of a run. The generic section (seat advantage by
 * position) uses per-deal moments; the game's own tables and the key figures
 * get their intervals from the delete-a-group jackknife over the run's
 * groups of whole deals (`src/stats/jackknife.ts`).
 * @param gameBalance the game's balance statistics, if it has any; `totals` its run totals.
 * @param groups the run's jackknife groups.
 */
export function buildBalance(
  summary: Summary,
  tally: Tally,
  gameBalance: GameBalance<GameStateBase, unknown> | undefined,
  totals: unknown,
  groups: readonly Group[],
): BalanceReport {
  const D = tally.deals;
  const P = tally.players;
  const perDeal = D > 0 ? tally.games / D : 0;
  const byPosition = tally.positionWins.map((wins, position) => {
    const p = clusterProportion({ sum: wins, sumSq: tally.positionWinsCross[position * P + position]!, deals: D, perDeal });
    return { position, games: tally.games, wins, winRate: p.value, ci95: p.ci95, deff: p.deff };
  });
  const test = exchangeableTest(tally.positionWins, tally.positionWinsCross, D, perDeal);
  const loo = runReplicates(tally, totals, groups, (t, b) => ({ tally: t, totals: b }));
  const G = loo.length;
  const hasGame = gameBalance !== undefined && totals !== null && totals !== undefined;
  const figures = (t: Tally, b: unknown): Record<string, KeyFigure> => ({
    ...coreFigures(t, summary.lineup),
    ...(hasGame ? gameBalance.keyFigures(b, summary.lineup) : {}),
  });
  const full = figures(tally, totals);
  const reps = loo.map((x) => figures(x.tally, x.totals));
  const keyFigures: Record<string, KeyFigure> = {};
  const replicates: Record<string, number[]> = {};
  for (const [name, f] of Object.entries(full)) {
    const r = reps.map((x) => x[name]?.value ?? NaN);
    replicates[name] = r;
    // A proportion (trials given, or declared one): Wilson's interval at the effective sample size, within [0, 1] (Korn & Graubard 1998).
    const bounded = f.format === 'percent' && (f.trials !== undefined || f.proportion === true);
    const j = jackknife(f.value, r, bounded ? { trials: f.trials ?? Infinity, units: D } : undefined);
    keyFigures[name] = { ...f, ...(G >= 2 ? { ci95: j.ci95 } : {}) };
  }
  // The headline figures keep the per-deal intervals of the summary (more precise than G groups).
  for (const b of summary.bots)
    if (keyFigures[`win rate: ${b.name}`]) keyFigures[`win rate: ${b.name}`] = { value: b.winRate, ci95: b.ci95, format: 'percent' };
  const first = byPosition[0];
  if (first) keyFigures['win rate: first player'] = { value: first.winRate, ci95: first.ci95, format: 'percent' };
  keyFigures['positions equal: p'] = { value: test.pValue, format: 'number' };
  const tables: ReportedTable[] = [];
  const tableReps: Record<string, TableReplicates> = {};
  if (hasGame) {
    const base = gameBalance.tables(totals, summary.lineup);
    const repTables = loo.map((x) => gameBalance.tables(x.totals, summary.lineup));
    base.forEach((t, i) => {
      const reps = repTables.map((r) => r[i]);
      // A game's tables must have the same rows whatever the data (the BalanceTable contract): a mismatch is a bug.
      if (reps.some((r) => r === undefined || r.id !== t.id || r.rows.length !== t.rows.length))
        throw new Error(`balance table ${t.id} of ${summary.game}: its rows depend on the data, so the jackknife cannot pair them`);
      tables.push(reportTable(t, reps as BalanceTable[], D, G));
      tableReps[t.id] = tableReplicates(t, reps as BalanceTable[], snakeCase);
    });
  }
  return { game: summary.game, deals: D, groups: G, seatAdvantage: { byPosition, test }, tables, keyFigures, replicates, tableReplicates: tableReps };
}

/** A number of a table rounded to six decimals (design effects, shared wins); not finite numbers kept. */
export function round(x: number): number {
  return Number.isFinite(x) ? Math.round(x * 1e6) / 1e6 : x;
}
