import { stringify } from 'csv-stringify/sync';
import type { Summary } from '../tourney/summary.js';

/** `bots.csv`: one row per distinct bot. */
export function botsCsv(s: Summary): string {
  return stringify(
    s.bots.map((b) => [b.name, b.entries, b.games, b.wins, b.winRate, b.ci95[0], b.ci95[1], b.meanScore, b.forfeits]),
    { header: true, columns: ['bot', 'seats', 'games', 'wins', 'win_rate', 'ci95_lo', 'ci95_hi', 'mean_score', 'forfeits'] },
  );
}

/** `seats.csv`: one row per seat. */
export function seatsCsv(s: Summary): string {
  return stringify(
    s.seats.map((t) => [t.seat, t.games, t.wins, t.winRate, t.ci95[0], t.ci95[1]]),
    { header: true, columns: ['seat', 'games', 'wins', 'win_rate', 'ci95_lo', 'ci95_hi'] },
  );
}
