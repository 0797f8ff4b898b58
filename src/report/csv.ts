import type * as CsvStringify from 'csv-stringify/sync';
import { lazyRequire } from '../io/lazy.js';
import type { Summary } from '../analysis/summary.js';

/** csv-stringify's synchronous API, loaded when the first CSV file is written. */
const csvStringify = lazyRequire<typeof CsvStringify>('csv-stringify/sync', { atEnd: true });

/**
 * CSV text of records (csv-stringify: RFC 4180 quoting), loaded on first use.
 * @param records rows as arrays of cells or objects keyed by column.
 * @param options csv-stringify's options (`header`, `columns`, ...).
 */
export function stringify(records: CsvStringify.Input, options?: CsvStringify.Options): string {
  return csvStringify().stringify(records, options);
}

/** A number that cannot be computed (a design effect with no variance to divide, an interval of a run with one deal) as an empty cell, as pandas and R read a missing value. */
function blank(x: number): number | string {
  return Number.isFinite(x) ? x : '';
}

/** `bots.csv`: one row per distinct bot; snake_case headers, numeric cells, deal-level intervals. */
export function botsCsv(s: Summary): string {
  return stringify(
    s.bots.map((b) => [
      b.name,
      b.entries,
      b.games,
      b.wins,
      b.winRate,
      blank(b.ci95[0]),
      blank(b.ci95[1]),
      blank(b.deff),
      b.meanScore,
      blank(b.meanScoreCi95[0]),
      blank(b.meanScoreCi95[1]),
      b.forfeits,
      b.faults,
      s.deals,
    ]),
    {
      header: true,
      columns: [
        'bot',
        'seats',
        'seat_games',
        'wins',
        'win_rate',
        'ci95_lo',
        'ci95_hi',
        'design_effect',
        'mean_score',
        'mean_score_lo',
        'mean_score_hi',
        'forfeits',
        'faults',
        'deals',
      ],
    },
  );
}

/** `seats.csv`: one row per seat. */
export function seatsCsv(s: Summary): string {
  return stringify(
    s.seats.map((t) => [t.seat, t.games, t.wins, t.winRate, blank(t.ci95[0]), blank(t.ci95[1]), blank(t.deff), s.deals]),
    { header: true, columns: ['seat', 'games', 'wins', 'win_rate', 'ci95_lo', 'ci95_hi', 'design_effect', 'deals'] },
  );
}
