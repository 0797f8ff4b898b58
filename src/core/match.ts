import type { Bot, BotContext } from './bot.js';
import type { Game, GameResult, GameStateBase, Seat } from './game.js';
import { buildRecord, RoundCollector, type GameRecord } from './record.js';
import { botSeed, Rng } from './rng.js';
import type { Variant } from './variant.js';

/** Why a bot lost a game by forfeit. */
export type ForfeitReason = 'threw' | 'illegal' | 'timeout';

/** The outcome of one game, as the aggregator needs it (OpenSpiel-style: nothing per move). */
export type MatchOutcome =
  | {
      readonly status: 'ok';
      readonly result: GameResult;
      /** Decisions taken (bot calls). */
      readonly decisions: number;
      /** The seat of the game's first decision (for seat advantage relative to the first player). */
      readonly firstSeat: Seat;
      readonly record?: GameRecord;
    }
  | {
      readonly status: 'forfeit';
      /** Every seat but the forfeiting one shares the win; the forfeiting seat scores 0 wins. */
      readonly result: GameResult;
      readonly decisions: number;
      readonly firstSeat: Seat;
      readonly seat: Seat;
      readonly reason: ForfeitReason;
      readonly message: string;
      readonly record?: GameRecord;
    };

class MutableContext implements BotContext {
  readonly rng = new Rng();
  constructor(
    readonly seat: Seat,
    readonly players: number,
    readonly variant: Variant,
    readonly model: Game<GameStateBase, object>,
  ) {}
}

/**
 * Plays games of one game and variant with one set of bot objects per seat,
 * reusing its state, legal-action buffer and observation buffers across
 * games (nothing is allocated per decision when not recording).
 */
export class MatchRunner<S extends GameStateBase, O extends object> {
  private readonly state: S;
  private readonly legal: Int32Array;
  private readonly observations: O[];
  private readonly contexts: MutableContext[];
  /** The chance generator of the current deal as seeded, copied into each rotation's game. */
  private readonly dealRng = new Rng();
  private readonly gameRng = new Rng();
  /** The bots' stream states of the current deal: words[(rotation * P + seat) * 4 + i]. */
  private readonly botWords: Int32Array;
  private readonly botSource = new Rng();
  private lastSeed: string | null = null;
  private readonly bound: number;

  /**
   * @param game the forward model.
   * @param variant a resolved variant (its `players` is P).
   */
  constructor(
    private readonly game: Game<S, O>,
    private readonly variant: Variant,
  ) {
    this.state = game.newState(variant);
    const p = this.state.players;
    this.legal = new Int32Array(game.numDistinctActions(variant));
    this.observations = [];
    this.contexts = [];
    this.botWords = new Int32Array(p * p * 4);
    this.bound = game.maxDecisions(variant);
    for (let s = 0; s < p; s++) {
      this.observations.push(game.newObservation(variant));
      this.contexts.push(new MutableContext(s, p, variant, game as unknown as Game<GameStateBase, object>));
    }
  }

  /** The state of the last game played (terminal unless it ended by forfeit); for statistics only. */
  get lastState(): S {
    return this.state;
  }

  /** Seeds the generators of a new deal: once per deal, shared by its rotations. */
  private newDeal(seed: string): void {
    const P = this.state.players;
    this.dealRng.seed(seed);
    this.botSource.seed(botSeed(seed));
    for (let i = 0; i < P * P * 4; i++) this.botWords[i] = this.botSource.int32();
    this.lastSeed = seed;
  }

  /**
   * Plays one game.
   * @param seed the game seed (the deal): the chance events come from it alone
   *   (the stream of `new Rng(seed)`, as a replay uses).
   * @param rotation the line-up rotation; with the seed it seeds the bots' streams
   *   (seat s's stream is loaded from words (rotation * P + s) * 4 .. +3 drawn from `botSeed(seed)`).
   * @param bots one bot per seat.
   * @param names the bot names per seat, for the record.
   * @param record when true, the outcome carries the game's record.
   */
  play(seed: string, rotation: number, bots: readonly Bot[], names: readonly string[], record: boolean): MatchOutcome {
    const { game, state, legal, observations, contexts } = this;
    const p = state.players;
    const collector = record ? new RoundCollector() : null;
    state.recorder = collector;
    if (seed !== this.lastSeed) this.newDeal(seed);
    game.deal(state, this.gameRng.copyFrom(this.dealRng));
    const words = this.botWords;
    for (let s = 0; s < p; s++) {
      const ctx = contexts[s]!;
      const o = (rotation * p + s) * 4;
      ctx.rng.fromWords(words[o]!, words[o + 1]!, words[o + 2]!, words[o + 3]!);
      bots[s]!.reset?.(ctx);
    }
    let decisions = 0;
    const bound = this.bound;
    const firstSeat = game.currentSeat(state);
    while (!game.isTerminal(state)) {
      const seat = game.currentSeat(state);
      const n = game.legalActions(state, legal);
      const bot = bots[seat]!;
      const obs = observations[seat]!;
      if (bot.observes !== false) game.observe(state, seat, obs);
      let action: number;
      try {
        action = bot.act(obs, legal, n, contexts[seat]!);
      } catch (e) {
        return this.forfeit(seat, 'threw', `bot ${names[seat]} threw: ${errorText(e)}`, decisions, firstSeat, collector, seed, names);
      }
      if (!isLegal(action, legal, n)) {
        return this.forfeit(seat, 'illegal', `bot ${names[seat]} chose illegal action ${String(action)}`, decisions, firstSeat, collector, seed, names);
      }
      game.apply(state, action);
      decisions++;
      if (decisions > bound) throw new Error(`${game.info.id}: game ${seed} exceeded its bound of ${bound} decisions`);
    }
    const result = game.result(state);
    state.recorder = null;
    if (collector) {
      return { status: 'ok', result, decisions, firstSeat, record: buildRecord(game.info.id, this.variant, seed, names, collector.rounds, result) };
    }
    return { status: 'ok', result, decisions, firstSeat };
  }

  private forfeit(
    seat: Seat,
    reason: ForfeitReason,
    message: string,
    decisions: number,
    firstSeat: Seat,
    collector: RoundCollector | null,
    seed: string,
    names: readonly string[],
  ): MatchOutcome {
    const p = this.state.players;
    const winners: number[] = [];
    for (let s = 0; s < p; s++) if (s !== seat) winners.push(s);
    const result: GameResult = { scores: new Array<number>(p).fill(0), winners, capped: false };
    this.state.recorder = null;
    const base = { status: 'forfeit' as const, result, decisions, firstSeat, seat, reason, message };
    if (!collector) return base;
    const rec = buildRecord(this.game.info.id, this.variant, seed, names, collector.rounds, result);
    rec.forfeit = { seat, bot: names[seat] ?? '', reason: message };
    return { ...base, record: rec };
  }
}

function isLegal(action: unknown, legal: Int32Array, n: number): boolean {
  if (typeof action !== 'number') return false;
  for (let i = 0; i < n; i++) if (legal[i] === action) return true;
  return false;
}

function errorText(e: unknown): string {
  const s = e instanceof Error ? e.message : String(e);
  return s.split('\n')[0] ?? '';
}
