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
 */
export interface LineupResult {
  /** The pool indices of the line-up's members. */
  readonly members: readonly number[];
  /** Win shares of each member (same order), summed over the line-up's games. */
  readonly wins: readonly number[];
}

/**
 * Fits the ratings.
 * @param poolSize M bots; `results` one entry per line-up played.
 * @returns M Elo-scale ratings, centred on the pool's mean (0).
 */
export function fitRatings(poolSize: number, results: readonly LineupResult[], maxIterations = 10_000): number[] {
  const w = new Array<number>(poolSize).fill(0);
  const lineups = results.map((r) => {
    const k = r.members.length;
    const wins = r.wins.map((x) => x + 1 / k);
    wins.forEach((x, i) => (w[r.members[i]!]! += x));
    return { members: r.members, games: wins.reduce((a, b) => a + b, 0) };
  });
  let g = new Array<number>(poolSize).fill(1);
  for (let it = 0; it < maxIterations; it++) {
    const denom = new Array<number>(poolSize).fill(0);
    for (const l of lineups) {
      let s = 0;
      for (const m of l.members) s += g[m]!;
      for (const m of l.members) denom[m]! += l.games / s;
    }
    const next = g.map((x, i) => (denom[i]! > 0 ? w[i]! / denom[i]! : x));
    // Normalize to a geometric mean of 1 (the likelihood depends on ratios only).
    const logMean = next.reduce((a, b) => a + Math.log(b), 0) / poolSize;
    const scale = Math.exp(-logMean);
    let change = 0;
    for (let i = 0; i < poolSize; i++) {
      next[i]! *= scale;
      change = Math.max(change, Math.abs(Math.log(next[i]! / g[i]!)));
    }
    g = next;
    if (change < 1e-12) break;
  }
  return g.map((x) => (400 * Math.log(x)) / Math.LN10);
}
