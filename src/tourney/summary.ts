import type { Variant, VariantValue } from '../core/variant.js';
import { meanInterval, wilsonInterval, type Interval } from '../stats/intervals.js';
import type { Tally } from './aggregate.js';

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
  /** 95% Wilson interval of `winRate`. */
  readonly ci95: Interval;
  /** Mean game score per seat-game (the game's score unit). */
  readonly meanScore: number;
  /** The game's score rate (e.g. mbb/hand for Nines Hold'em) with its 95% normal interval, when the game declares one. */
  readonly rate?: { readonly label: string; readonly value: number; readonly ci95: Interval };
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
  readonly ci95: Interval;
}

/** `summary.json`: everything but `timing` is a function of (game, variant, line-up, games, seed). */
export interface Summary {
  readonly game: string;
  readonly variant: Variant;
  /** Parameters that differ from the rule file's defaults. */
  readonly nonDefault: Record<string, VariantValue>;
  readonly seed: string;
  readonly games: number;
  readonly deals: number;
  readonly lineup: readonly string[];
  readonly scoreUnit: string;
  readonly bots: readonly BotSummary[];
  readonly seats: readonly SeatSummary[];
  readonly capped: number;
  readonly meanActions: number;
  readonly maxActions: number;
  /** Faulty decisions by reason (threw, illegal, timeout) and how they were handled. */
  readonly faults: { readonly policy: string; readonly byReason: Readonly<Record<string, number>>; readonly forfeitedGames: number };
  /** False for a run stopped early (Ctrl-C); `--resume` completes it. */
  readonly complete: boolean;
  /** False when some bot searched on a time budget (`ms`): then the same seed need not give the same numbers. */
  readonly reproducible: boolean;
  /** The bots with a time budget. */
  readonly clockBound: readonly string[];
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
  readonly lineup: readonly string[];
  readonly scoreUnit: string;
  readonly deals: number;
  readonly seconds: number;
  readonly workers: number;
  readonly startedAt: string;
  readonly complete: boolean;
  readonly onFault: string;
  readonly clockBound: readonly string[];
  /** The game's score rate: label and the factor from a game score. */
  readonly scoreRate?: { readonly label: string; readonly scale: number };
}

/** Builds the summary of a run from its tally. */
export function summarize(t: Tally, meta: RunMeta): Summary {
  const names = [...new Set(meta.lineup)];
  const bots: BotSummary[] = names.map((name) => {
    let games = 0;
    let wins = 0;
    let score = 0;
    let scoreSq = 0;
    let forfeits = 0;
    let faults = 0;
    let entries = 0;
    meta.lineup.forEach((n, i) => {
      if (n !== name) return;
      entries++;
      games += t.entryGames[i]!;
      wins += t.entryWins[i]!;
      score += t.entryScore[i]!;
      scoreSq += t.entryScoreSq[i]!;
      forfeits += t.entryForfeits[i]!;
      faults += t.entryFaults[i]!;
    });
    const base = {
      name,
      entries,
      games,
      wins,
      winRate: games > 0 ? wins / games : 0,
      ci95: wilsonInterval(wins, games),
      meanScore: games > 0 ? score / games : 0,
      forfeits,
      faults,
    };
    if (!meta.scoreRate) return base;
    const k = meta.scoreRate.scale;
    const [lo, hi] = meanInterval(score, scoreSq, games);
    return { ...base, rate: { label: meta.scoreRate.label, value: base.meanScore * k, ci95: [lo * k, hi * k] as Interval } };
  });
  const seats: SeatSummary[] = t.seatGames.map((games, seat) => {
    const wins = t.seatWins[seat]!;
    return { seat, games, wins, winRate: games > 0 ? wins / games : 0, ci95: wilsonInterval(wins, games) };
  });
  return {
    game: meta.game,
    variant: meta.variant,
    nonDefault: meta.nonDefault,
    seed: meta.seed,
    games: t.games,
    deals: meta.deals,
    lineup: meta.lineup,
    scoreUnit: meta.scoreUnit,
    bots,
    seats,
    capped: t.capped,
    meanActions: t.games > 0 ? t.decisions / t.games : 0,
    maxActions: t.maxDecisions,
    faults: { policy: meta.onFault, byReason: t.faultReasons, forfeitedGames: t.entryForfeits.reduce((a, b) => a + b, 0) },
    complete: meta.complete,
    reproducible: meta.clockBound.length === 0,
    clockBound: meta.clockBound,
    timing: {
      seconds: meta.seconds,
      gamesPerSecond: meta.seconds > 0 ? t.games / meta.seconds : 0,
      workers: meta.workers,
      startedAt: meta.startedAt,
    },
  };
}
