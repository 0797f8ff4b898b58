/**
 * The files of a `rate` run beside the common ones: `ratings.json` (its
 * schema, inferred type, writer and reader), `ratings.csv` (one row per bot,
 * best first) and `los.csv` (one row per ordered pair).
 */
import { join } from 'node:path';
import { z } from 'zod';
import { stringify } from '../report/csv.js';
import { writeFileAtomic } from '../report/files.js';
import type { Unbounded } from '../stats/ratings.js';
import { jsonFileText, jsonNumber, readJsonFile, variantSchema } from './json-file.js';

/** `ratings.json`, `ratings.csv` and `los.csv`. */
export const RATINGS_FILES = { json: 'ratings.json', csv: 'ratings.csv', los: 'los.csv' } as const;

/** One bot's rating. */
const ratingSchema = z.object({
  bot: z.string(),
  /** Elo scale, the precision-weighted mean of the rated bots 0 (`ratingsOf`); NaN (JSON null) when unbounded. */
  elo: jsonNumber,
  /** 95% margin: Student t on the jackknife groups' standard error of elo (its difference from the weighted mean). */
  margin: jsonNumber,
  se: jsonNumber,
  winRate: z.number(),
  games: z.number(),
  /** Present when the data bound no rating: the bot never won (or never lost) a game; elo, margin and se are then NaN. */
  unbounded: z.enum(['never won', 'never lost'] as const satisfies readonly Unbounded[]).optional(),
});
export type Rating = z.output<typeof ratingSchema>;

/** The schema of `ratings.json`. */
export const ratingsFileSchema = z.object({
  game: z.string(),
  variant: variantSchema,
  seed: z.string(),
  players: z.number(),
  complete: z.boolean(),
  pool: z.array(z.string()).readonly(),
  /** The line-ups played on every deal (pool indices). */
  lineups: z.array(z.array(z.number()).readonly()).readonly(),
  deals: z.number(),
  games: z.number(),
  /** Jackknife groups of whole deals behind the margins. */
  groups: z.number(),
  /** Best first (a bot that never lost first, one that never won last). */
  ratings: z.array(ratingSchema).readonly(),
  /** The weight of each rated bot (pool order; 0 for the unbounded) in the mean that is the scale's 0. */
  centreWeights: z.array(z.number()).readonly(),
  /** los[i][j]: likelihood that pool bot i is stronger than pool bot j, Φ((r_i − r_j) / se(r_i − r_j)); pool order. */
  los: z.array(z.array(jsonNumber).readonly()).readonly(),
  /** Adjacent pairs of the table (best first) that are not separated (LOS below 95%). */
  notSeparated: z.array(z.tuple([z.string(), z.string()]).readonly()).readonly(),
});

/** `ratings.json`: the ratings of a pool with their margins and likelihoods of superiority. */
export type RatingReport = z.output<typeof ratingsFileSchema>;

/**
 * A rating run's `ratings.json`, read through its schema.
 * @returns null when the directory has none.
 * @throws SyntaxError naming the file when it does not parse or fit.
 */
export function readRatingsFile(dir: string): RatingReport | null {
  return readJsonFile(dir, RATINGS_FILES.json, ratingsFileSchema);
}

/** "rating unbounded: never won", the text of a bot the data give no rating. */
export function unboundedText(u: Unbounded): string {
  return `rating unbounded: ${u}`;
}

/** Writes a rating run's own files: `ratings.json`, `ratings.csv` (one row per bot, best first) and `los.csv` (one row per ordered pair). */
export function writeRatingFiles(report: RatingReport, names: readonly string[], dir: string): void {
  writeFileAtomic(join(dir, RATINGS_FILES.json), jsonFileText(report));
  writeFileAtomic(
    join(dir, RATINGS_FILES.csv),
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
  writeFileAtomic(join(dir, RATINGS_FILES.los), stringify(losRows, { header: true, columns: ['bot', 'opponent', 'los'] }));
}
