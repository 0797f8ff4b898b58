import { botsBlock, csvTable, seatBlocks } from './blocks.js';
import { heatmapChart, intervalChart } from './charts.js';
import { pct, signed } from './page-format.js';
import { type Row, type RunFiles, sourcesOf } from './load.js';
import type { Block, Page } from './page.js';
import { runMeta } from './tourney-page.js';

/** The LOS of `a` over `b` from `los.csv`, or undefined. */
function losOf(los: readonly Row[], a: string, b: string): number | undefined {
  const r = los.find((x) => x.bot === a && x.opponent === b);
  return typeof r?.los === 'number' ? r.los : undefined;
}

/**
 * The page of a `rate` run: the ranking with intervals and the adjacent
 * pairs that are not separated first; then the ratings as dots with
 * intervals, the likelihood-of-superiority matrix as a heat map, and the
 * bots' and seats' win rates.
 */
export function ratePage(f: RunFiles): Page {
  const r = f.ratings;
  const ratings: Row[] =
    f.csv.ratings && f.csv.ratings.length > 0
      ? [...f.csv.ratings]
      : (r?.ratings ?? []).map((x, k) => ({ rank: k + 1, bot: x.bot, elo: Number.isFinite(x.elo) ? x.elo : null }));
  const los = f.csv.los ?? [];
  const order = ratings.map((x) => String(x.bot));
  const answer: string[] = [];
  // A bot the games give no rating (never won, never lost) says so instead of a number (ratings.csv's note).
  const rated = ratings.filter((x) => typeof x.elo === 'number');
  answer.push(
    `Ranking (Elo, 0 at the rated bots' precision-weighted mean; 95% interval): ${ratings
      .map(
        (x) =>
          `${String(x.rank)}. ${String(x.bot)} ${typeof x.elo === 'number' ? signed(x.elo) : typeof x.note === 'string' && x.note ? x.note : 'n/a'}${typeof x.elo_lo === 'number' && typeof x.elo_hi === 'number' ? ` [${signed(x.elo_lo)}, ${signed(x.elo_hi)}]` : ''}`,
      )
      .join('; ')}.`,
  );
  if (r) {
    const pairs = r.notSeparated;
    const losText = (a: string, b: string): string => {
      const v = losOf(los, a, b);
      return v === undefined ? '' : ` (LOS ${pct(v)})`;
    };
    answer.push(
      pairs.length === 0
        ? 'Every adjacent pair of the ranking is separated (likelihood of superiority ≥ 95%).'
        : `Not separated (likelihood of superiority below 95%): ${pairs.map(([a, b]) => `${a} and ${b}${losText(a, b)}`).join('; ')}.`,
    );
  }
  const deals = r?.deals;
  const groups = r?.groups;
  const blocks: Block[] = [];
  const hasCi = ratings.some((x) => typeof x.elo_lo === 'number');
  blocks.push({
    id: 'ratings',
    title: 'Ratings',
    charts: [
      {
        id: 'ratings-elo',
        spec: intervalChart({
          title: 'Elo rating by bot',
          description:
            "Each rated bot's Elo rating (0 at the rated bots' precision-weighted mean) with its 95% interval, strongest first; a bot with no finite rating is left out.",
          rows: rated,
          category: { field: 'bot', title: 'bot', order: order.filter((b) => rated.some((x) => String(x.bot) === b)) },
          measure: { field: 'elo', title: 'Elo (weighted mean 0)', ...(hasCi ? { lo: 'elo_lo', hi: 'elo_hi' } : {}) },
          mark: 'point',
          horizontal: true,
          zeroRule: true,
        }),
      },
    ],
    caption:
      "Top-1 Plackett-Luce (Bradley-Terry for two seats) fitted by maximum likelihood to every game's win shares; Elo scale, 0 at the rated bots' mean weighted by precision (1 / the least jackknife variance of a bot's differences from the others), so a poorly determined bot does not widen the others' margins. " +
      'A bot that never won (or never lost) has no finite rating: it is named as such, and the others are fitted without it. ' +
      `Intervals: delete-a-group jackknife over ${groups ?? '?'} groups of the ${deals ?? '?'} deals (the deal is the unit).`,
    table: csvTable('ratings-table', 'Ratings (ratings.csv)', '', ratings),
  });
  if (los.length > 0) {
    blocks.push({
      id: 'los',
      title: 'Likelihood of superiority',
      charts: [
        {
          id: 'los-matrix',
          spec: heatmapChart({
            title: 'LOS: row bot stronger than column bot',
            description: 'Likelihood that the row bot is stronger than the column bot, for every pair of the pool.',
            rows: los.filter((x) => typeof x.los === 'number'),
            row: { field: 'bot', title: 'bot', order },
            column: { field: 'opponent', title: 'opponent', order },
            measure: { field: 'los', title: 'LOS', percent: true },
          }),
        },
      ],
      caption: 'LOS: Φ(difference of ratings / its jackknife standard error). Adjacent bots of the ranking with LOS below 95% are not separated by this run.',
      table: csvTable('los-table', 'LOS (los.csv)', '', los),
    });
  }
  blocks.push(botsBlock(f));
  return {
    title: `${r?.game || f.summary?.game || ''}: rating report`,
    meta: runMeta(f, 'rate'),
    answer,
    sections: [
      { id: 'ratings-section', title: 'Ranking', blocks },
      { id: 'seats-section', title: 'Seats', blocks: seatBlocks(f) },
    ],
    sources: sourcesOf(f),
    missing: [...(f.csv.ratings ? [] : ['ratings.csv (rating intervals)']), ...(f.csv.los ? [] : ['los.csv (the LOS matrix)'])],
  };
}
