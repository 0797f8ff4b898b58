/**
 * A match's statistics from its spec and its tally: the paired comparison of
 * A and B (`pairedComparison`), the SPRT asked after each merged batch with
 * its trace, and `match.json`'s report with the verdict.
 */
import { pairedComparison, type PairedComparison } from '../stats/paired.js';
import { seatGamesPerDeal } from '../stats/seatings.js';
import { sprt, sprtLookDue, type SprtParams, type SprtState } from '../stats/sprt.js';
import type { Tally } from '../tourney/aggregate.js';
import type { RunConfig } from '../tourney/batch.js';
import type { MatchReport, Measure, TracePoint } from '../results/match-file.js';
import { measured, stoppedEstimateNote, verdictOf } from './match-render.js';
import type { MatchSpec } from './run-spec.js';

/** The paired input of entries 0 (A) and 1 (B) from a match tally. */
function compare(t: Tally, seatings: RunConfig['seatings']): PairedComparison {
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

/** The SPRT on per-deal differences A − B (per seat-game) in the measure compared; `look` false: no decision at this point. */
function sprtOf(t: Tally, seatings: RunConfig['seatings'], p: SprtParams, m: Measure, look = true): SprtState {
  const d = measured(compare(t, seatings), m);
  const n = t.deals;
  // Σ and Σ² of the per-deal differences, back from the comparison's mean and standard error.
  const sum = d.value * n;
  const variance = n > 1 ? d.se * d.se * n : 0;
  const sumSq = n > 1 ? variance * (n - 1) + (sum * sum) / n : sum * sum;
  return sprt(sum, sumSq, n, p, look);
}

/** Deals at the SPRT's last look in a trace (0 before the first). */
function lastLook(trace: readonly TracePoint[]): number {
  for (let i = trace.length - 1; i >= 0; i--) if (trace[i]!.look !== false) return trace[i]!.deals;
  return 0;
}

/**
 * The match's SPRT, asked after each merged batch (`TourneyOptions.decided`),
 * each answer added to `trace`, and its progress text; none without one.
 */
export function sequentialTest(
  spec: MatchSpec,
  seatings: RunConfig['seatings'],
  trace: TracePoint[],
): { decided?: (t: Tally) => boolean; status?: (t: Tally) => string } {
  const p = spec.sprt;
  if (!p) return {};
  return {
    decided: (t: Tally) => {
      // The test looks only at batch boundaries SPRT_LOOK_SPACING deals apart or more (`sprtLookDue`): denser looks raise its α.
      const look = sprtLookDue(t.deals, lastLook(trace));
      const s = sprtOf(t, seatings, p, spec.measure, look);
      trace.push({ deals: t.deals, llr: s.llr, look });
      return s.accepted !== null;
    },
    status: (t: Tally) =>
      `LLR ${sprtOf(t, seatings, p, spec.measure).llr.toFixed(2)} [${Math.log(p.beta / (1 - p.alpha)).toFixed(2)}, ${Math.log((1 - p.beta) / p.alpha).toFixed(2)}]`,
  };
}

/** `match.json` of a played match: the paired comparison, the SPRT's final state and trace, the verdict. */
export function matchReport(spec: MatchSpec, seatings: RunConfig['seatings'], trace: readonly TracePoint[], t: Tally, complete: boolean): MatchReport {
  const p = spec.sprt;
  const comparison = compare(t, seatings);
  // The final state decides only if the run's last merged batch was a look.
  const last = trace[trace.length - 1];
  const state = p ? sprtOf(t, seatings, p, spec.measure, last !== undefined && last.look !== false && last.deals === t.deals) : null;
  return {
    game: spec.game,
    variant: spec.variant,
    seed: spec.seed,
    candidate: spec.candidate.bot,
    baseline: spec.baseline.bot,
    opponents: spec.opponents.map((e) => e.bot),
    deals: t.deals,
    games: t.games,
    comparison,
    sprt: state && p ? { ...state, ...p, trace } : null,
    measure: spec.measure,
    verdict: verdictOf(comparison, state, spec.measure),
    stoppedEstimate: stoppedEstimateNote(state),
    complete,
  };
}
