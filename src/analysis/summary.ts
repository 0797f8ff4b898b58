import { playsUnsandboxed } from '../../bots/sandbox/policy.js';
import type { Variant, VariantValue } from '../core/variant.js';
import { clusterMean, clusterProportion, combine } from '../stats/cluster.js';
import type { Interval } from '../stats/intervals.js';
import { exchangeableTest } from '../stats/randomization.js';
import type { EqualityTest } from '../stats/wald.js';
import type { Tally } from '../tourney/aggregate.js';

/** One bot (distinct spec) of a run: its seat-games pooled over every line-up entry with its name. */
export interface BotSummary {
  readonly name: string;
  /** Seats it holds in the line-up. */
  readonly entries: number;
  /** Seat-games: a game counts once per seat the bot held in it. */
  readonly games: number;
  /** Win shares: a win shared by k seats counts 1/k. */
  readonly wins: number;
  readonly winRate: number;
  /** 95% interval of `winRate` with the deal as the unit (Wilson at the effective sample size; `src/stats/cluster.ts`). */
  readonly ci95: Interval;
  /** Design effect of `winRate`: its deal-level variance over the variance if its seat-games were independent. */
  readonly deff: number;
  /** Mean game score per seat-game (the game's score unit), with its deal-level 95% interval. */
  readonly meanScore: number;
  readonly meanScoreCi95: Interval;
  /** The game's score rate (e.g. mbb/hand for Nines Hold'em) with its 95% normal interval, when the game declares one. */
  readonly rate?: { readonly label: string; readonly caption: string; readonly value: number; readonly ci95: Interval };
  /** Games it lost by forfeit, and faulty decisions (forfeits included). */
  readonly forfeits: number;
  readonly faults: number;
}

/** One seat of a run. */
export interface SeatSummary {
  readonly seat: number;
  readonly games: number;
  readonly wins: number;
  readonly winRate: number;
  /** Deal-level 95% interval and design effect, as for bots. */
  readonly ci95: Interval;
  readonly deff: number;
}

/** `summary.json`: everything but `timing` is a function of (game, variant, line-up, games, seed, and a keyed run's deal key). */
export interface Summary {
  readonly game: string;
  readonly variant: Variant;
  /** Parameters that differ from the rule file's defaults. */
  readonly nonDefault: Record<string, VariantValue>;
  readonly seed: string;
  /**
   * Present (true) in a keyed run only: its deals came from a random key, not
   * from `seed` (a user bot file played; `src/tourney/deal-key.ts`).
   */
  readonly secretDeals?: true;
  /**
   * A keyed run's deal key (32 hex digits), once the run is complete:
   * `--deal-key` with it (and the same seed) plays the run again. A stopped
   * run keeps it in `checkpoint.json` only, so that the deals it has still
   * to play stay secret when its partial results are shared.
   */
  readonly dealKey?: string;
  readonly games: number;
  /** Independent deals: the statistical unit of every interval and test. */
  readonly deals: number;
  /** Games per deal: the distinct seatings of the line-up (a symmetric line-up has one). */
  readonly seatingsPerDeal: number;
  readonly lineup: readonly string[];
  readonly scoreUnit: string;
  readonly bots: readonly BotSummary[];
  readonly seats: readonly SeatSummary[];
  /** The randomization test, deal as the unit, of "every seat wins equally often" (`src/stats/randomization.ts`). */
  readonly seatTest: EqualityTest;
  readonly capped: number;
  readonly meanActions: number;
  readonly maxActions: number;
  /**
   * Faulty decisions by reason (threw, illegal, timeout) and how they were
   * handled; `first`: the first fault's message of each bot that committed
   * one (one per bot name, in line-up order; cut at 400 characters).
   */
  readonly faults: {
    readonly policy: string;
    readonly byReason: Readonly<Record<string, number>>;
    readonly forfeitedGames: number;
    readonly first: readonly { readonly bot: string; readonly message: string }[];
  };
  /** False for a run stopped early (Ctrl-C); `--resume` completes it. */
  readonly complete: boolean;
  /**
   * False when the results can depend on the clock: a bot searched on a time
   * budget (`ms`), or a per-decision limit (`--move-timeout`) was set; then the
   * same seed need not give the same numbers. `clockDependent` says why, and
   * `timeouts` lists the faults a time limit caused.
   */
  readonly reproducible: boolean;
  readonly clockDependent: readonly string[];
  /** The timeout faults of the run (the first 1000): deal, seating, seat, bot, decision. */
  readonly timeouts: readonly { readonly deal: number; readonly seating: number; readonly seat: number; readonly bot: string; readonly decision: number }[];
  /** The bots with a time budget. */
  readonly clockBound: readonly string[];
  /** Present (true) only when the line-up's bot files played without the sandbox (`--unsandboxed-bots`). */
  readonly unsandboxedBots?: true;
  readonly timing: {
    readonly seconds: number;
    readonly gamesPerSecond: number;
    readonly workers: number;
    readonly startedAt: string;
  };
}

/** Facts of the run that the tally does not hold. */
export interface RunMeta {
  readonly game: string;
  readonly variant: Variant;
  readonly nonDefault: Record<string, VariantValue>;
  readonly seed: string;
  /** A keyed run's deal key (`RunConfig.dealKey`). */
  readonly dealKey?: string | undefined;
  readonly lineup: readonly string[];
  readonly scoreUnit: string;
  readonly seconds: number;
  readonly workers: number;
  readonly startedAt: string;
  readonly complete: boolean;
  readonly onFault: string;
  readonly clockBound: readonly string[];
  /** The per-decision limit in ms (`--move-timeout`), 0 when none. */
  readonly moveTimeoutMs?: number;
  /** The bot of each line-up entry at each seat of each seating (to name the bot of a timeout). */
  readonly seatings?: readonly { readonly entries: readonly number[] }[];
  /** The game's score rate: label, the game's caption of it, and the factor from a game score. */
  readonly scoreRate?: { readonly label: string; readonly caption: string; readonly scale: number };
}

/**
 * Builds the summary of a run from its tally. Every interval and test uses
 * the variation between deals (the block of a deal's games), never between
 * seat-games: per-deal totals and their cross products (`src/stats/cluster.ts`).
 */
export function summarize(t: Tally, meta: RunMeta): Summary {
  const E = t.entries;
  const D = t.deals;
  const names = [...new Set(meta.lineup)];
  const bots: BotSummary[] = names.map((name) => {
    const w: number[] = meta.lineup.map((n) => (n === name ? 1 : 0));
    let games = 0;
    let scoreSq = 0;
    let forfeits = 0;
    let faults = 0;
    w.forEach((x, i) => {
      if (x === 0) return;
      games += t.entryGames[i]!;
      scoreSq += t.entryScoreSq[i]!;
      forfeits += t.entryForfeits[i]!;
      faults += t.entryFaults[i]!;
    });
    const perDeal = D > 0 ? games / D : 0;
    const wins = combine(t.entryWins, t.entryWinsCross, E, w);
    const score = combine(t.entryScore, t.entryScoreCross, E, w);
    const p = clusterProportion({ ...wins, deals: D, perDeal });
    const meanScore = games > 0 ? score.sum / games : 0;
    const m = clusterMean({ ...score, deals: D, perDeal }, games > 0 ? scoreSq / games - meanScore * meanScore : undefined);
    const base = {
      name,
      entries: w.reduce((a, b) => a + b, 0),
      games,
      wins: wins.sum,
      winRate: p.value,
      ci95: p.ci95,
      deff: p.deff,
      meanScore,
      meanScoreCi95: m.ci95,
      forfeits,
      faults,
    };
    if (!meta.scoreRate) return base;
    const k = meta.scoreRate.scale;
    return {
      ...base,
      rate: { label: meta.scoreRate.label, caption: meta.scoreRate.caption, value: meanScore * k, ci95: [m.ci95[0] * k, m.ci95[1] * k] as Interval },
    };
  });
  const seats: SeatSummary[] = t.seatGames.map((games, seat) => {
    const p = clusterProportion({ sum: t.seatWins[seat]!, sumSq: t.seatWinsCross[seat * t.players + seat]!, deals: D, perDeal: D > 0 ? games / D : 0 });
    return { seat, games, wins: t.seatWins[seat]!, winRate: p.value, ci95: p.ci95, deff: p.deff };
  });
  const seatTest = exchangeableTest(t.seatWins, t.seatWinsCross, D, D > 0 ? t.games / D : 1);
  return {
    game: meta.game,
    variant: meta.variant,
    nonDefault: meta.nonDefault,
    seed: meta.seed,
    ...(meta.dealKey !== undefined ? { secretDeals: true as const, ...(meta.complete ? { dealKey: meta.dealKey } : {}) } : {}),
    games: t.games,
    deals: D,
    seatingsPerDeal: D > 0 ? t.games / D : 0,
    lineup: meta.lineup,
    scoreUnit: meta.scoreUnit,
    bots,
    seats,
    seatTest,
    capped: t.capped,
    meanActions: t.games > 0 ? t.decisions / t.games : 0,
    maxActions: t.maxDecisions,
    faults: { policy: meta.onFault, byReason: t.faultReasons, forfeitedGames: t.entryForfeits.reduce((a, b) => a + b, 0), first: firstFaults(t, meta.lineup) },
    complete: meta.complete,
    reproducible: meta.clockBound.length === 0 && !(meta.moveTimeoutMs !== undefined && meta.moveTimeoutMs > 0) && (t.faultReasons.timeout ?? 0) === 0,
    clockDependent: [
      ...((t.faultReasons.timeout ?? 0) > 0 && !(meta.moveTimeoutMs !== undefined && meta.moveTimeoutMs > 0)
        ? [`${t.faultReasons.timeout} decisions hit a time limit (a hung bot), and where a decision stops depends on the machine`]
        : []),
      ...meta.clockBound.map((b) => `bot ${b} searches on a time budget (ms)`),
      ...(meta.moveTimeoutMs !== undefined && meta.moveTimeoutMs > 0
        ? [`--move-timeout ${meta.moveTimeoutMs} ms: a decision over it is a fault, and how long a decision takes depends on the machine`]
        : []),
    ],
    timeouts: (t.timeouts ?? []).map(([deal, seating, seat, decision]) => ({
      deal,
      seating,
      seat,
      bot: meta.seatings ? (meta.lineup[meta.seatings[seating]?.entries[seat] ?? -1] ?? '?') : '?',
      decision,
    })),
    clockBound: meta.clockBound,
    ...(playsUnsandboxed(meta.lineup) ? { unsandboxedBots: true as const } : {}),
    timing: {
      seconds: meta.seconds,
      gamesPerSecond: meta.seconds > 0 ? t.games / meta.seconds : 0,
      workers: meta.workers,
      startedAt: meta.startedAt,
    },
  };
}

/** The first fault's message of each bot name in `lineup` whose entries committed one (`Tally.faultMessages`), in line-up order. */
function firstFaults(t: Tally, lineup: readonly string[]): { bot: string; message: string }[] {
  const out: { bot: string; message: string }[] = [];
  lineup.forEach((bot, i) => {
    const message = t.faultMessages?.[i];
    if (message !== undefined && !out.some((f) => f.bot === bot)) out.push({ bot, message });
  });
  return out;
}

/**
 * A run's faults in one phrase, as the terminal tables and the page both
 * give them: each reason's count, the policy and the games forfeited, e.g.
 * "threw: 8 (on fault: forfeit; 8 games forfeited)"; "none" without faults.
 */
export function faultCountsText(f: Summary['faults']): string {
  const reasons = Object.entries(f.byReason);
  if (reasons.length === 0) return 'none';
  return `${reasons.map(([k, v]) => `${k}: ${v}`).join(', ')} (on fault: ${f.policy}; ${f.forfeitedGames} games forfeited)`;
}
