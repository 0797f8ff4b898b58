import { UsageError } from './errors.js';
import type { Action, Game, GameStateBase, Seat } from './game.js';
import type { Rng } from './rng.js';
import type { Variant } from './variant.js';

/**
 * What a bot knows besides its observation: its seat, the variant, its own
 * seeded generator, and the forward model (functions only, no state) so that a
 * search bot can determinize its observation and simulate.
 * @typeParam O the game's observation type (`object` where games are mixed).
 */
export interface BotContext<O extends object = object> {
  readonly seat: Seat;
  readonly players: number;
  readonly variant: Variant;
  /** The bot's own stream, seeded from (game seed, rotation, seat). */
  readonly rng: Rng;
  /** The game's forward model; a bot may only feed it states it built itself. */
  readonly model: Game<GameStateBase, O>;
}

/**
 * A decision maker for one seat (OpenSpiel's `Step`, the Hanabi Learning
 * Environment's `act`). It is given the observation of its seat (a copy the
 * harness refills before every decision, so writing to it changes nothing),
 * the legal actions and its context — never the state.
 *
 * A game's own bot (its greedy heuristic) is a `Bot<ThatGamesObservation>`
 * and reads its observation without a cast; the registry, the harness and
 * the search bots hold the erased `Bot` (`Bot<object>`), since they mix
 * games. The two are assignable because the members below are methods (whose
 * parameters TypeScript compares both ways): the harness hands a bot only
 * observations of the game it was created for (`BotKind.create`).
 * @typeParam O the game's observation type (`object` where games are mixed).
 */
export interface Bot<O extends object = object> {
  /**
   * Chooses an action.
   * @param obs the seat's observation (the game's observation type).
   * @param legal the legal action ids ascending, in `legal[0..count)`.
   * @param count how many legal actions (>= 1).
   * @returns one of `legal[0..count)`; anything else forfeits the game.
   */
  act(obs: O, legal: Int32Array, count: number, ctx: BotContext<O>): Action;
  /**
   * Optional fast path for bots that choose by position (random play): the
   * index in `legal[0..count)` of the action `act` would return, drawn the
   * same way. When present the harness calls it instead of `act` and checks
   * only that the index is an integer in `[0, count)`, so the action is legal
   * by construction and no search of `legal` is needed (about 10 ns a
   * decision, a tenth of a random Nine Virtues decision).
   * @returns an index; anything outside `[0, count)` forfeits the game.
   */
  actIndex?(obs: O, legal: Int32Array, count: number, ctx: BotContext<O>): number;
  /** False when the bot never reads `obs`: the harness then skips building it. */
  readonly observes?: boolean;
  /**
   * False when `actIndex` never reads `legal`, only `count` (random play).
   * When every seat's bot says so, in a game that implements `legalCount`
   * and `legalAt`, the harness does not list the legal actions: it passes an
   * empty `legal` and decodes the chosen index with `legalAt` (Captain's
   * Orders: random games ~17% faster). Ignored for bots without `actIndex`.
   */
  readonly readsLegal?: boolean;
  /**
   * False when the bot's choices depend on the clock (a search budget in
   * milliseconds): reports then say the run is not reproducible.
   */
  readonly reproducible?: boolean;
  /** Called before each game the bot plays. */
  reset?(ctx: BotContext<O>): void;
  /**
   * Checks, once before a run, that the bot can play `ctx.variant` (a net
   * trained for another tensor layout cannot): the commands call it in the
   * main thread, so bad input is named before any game is played.
   * @throws Error whose message's first line says why it cannot.
   */
  checkVariant?(ctx: BotContext<O>): void;
}

/**
 * The range `npm run train` searches for a numeric parameter when the user
 * names none (`--range`): within the parameter's own `min..max`, often much
 * narrower (an exploration constant may be 0..10 but is tuned in 0.05..2).
 * `log`: searched on a logarithmic scale (min > 0), for a parameter whose
 * useful values span orders of magnitude.
 */
export interface TuneRange {
  readonly min: number;
  readonly max: number;
  readonly scale?: 'linear' | 'log';
}

/**
 * A declared bot parameter: `ismcts:iterations=2000,c=0.7`. A numeric one
 * may carry `tune`, the range a trainer searches; without it a trainer
 * searches `min..max`, and leaves it alone unless asked (`--tune`) when that
 * range is unbounded in practice (an iteration budget).
 */
export type BotParam =
  | {
      readonly key: string;
      readonly kind: 'int';
      readonly min: number;
      readonly max: number;
      readonly default: number;
      readonly doc: string;
      readonly tune?: TuneRange;
    }
  | {
      readonly key: string;
      readonly kind: 'float';
      readonly min: number;
      readonly max: number;
      readonly default: number;
      readonly doc: string;
      readonly tune?: TuneRange;
    }
  | { readonly key: string; readonly kind: 'enum'; readonly choices: readonly string[]; readonly default: string; readonly doc: string }
  /** Free text without commas or spaces, e.g. a file path (`nn:file=nets/mine.json`); never tuned. */
  | { readonly key: string; readonly kind: 'text'; readonly default: string; readonly doc: string };

/** Resolved bot parameters. */
export type BotParams = Readonly<Record<string, number | string>>;

/**
 * A kind of bot, named in line-ups: `random`, `greedy`, `ismcts`.
 * @typeParam O the observation type of the games it creates bots for:
 *   `object` (the default) for a kind that plays any game, as the registry
 *   holds them all.
 */
export interface BotKind<O extends object = object> {
  readonly name: string;
  readonly doc: string;
  /** The parameters, where they are the same for every game (else see `paramsFor`). */
  readonly params: readonly BotParam[];
  /**
   * The parameters for one game, when they differ by game: the greedy
   * heuristics' weights are the game's own, and a game's tuned profile
   * (`bots/profiles/`) changes the defaults. Absent: `params` for every game.
   */
  paramsFor?(gameId: string): readonly BotParam[];
  /** Whether this bot can play `gameId` (greedy needs a per-game heuristic). */
  supports(gameId: string): boolean;
  /**
   * True when every decision takes microseconds and cannot loop (no search,
   * no user code): a run of such bots small enough for one batch is played
   * on the calling thread, without worker threads or a watchdog
   * (`src/tourney/inline-pool.ts`). Absent: false.
   */
  readonly instant?: boolean;
  /**
   * Builds one bot instance for one seat of one game id; called once per
   * worker per seat, then reused across games (with `reset`).
   */
  create(params: BotParams, game: Game<GameStateBase, O>): Bot<O>;
}

/**
 * A fault a bot's realm reports for it (`bots/remote`): the match loop charges
 * it with this reason instead of `threw`.
 */
export class BotFault extends Error {
  override name = 'BotFault';
  constructor(
    readonly reason: 'threw' | 'timeout' | 'memory',
    message: string,
  ) {
    super(message);
  }
}

/** The longest fault text kept from a bot (its own error message): 500 characters. */
export const MAX_FAULT_TEXT = 500;

/**
 * A bot's text made safe to keep in records and reports: its first line,
 * control characters replaced by spaces, at most `MAX_FAULT_TEXT`
 * characters (a bot's fault text is its own, and can be anything).
 */
export function plainFaultText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const line = (text.split('\n')[0] ?? '').replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return line.length > MAX_FAULT_TEXT ? `${line.slice(0, MAX_FAULT_TEXT - 1)}…` : line;
}

/** Bad bot spec (unknown bot or parameter): the CLI prints it and exits 2. */
export class BotSpecError extends UsageError {
  override name = 'BotSpecError';
}
