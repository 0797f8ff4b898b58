/**
 * Tuning a game's rules toward a target, for designers (`npm run train --
 * --tune-rules k1,k2 --target seat-fair`), like TAG's `tuneGame`: the
 * candidates are variants, played by a fixed line-up of bots, and NTBEA
 * (`ntbea.ts`) searches the grid of their values. A variant changes the deal
 * itself, so two variants cannot share deals the way two bots do; each
 * candidate is measured on its iteration's own deals, and the best few
 * settings are measured again on held-out seeds (`confirmRules`).
 *
 * Target `seat-fair`: the seats' win shares per seat-game should be equal.
 * The search's fitness is minus an unbiased estimate of their spread,
 * V = (1/P) Σ_s (w_s − w̄)²: the observed spread less its expected noise,
 * (1/P) Σ_s Var(ŵ_s − ŵ̄), both from the per-deal seat totals (the deal is
 * the unit). The observed spread alone, or the largest gap max − min, grows
 * with noise, so a search on them prefers rules with less luck in them (more
 * rounds) over fairer ones. The confirmation of the best settings reports
 * the largest gap between two seats with its 95% interval (simultaneous
 * Bonferroni intervals of every pair of seats, so it lies within [0, 1] and
 * accounts for choosing the extreme seats from the data: `seatGap`) and the
 * randomization test of "every seat wins equally often"
 * (`src/stats/randomization.ts`).
 */
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import type { Variant, VariantParam } from '../core/variant.js';
import { resolveGameVariant } from '../core/variant.js';
import { combine, dealVariance } from '../stats/cluster.js';
import { tQuantile } from '../stats/quantiles.js';
import { rotationSeatings } from '../stats/seatings.js';
import { exchangeableTest } from '../stats/randomization.js';
import { meanCovariance, type EqualityTest } from '../stats/wald.js';
import type { Tally } from '../tourney/aggregate.js';
import type { RunConfig } from '../tourney/batch.js';
import type { BatchPlayer } from '../tourney/pool.js';
import { runTourney } from '../tourney/run.js';
import type { Fitness } from './evaluate.js';
import type { Evaluator } from './loop.js';
import type { Dimension, Point } from './space.js';

/** The targets a rules search can aim at. */
export const RULE_TARGETS = ['seat-fair'] as const;
export type RuleTarget = (typeof RULE_TARGETS)[number];

/**
 * The dimensions of a game's variant parameters to tune: integers over their
 * declared range (or `--range`), choices and switches as choices. `players`
 * is refused (the line-up fixes the table).
 * @throws UsageError for an unknown key, `players`, or a text parameter.
 */
export function ruleDimensions(
  game: AnyGame,
  base: Variant,
  keys: readonly string[],
  ranges: Readonly<Record<string, { min: number; max: number }>>,
): Dimension[] {
  return keys.map((key): Dimension => {
    const p: VariantParam | undefined = game.info.params.find((x) => x.key === key);
    if (!p)
      throw new UsageError(`--tune-rules: ${game.info.id} has no variant parameter '${key}'; parameters: ${game.info.params.map((x) => x.key).join(', ')}`);
    if (key === 'players') throw new UsageError('--tune-rules: players is fixed by the line-up (--bots); tune it by separate runs');
    if (p.kind === 'int') {
      const r = ranges[key] ?? { min: p.min, max: p.max };
      if (!(r.min >= p.min && r.max <= p.max && r.min < r.max))
        throw new UsageError(`--range ${key}=${r.min}:${r.max} must lie within ${p.min}..${p.max} and be increasing`);
      return { key, kind: 'int', min: r.min, max: r.max, scale: 'linear', start: Math.min(r.max, Math.max(r.min, Number(base[key]))) };
    }
    if (p.kind === 'bool') return { key, kind: 'enum', choices: ['false', 'true'], start: String(base[key]) };
    if (p.kind === 'enum') return { key, kind: 'enum', choices: p.choices, start: String(base[key]) };
    throw new UsageError(`--tune-rules: ${key} is a text parameter; only numbers, choices and switches can be tuned`);
  });
}

/**
 * The variant at a point: the base variant with the tuned values.
 * @throws VariantError when the game refuses the combination (its own cross-parameter checks).
 */
export function variantAt(game: AnyGame, base: Variant, dims: readonly Dimension[], p: Point): Variant {
  const given: Record<string, string | number | boolean> = { ...base };
  dims.forEach((d, i) => {
    given[d.key] = p[i]!;
  });
  return resolveGameVariant(game, given);
}

/** What every rules iteration shares. */
export interface RulesArena {
  readonly game: AnyGame;
  readonly base: Variant;
  readonly dims: readonly Dimension[];
  readonly lineup: readonly string[];
  readonly deals: number;
  readonly seed: string;
  readonly workers: number;
  readonly pool: BatchPlayer;
  readonly watchdogMs: number;
  readonly flags: Pick<RunConfig, 'onFault' | 'moveTimeoutMs' | 'botMemoryMb' | 'botLoadMs' | 'dealKey'>;
  readonly stop?: AbortSignal;
  readonly onGames?: (games: number) => void;
}

/**
 * The largest gap between two seats' win shares per seat-game,
 * G = max_s w_s − min_s w_s ∈ [0, 1], with its 95% interval, the deal as the
 * unit. The interval comes from simultaneous intervals of the P(P − 1)/2
 * pairwise differences d_su = w_s − w_u (per-deal paired differences,
 * Student t on deals − 1 degrees of freedom at the Bonferroni level
 * 0.05 / (P(P − 1)/2): O. J. Dunn, "Multiple comparisons among means", JASA
 * 56, 1961). With probability at least 95% every pair's interval holds, and
 * then |d_su| lies within [L_su, U_su] (L_su = 0 when the pair's interval
 * holds 0) for every pair, so G = max |d_su| lies within
 * [max L_su, max U_su], cut to [0, 1] where G lies. The point estimate is the
 * observed gap (biased upward by noise; the interval is not).
 * @returns value, se of the extreme seats' difference (NaN below two deals),
 *   the interval ([NaN, NaN] below two deals), and the best and worst seats.
 */
export function seatGap(t: Tally): Fitness & { readonly best: number; readonly worst: number } {
  const P = t.players;
  const D = t.deals;
  const per = t.seatGames.map((g) => (D > 0 ? g / D : 1));
  const share = t.seatWins.map((w, s) => (D > 0 ? w / (D * per[s]!) : 0));
  let best = 0;
  let worst = 0;
  for (let s = 1; s < P; s++) {
    if (share[s]! > share[best]!) best = s;
    if (share[s]! < share[worst]!) worst = s;
  }
  /** The per-deal difference of seats s and u: its mean and standard error. */
  const pair = (s: number, u: number): { value: number; se: number } => {
    const w = new Array<number>(P).fill(0);
    w[s] = 1 / per[s]!;
    w[u] = -1 / per[u]!;
    const { sum, sumSq } = combine(t.seatWins, t.seatWinsCross, P, w);
    return { value: D > 0 ? sum / D : 0, se: D > 1 ? Math.sqrt(dealVariance(sum, sumSq, D) / D) : NaN };
  };
  const extreme = best === worst ? { value: 0, se: D > 1 ? 0 : NaN } : pair(best, worst);
  if (D < 2) return { value: extreme.value, se: NaN, ci95: [NaN, NaN], best, worst };
  const pairs = (P * (P - 1)) / 2;
  const q = tQuantile(1 - 0.025 / pairs, D - 1);
  let lo = 0;
  let hi = 0;
  for (let s = 0; s < P; s++) {
    for (let u = s + 1; u < P; u++) {
      const d = pair(s, u);
      const a = d.value - q * d.se;
      const b = d.value + q * d.se;
      lo = Math.max(lo, a > 0 ? a : b < 0 ? -b : 0);
      hi = Math.max(hi, Math.abs(a), Math.abs(b));
    }
  }
  return { value: extreme.value, se: extreme.se, ci95: [Math.min(1, lo), Math.min(1, hi)], best, worst };
}

/**
 * The unbiased estimate of the seats' spread V = (1/P) Σ_s (w_s − w̄)² (in
 * squared win share) and its standard error by the delta method
 * (gradient 2 (ŵ − ŵ̄) / P). It may be below 0 when the seats are even.
 */
export function seatSpread(t: Tally): Fitness {
  const P = t.players;
  const D = t.deals;
  const per = t.seatGames.map((g) => (D > 0 ? g / D : 1));
  const share = t.seatWins.map((w, s) => (D > 0 ? w / (D * per[s]!) : 0));
  const mean = share.reduce((a, x) => a + x, 0) / P;
  const dev = share.map((x) => x - mean);
  // Covariance of the mean per-seat shares (per seat-game), over deals.
  const cov = meanCovariance(t.seatWins, t.seatWinsCross, D).map((c, i) => c / (per[Math.floor(i / P)]! * per[i % P]!));
  // Cov of the deviations: (I − J/P) Σ (I − J/P).
  let noise = 0;
  let gradVar = 0;
  for (let s = 0; s < P; s++) {
    for (let u = 0; u < P; u++) {
      let c = cov[s * P + u]!;
      for (let x = 0; x < P; x++) c -= (cov[s * P + x]! + cov[x * P + u]!) / P;
      for (let x = 0; x < P; x++) for (let y = 0; y < P; y++) c += cov[x * P + y]! / (P * P);
      if (s === u) noise += c;
      gradVar += dev[s]! * dev[u]! * c;
    }
  }
  const observed = dev.reduce((a, x) => a + x * x, 0) / P;
  const value = observed - noise / P;
  const se = D > 1 ? (2 / P) * Math.sqrt(Math.max(0, gradVar)) : NaN;
  const half = D > 1 ? tQuantile(0.975, D - 1) * se : NaN;
  return { value, se, ci95: [value - half, value + half] };
}

/** The randomization test of equal seat win shares, with the deal as the unit (`src/stats/randomization.ts`). */
export function seatTest(t: Tally): EqualityTest {
  const D = t.deals;
  return exchangeableTest(t.seatWins, t.seatWinsCross, D, D > 0 ? t.games / D : 1);
}

async function playVariant(a: RulesArena, runSeed: string, variant: Variant, deals: number, onGames?: (g: number) => void): Promise<Tally | null> {
  const seatings = rotationSeatings(a.lineup);
  const config: RunConfig = { gameId: a.game.info.id, variant, lineup: a.lineup, seatings, runSeed, record: false, ...a.flags };
  const run = await runTourney({
    config,
    games: deals * seatings.length,
    workers: a.workers,
    pool: a.pool,
    watchdogMs: a.watchdogMs,
    ...(a.stop ? { stop: a.stop } : {}),
    ...(onGames ? { onProgress: (done: number) => onGames(done), onPlaying: (played: number) => onGames(played) } : {}),
  });
  return run.complete ? run.tally : null;
}

/**
 * The evaluator of a rules search: the fitness of a variant is minus its
 * seat spread (`seatSpread`) on the iteration's deals. A combination the game refuses
 * gets the worst fitness (−1) without playing.
 */
export function rulesEvaluator(a: RulesArena): Evaluator {
  return {
    seed: a.seed,
    async one(k, p) {
      let variant: Variant;
      try {
        variant = variantAt(a.game, a.base, a.dims, p);
      } catch {
        return { value: -1, se: 0, ci95: [-1, -1] };
      }
      const t = await playVariant(a, `${a.seed}/train/${k}`, variant, a.deals, a.onGames);
      if (t === null) return null;
      const v = seatSpread(t);
      return { value: -v.value, se: v.se, ci95: [-v.ci95[1], -v.ci95[0]] };
    },
  };
}

/** A variant measured again on held-out seeds. */
export interface RuleConfirmation {
  readonly params: Readonly<Record<string, number | string>>;
  readonly deals: number;
  readonly games: number;
  /** The largest seat gap (win share per seat-game) and the seats at its ends. */
  readonly gap: Fitness;
  readonly best: number;
  readonly worst: number;
  readonly seatWinRates: readonly number[];
  readonly test: EqualityTest;
}

/**
 * Plays each of `points` on the same held-out deals (`<seed>-confirm`) and
 * measures its seat gap and seat test.
 * @param onGames told the games played so far over every point (for the progress display).
 * @returns null when stopped.
 */
export async function confirmRules(
  a: RulesArena,
  points: readonly Point[],
  deals: number,
  onGames?: (games: number) => void,
): Promise<RuleConfirmation[] | null> {
  const out: RuleConfirmation[] = [];
  let before = 0;
  for (const p of points) {
    const variant = variantAt(a.game, a.base, a.dims, p);
    const t = await playVariant(a, `${a.seed}-confirm`, variant, deals, onGames ? (g) => onGames(before + g) : undefined);
    if (t === null) return null;
    before += t.games;
    const g = seatGap(t);
    const params: Record<string, number | string> = {};
    a.dims.forEach((d, i) => {
      params[d.key] = p[i]!;
    });
    out.push({
      params,
      deals: t.deals,
      games: t.games,
      gap: { value: g.value, se: g.se, ci95: g.ci95 },
      best: g.best,
      worst: g.worst,
      seatWinRates: t.seatWins.map((w, s) => w / Math.max(1, t.seatGames[s]!)),
      test: seatTest(t),
    });
  }
  return out;
}
