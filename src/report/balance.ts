import { stringify } from 'csv-stringify/sync';
import { join } from 'node:path';
import type { BalanceTable, GameBalance, KeyFigure } from '../core/balance.js';
import type { GameStateBase } from '../core/game.js';
import { chiSquareTest, type ChiSquare } from '../stats/chisquare.js';
import { formatP } from '../stats/format.js';
import { wilsonInterval } from '../stats/intervals.js';
import type { Tally } from '../tourney/aggregate.js';
import type { Summary } from '../tourney/summary.js';
import { writeFileAtomic } from './files.js';
import { plainTable, pct } from './format.js';

/** `balance.json`: the generic seat-advantage section, the game's own tables, and the key figures of sweeps. */
export interface BalanceReport {
  readonly game: string;
  readonly seatAdvantage: {
    /** Win shares by position left of the game's first player (0 = the first player). */
    readonly byPosition: readonly { position: number; games: number; wins: number; winRate: number; ci95: [number, number] }[];
    /** Pearson's chi-square test of "every seat wins equally often" on win shares by seat. */
    readonly chiSquare: ChiSquare;
  };
  readonly tables: readonly BalanceTable[];
  readonly keyFigures: Readonly<Record<string, KeyFigure>>;
}

/**
 * Builds the balance report of a run from its tally and the game's own totals.
 * @param gameBalance the game's balance statistics, if it has any.
 */
export function buildBalance(
  summary: Summary,
  tally: Tally,
  gameBalance: GameBalance<GameStateBase, unknown> | undefined,
  totals: unknown,
): BalanceReport {
  const byPosition = tally.positionWins.map((wins, position) => ({
    position,
    games: tally.games,
    wins,
    winRate: tally.games > 0 ? wins / tally.games : 0,
    ci95: wilsonInterval(wins, tally.games),
  }));
  const chi = chiSquareTest(tally.seatWins);
  const keyFigures: Record<string, KeyFigure> = {};
  for (const b of summary.bots) keyFigures[`win rate: ${b.name}`] = { value: b.winRate, ci95: b.ci95, format: 'percent' };
  const first = byPosition[0];
  if (first) keyFigures['win rate: first player'] = { value: first.winRate, ci95: first.ci95, format: 'percent' };
  keyFigures['seats equal: chi-square p'] = { value: chi.pValue, format: 'number' };
  keyFigures['capped games'] = { value: tally.games > 0 ? tally.capped / tally.games : 0, ci95: wilsonInterval(tally.capped, tally.games), format: 'percent' };
  keyFigures['actions per game'] = { value: summary.meanActions, format: 'number' };
  const tables: BalanceTable[] = [];
  if (gameBalance && totals !== null && totals !== undefined) {
    tables.push(...gameBalance.tables(totals, summary.lineup));
    Object.assign(keyFigures, gameBalance.keyFigures(totals, summary.lineup));
  }
  return { game: summary.game, seatAdvantage: { byPosition, chiSquare: chi }, tables, keyFigures };
}

function seatAdvantageTable(r: BalanceReport): BalanceTable {
  const { chiSquare } = r.seatAdvantage;
  return {
    id: 'seat-advantage',
    title: 'Seat advantage (position left of the first player)',
    caption: `Chi-square test of "all seats win equally often": χ² = ${chiSquare.statistic.toFixed(2)}, df = ${chiSquare.df}, p = ${formatP(chiSquare.pValue)}. Every bot sits in every seat equally often, so differences are the seats'.`,
    columns: ['position', 'games', 'wins', 'win rate', 'ci95 lo', 'ci95 hi'],
    rows: r.seatAdvantage.byPosition.map((p) => [p.position === 0 ? '0 (first player)' : p.position, p.games, round(p.wins), p.winRate, p.ci95[0], p.ci95[1]]),
  };
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** Every table of the report, the generic seat-advantage table first. */
export function balanceTables(r: BalanceReport): BalanceTable[] {
  return [seatAdvantageTable(r), ...r.tables];
}

/** The balance report as terminal text (cli-table3), proportions as percentages. */
export function renderBalance(r: BalanceReport): string {
  const out: string[] = ['', 'Balance report'];
  for (const t of balanceTables(r)) {
    out.push(t.title);
    out.push(plainTable([...t.columns], t.rows.map((row) => row.map((c, i) => cell(c, t.columns[i] ?? '')))));
    if (t.caption) out.push(t.caption);
  }
  return out.join('\n');
}

/** Columns whose names say they hold proportions print as percentages. */
function cell(c: string | number, column: string): string {
  if (typeof c !== 'number') return c;
  if (/rate|share|ci95|%/.test(column)) return pct(c);
  return Number.isInteger(c) ? String(c) : c.toFixed(2);
}

/** Writes `balance.json` and one `balance-<id>.csv` per table into `dir`, atomically. */
export function writeBalanceFiles(r: BalanceReport, dir: string): void {
  writeFileAtomic(join(dir, 'balance.json'), JSON.stringify(r, null, 2) + '\n');
  for (const t of balanceTables(r)) {
    writeFileAtomic(join(dir, `balance-${t.id}.csv`), stringify(t.rows.map((row) => [...row]), { header: true, columns: [...t.columns] }));
  }
}
