import type { GameBalance } from './balance.js';
import type { Rng } from './rng.js';
import type { Recorder } from './record.js';
import type { Variant, VariantParam } from './variant.js';

/** A seat at the table: 0..P-1, clockwise; "left" of s is (s + 1) % P. */
export type Seat = number;

/**
 * An action: a small non-negative integer below `info.numDistinctActions(v)`.
 * Each game's `actions.ts` documents its layout and gives the codec to the
 * record JSON of `../shared/rules/<game>.md`.
 */
export type Action = number;

/** Static facts of a game, validated by the harness (OpenSpiel's GameType). */
export interface GameInfo {
  /** The game id of `../shared/rules/README.md`, e.g. `captains-orders`. */
  readonly id: string;
  /** The human name, e.g. "Captain's Orders". */
  readonly name: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** The player count when the user gives neither a line-up nor `players`. */
  readonly defaultPlayers: number;
  /** True when some seat cannot see part of the state (hands, deck order). */
  readonly hiddenInformation: boolean;
  /** The variant parameters with defaults and ranges (`--help` lists them). */
  readonly params: readonly VariantParam[];
  /** What the scores count, for report captions: "round wins", "points", "chips". */
  readonly scoreUnit: string;
  /**
   * Optional: a rate reported beside the mean score, as poker reports
   * milli-big-blinds per hand: `label` ("mbb/hand") and the factor that turns
   * a game score into it (e.g. 1000 / (hands x bigBlind)).
   */
  readonly scoreRate?: { readonly label: string; scale(variant: Variant): number };
}

/** The end of a game, as the rule file scores it. */
export interface GameResult {
  /** One number per seat: the game scores of the rule file. */
  readonly scores: readonly number[];
  /** Every seat that shares the win, ascending; may be empty (nobody won). */
  readonly winners: readonly Seat[];
  /** True when the game or any of its rounds hit the rule file's cap. */
  readonly capped: boolean;
}

/** What every game state carries besides its own typed arrays. */
export interface GameStateBase {
  /** The resolved variant the state was created for. */
  readonly variant: Variant;
  /** Player count P. */
  readonly players: number;
  /**
   * The generator of chance events (shuffles, draws). A clone keeps its own
   * generator (future chance outcomes must never leak into a bot's search).
   */
  rng: Rng;
  /** When not null, every event (deal, action, chance outcome, score) is written to it. */
  recorder: Recorder | null;
}

/**
 * The forward model every game implements (OpenSpiel's State, TAG's forward
 * model), over mutable preallocated state `S` and observation `O`.
 *
 * Invariants every implementation keeps (the conformance suite checks them):
 * - `legalActions` writes the legal actions in ascending order, at least one
 *   while the game is not terminal, and returns their count;
 * - `apply` mutates `s`, allocates nothing on the hot path (when `s.recorder`
 *   is null), and throws only on an action that is not legal (a bug);
 * - every random event is drawn from `s.rng`, so (variant, seed, actions)
 *   determine the game;
 * - `observe(s, p)` holds nothing seat p may not see, and
 *   `observe(determinize(observe(s, p), rng), p)` equals `observe(s, p)`;
 * - a game ends within `maxDecisions(variant)` decisions.
 */
export interface Game<S extends GameStateBase = GameStateBase, O extends object = object> {
  readonly info: GameInfo;

  /**
   * Checks what single-parameter ranges cannot (e.g. P x handSize <= 55).
   * @throws VariantError naming the problem.
   */
  checkVariant(variant: Variant): void;
  /** Allocates a state for a resolved, checked variant; it is not dealt yet. */
  newState(variant: Variant): S;
  /** Starts a new game in `s` (reusing its arrays): shuffles and deals from `rng`. */
  deal(s: S, rng: Rng): void;

  /** Number of distinct action ids for this variant (legal ids are below it). */
  numDistinctActions(variant: Variant): number;
  /** An upper bound on the number of decisions in one game. */
  maxDecisions(variant: Variant): number;

  /** The seat that must decide now (may differ from whose turn it is). */
  currentSeat(s: S): Seat;
  /** Writes the legal actions ascending into `into`, returns how many. */
  legalActions(s: S, into: Int32Array): number;
  /**
   * Optional fast path for choosing by position (random bots, random
   * playouts): the number of legal actions, exactly what `legalActions`
   * returns, computed without listing them. Implemented with `legalAt`.
   */
  legalCount?(s: S): number;
  /**
   * Optional, with `legalCount`: the legal action at position `index`
   * (0 <= index < legalCount(s)) of the ascending list, exactly
   * `legal[index]` after `legalActions(s, legal)`, decoded without listing
   * the others. Outside that range the result is unspecified. The harness
   * uses the pair for bots that declare `readsLegal: false`; the conformance
   * suite checks both against `legalActions` at every step of random games.
   */
  legalAt?(s: S, index: number): Action;
  /** Applies a legal action of the current seat, then runs every automatic step. */
  apply(s: S, action: Action): void;
  isTerminal(s: S): boolean;
  /** The result; only meaningful once `isTerminal(s)`. */
  result(s: S): GameResult;

  /** Allocates an observation buffer for seat views of this variant. */
  newObservation(variant: Variant): O;
  /** Fills `into` with seat `seat`'s information set in `s`; returns `into`. */
  observe(s: S, seat: Seat, into: O): O;
  /**
   * Fills `into` with a full state drawn from `rng`, consistent with `obs`:
   * everything `obs` shows is kept, everything it hides is sampled uniformly
   * among the cards it leaves unseen. `into.rng` becomes `rng`.
   */
  determinize(obs: O, rng: Rng, into: S): S;
  /** Copies `s` into `into` (allocating a new state when absent), except `rng` and `recorder`. */
  clone(s: S, into?: S): S;

  /**
   * Optional, for games played in rounds: the number of rounds finished so far
   * in `s` (0 during the first round; it grows by one when a round has been
   * scored). With `runningScores`, search bots can end a playout at the end of
   * the current round (`ismcts:horizon=round`) instead of the game's end.
   */
  roundsDone?(s: S): number;
  /**
   * Optional, with `roundsDone`: each seat's game score so far into
   * `into[0..P)`, in the unit and sense of `result().scores` (the rounds
   * already scored, summed as the rule file sums them; the game's winners
   * are the highest once it is over). Allocates nothing.
   */
  runningScores?(s: S, into: Float64Array): void;

  /**
   * Optional: checks the game's own invariants on any reachable state (card
   * conservation, counters within bounds); used by the fuzzer and tests.
   * @throws RuleError naming the broken invariant.
   */
  checkInvariants?(s: S): void;

  /**
   * Optional: the game's own balance statistics (see `balance.ts`); games
   * without it get the generic sections only.
   */
  readonly balance?: GameBalance<S, unknown>;

  /** The record JSON of action `a` in state `s` (before it is applied), with its `"seat"`. */
  encodeAction(s: S, a: Action): RecordAction;
  /**
   * The action id of a record entry in state `s`; null when the entry is not a
   * decision (an automatic step or a chance event, which replay regenerates).
   * The caller checks the id against `legalActions`.
   * @throws Error when the entry is malformed or names a seat that does not decide.
   */
  decodeAction(s: S, entry: RecordAction): Action | null;
}

/** One record entry: `{"seat": 2, "type": "pass", "rank": 4, "to": 0}`. */
export interface RecordAction {
  readonly seat?: number;
  readonly type: string;
  readonly [key: string]: unknown;
}

/**
 * A plain array copy of per-seat numbers, for `GameResult.scores`: a loop,
 * because `Array.from` of a typed array costs about 200 ns, as much as four
 * decisions of a game (measured on Node 20).
 * @param a per-seat values (a typed array of the state).
 * @returns a new `number[]` of the same length.
 */
export function plainArray(a: ArrayLike<number>): number[] {
  const n = a.length;
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = a[i]!;
  return out;
}

/** Thrown by a game on a broken invariant or an illegal action: a bug, never data. */
export class RuleError extends Error {
  override name = 'RuleError';
}
