import type { GameBalance } from './balance.js';
import type { Rng } from './rng.js';
import type { Recorder } from './record.js';
import type { ActionFeatures, ObservationTensor } from './tensor.js';
import type { Variant, VariantParam } from './variant.js';

/** A seat at the table: 0..P-1, clockwise; "left" of s is (s + 1) % P. */
export type Seat = number;

/**
 * An action: a small non-negative integer below `info.numDistinctActions(v)`.
 * Each game's `actions.ts` documents its layout and gives the codec to the
 * record JSON of `../shared/rules/<game>.md`.
 */
export type Action = number;

/**
 * How a game's result becomes each seat's utility, for the search bots and
 * any learner (OpenSpiel's `GameType::Utility`):
 * - `'win-share'`: a seat's utility is its share of the game win (1/k when
 *   it is among k winners, else 0); the scores only decide the winners
 *   (constant-sum: the shares add up to 1, or 0 when nobody wins);
 * - `'zero-sum'`: a seat's utility is its score itself (net chips won or
 *   lost), and the scores of all seats add up to zero.
 */
export type Utility = 'win-share' | 'zero-sum';

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
  /** What the scores count, for report captions only: "round wins", "points", "chips". */
  readonly scoreUnit: string;
  /** How the result becomes each seat's utility (see {@link Utility}); code decides on this, never on `scoreUnit`. */
  readonly utility: Utility;
  /**
   * Optional: a rate reported beside the mean score, as poker reports
   * milli-big-blinds per hand: `label` ("mbb/hand"), the factor that turns
   * a game score into it (e.g. 1000 / (hands x bigBlind)), and the `caption`
   * the report prints under it, saying what the rate is in the game's own
   * terms (the report adds the interval's method).
   */
  readonly scoreRate?: { readonly label: string; readonly caption: string; scale(variant: Variant): number };
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
   * The generator of chance events (shuffles, draws). `deal(s, rng)` and
   * `determinize(obs, rng, into)` install the caller's object itself (the
   * state draws from it, the caller sees it move); `clone` gives the copy a
   * fork of it (`Rng.fork`: equal words, its own object), so the clone's
   * chance outcomes are the original's and neither disturbs the other. Bots
   * never hold a state: a search samples hidden cards and future chance
   * with `determinize` and a generator of its own.
   */
  rng: Rng;
  /**
   * When not null, every event (deal, action, chance outcome, score) is
   * written to it. Not part of the game: a clone's recorder is null, and the
   * field-by-field comparisons of the conformance suite leave it out.
   */
  recorder: Recorder | null;
}

/**
 * The forward model every game implements (OpenSpiel's State, TAG's forward
 * model), over mutable preallocated state `S` and observation `O`.
 *
 * Invariants every implementation keeps (test/contract/conformance.test.ts checks
 * each of them for every registered game and player count):
 * - `legalActions` writes the legal actions in ascending order, at least one
 *   while the game is not terminal, and returns their count; it writes only
 *   below `numDistinctActions(variant)`, so a buffer of that many entries
 *   always suffices (entries past the returned count may hold scratch);
 * - `apply` mutates `s`, allocates nothing on the hot path (when `s.recorder`
 *   is null), and throws `RuleError` on an action that is not among the
 *   legal ones (a bug in the caller; the harness checks bots' answers
 *   first), leaving `s` as it was (with `s.recorder` null; a recorder may
 *   already hold the entry);
 * - every random event is drawn from `s.rng`, so (variant, seed, actions)
 *   determine the game;
 * - a state changes only through the engine: `deal`, `apply`, and `clone` or
 *   `determinize` writing `into`. Everything else (statistics, balance
 *   counters, the harness; the harness sets only `recorder`) only reads
 *   it; a game may cache what it worked out for a state (Nine Muses'
 *   `legalAt`) on that promise. Tests that set up a position by hand list
 *   its legal actions afresh (`legalActions`) before applying one;
 * - `clone(s)` equals `s` field by field (every own field, typed arrays
 *   entry by entry, the generator's words), shares no typed array with it,
 *   and played on with the same actions reaches the same observations and
 *   result, while `s` stays as it was;
 * - a terminal state (`isTerminal`) has `currentSeat` -1, `legalActions`
 *   and `legalCount` 0, `observe` fills every seat's final view, `result` is
 *   its end, and `apply` throws `RuleError`; none of them changes it;
 * - `observe(s, p)` holds nothing seat p may not see, and
 *   `observe(determinize(observe(s, p), rng), p)` equals `observe(s, p)`;
 * - `checkInvariants` (every built-in game has it) holds after the deal and
 *   after every action;
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

  /**
   * Number of distinct action ids for this variant: legal ids are below it,
   * and it is the size every legal-action buffer must have (see
   * `legalActions`).
   */
  numDistinctActions(variant: Variant): number;
  /** An upper bound on the number of decisions in one game. */
  maxDecisions(variant: Variant): number;

  /** The seat that must decide now (may differ from whose turn it is); -1 once `isTerminal(s)`. */
  currentSeat(s: S): Seat;
  /**
   * Writes the legal actions of `currentSeat(s)` ascending into
   * `into[0..count)` and returns count: at least 1 while the game runs, 0
   * once it is terminal.
   * @param into at least `numDistinctActions(s.variant)` entries. Entries
   *   from count on may be overwritten with scratch values, but nothing at
   *   or past `numDistinctActions` is written: helpers that store a run of
   *   candidates and keep some (`writeRanks` of src/cards/pairs.ts stores ten
   *   ids `base + 1..base + 10` at `into[n..n+9]`) stay inside it, because
   *   the n actions already listed are distinct ids below `base + 1`, so
   *   n + 9 <= base + 10 < numDistinctActions.
   */
  legalActions(s: S, into: Int32Array): number;
  /**
   * Optional fast path for choosing by position (random bots, random
   * playouts): the number of legal actions, exactly what `legalActions`
   * returns (0 once terminal), computed without listing them. Implemented
   * with `legalAt`.
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
  /**
   * Applies a legal action of the current seat, then runs every automatic
   * step (chance events drawn from `s.rng`, scoring, the next deal).
   * @throws RuleError when `action` is not among `legalActions(s)` (any
   *   other number, or any action once the game is over), before changing
   *   anything in `s` (but for a recorder's entry, when `s.recorder` is set).
   */
  apply(s: S, action: Action): void;
  /**
   * Optional: `apply` for an action the caller took from `legalActions(s)`
   * (or `legalAt`) of this very state, without the legality check, where
   * that check costs as much as listing the actions again (Nine Lives'
   * Powers). Same effect as `apply` on a legal action (the conformance suite
   * checks it step by step); on any other action the result is undefined.
   * The harness (`GameRunner`) uses it: it checks every bot's answer
   * against the legal actions itself.
   */
  applyLegal?(s: S, action: Action): void;
  /** True once the game is over; it stays over (see the terminal invariants above). */
  isTerminal(s: S): boolean;
  /** The result; only meaningful once `isTerminal(s)`, and the same on every call then. */
  result(s: S): GameResult;

  /** Allocates an observation buffer for seat views of this variant. */
  newObservation(variant: Variant): O;
  /**
   * Fills `into` with seat `seat`'s information set in `s`; returns `into`.
   * Works on a terminal state too (each seat's view of the end), and never
   * changes `s`.
   */
  observe(s: S, seat: Seat, into: O): O;
  /**
   * Fills `into` with a full state drawn from `rng`, consistent with `obs`:
   * everything `obs` shows is kept, everything it hides is sampled uniformly
   * among the cards it leaves unseen. `into.rng` becomes `rng`.
   */
  determinize(obs: O, rng: Rng, into: S): S;
  /**
   * A copy of `s` that plays on exactly as `s` does and independently of it:
   * every own field of the state is copied (typed arrays entry by entry,
   * scratch and balance counters included, so the two compare equal field
   * by field), `rng` becomes a fork of `s.rng` (a new `Rng` with the same
   * words: the same future chance outcomes, and drawing from either never
   * moves the other), and `recorder` is null. Read-only data (Nine Muses'
   * card set) is shared.
   * @param into a state of the same variant to overwrite (its former
   *   generator is dropped, not written, since `deal` or `determinize` may
   *   have installed a caller's object there); absent: a new state.
   * @returns `into`, or the new state. Allocates the fork (and the new state).
   */
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
   * are the highest once it is over). Allocates nothing. The match also
   * scores a forfeited game with it (`../shared/rules/README.md`, "Forfeits":
   * the totals of the rounds completed before the fault), so a game of more
   * than one round declares it even without `roundsDone` (then search bots
   * play it to the end); a game without it forfeits at 0 for every seat.
   */
  runningScores?(s: S, into: Float64Array): void;

  /**
   * Checks the game's own invariants on any state reached through the engine
   * from a deal (card conservation, counters within bounds); used by the
   * fuzzer and the conformance suite, which requires it of every built-in
   * game (optional for user-written games).
   * @throws RuleError naming the broken invariant.
   */
  checkInvariants?(s: S): void;

  /**
   * Optional: the game's own balance statistics (see `balance.ts`); games
   * without it get the generic sections only.
   */
  readonly balance?: GameBalance<S, unknown>;

  /**
   * The observation tensor for learners (see `tensor.ts`): every built-in
   * game has one (test/contract/tensor-conformance.test.ts); optional for user games,
   * which then cannot be learned by `train --method dmc`.
   */
  readonly tensor?: ObservationTensor<O>;
  /**
   * Optional per-action features (see `tensor.ts`), for games whose action
   * ids are too many for one network output each; a learner scores each
   * legal action from `[tensor, features]`. Without it, a network has one
   * output per action id (`numDistinctActions`).
   */
  readonly actionFeatures?: ActionFeatures<O>;

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
 * The winners of a state whose game is not over (a new deal, a
 * determinization): one shared empty array, never written in place (a
 * finished game assigns its own), so dealing and determinizing allocate
 * nothing for it.
 */
export const NO_WINNERS: number[] = [];

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

/**
 * Copies `from[start .. start + into.length)` into `into` (a seat's row of a
 * state's table into its observation), by a loop: `into.set(from.subarray(..))`
 * allocates a view of about 100 bytes per call, and observations are built at
 * every decision of a greedy playout (`rollout=greedy`): Captain's Orders'
 * three rows were 290 of its ~300 bytes a decision, most of what an ismcts
 * iteration with greedy playouts allocated.
 */
export function copyRow(into: Uint8Array, from: Uint8Array, start: number): void {
  const n = into.length;
  for (let i = 0; i < n; i++) into[i] = from[start + i]!;
}

/** Thrown by a game on a broken invariant or an illegal action: a bug, never data. */
export class RuleError extends Error {
  override name = 'RuleError';
}
