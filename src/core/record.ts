import type { GameResult, RecordAction } from './game.js';
import type { Variant } from './variant.js';

/** One round of a game record (`../shared/rules/README.md`, "Game records"). */
export interface RecordRound {
  /** Game-specific header keys first (`dealer`, `deal`, ...), then `actions` and `scores`. */
  [key: string]: unknown;
  actions: RecordAction[];
  scores?: number[];
  capped?: boolean;
}

/** A whole game record: one line of `games.jsonl`. */
export interface GameRecord {
  game: string;
  variant: Variant;
  seed: string;
  seats: string[];
  rounds: RecordRound[];
  result: { scores: number[]; winners: number[]; capped: boolean };
  /** Present only when a bot forfeited (see the tourney README). */
  forfeit?: { seat: number; bot: string; reason: string };
}

/**
 * Receives every event of a game while it is played; a game writes to it only
 * when `state.recorder` is set, so unrecorded games pay one null check.
 * A game calls, in order: `startRound(header)` (header holds `dealer`/`deal`
 * etc. in the rule file's vocabulary), `action(entry)` for every action,
 * automatic step and chance event, `endRound(scores, capped)`; then again for
 * the next round.
 */
export interface Recorder {
  startRound(header: Record<string, unknown>): void;
  action(entry: RecordAction): void;
  endRound(scores: readonly number[], capped: boolean, extra?: Record<string, unknown>): void;
}

/** Collects the rounds of one game into plain JSON objects. */
export class RoundCollector implements Recorder {
  readonly rounds: RecordRound[] = [];
  private current: RecordRound | null = null;

  startRound(header: Record<string, unknown>): void {
    this.current = { ...header, actions: [] };
    this.rounds.push(this.current);
  }
  action(entry: RecordAction): void {
    if (this.current === null) throw new Error('record: action before the first round');
    this.current.actions.push(entry);
  }
  /** Where the next action entry goes: [round, index] (see `markReplaced`). */
  position(): [number, number] {
    return [this.rounds.length - 1, this.current?.actions.length ?? 0];
  }

  /**
   * Marks the entry at `at` (a decision just recorded) `"replaced": true`:
   * a random legal action replaced a faulty decision (`--on-fault random`;
   * `../shared/rules/README.md`, "Forfeits").
   */
  markReplaced(at: [number, number]): void {
    const entry = this.rounds[at[0]]?.actions[at[1]];
    if (entry !== undefined) (entry as Record<string, unknown>).replaced = true;
  }

  /** The totals of the rounds completed so far (rounds with scores), P entries. */
  completedTotals(players: number): number[] {
    const out = new Array<number>(players).fill(0);
    for (const r of this.rounds) if (r.scores) for (let s = 0; s < players; s++) out[s]! += r.scores[s] ?? 0;
    return out;
  }

  endRound(scores: readonly number[], capped: boolean, extra?: Record<string, unknown>): void {
    if (this.current === null) throw new Error('record: round end before the round');
    Object.assign(this.current, extra ?? {});
    this.current.scores = [...scores];
    if (capped) this.current.capped = true;
    this.current = null;
  }
}

/** Assembles the record line of a finished game. */
export function buildRecord(gameId: string, variant: Variant, seed: string, seats: readonly string[], rounds: RecordRound[], result: GameResult): GameRecord {
  return {
    game: gameId,
    variant,
    seed,
    seats: [...seats],
    rounds,
    result: { scores: [...result.scores], winners: [...result.winners], capped: result.capped },
  };
}
