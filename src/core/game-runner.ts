import { BotFault, plainFaultText, type Bot, type BotContext } from './bot.js';
import type { Game, GameResult, GameStateBase, Seat } from './game.js';
import { buildRecord, RoundCollector, type GameRecord } from './record.js';
import { BOT_SEED_SUFFIX, Rng, streamWords } from './rng.js';
import { indexInSorted } from './sorted.js';
import type { Variant } from './variant.js';

/** Why a bot's decision failed: it threw, chose an action that is not legal, overran its time, or (an isolated user bot) its memory. */
export type FaultReason = 'threw' | 'illegal' | 'timeout' | 'memory';

/** What happens to a faulty decision: the bot forfeits the game, or a random legal action replaces it. */
export type FaultPolicy = 'forfeit' | 'random';

/** A fault found while playing: which seat, at which decision of the game, why. */
export interface Fault {
  readonly seat: Seat;
  readonly decision: number;
  readonly reason: FaultReason;
  readonly message: string;
}

/** One game for {@link GameRunner.play}. */
export interface PlayOptions {
  /**
   * The game seed (the deal): the chance events come from it alone (the
   * stream of `dealRng(seed)`, as a replay uses).
   */
  readonly seed: string;
  /**
   * The line-up rotation (default 0); with the stream seed it seeds the bots'
   * streams (seat s's stream is loaded from words (rotation * P + s) * 4 .. +3
   * of `streamWords(streams)`).
   */
  readonly rotation?: number;
  /**
   * The seed string of the bots' streams and of the replacements of faulty
   * decisions under `--on-fault random`. Default: derived from `seed` as in
   * a run with a public seed (`botSeed(seed)` for the streams, `seed` for
   * the replacements). A keyed run (secret deals, `src/tourney/deal-key.ts`)
   * gives a string derived from its key apart from the deal's, so that a
   * bot's words tell nothing of the deal.
   */
  readonly streams?: string | undefined;
  /** One bot per seat. */
  readonly bots: readonly Bot[];
  /** The bot names per seat, for the record. */
  readonly names: readonly string[];
  /** When true, the outcome carries the game's record (default false). */
  readonly record?: boolean;
  /**
   * Faults found by the watchdog in earlier attempts at this game (bots that
   * never returned): at those decisions the bot is not asked.
   */
  readonly imposed?: readonly Fault[] | undefined;
  /**
   * Per seat: true for ninefold's own bots, which are handed the runner's
   * legal-action buffer itself; every other bot gets a copy, so that writing
   * to it cannot touch the check of its own answer.
   */
  readonly shareLegal?: readonly boolean[] | undefined;
}

/** The outcome of one game, as the aggregator needs it (nothing per move). */
export interface GameOutcome {
  /** 'forfeit': a bot's fault ended the game; every other seat shares the win. */
  readonly status: 'ok' | 'forfeit';
  readonly result: GameResult;
  /** Decisions taken (bot calls). */
  readonly decisions: number;
  /** The seat of the game's first decision (for seat advantage relative to the first player). */
  readonly firstSeat: Seat;
  /** The faults of the game: the forfeit's cause, or each decision replaced under `--on-fault random`. */
  readonly faults: readonly Fault[];
  readonly record?: GameRecord;
}

/** How a runner treats bots: the fault policy and the per-decision time budget. */
export interface GameRunnerOptions {
  readonly onFault: FaultPolicy;
  /** Per-decision budget in ms measured around each bot call; 0 = not measured. */
  readonly moveTimeoutMs: number;
  /**
   * Rotations 0..rotations−1 that games of a deal may use (default P): only
   * their bots' stream words are drawn per deal. The words are a prefix of
   * one stream, so a run that uses fewer rotations gets the same words for
   * the ones it uses (a symmetric line-up plays rotation 0 only).
   */
  readonly rotations?: number;
}

const NO_FAULTS: readonly Fault[] = Object.freeze([]);
/** The `legal` handed to a bot that declared `readsLegal: false` when the actions are not listed. */
const NO_LEGAL = new Int32Array(0);
const DEFAULT_OPTIONS: GameRunnerOptions = { onFault: 'forfeit', moveTimeoutMs: 0 };

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
export class GameRunner<S extends GameStateBase, O extends object> {
  private readonly state: S;
  private readonly legal: Int32Array;
  /** The copy of the legal actions handed to bots (they cannot alter the runner's). */
  private readonly botLegal: Int32Array;
  /**
   * Draws the replacement of a faulty decision under `--on-fault random`,
   * seeded for each fault from (game seed or stream seed, rotation, seat,
   * decision): the same run gives the same replacements on any worker, in
   * any order.
   */
  private readonly faultRng = new Rng();
  /** The game's index in its batch, for the heartbeat. */
  gameInBatch = 0;
  /**
   * Heartbeat shared with the watchdog (a view of a SharedArrayBuffer), or null:
   * [0] decisions started, [1] the game in the batch, [2] the decision in the
   * game, [3] the seat deciding.
   */
  heartbeat: Int32Array | null = null;
  private readonly observations: O[];
  private readonly contexts: MutableContext[];
  /** The chance generator of the current deal as seeded, copied into each rotation's game. */
  private readonly dealRng = new Rng();
  private readonly gameRng = new Rng();
  /** The bots' stream states of the current deal: words[(rotation * P + seat) * 4 + i]. */
  private readonly botWords: Int32Array;
  private lastSeed: string | null = null;
  private lastStreams: string | undefined = undefined;
  private readonly bound: number;
  /** Stream words drawn per deal: the rotations in use × P seats × 4. */
  private readonly wordsUsed: number;
  /**
   * Applies an action of the legal list: `game.applyLegal` where the game
   * has it (every action applied here is one: bots' answers are checked
   * against the list first), else `apply`.
   */
  private readonly applyLegal: (s: S, action: number) => void;

  /**
   * @param game the forward model.
   * @param variant a resolved variant (its `players` is P).
   */
  constructor(
    private readonly game: Game<S, O>,
    private readonly variant: Variant,
    private readonly options: GameRunnerOptions = DEFAULT_OPTIONS,
  ) {
    this.state = game.newState(variant);
    this.applyLegal = game.applyLegal ?? game.apply;
    const p = this.state.players;
    this.legal = new Int32Array(game.numDistinctActions(variant));
    this.botLegal = new Int32Array(this.legal.length);
    this.observations = [];
    this.contexts = [];
    this.botWords = new Int32Array(p * p * 4);
    this.wordsUsed = Math.min(p, Math.max(1, options.rotations ?? p)) * p * 4;
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
  private newDeal(seed: string, streams: string | undefined): void {
    this.dealRng.seedDeal(seed);
    // The words of streamWords(botSeed(seed)) without building that string, or of the given stream seed.
    if (streams === undefined) streamWords(seed, this.botWords, this.wordsUsed, BOT_SEED_SUFFIX);
    else streamWords(streams, this.botWords, this.wordsUsed);
    this.lastSeed = seed;
    this.lastStreams = streams;
  }

  /**
   * Plays one game.
   * @param one the deal, the seats and what to keep (see {@link PlayOptions}).
   */
  play(one: PlayOptions): GameOutcome {
    const { seed, rotation = 0, bots, names, record = false, imposed, shareLegal, streams } = one;
    const { game, state, legal, botLegal, observations, contexts, options } = this;
    const p = state.players;
    const collector = record ? new RoundCollector() : null;
    state.recorder = collector;
    if (seed !== this.lastSeed || streams !== this.lastStreams) this.newDeal(seed, streams);
    const faultSeed = streams ?? seed;
    game.deal(state, this.gameRng.copyFrom(this.dealRng));
    const words = this.botWords;
    for (let s = 0; s < p; s++) {
      const ctx = contexts[s]!;
      const o = (rotation * p + s) * 4;
      ctx.rng.fromWords(words[o]!, words[o + 1]!, words[o + 2]!, words[o + 3]!);
    }
    for (let s = 0; s < p; s++) {
      const bot = bots[s]!;
      if (bot.reset === undefined) continue;
      try {
        bot.reset(contexts[s]!);
      } catch (e) {
        // A bot that cannot start the game (its reset threw or timed out) forfeits it, whatever the fault policy.
        const fault = threw(s, 0, names, e, 'reset');
        return this.forfeit(fault, 0, game.currentSeat(state), [fault], collector, seed, names);
      }
    }
    if (collector === null && imposed === undefined && options.moveTimeoutMs === 0 && this.allByIndex(bots))
      return this.playByIndex(seed, faultSeed, rotation, bots, names);
    let decisions = 0;
    let faults: Fault[] | null = null;
    const bound = this.bound;
    const beat = this.heartbeat;
    const budget = options.moveTimeoutMs;
    const firstSeat = game.currentSeat(state);
    if (beat) beat[1] = this.gameInBatch;
    while (!game.isTerminal(state)) {
      const seat = game.currentSeat(state);
      const n = game.legalActions(state, legal);
      const bot = bots[seat]!;
      const obs = observations[seat]!;
      let given = legal;
      if (shareLegal === undefined || shareLegal[seat] !== true) {
        for (let i = 0; i < n; i++) botLegal[i] = legal[i]!;
        given = botLegal;
      }
      if (bot.observes !== false) game.observe(state, seat, obs);
      let fault: Fault | null = null;
      let action = -1;
      if (imposed !== undefined) for (const f of imposed) if (f.decision === decisions) fault = f;
      if (fault === null) {
        if (beat) beatDecision(beat, decisions, seat);
        const t0 = budget > 0 ? performance.now() : 0;
        try {
          let legalChoice: boolean;
          if (bot.actIndex !== undefined) {
            const i: unknown = bot.actIndex(obs, given, n, contexts[seat]!);
            legalChoice = isIndex(i, n);
            action = legalChoice ? legal[i as number]! : (i as number);
          } else {
            action = bot.act(obs, given, n, contexts[seat]!);
            legalChoice = isLegal(action, legal, n);
          }
          if (budget > 0 && performance.now() - t0 > budget) {
            fault = {
              seat,
              decision: decisions,
              reason: 'timeout',
              message: `bot ${names[seat]} took ${Math.round(performance.now() - t0)} ms, over the ${budget} ms budget`,
            };
          } else if (!legalChoice) {
            fault =
              bot.actIndex !== undefined
                ? badIndex(seat, decisions, names, action, n)
                : { seat, decision: decisions, reason: 'illegal', message: `bot ${names[seat]} chose illegal action ${String(action)}` };
          }
        } catch (e) {
          fault = threw(seat, decisions, names, e);
        }
      }
      if (fault !== null) {
        (faults ??= []).push(fault);
        if (options.onFault === 'forfeit') return this.forfeit(fault, decisions, firstSeat, faults, collector, seed, names);
        action = legal[this.replacement(faultSeed, rotation, seat, decisions, n)]!;
        if (collector) {
          const at = collector.position();
          this.applyLegal(state, action);
          collector.markReplaced(at);
          if (++decisions > bound) throw this.overBound(seed);
          continue;
        }
      }
      this.applyLegal(state, action);
      if (++decisions > bound) throw this.overBound(seed);
    }
    const result = game.result(state);
    state.recorder = null;
    const f = faults ?? NO_FAULTS;
    if (collector) {
      return { status: 'ok', result, decisions, firstSeat, faults: f, record: buildRecord(game.info.id, this.variant, seed, names, collector.rounds, result) };
    }
    return { status: 'ok', result, decisions, firstSeat, faults: f };
  }

  /** Whether every seat's bot chooses by index alone in a game that decodes an index (see `Bot.readsLegal`). */
  private allByIndex(bots: readonly Bot[]): boolean {
    if (this.game.legalCount === undefined || this.game.legalAt === undefined) return false;
    for (const b of bots) if (b.readsLegal !== false || b.actIndex === undefined) return false;
    return true;
  }

  /**
   * The rest of `play` when every bot chooses by index alone (random play),
   * nothing is recorded, imposed or timed: the legal actions are counted,
   * never listed, and the chosen index is decoded with `legalAt`. The same
   * games as the general loop (a test compares them); kept apart so that this
   * loop stays small enough for V8 to inline the game's functions into it.
   */
  private playByIndex(seed: string, faultSeed: string, rotation: number, bots: readonly Bot[], names: readonly string[]): GameOutcome {
    const { game, state, observations, contexts, options } = this;
    const bound = this.bound;
    const beat = this.heartbeat;
    const firstSeat = game.currentSeat(state);
    if (beat) beat[1] = this.gameInBatch;
    let decisions = 0;
    let faults: Fault[] | null = null;
    while (!game.isTerminal(state)) {
      const seat = game.currentSeat(state);
      const n = game.legalCount!(state);
      const bot = bots[seat]!;
      const obs = observations[seat]!;
      if (bot.observes !== false) game.observe(state, seat, obs);
      if (beat) beatDecision(beat, decisions, seat);
      let i: unknown;
      let fault: Fault | null = null;
      try {
        i = bot.actIndex!(obs, NO_LEGAL, n, contexts[seat]!);
        if (!isIndex(i, n)) fault = badIndex(seat, decisions, names, i, n);
      } catch (e) {
        fault = threw(seat, decisions, names, e);
      }
      if (fault !== null) {
        (faults ??= []).push(fault);
        if (options.onFault === 'forfeit') return this.forfeit(fault, decisions, firstSeat, faults, null, seed, names);
        i = this.replacement(faultSeed, rotation, seat, decisions, n);
      }
      this.applyLegal(state, game.legalAt!(state, i as number));
      if (++decisions > bound) throw this.overBound(seed);
    }
    const result = game.result(state);
    state.recorder = null;
    return { status: 'ok', result, decisions, firstSeat, faults: faults ?? NO_FAULTS };
  }

  /**
   * The index of the random legal action that replaces a faulty decision
   * under `--on-fault random`: drawn from a stream seeded by (game seed, or
   * a keyed run's stream seed; rotation, seat, decision), so it never
   * depends on the worker, the batch or the faults before it.
   */
  private replacement(faultSeed: string, rotation: number, seat: Seat, decision: number, n: number): number {
    return this.faultRng.seedDeal(`${faultSeed}/fault/${rotation}/${seat}/${decision}`).int(n);
  }

  /** The error of a game that outlasted the game's own `maxDecisions` (a game bug). */
  private overBound(seed: string): Error {
    return new Error(`${this.game.info.id}: game ${seed} exceeded its bound of ${this.bound} decisions`);
  }

  /** Ends the game with a forfeit: the faulty seat scores nothing, every other seat shares the win. */
  private forfeit(
    fault: Fault,
    decisions: number,
    firstSeat: Seat,
    faults: readonly Fault[],
    collector: RoundCollector | null,
    seed: string,
    names: readonly string[],
  ): GameOutcome {
    const p = this.state.players;
    const winners: number[] = [];
    for (let s = 0; s < p; s++) if (s !== fault.seat) winners.push(s);
    // The statistics' scores: the game's running totals of completed rounds where it keeps them, else 0 (the same with and without --record).
    const scores = new Array<number>(p).fill(0);
    if (this.game.runningScores !== undefined) {
      const into = new Float64Array(p);
      this.game.runningScores(this.state, into);
      for (let s = 0; s < p; s++) scores[s] = into[s]!;
    }
    const result: GameResult = { scores, winners, capped: false };
    this.state.recorder = null;
    const base = { status: 'forfeit' as const, result, decisions, firstSeat, faults };
    if (!collector) return base;
    // The record (`../shared/rules/README.md`, "Forfeits"): up to the fault, the round in progress without scores, result.scores the totals of completed rounds.
    const rec = buildRecord(this.game.info.id, this.variant, seed, names, collector.rounds, { ...result, scores: collector.completedTotals(p) });
    rec.forfeit = { seat: fault.seat, bot: names[fault.seat] ?? '', reason: fault.message };
    return { ...base, record: rec };
  }
}

/** Tells the watchdog which decision is being asked of which seat (heartbeat layout: see `GameRunner.heartbeat`). */
function beatDecision(beat: Int32Array, decision: number, seat: number): void {
  beat[2] = decision;
  beat[3] = seat;
  beat[0]!++;
}

/** Whether a bot's answer `i` is an index into `legal[0..n)`: an integer in [0, n). */
function isIndex(i: unknown, n: number): boolean {
  return typeof i === 'number' && i >= 0 && i < n && (i | 0) === i;
}

/** The fault of a bot whose `actIndex` answered something else than an index into the legal actions. */
function badIndex(seat: Seat, decision: number, names: readonly string[], i: unknown, n: number): Fault {
  return { seat, decision, reason: 'illegal', message: `bot ${names[seat]} chose index ${String(i)} of ${n} legal actions` };
}

/** The fault of a bot that threw (or whose realm reported a timeout or its memory: `BotFault`). */
function threw(seat: Seat, decision: number, names: readonly string[], e: unknown, during = ''): Fault {
  const where = during ? ` in ${during}` : '';
  if (e instanceof BotFault)
    return { seat, decision, reason: e.reason, message: `bot ${names[seat]}${where}: ${e.reason === 'threw' ? 'threw: ' : ''}${errorText(e)}` };
  return { seat, decision, reason: 'threw', message: `bot ${names[seat]} threw${where}: ${errorText(e)}` };
}

/** Whether `action` is among `legal[0..n)` (ascending, the `Game` contract). */
function isLegal(action: unknown, legal: Int32Array, n: number): boolean {
  return typeof action === 'number' && indexInSorted(legal, n, action) >= 0;
}

function errorText(e: unknown): string {
  let s: string;
  try {
    s = e instanceof Error ? e.message : String(e);
  } catch {
    s = 'an unprintable value';
  }
  return plainFaultText(s);
}
