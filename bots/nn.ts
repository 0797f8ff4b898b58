import { getGame } from '../src/core/registry.js';
import type { Bot, BotContext, BotKind, BotParams, Game, GameStateBase, Variant } from '../src/core/index.js';
import { maskedSoftmax } from '../src/nn/policy.js';
import { NetInput } from '../src/nn/net-input.js';
import { utilityScale } from '../src/nn/game-layout.js';
import { resolveBotParams } from '../src/core/index.js';
import { greedyBot } from './greedy/index.js';
import { checkNetVariant, loadNet, SHIPPED } from './nets.js';

/**
 * The `nn` bot: plays from a learned network (`npm run train -- --method dmc`),
 * no search. At each decision it writes the seat's observation tensor (the
 * game's `tensor`, `src/core/tensor.ts`), and for a feature head each legal
 * action's features, scores every legal action with the net's action head
 * (Q-values for a Deep Monte-Carlo net, Zha et al. 2021; policy logits for
 * an Expert Iteration net) and plays the best one (`temperature=0`, ties to
 * the base action of a net with a base, else
 * the lowest id), or samples from softmax(score / temperature). With
 * `epsilon` > 0 it plays a uniformly random legal action that often
 * (ε-greedy exploration, for self-play). A net trained with a base policy
 * (`train --base greedy`, `NetArchitecture.base`) also reads the action the
 * game's greedy bot would play, so this bot asks its own greedy bot first
 * (with the game's tuned weights) at every decision it scores.
 * Reproducible: its only randomness is its own seeded stream.
 */
export const nnKind: BotKind = {
  name: 'nn',
  doc: "plays from a learned network, no search: the net's best-scored legal action (npm run train -- --method dmc trains one)",
  params: [
    {
      key: 'file',
      kind: 'text',
      default: SHIPPED,
      doc: "the net file (a path without spaces or commas; npm run train --method dmc writes <run>/net.json); 'shipped': the game's own, bots/nets/<game>.json",
    },
    {
      key: 'temperature',
      kind: 'float',
      min: 0,
      max: 10,
      default: 0,
      doc: '0: the best-scored action; above 0: sampled from the softmax of the scores divided by it',
    },
    {
      key: 'epsilon',
      kind: 'float',
      min: 0,
      max: 1,
      default: 0,
      doc: 'the probability of a uniformly random legal action instead (epsilon-greedy exploration, as in self-play)',
    },
  ],
  supports: (gameId) => getGame(gameId).tensor !== undefined,
  instant: true,
  create(params: BotParams, game: Game<GameStateBase, object>): Bot {
    return new NnBot(params, game);
  },
};

/** One seat's `nn` bot; the net is shared by every seat of the thread (read once, see `loadNet`). */
class NnBot implements Bot {
  readonly reproducible = true;
  private readonly file: string;
  private readonly temperature: number;
  private readonly epsilon: number;
  private readonly game: Game<GameStateBase, object>;
  private readonly loaded;
  private checked: Variant | null = null;
  private input: NetInput | null = null;
  private scores = new Float64Array(0);
  /** The value head's outputs, seat-relative (`evaluate`). */
  private values = new Float64Array(0);
  /** The value head's unit as a divisor of the game's utility (`utilityScale`). */
  private valueScale = 1;
  /** The base policy's bot when the net reads one (`NetArchitecture.base`), else null. */
  private readonly base: Bot | null;

  constructor(params: BotParams, game: Game<GameStateBase, object>) {
    this.file = String(params.file);
    this.temperature = Number(params.temperature);
    this.epsilon = Number(params.epsilon);
    this.game = game;
    this.loaded = loadNet(this.file, game);
    this.base = this.loaded.net.arch.base === 'greedy' ? greedyBot.create(resolveBotParams(greedyBot, {}, game.info.id), game) : null;
  }

  reset(ctx: BotContext): void {
    this.prepare(ctx.variant);
    this.base?.reset?.(ctx);
  }

  /** The net against the run's variant, and the base bot's own check (see `Bot.checkVariant`). */
  checkVariant(ctx: BotContext): void {
    this.prepare(ctx.variant);
    this.base?.checkVariant?.(ctx);
  }

  /** Checks the net against the variant once per variant and sizes the buffers. */
  private prepare(variant: Variant): void {
    if (this.checked === variant) return;
    checkNetVariant(this.loaded, this.game, variant, this.file);
    this.input = new NetInput(this.game, variant, this.loaded.net.arch);
    const K = this.game.numDistinctActions(variant);
    this.scores = new Float64Array(Math.min(K, 4096));
    this.values = new Float64Array(this.loaded.net.arch.seats);
    const target = this.loaded.net.arch.valueTarget;
    this.valueScale = target ? target.scale : utilityScale(this.game, variant);
    this.checked = variant;
  }

  act(obs: object, legal: Int32Array, count: number, ctx: BotContext): number {
    this.prepare(ctx.variant);
    if (this.epsilon > 0 && ctx.rng.next() < this.epsilon) return legal[ctx.rng.int(count)]!;
    if (count === 1) return legal[0]!;
    const input = this.input!;
    const baseAction = this.base ? this.base.act(obs, legal, count, ctx) : -1;
    input.write(obs, legal, count, baseAction);
    if (this.scores.length < count) this.scores = new Float64Array(Math.max(count, 2 * this.scores.length));
    const scores = this.scores;
    this.loaded.net.scoreActions(input.x, legal, count, input.features ?? undefined, scores);
    if (this.temperature === 0) {
      // Ties go to the base action when the net has one (it departs from greedy only for a higher score), else to the lowest id.
      let best = 0;
      for (let k = 0; k < count; k++) if (legal[k] === baseAction) best = k;
      for (let k = 0; k < count; k++) if (scores[k]! > scores[best]!) best = k;
      return legal[best]!;
    }
    maskedSoftmax(scores, count, this.temperature, scores);
    let u = ctx.rng.next();
    for (let k = 0; k < count - 1; k++) {
      u -= scores[k]!;
      if (u < 0) return legal[k]!;
    }
    return legal[count - 1]!;
  }

  /**
   * The net's view of a position for a search (`bots/search/policy.ts`,
   * `PositionEvaluator`): the policy head's prior softmax(score / T) over
   * the legal actions into `priors[0..count)`, and the value head's
   * estimate of each seat's outcome into `values[s]` for absolute seat s
   * (the head is seat-relative: entry k is seat `ctx.seat + k`), in the
   * game's utility (win share, or chips for a zero-sum game), or, for a net
   * of round points (`NetArchitecture.valueTarget`), in game points of the round. Ignores
   * `epsilon` and this bot's temperature. Allocates nothing after the
   * first call of a variant, beyond what the base bot allocates.
   * @throws RangeError when `temperature` is not positive.
   */
  evaluate(obs: object, legal: Int32Array, count: number, ctx: BotContext, temperature: number, priors: Float64Array, values: Float64Array): void {
    if (!(temperature > 0)) throw new RangeError(`nn.evaluate: temperature ${temperature} is not positive`);
    this.prepare(ctx.variant);
    const input = this.input!;
    const baseAction = this.base ? this.base.act(obs, legal, count, ctx) : -1;
    input.write(obs, legal, count, baseAction);
    if (this.scores.length < count) this.scores = new Float64Array(Math.max(count, 2 * this.scores.length));
    const v = this.values;
    this.loaded.net.evaluate(input.x, legal, count, input.features ?? undefined, this.scores, v);
    maskedSoftmax(this.scores, count, temperature, priors);
    this.absoluteValues(ctx.seat, values);
  }

  /** What the value head estimates: the game's outcome, or the points of the round being played (`NetArchitecture.valueTarget`). */
  get valueKind(): 'game' | 'round' {
    return this.loaded.net.arch.valueTarget ? 'round' : 'game';
  }

  /**
   * The value head alone (see {@link evaluate}): `values[s]` for absolute
   * seat s, in the game's utility, or in game points of the round for a
   * net of round points. Skips the action head (and asks no base bot when
   * the trunk does not read its action). Allocates nothing after the first
   * call of a variant.
   */
  evaluateValues(obs: object, legal: Int32Array, count: number, ctx: BotContext, values: Float64Array): void {
    this.prepare(ctx.variant);
    const input = this.input!;
    if (input.sizes.baseIds > 0) input.write(obs, legal, count, this.base!.act(obs, legal, count, ctx));
    else input.writeTensor(obs);
    this.loaded.net.values(input.x, this.values);
    this.absoluteValues(ctx.seat, values);
  }

  /** The value head's seat-relative outputs (`this.values`, the observer `seat` first) into `out[s]` for absolute seat s, in the head's unit. */
  private absoluteValues(seat: number, out: Float64Array): void {
    const v = this.values;
    const P = v.length;
    for (let k = 0; k < P; k++) out[(seat + k) % P] = v[k]! * this.valueScale;
  }
}
