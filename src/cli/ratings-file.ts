/** The files of a `rate` run beside the common ones: `ratings.json`, `ratings.csv` and `los.csv`. */
import { join } from 'node:path';
import { stringify } from '../report/csv.js';
import { writeFileAtomic } from '../report/files.js';
import type { RatingReport } from './rate-analysis.js';
import { unboundedText } from './rate-render.js';

/** Writes a rating run's own files: `ratings.json`, `ratings.csv` (one row per bot, best first) and `los.csv` (one row per ordered pair). */
export function writeRatingFiles(report: RatingReport, names: readonly string[], dir: string): void {
  writeFileAtomic(join(dir, 'ratings.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileAtomic(
    join(dir, 'ratings.csv'),
    stringify(
      report.ratings.map((x, k) => {
        // An unbounded rating is no number: empty cells, and the note says why.
        const b = (v: number): number | string => (x.unbounded || !Number.isFinite(v) ? '' : v);
        return [
          k + 1,
          x.bot,
          b(x.elo),
          b(x.margin),
          b(x.elo - x.margin),
          b(x.elo + x.margin),
          b(x.se),
          x.winRate,
          x.games,
          report.deals,
          x.unbounded ? unboundedText(x.unbounded) : '',
        ];
      }),
      { header: true, columns: ['rank', 'bot', 'elo', 'margin95', 'elo_lo', 'elo_hi', 'se', 'win_rate', 'seat_games', 'deals', 'note'] },
    ),
  );
  const losRows: (string | number)[][] = [];
  names.forEach((a, i) => names.forEach((b, j) => i !== j && losRows.push([a, b, Number.isFinite(report.los[i]![j]!) ? report.los[i]![j]! : ''])));
  writeFileAtomic(join(dir, 'los.csv'), stringify(losRows, { header: true, columns: ['bot', 'opponent', 'los'] }));
}
