/**
 * A played match (`match`: candidate A, entry 0, against baseline B, entry 1,
 * on the same deals) as numbers: the paired (duplicate) comparison of A and
 * B, and the SPRT on its per-deal differences. The verdict in words is the
 * command's (`src/cli/match-render.ts`).
 */
import { pairedComparison, type Difference, type PairedComparison } from '../stats/paired.js';
import { seatGamesPerDeal, type Seating } from '../stats/seatings.js';
import { sprt, type SprtParams, type SprtState } from '../stats/sprt.js';
import type { Tally } from '../tourney/aggregate.js';

/** What the SPRT and the verdict compare: win share per seat-game, or game score per seat-game (`--measure`). */
export type Measure = 'win' | 'score';

/** The difference A − B in the measure compared. */
export function measured(c: PairedComparison, m: Measure): Difference {
  return m === 'score' ? c.score : c.winShare;
}

/** The paired comparison of entries 0 (A) and 1 (B) of a match tally, the deal as the unit (`pairedComparison`). */
export function matchComparison(t: Tally, seatings: readonly Seating[]): PairedComparison {
  return pairedComparison(
    {
      deals: t.deals,
      entries: t.entries,
      wins: t.entryWins,
      winsCross: t.entryWinsCross,
      scores: t.entryScore,
      scoresCross: t.entryScoreCross,
      perDeal: seatGamesPerDeal(seatings, t.entries),
    },
    0,
    1,
    t.players,
  );
}

/**
 * The SPRT on the per-deal differences A − B (per seat-game) in the measure
 * compared, from the comparison's mean and standard error (`sprt`).
 * @param look false: not one of the test's looks (`sprtLookDue`), no decision at this point.
 */
export function matchSprt(t: Tally, seatings: readonly Seating[], p: SprtParams, m: Measure, look = true): SprtState {
  const d = measured(matchComparison(t, seatings), m);
  const n = t.deals;
  // Σ and Σ² of the per-deal differences, back from the comparison's mean and standard error.
  const sum = d.value * n;
  const variance = n > 1 ? d.se * d.se * n : 0;
  const sumSq = n > 1 ? variance * (n - 1) + (sum * sum) / n : sum * sum;
  return sprt(sum, sumSq, n, p, look);
}
