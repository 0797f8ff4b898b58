/**
 * Self-play episodes for Deep Monte-Carlo (Zha et al., "DouZero: Mastering
 * DouDizhu with Self-Play Deep Reinforcement Learning", ICML 2021, section 4):
 * the learner's seats play ε-greedy on the net's Q-values, every decision of
 * a learner seat becomes a sample (its observation tensor, the legal actions
 * and their features, the action taken), and once the game is over each
 * sample's target is the Monte-Carlo return of its seat: the seat's utility
 * (`GameInfo.utility`: its win share, or its score over `scoreScale` for a
 * zero-sum game). Episode i of a run is a function of (seed, i, the net's
 * weights) alone, so a chunk of episodes gives the same samples on any
 * thread, and an iteration's samples are the same for any worker count.
 */
import type { Bot, BotContext } from '../core/bot.js';
import { getGame } from '../core/registry.js';
import { createRng, dealRng, gameSeed, type Rng } from '../core/rng.js';
import type { Variant } from '../core/variant.js';
import { createBot, parseLineup } from '../../bots/index.js';
import { Net, type NetArchitecture } from '../nn/net.js';
import { NetInput } from '../nn/net-input.js';
import { RolloutLabeller, type RolloutHorizon } from './rollout-targets.js';
import { RoundLabels } from './round-values.js';
import { PackBuilder, type SamplePack } from './sample-pack.js';
import { utilities } from './utility.js';

export type { SamplePack } from './sample-pack.js';

/** One chunk of episodes to play: plain data, crosses threads. */
export interface SelfPlayTask {
  readonly gameId: string;
  readonly variant: Variant;
  readonly arch: NetArchitecture;
  /** The net's weights (the learner's Q-function during this chunk). */
  readonly weights: Float32Array;
  /** The run seed: episode i deals from `gameSeed(<seed>/episode, i)`. */
  readonly seed: string;
  /** The first episode's index and the number of episodes. */
  readonly first: number;
  readonly count: number;
  /** The probability of a uniformly random legal action at a learner decision (ε-greedy). */
  readonly epsilon: number;
  /** The share of episodes in which the net plays every seat; in the others it plays one seat against `opponents`. */
  readonly selfPlay: number;
  /** Built-in bots' spec texts the net meets outside self-play (one drawn per other seat). */
  readonly opponents: readonly string[];
  /**
   * When set, the learner seats play this built-in bot (e.g. `greedy`) with
   * ε-greedy exploration instead of the net: a warm start that learns that
   * bot's Q-values from its Monte-Carlo returns.
   */
  readonly behaviour: string | null;
  /** A zero-sum game's scores are divided by this to make the targets (1 for win-share games). */
  readonly scoreScale: number;
  /**
   * The probability that a learner decision also gets rollout targets, one
   * per legal action (`RolloutLabeller` with `rolloutBot` as the policy); 0: none.
   */
  readonly rolloutShare: number;
  readonly rolloutBot: string | null;
  /** Where the rollouts stop (`RolloutHorizon`); absent: the game's end. */
  readonly rolloutHorizon?: RolloutHorizon;
  /** With the round horizon: the points a centred margin is divided by; absent: 10. */
  readonly rolloutScale?: number;
  /** With the game horizon: centre each decision's targets on their mean (advantages); absent: false. */
  readonly rolloutAdvantage?: boolean;
  /**
   * The probability that a learner decision with more than one legal action
   * also gets a policy target from `expertBot` (a built-in bot's spec, e.g.
   * `ismcts`): the root visit counts of a search bot (`rootVisits`), else
   * the expert's action alone (Expert Iteration's apprentice, Anthony, Tian
   * and Barber 2017; imitation). Absent or 0: none.
   */
  readonly expertShare?: number;
  readonly expertBot?: string | null;
  /** `action`: the expert's label is 1 on the action it plays (a search's most visited child), 0 elsewhere, even when it has visit counts; absent: `visits`. */
  readonly expertTarget?: ExpertTarget;
  /**
   * Record types (the rule file's "Record vocabulary", `encodeAction(s, a).type`)
   * of the base action (`arch.base`) at which the expert labels, at
   * `expertShare`; at every other learner decision with a choice the policy
   * target is 1 on the base action itself, so the net keeps the base policy
   * there and learns the expert's where the expert is better (a base
   * policy improved at some kinds of decision). Absent: the expert labels any
   * decision.
   */
  readonly expertKinds?: readonly string[];
  /**
   * Expert Iteration's self-play instead of ε-greedy play (`search-selfplay.ts`):
   * the net-guided search plays every seat and labels every decision; the
   * fields above for the learner's own play are then unused. Absent: Deep Monte-Carlo.
   */
  readonly search?: SearchSelfPlay;
}

/** The searches of an Expert Iteration chunk: built-in bot specs (each names its net file, `net=PATH`). */
export interface SearchSelfPlay {
  /** The search of a seat's first `exploreMoves` decisions (with root noise, `ismcts:...,noise=`). */
  readonly explore: string;
  /** The search of its later decisions. */
  readonly play: string;
  /** Decisions per seat and episode played by `explore`, the move drawn in proportion to the root's visits. */
  readonly exploreMoves: number;
}

/** What an expert's label holds: a search's root visit counts, or its action alone. */
export type ExpertTarget = 'visits' | 'action';

/** A bot that can say what its last search thought of each legal action (`IsmctsBot.rootVisits`). */
interface SearchExpert {
  rootVisits(legal: Int32Array, count: number, out: Float32Array, at: number): number;
}

function isSearchExpert(bot: Bot): bot is Bot & SearchExpert {
  return typeof (bot as Partial<SearchExpert>).rootVisits === 'function';
}

/**
 * Plays a chunk of episodes.
 * @returns their samples, in episode order.
 * @throws Error when the game has no tensor (the caller checks first).
 */
export function playEpisodes(task: SelfPlayTask): SamplePack {
  const game = getGame(task.gameId);
  const v = task.variant;
  const tensor = game.tensor;
  if (!tensor) throw new Error(`${task.gameId} has no observation tensor`);
  const net = new Net(task.arch, task.weights);
  const input = new NetInput(game, v, task.arch);
  const N = task.arch.inputSize;
  const F = task.arch.head.kind === 'feature' ? task.arch.head.featureSize : 0;
  const s = game.newState(v);
  const obs = game.newObservation(v);
  const K = game.numDistinctActions(v);
  const legal = new Int32Array(K);
  const P = s.players;
  let scores = new Float64Array(64);
  const util = new Float64Array(P);

  const labeller =
    task.rolloutShare > 0 && task.rolloutBot
      ? new RolloutLabeller(game, v, task.rolloutBot, task.scoreScale, task.rolloutHorizon ?? 'game', task.rolloutScale ?? 10, task.rolloutAdvantage ?? false)
      : null;
  const expertShare = task.expertBot ? (task.expertShare ?? 0) : 0;
  const expertKinds = expertShare > 0 && task.expertKinds ? new Set(task.expertKinds) : null;
  if (expertKinds && !task.arch.base) throw new RangeError('self-play: expertKinds needs a net with a base policy (arch.base)');
  const out = new PackBuilder(N, F, P, task.count, labeller !== null, expertShare > 0);
  const rounds = task.arch.valueTarget ? new RoundLabels(game, P, task.arch.valueTarget.scale) : null;
  if (rounds) out.labelValuesByRound();

  // One instance of each bot per seat (a bot may keep a seat's state within a game).
  const perSeat = (spec: string): Bot[] => Array.from({ length: P }, () => createBot(parseLineup(spec)[0]!, game));
  const behaviourBots: Bot[] | null = task.behaviour ? perSeat(task.behaviour) : null;
  // A net with a base policy reads that policy's action (`NetArchitecture.base`), asked of its own bots.
  const baseBots: Bot[] | null = task.arch.base ? perSeat(task.arch.base) : null;
  const opponentBots = task.opponents.map(perSeat);
  const expertBots: Bot[] | null = expertShare > 0 ? perSeat(task.expertBot!) : null;
  const expertRng = createRng('unused');
  const seatBots: (Bot | null)[] = new Array(P).fill(null);
  const ctxs: BotContext[] = [];
  const botRngs: Rng[] = [];
  for (let p = 0; p < P; p++) {
    botRngs.push(createRng('unused'));
    ctxs.push({ seat: p, players: P, variant: v, rng: botRngs[p]!, model: game });
  }

  for (let e = 0; e < task.count; e++) {
    const episode = task.first + e;
    const dealSeed = gameSeed(`${task.seed}/episode`, episode);
    const pick = createRng(`${dealSeed}/seats`);
    const explore = createRng(`${dealSeed}/explore`);
    const labelPick = createRng(`${dealSeed}/label`);
    const expertPick = createRng(`${dealSeed}/expert`);
    let decisionInEpisode = 0;
    // Which seats the learner holds: all of them (self-play), or one against drawn opponents.
    const allSelf = opponentBots.length === 0 || pick.next() < task.selfPlay;
    const mine = allSelf ? -1 : pick.int(P);
    for (let p = 0; p < P; p++) {
      seatBots[p] = allSelf || p === mine ? null : opponentBots[pick.int(opponentBots.length)]![p]!;
      botRngs[p]!.seed(`${dealSeed}/bot/${p}`);
    }
    game.deal(s, dealRng(dealSeed));
    rounds?.begin(s);
    for (let p = 0; p < P; p++) {
      seatBots[p]?.reset?.(ctxs[p]!);
      if (seatBots[p] === null && behaviourBots) behaviourBots[p]!.reset?.(ctxs[p]!);
      if (seatBots[p] === null && baseBots) baseBots[p]!.reset?.(ctxs[p]!);
      if (seatBots[p] === null && expertBots) expertBots[p]!.reset?.(ctxs[p]!);
    }
    while (!game.isTerminal(s)) {
      const seat = game.currentSeat(s);
      const n = game.legalActions(s, legal);
      const bot = seatBots[seat];
      if (bot) {
        game.observe(s, seat, obs);
        game.apply(s, bot.act(obs, legal, n, ctxs[seat]!));
        rounds?.after(s, out);
        continue;
      }
      game.observe(s, seat, obs);
      let k: number;
      let demonstrated = 0;
      if (explore.next() < task.epsilon) k = explore.int(n);
      else if (behaviourBots) {
        k = legal.subarray(0, n).indexOf(behaviourBots[seat]!.act(obs, legal, n, ctxs[seat]!));
        demonstrated = k >= 0 ? 1 : 0;
      } else k = -1;
      // The base action as the nn bot asks it: of the base bot, unless the only legal action.
      // When the warm-start bot is the base bot and it just chose, its choice is the base action (greedy is not asked twice).
      const baseAction = !baseBots
        ? -1
        : n === 1
          ? legal[0]!
          : demonstrated === 1 && task.behaviour === task.arch.base
            ? legal[k]!
            : baseBots[seat]!.act(obs, legal, n, ctxs[seat]!);
      input.write(obs, legal, n, baseAction);
      const x = input.x;
      const feats = input.features;
      if (k < 0) {
        if (scores.length < n) scores = new Float64Array(2 * n);
        net.scoreActions(x, legal, n, feats ?? undefined, scores);
        // As the nn bot: ties go to the base action when there is one, else to the lowest id.
        k = 0;
        for (let j = 0; j < n; j++) if (legal[j] === baseAction) k = j;
        for (let j = 0; j < n; j++) if (scores[j]! > scores[k]!) k = j;
      }
      // The sample: the tensor, the legal actions (and features), its targets, the action taken.
      out.begin(x, legal, n, feats);
      const at = out.legalAt;
      if (out.qAll) {
        if (labelPick.next() < task.rolloutShare) labeller!.label(s, seat, legal, n, `${dealSeed}/rollout/${decisionInEpisode}`, out.qAll.data, at);
        else out.qAll.data.fill(Number.NaN, at, at + n);
      }
      if (out.policy) {
        const kindLabel = n > 1 && expertKinds !== null ? expertKinds.has(String(game.encodeAction(s, baseAction).type)) : null;
        if (kindLabel === false) {
          // Not a kind the expert labels: the base action is the target.
          for (let j = 0; j < n; j++) out.policy.data[at + j] = legal[j] === baseAction ? 1 : 0;
        } else if (n > 1 && expertPick.next() < expertShare)
          expertLabel(
            expertBots![seat]!,
            obs,
            legal,
            n,
            { ...ctxs[seat]!, rng: expertRng.seed(`${dealSeed}/expert/${decisionInEpisode}`) },
            out.policy.data,
            at,
            task.expertTarget ?? 'visits',
          );
        else out.policy.data.fill(Number.NaN, at, at + n);
      }
      decisionInEpisode++;
      out.end(n, k, seat, demonstrated);
      game.apply(s, legal[k]!);
      rounds?.after(s, out);
    }
    // The Monte-Carlo return of each sample: its seat's utility at the end.
    utilities(game, s, task.scoreScale, util);
    let sum = 0;
    let seats = 0;
    for (let p = 0; p < P; p++)
      if (seatBots[p] === null) {
        sum += util[p]!;
        seats++;
      }
    out.finish(util, sum / seats);
  }
  return out.build();
}

/**
 * Writes an expert's policy target for one decision into `out[at, at + n)`:
 * with `visits`, its root visit counts when it is a search bot that
 * searched; else 1 on the action it plays and 0 elsewhere.
 */
function expertLabel(expert: Bot, obs: object, legal: Int32Array, n: number, ctx: BotContext, out: Float32Array, at: number, target: ExpertTarget): void {
  const a = expert.act(obs, legal, n, ctx);
  if (target === 'visits' && isSearchExpert(expert) && expert.rootVisits(legal, n, out, at) > 0) return;
  for (let j = 0; j < n; j++) out[at + j] = legal[j] === a ? 1 : 0;
}
