/**
 * Ratings of a pool of bots from multiplayer games: the top-1 Plackett-Luce
 * (Luce choice) model, P(i wins a game of line-up L) = γ_i / Σ_{j∈L} γ_j,
 * fitted by maximum likelihood with Hunter's MM algorithm (D. R. Hunter, "MM
 * algorithms for generalized Bradley-Terry models", Ann. Statist. 32(1),
 * 2004, section 5). With two seats it is the Bradley-Terry model, so on the
 * Elo scale (400 log10 γ) a difference of 100 means a 64% expected score
 * heads-up. A win shared by k seats counts 1/k to each. To keep the ratings
 * of a bot that never won (or always won) finite, every line-up gets one
 * virtual game whose win all its members share, in the spirit of the virtual
 * draws of R. Coulom's BayesElo prior; against thousands of real games it
 * moves the others' ratings by a fraction of a point.
 *
 * A bot that never won (or never lost) has no finite maximum-likelihood
 * rating: its value would come from the virtual games alone, and through
 * them move every other bot. Such a bot is left out of the fit
 * (`unboundedBots`): as its strength tends to 0 the likelihood of a line-up
 * tends to that of the line-up without it, so the others are fitted on the
 * line-ups with it removed (their wins unchanged); as it tends to infinity the
 * line-ups it played say nothing about the others, and are dropped. Its
 * rating is NaN and reported as "rating unbounded".
 */
export interface LineupResult {
  /** The pool indices of the line-up's members. */
  readonly members: readonly number[];
  /** Win shares of each member (same order), summed over the line-up's games. */
  readonly wins: readonly number[];
  /** Games the line-up played (to tell a bot that never lost); when absent, no bot is taken as never lost. */
  readonly games?: number;
}

/** Why a bot has no finite rating. */
export type Unbounded = 'never won' | 'never lost';

/**
 * The bots with no finite maximum-likelihood rating: no win share in any game
 * ('never won'), or the whole win of every game they played ('never lost').
 * @returns per pool bot, the reason or null.
 */
export function unboundedBots(poolSize: number, results: readonly LineupResult[]): (Unbounded | null)[] {
  const wins = new Array<number>(poolSize).fill(0);
  const games = new Array<number>(poolSize).fill(0);
  const played = new Array<boolean>(poolSize).fill(false);
  let counted = true;
  for (const r of results) {
    if (r.games === undefined) counted = false;
    r.members.forEach((m, i) => {
      wins[m]! += r.wins[i]!;
      games[m]! += r.games ?? 0;
      played[m] = true;
    });
  }
  return wins.map((w, i) => (!played[i] ? null : w === 0 ? 'never won' : counted && games[i]! > 0 && w >= games[i]! ? 'never lost' : null));
}

/**
 * Fits the ratings.
 * @param poolSize M bots; `results` one entry per line-up played.
 * @param exclude per bot, why it has no finite rating (default: `unboundedBots` of `results`); those are left out.
 * @returns M Elo-scale ratings, centred on the rated bots' mean (0); NaN for the excluded.
 */
export function fitRatings(
  poolSize: number,
  results: readonly LineupResult[],
  exclude: readonly (Unbounded | null)[] = unboundedBots(poolSize, results),
  maxIterations = 10_000,
): number[] {
  const w = new Array<number>(poolSize).fill(0);
  const rated = exclude.map((x) => x === null);
  const lineups = results
    .filter((r) => r.members.every((m) => exclude[m] !== 'never lost'))
    .map((r) => {
      // A bot that never won leaves its line-up: the others' wins are the line-up's.
      const keep = r.members.map((m, i) => [m, r.wins[i]!] as const).filter(([m]) => rated[m]);
      const k = keep.length;
      const wins = keep.map(([, x]) => x + 1 / k);
      keep.forEach(([m], i) => (w[m]! += wins[i]!));
      return { members: keep.map(([m]) => m), games: wins.reduce((a, b) => a + b, 0) };
    })
    .filter((l) => l.members.length >= 2);
  const count = rated.filter(Boolean).length;
  if (count === 0) return new Array<number>(poolSize).fill(NaN);
  let g = new Array<number>(poolSize).fill(1);
  for (let it = 0; it < maxIterations; it++) {
    const denom = new Array<number>(poolSize).fill(0);
    for (const l of lineups) {
      let s = 0;
      for (const m of l.members) s += g[m]!;
      for (const m of l.members) denom[m]! += l.games / s;
    }
    const next = g.map((x, i) => (rated[i] && denom[i]! > 0 ? w[i]! / denom[i]! : x));
    // Normalize the rated bots to a geometric mean of 1 (the likelihood depends on ratios only).
    const logMean = next.reduce((a, b, i) => a + (rated[i] ? Math.log(b) : 0), 0) / count;
    const scale = Math.exp(-logMean);
    let change = 0;
    for (let i = 0; i < poolSize; i++) {
      if (!rated[i]) continue;
      next[i]! *= scale;
      change = Math.max(change, Math.abs(Math.log(next[i]! / g[i]!)));
    }
    g = next;
    if (change < 1e-12) break;
  }
  return g.map((x, i) => (rated[i] ? (400 * Math.log(x)) / Math.LN10 : NaN));
}
