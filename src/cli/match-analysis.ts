/**
 * A match's statistics from its spec and its tally (`src/analysis/match.ts`:
 * the paired comparison of A and B and the SPRT): the SPRT asked after each
 * merged batch with its trace, and `match.json`'s report with the verdict.
 */
import { matchComparison, matchSprt } from '../analysis/match.js';
import { sprtLookDue } from '../stats/sprt.js';
import type { Tally } from '../tourney/aggregate.js';
import type { RunConfig } from '../tourney/batch.js';
import type { MatchReport, TracePoint } from '../results/match-file.js';
import { stoppedEstimateNote, verdictOf } from './match-render.js';
import type { MatchSpec } from './run-spec.js';

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
      const s = matchSprt(t, seatings, p, spec.measure, look);
      trace.push({ deals: t.deals, llr: s.llr, look });
      return s.accepted !== null;
    },
    status: (t: Tally) => {
      const s = matchSprt(t, seatings, p, spec.measure);
      // Every deal so far gave the same difference: the ratio is not a number to print (the result's line says ±∞ and why).
      const llr = s.noVariation ? `${s.llr < 0 ? '−' : '+'}∞ (no variation between deals yet)` : s.llr.toFixed(2);
      return `LLR ${llr} [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}]`;
    },
  };
}

/** `match.json` of a played match: the paired comparison, the SPRT's final state and trace, the verdict. */
export function matchReport(spec: MatchSpec, seatings: RunConfig['seatings'], trace: readonly TracePoint[], t: Tally, complete: boolean): MatchReport {
  const p = spec.sprt;
  const comparison = matchComparison(t, seatings);
  // The final state decides only if the run's last merged batch was a look.
  const last = trace[trace.length - 1];
  const state = p ? matchSprt(t, seatings, p, spec.measure, last !== undefined && last.look !== false && last.deals === t.deals) : null;
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
