/**
 * The fitness of a training run's candidates, measured the duplicate way:
 * every candidate of an iteration plays the same deals (seeded from the run
 * seed and the iteration), in every seat, against the same opponents, with
 * common random numbers (`src/stats/seatings.ts`). An iteration is a short
 * run on the training run's worker pool (`runTourney`), merged in batch
 * order, so its result is the same for any worker count.
 */
import type { AnyGame } from '../core/registry.js';
import type { Variant } from '../core/variant.js';
import { clusterProportion, combine, dealVariance } from '../stats/cluster.js';
import { pairedComparison } from '../stats/paired.js';
import { tQuantile } from '../stats/quantiles.js';
import { candidateSeatings, matchSeatings, seatGamesPerDeal, type Seating } from '../stats/seatings.js';
import type { Tally } from '../tourney/aggregate.js';
import type { RunConfig } from '../tourney/batch.js';
import type { BatchPlayer } from '../tourney/pool.js';
import { runTourney } from '../tourney/run.js';
import type { Interval } from '../stats/intervals.js';

/** What the fitness of a candidate is: its win share per seat-game, or its mean game score per seat-game. */
export type Objective = 'win' | 'score';

/** What every iteration of a bot-training run shares. */
export interface Arena {
  readonly game: AnyGame;
  readonly variant: Variant;
  /** Opponents' spec texts, P − 1 of them, seated in this order after the candidate. */
  readonly opponents: readonly string[];
  readonly objective: Objective;
  /** Deals per iteration. */
  readonly deals: number;
  readonly seed: string;
  readonly workers: number;
  readonly pool: BatchPlayer;
  readonly watchdogMs: number;
  /** The run flags every game shares (`RunConfig` fields). */
  readonly base: Pick<RunConfig, 'onFault' | 'moveTimeoutMs' | 'botMemoryMb' | 'botLoadMs' | 'dealKey'>;
  readonly stop?: AbortSignal;
  /** Games played in this iteration so far, those inside batches in play included (for the progress display). */
  readonly onGames?: (games: number) => void;
}

/** A fitness with its deal-level uncertainty. */
export interface Fitness {
  /** Per seat-game (win share, or score). */
  readonly value: number;
  /** Standard error from the variation between the iteration's deals. */
  readonly se: number;
  /**
   * 95% interval over the deals: for a win share (a proportion), Wilson's at
   * the effective sample size with the deal-level variance (within [0, 1];
   * `clusterProportion`, Korn & Graubard 1998); for a score or a difference,
   * Student t on deals − 1 degrees of freedom.
   */
  readonly ci95: Interval;
}

/**
 * A win share's fitness from the per-deal values y_d ∈ [0, 1] of a share per
 * seat-game: Σ y_d and Σ y_d² over `deals`. The interval is Wilson's at the
 * effective sample size p(1 − p)/Var(p̂) (`clusterProportion`: the deal is the
 * unit), so it stays within [0, 1] where a Student t over a few deals would
 * not (77.1% [45.5%, 108.6%] over 8 deals).
 */
function shareFitness(sum: number, sumSq: number, deals: number): Fitness {
  // One deal has no spread between deals: no interval (NaN), as for a mean.
  if (deals < 2) return { value: deals > 0 ? sum / deals : 0, se: NaN, ci95: [NaN, NaN] };
  const p = clusterProportion({ sum, sumSq, deals, perDeal: 1 });
  return { value: p.value, se: p.se, ci95: p.ci95 };
}

/** A mean's fitness (a score, a difference) from per-deal values: Student t on deals − 1 degrees of freedom. */
function meanFitness(sum: number, sumSq: number, D: number): Fitness {
  const value = D > 0 ? sum / D : 0;
  const se = D > 1 ? Math.sqrt(dealVariance(sum, sumSq, D) / D) : NaN;
  const half = D > 1 ? tQuantile(0.975, D - 1) * se : NaN;
  return { value, se, ci95: [value - half, value + half] };
}

/** One iteration's evaluation: null when the run was stopped before it ended. */
async function play(a: Arena, iteration: number, lineup: string[], seatings: Seating[]): Promise<Tally | null> {
  const config: RunConfig = {
    gameId: a.game.info.id,
    variant: a.variant,
    lineup,
    seatings,
    runSeed: `${a.seed}/train/${iteration}`,
    record: false,
    ...a.base,
  };
  const run = await runTourney({
    config,
    games: a.deals * seatings.length,
    workers: a.workers,
    pool: a.pool,
    watchdogMs: a.watchdogMs,
    ...(a.stop ? { stop: a.stop } : {}),
    ...(a.onGames ? { onProgress: (done: number) => a.onGames!(done), onPlaying: (played: number) => a.onGames!(played) } : {}),
  });
  return run.complete ? run.tally : null;
}

function entryTotals(t: Tally, objective: Objective): { sums: number[]; cross: number[] } {
  return objective === 'win' ? { sums: t.entryWins, cross: t.entryWinsCross } : { sums: t.entryScore, cross: t.entryScoreCross };
}

/** The fitness of line-up entry `e` (per seat-game), from the per-deal totals of a tally: a win share with a Wilson interval at the effective sample size, a score with a Student t interval. */
export function entryFitness(t: Tally, seatings: readonly Seating[], e: number, objective: Objective): Fitness {
  const per = seatGamesPerDeal(seatings, t.entries);
  const w = new Array<number>(t.entries).fill(0);
  w[e] = 1 / per[e]!;
  const { sums, cross } = entryTotals(t, objective);
  const { sum, sumSq } = combine(sums, cross, t.entries, w);
  return objective === 'win' ? shareFitness(sum, sumSq, t.deals) : meanFitness(sum, sumSq, t.deals);
}

/** An SPSA iteration's result: θ⁺ and θ⁻ on the same deals. */
export interface PairResult {
  readonly plus: Fitness;
  readonly minus: Fitness;
  /** θ⁺ − θ⁻, paired by deal. */
  readonly difference: Fitness;
  /** The fitness of θ, estimated by the mean of θ⁺'s and θ⁻'s per-deal results. */
  readonly centre: Fitness;
}

/**
 * Plays candidates `plus` and `minus` (spec texts) in `match`'s paired
 * schedule on the iteration's deals.
 * @returns null when stopped.
 */
export async function evaluatePair(a: Arena, iteration: number, plus: string, minus: string): Promise<PairResult | null> {
  const seatings = matchSeatings(a.opponents.length + 1);
  const t = await play(a, iteration, [plus, minus, ...a.opponents], seatings);
  if (t === null) return null;
  const per = seatGamesPerDeal(seatings, t.entries);
  const { sums, cross } = entryTotals(t, a.objective);
  const c = pairedComparison(
    { deals: t.deals, entries: t.entries, wins: sums, winsCross: cross, scores: sums, scoresCross: cross, perDeal: per },
    0,
    1,
    t.players,
  );
  const w = new Array<number>(t.entries).fill(0);
  w[0] = 0.5 / per[0]!;
  w[1] = 0.5 / per[1]!;
  const m = combine(sums, cross, t.entries, w);
  return {
    plus: entryFitness(t, seatings, 0, a.objective),
    minus: entryFitness(t, seatings, 1, a.objective),
    difference: { value: c.winShare.value, se: c.winShare.se, ci95: c.winShare.ci95 },
    centre: a.objective === 'win' ? shareFitness(m.sum, m.sumSq, t.deals) : meanFitness(m.sum, m.sumSq, t.deals),
  };
}

/**
 * Plays one candidate (a spec text) in every seat of the iteration's deals.
 * @returns null when stopped.
 */
export async function evaluateOne(a: Arena, iteration: number, candidate: string): Promise<Fitness | null> {
  const seatings = candidateSeatings(a.opponents.length + 1);
  const t = await play(a, iteration, [candidate, ...a.opponents], seatings);
  return t === null ? null : entryFitness(t, seatings, 0, a.objective);
}

/** Games one iteration plays: deals × seatings of its schedule. */
export function gamesPerIteration(method: 'spsa' | 'ntbea', players: number, deals: number): number {
  return deals * (method === 'spsa' ? 2 * players : players);
}
