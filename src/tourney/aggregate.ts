import type { MatchOutcome } from '../core/match.js';
import { entryAtSeat } from './schedule.js';

/**
 * Streaming totals of a run (or of one batch): a few counters per line-up
 * entry and per seat, nothing per game. Plain arrays so a batch's tally
 * crosses from a worker thread as it is.
 */
export interface Tally {
  /** Games played. */
  games: number;
  /** Line-up length P (= seats). */
  players: number;
  /** Per line-up entry i: seat-games, win shares, sum and sum of squares of game scores, forfeits. */
  entryGames: number[];
  entryWins: number[];
  entryScore: number[];
  entryScoreSq: number[];
  entryForfeits: number[];
  /** entrySeatWins[i * P + s]: win shares of entry i while at seat s. */
  entrySeatWins: number[];
  /** Per seat: games and win shares. */
  seatGames: number[];
  seatWins: number[];
  /** positionWins[p]: win shares of the seat p places left of the game's first player (p = 0: the first player). */
  positionWins: number[];
  /** Games that hit the rule file's cap. */
  capped: number;
  /** Decisions over all games, and the longest game. */
  decisions: number;
  maxDecisions: number;
  /** Faulty decisions per line-up entry (each forfeit is one; under `--on-fault random` the game went on). */
  entryFaults: number[];
  /** Faults by reason: threw, illegal, timeout. */
  faultReasons: Record<string, number>;
}

/** An empty tally for P seats. */
export function emptyTally(players: number): Tally {
  const z = (): number[] => new Array<number>(players).fill(0);
  return {
    games: 0,
    players,
    entryGames: z(),
    entryWins: z(),
    entryScore: z(),
    entryScoreSq: z(),
    entryForfeits: z(),
    entrySeatWins: new Array<number>(players * players).fill(0),
    seatGames: z(),
    seatWins: z(),
    positionWins: z(),
    capped: 0,
    decisions: 0,
    maxDecisions: 0,
    entryFaults: z(),
    faultReasons: {},
  };
}

/**
 * Adds one game to a tally. A win shared by k seats counts 1/k to each, so the
 * win shares of all seats of a game with a winner add up to 1.
 */
export function addGame(t: Tally, rotation: number, o: MatchOutcome): void {
  const P = t.players;
  const { scores, winners, capped } = o.result;
  t.games++;
  t.decisions += o.decisions;
  if (o.decisions > t.maxDecisions) t.maxDecisions = o.decisions;
  if (capped) t.capped++;
  for (let s = 0; s < P; s++) {
    const i = entryAtSeat(s, rotation, P);
    const sc = scores[s] ?? 0;
    t.entryGames[i]!++;
    t.seatGames[s]!++;
    t.entryScore[i]! += sc;
    t.entryScoreSq[i]! += sc * sc;
  }
  const share = winners.length > 0 ? 1 / winners.length : 0;
  for (const s of winners) {
    const i = entryAtSeat(s, rotation, P);
    t.entryWins[i]! += share;
    t.seatWins[s]! += share;
    t.entrySeatWins[i * P + s]! += share;
    t.positionWins[(s - o.firstSeat + P) % P]! += share;
  }
  for (const f of o.faults) {
    const i = entryAtSeat(f.seat, rotation, P);
    t.entryFaults[i]!++;
    t.faultReasons[f.reason] = (t.faultReasons[f.reason] ?? 0) + 1;
    if (o.status === 'forfeit') t.entryForfeits[i]!++;
  }
}

function addInto(a: number[], b: readonly number[]): void {
  for (let i = 0; i < a.length; i++) a[i]! += b[i]!;
}

/** Adds tally `b` into `a` (merge batches in batch order for identical sums). */
export function mergeTally(a: Tally, b: Tally): void {
  a.games += b.games;
  addInto(a.entryGames, b.entryGames);
  addInto(a.entryWins, b.entryWins);
  addInto(a.entryScore, b.entryScore);
  addInto(a.entryScoreSq, b.entryScoreSq);
  addInto(a.entryForfeits, b.entryForfeits);
  addInto(a.entrySeatWins, b.entrySeatWins);
  addInto(a.seatGames, b.seatGames);
  addInto(a.seatWins, b.seatWins);
  addInto(a.positionWins, b.positionWins);
  a.capped += b.capped;
  a.decisions += b.decisions;
  a.maxDecisions = Math.max(a.maxDecisions, b.maxDecisions);
  addInto(a.entryFaults, b.entryFaults);
  for (const [k, v] of Object.entries(b.faultReasons)) a.faultReasons[k] = (a.faultReasons[k] ?? 0) + v;
}
