/**
 * Ratings of a pool of bots from a round robin on duplicate deals (`rate`):
 * Plackett-Luce by maximum likelihood on every line-up's results, margins
 * and likelihoods of superiority from the delete-a-group jackknife over the
 * run's groups of whole deals.
 */
import { VARIANCE_EPSILON } from '../stats/cluster.js';
import { jackknife } from '../stats/jackknife.js';
import { normalCdf } from '../stats/quantiles.js';
import { fitRatings, unboundedBots, type LineupResult, type Unbounded } from '../stats/ratings.js';
import type { Seating } from '../stats/seatings.js';
import { runReplicates, type Group, type Tally } from '../tourney/aggregate.js';

/** One bot's rating. */
export interface Rating {
  readonly bot: string;
  /** Elo scale, the precision-weighted mean of the rated bots 0 (`ratingsOf`); NaN (JSON null) when unbounded. */
  readonly elo: number;
  /** 95% margin: Student t on the jackknife groups' standard error of elo (its difference from the weighted mean). */
  readonly margin: number;
  readonly se: number;
  /** Present when the data bound no rating: the bot never won (or never lost) a game; elo, margin and se are then NaN. */
  readonly unbounded?: Unbounded;
  readonly winRate: number;
  readonly games: number;
}

/** The ratings of a pool from a round robin on duplicate deals (`ratingsOf`). */
export interface Ratings {
  readonly pool: readonly string[];
  /** The line-ups played on every deal (pool indices). */
  readonly lineups: readonly (readonly number[])[];
  readonly deals: number;
  readonly games: number;
  /** Jackknife groups of whole deals behind the margins. */
  readonly groups: number;
  /** Best first (a bot that never lost first, one that never won last). */
  readonly ratings: readonly Rating[];
  /** The weight of each rated bot (pool order; 0 for the unbounded) in the mean that is the scale's 0. */
  readonly centreWeights: readonly number[];
  /** los[i][j]: likelihood that pool bot i is stronger than pool bot j, Φ((r_i − r_j) / se(r_i − r_j)); pool order. */
  readonly los: readonly (readonly number[])[];
  /** Adjacent pairs of the table (best first) that are not separated (LOS below 95%). */
  readonly notSeparated: readonly (readonly [string, string])[];
}

/** The line-up results of a tally whose seatings are `roundRobinSeatings` (seating = line-up × P + rotation). */
export function lineupResults(t: Tally, seatings: readonly Seating[], lineups: readonly (readonly number[])[]): LineupResult[] {
  const P = t.players;
  return lineups.map((members, l) => {
    const wins = new Array<number>(members.length).fill(0);
    for (let k = l * P; k < (l + 1) * P; k++) {
      const s = seatings[k]!;
      for (let seat = 0; seat < P; seat++) wins[members.indexOf(s.entries[seat]!)]! += t.seatingWins[k * P + seat]!;
    }
    // Each line-up plays every deal once in each of its P rotations.
    return { members, wins, games: t.deals * P };
  });
}

/**
 * The weight of each rated bot in the scale's 0: inverse variance (Cochran
 * 1954), bot i weighing 1/s_i², s_i² its least jackknife variance of a
 * difference from another rated bot (≈ its own variance plus the best
 * determined other's). A difference whose variance is rounding (at most
 * `VARIANCE_EPSILON` of the largest: two bots that played every deal alike,
 * as greedy and the search in Multiples of Nine) measures nothing: it is
 * left out of the least, else it would give both an enormous weight, pin
 * the 0 on them and print their margins as 0. Equal weights when some bot
 * has no usable difference (it played alike with every other, or the
 * variances are not finite).
 * @param M the pool's size; @param rated the pool indices of the rated bots.
 * @param pairVariance the jackknife variance of r_i − r_j (Elo²).
 * @returns M weights summing to 1 over `rated`, 0 elsewhere.
 */
export function scaleWeights(M: number, rated: readonly number[], pairVariance: (i: number, j: number) => number): number[] {
  const v = rated.map((i) => rated.map((j) => (i === j ? NaN : pairVariance(i, j))));
  const largest = Math.max(0, ...v.flat().filter((x) => Number.isFinite(x)));
  const precision = v.map((row) => {
    const measured = row.filter((x) => Number.isFinite(x) && x > VARIANCE_EPSILON * largest);
    return measured.length > 0 ? 1 / Math.min(...measured) : NaN;
  });
  const usable = precision.every((x) => Number.isFinite(x));
  const total = usable ? precision.reduce((a, b) => a + b, 0) : rated.length;
  const weights = new Array<number>(M).fill(0);
  rated.forEach((i, k) => {
    weights[i] = usable ? precision[k]! / total : 1 / total;
  });
  return weights;
}

/**
 * Ratings with deal-level margins: the fit on all deals, and on the run less
 * each jackknife group of whole deals (delete-a-group jackknife,
 * `src/stats/jackknife.ts`) for the margins and the pairwise likelihoods of
 * superiority. A bot that never won (or never lost) is left out of every fit
 * and reported as unbounded (`unboundedBots`). The scale's 0 is the
 * inverse-variance weighted mean of the rated bots (W. G. Cochran, "The
 * combination of estimates from different experiments", Biometrics 10, 1954;
 * `scaleWeights`), so a poorly determined bot barely moves the 0 and each
 * bot's margin is mostly its own uncertainty (with the plain pool mean, a bot
 * known to ±212 Elo widened every other bot's margin with it).
 */
export function ratingsOf(
  t: Tally,
  groups: readonly Group[],
  seatings: readonly Seating[],
  lineups: readonly (readonly number[])[],
  pool: readonly string[],
): Ratings {
  const M = pool.length;
  const results = lineupResults(t, seatings, lineups);
  const unbounded = unboundedBots(M, results);
  const rated = pool.map((_, i) => i).filter((i) => unbounded[i] === null);
  const raw = fitRatings(M, results, unbounded);
  const reps = runReplicates(t, null, groups, (loo) => fitRatings(M, lineupResults(loo, seatings, lineups), unbounded));
  const diff = (i: number, j: number) =>
    jackknife(
      raw[i]! - raw[j]!,
      reps.map((x) => x[i]! - x[j]!),
    );
  const centreWeights = scaleWeights(M, rated, (i, j) => diff(i, j).se ** 2);
  const centre = (r: readonly number[]): number => rated.reduce((a, i) => a + centreWeights[i]! * r[i]!, 0);
  const c = centre(raw);
  const full = raw.map((x) => x - c);
  // Fewer than two groups of deals: nothing varies between them, so no margin and no likelihood of superiority.
  const varies = reps.length >= 2;
  const est = full.map((r, i) =>
    unbounded[i] !== null || !varies
      ? { se: NaN, ci95: [NaN, NaN] }
      : jackknife(
          r,
          reps.map((x) => x[i]! - centre(x)),
        ),
  );
  const los = full.map((_ri, i) =>
    full.map((_rj, j) => {
      if (i === j) return 0.5;
      if (unbounded[i] !== null || unbounded[j] !== null || !varies) return NaN;
      const d = diff(i, j);
      return d.se > 0 ? normalCdf(d.value / d.se) : d.value > 0 ? 1 : d.value < 0 ? 0 : 0.5;
    }),
  );
  const order = (i: number): number => (unbounded[i] === 'never lost' ? Infinity : unbounded[i] === 'never won' ? -Infinity : full[i]!);
  const ratings = pool
    .map((bot, i) => ({
      i,
      bot,
      elo: full[i]!,
      margin: est[i]!.ci95[1] - full[i]!,
      se: est[i]!.se,
      winRate: t.entryGames[i]! > 0 ? t.entryWins[i]! / t.entryGames[i]! : 0,
      games: t.entryGames[i]!,
      ...(unbounded[i] !== null ? { unbounded: unbounded[i]! } : {}),
    }))
    .sort((a, b) => order(b.i) - order(a.i) || a.i - b.i);
  const notSeparated: [string, string][] = [];
  for (let k = 0; k + 1 < ratings.length; k++) {
    const a = ratings[k]!;
    const b = ratings[k + 1]!;
    if (varies && a.unbounded === undefined && b.unbounded === undefined && los[a.i]![b.i]! < 0.95) notSeparated.push([a.bot, b.bot]);
  }
  return {
    pool,
    lineups,
    deals: t.deals,
    games: t.games,
    groups: reps.length,
    ratings: ratings.map(({ i: _i, ...r }) => r),
    centreWeights,
    los,
    notSeparated,
  };
}
