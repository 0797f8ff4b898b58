/**
 * The balance report's tables: the generic seat-advantage table before the
 * game's own (the numbers come from `src/analysis/balance.ts`; the files,
 * `balance.json` and one `balance-<id>.csv` per table, are
 * `src/results/balance-file.ts`'s).
 */
import { round, snakeCase, type BalanceReport, type ReportedTable } from '../analysis/balance.js';
import { testText } from '../stats/test-phrases.js';

function seatAdvantageTable(r: BalanceReport, players: number): ReportedTable {
  const { test } = r.seatAdvantage;
  const titles = ['position', 'first player', 'games', 'wins', 'win rate', 'win rate lo', 'win rate hi', 'design effect'];
  return {
    id: 'seat-advantage',
    title: 'Seat advantage (position left of the first player; 0 = the first player)',
    caption:
      `Test of "every position wins equally often": ${testText(test, 'deals', 'positions')}. ` +
      `The deal is the unit: a deal's ${players} seats' games share its cards, so their results are one sample; ` +
      `95% intervals and the test use the variation between the run's ${r.deals} independent deals. ` +
      "Design effect: the deal-level variance over the variance if every game were independent. Every bot sits in every seat equally often, so differences are the seats'.",
    columns: titles.map(snakeCase),
    titles,
    rows: r.seatAdvantage.byPosition.map((p) => [p.position, p.position === 0 ? 1 : 0, p.games, round(p.wins), p.winRate, p.ci95[0], p.ci95[1], round(p.deff)]),
    test: { ...test, hypothesis: 'every position wins equally often' },
  };
}

/** Every table of the report, the generic seat-advantage table first. */
export function balanceTables(r: BalanceReport): ReportedTable[] {
  return [seatAdvantageTable(r, r.seatAdvantage.byPosition.length), ...r.tables];
}
