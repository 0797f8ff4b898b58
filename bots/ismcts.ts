/**
 * `ismcts`: Single-Observer Information Set Monte Carlo Tree Search
 * (SO-ISMCTS), after Peter I. Cowling, Edward J. Powley and Daniel
 * Whitehouse, "Information Set Monte Carlo Tree Search", IEEE Transactions on
 * Computational Intelligence and AI in Games 4(2):120-143, 2012
 * (doi:10.1109/TCIAIG.2012.2200894): its SO-ISMCTS algorithm.
 *
 * One search per decision, over a tree of the searching seat's information
 * sets: a node is the sequence of actions from the root (the decision being
 * made), whoever took them — opponents' actions are branches too. Each
 * iteration:
 * 1. draws one determinization of the observation (`model.determinize`: a
 *    full state the seat cannot tell from the real one, hidden cards dealt
 *    uniformly among those it has not seen);
 * 2. selects down the tree among the children legal in that determinization
 *    by UCB1 with availability counts (the paper's subset-armed bandit):
 *    value = mean + c * sqrt(ln(avail) / visits), where a
 *    child's availability counts the visits of its parent in which its action
 *    was legal. The mean is the reward of the seat that acts at the parent;
 *    rewards are in [0, 1] (`search/reward.ts`);
 * 3. when the node has legal actions without a child, adds one of them
 *    (uniformly) and plays the determinization to the end with the rollout
 *    policy (uniform random, the game's greedy heuristic for every seat, or
 *    the game's shipped net, the `nn` bot, for every seat);
 * 4. backs up one utility per seat: each node on the path adds the utility of
 *    the seat that acted into it, so multiplayer games need no paranoid or
 *    max^n reduction.
 * The chosen action is the root's most visited child (ties: the prior's
 * child, then the best mean, then the lowest id).
 *
 * Options, all generic (off by default, so the defaults are the
 * paper's algorithm):
 * - `prior=greedy`: a node expands first the action the game's greedy
 *   heuristic (the same policy `rollout=greedy` plays) would take for the
 *   seat to act, on that seat's observation of the determinization; further
 *   untried actions come uniformly. With one iteration the bot plays exactly
 *   as greedy does.
 * - `widen=α` (progressive widening, Coulom, "Computing Elo Ratings of Move
 *   Patterns in the Game of Go", ICGA Journal 30(4), 2007; Chaslot et al.,
 *   "Progressive Strategies for Monte-Carlo Tree Search", New Mathematics and
 *   Natural Computation 4(3), 2008): a node adds a child only while it has
 *   fewer than ceil((visits + 1)^α) children (or when none of its children is
 *   legal in this determinization); otherwise UCB1 selects among the children
 *   legal here. With ~1 600 legal discards (Multiples of Nine) or ~40 moves
 *   (Nine Virtues) and a few hundred iterations, plain expansion visits each
 *   root action about once, and the most visited child is then chance.
 * - `bias=B` (progressive bias, Chaslot et al. 2008, with the prior as the
 *   heuristic): the child a node expanded from the prior adds
 *   `B / (visits + 1)` to its UCB1 value, so the search leaves greedy's move
 *   only for one whose playouts are clearly better; it fades as visits grow.
 * - `horizon=round`: for games with `Game.roundsDone` and
 *   `Game.runningScores`, neither the tree nor the playout goes past the end
 *   of the round being played, and a playout is scored by each seat's margin
 *   over the best other seat in the running game scores, scaled into [0, 1]
 *   within the search (`search/reward.ts`). A multi-round game's later rounds
 *   are mostly noise for the decision at hand; cutting them lowers the
 *   variance of every estimate (and the cost of a playout). Games without
 *   those members play to the end as with `horizon=game`.
 * - `prior=net`, `leaf=net|mix`, `net=` (a learned net inside the search,
 *   AlphaZero's guide and Expert Iteration's apprentice: Silver et al.,
 *   Science 362, 2018; Anthony, Tian and Barber, NeurIPS 2017): a node
 *   expands first the untried action the policy head rates most probable,
 *   and progressive bias weighs it by that probability; a new leaf is worth
 *   the value head's estimate of every seat's outcome instead of a playout
 *   (`net`), or a mix of both (`mix`, AlphaGo's λ). One forward pass per
 *   expansion and one per leaf. `net=none` turns the net off: `prior=net`
 *   then expands as `prior=greedy` does and a net leaf is a playout, so a
 *   profile that uses the net gives, with `net=none`, the search it was
 *   before.
 *
 * Chance events (deals of later rounds, draws) happen inside
 * `apply` from the determinization's generator and are not tree branches:
 * the tree is keyed by decisions alone, as in SO-ISMCTS.
 *
 * Why SO-ISMCTS and not MO-ISMCTS (`moismcts`) for Captain's Orders: in
 * SO-ISMCTS an opponent's face-down pass (`pass r to q`) is a branch labelled
 * with its rank r, which the searcher will never see, so its later nodes may
 * condition on information it does not have, and opponents' choices in the
 * tree are made knowing the determinization (both weaknesses the paper
 * discusses). MO-ISMCTS fixes this with one tree per seat and each
 * action projected onto what every other seat observes of it ("pass ? to
 * q"). The `Game` interface has no such projection (`encodeAction` is the
 * full record entry, and which of its fields each seat sees is per-game
 * knowledge), so MO-ISMCTS would need per-game code beyond determinization
 * and the greedy rollout, which the search bots must not have. A future
 * `Game.observeAction(s, a, seat)` would make MO-ISMCTS generic.
 *
 * Budget: `iterations` per decision (reproducible), or `ms` milliseconds
 * when `ms > 0` (then `reproducible` is false). After warm-up a search
 * allocates nothing per iteration in this file: the tree is a preallocated
 * `NodePool`, the determinization, legal-action buffer, utilities and path
 * are reused (a game's own `result` object and `determinize` may allocate).
 */
import { DirichletNoise } from './search/dirichlet.js';
import type { Action, Bot, BotContext, Game, GameStateBase, Rng } from '../src/core/index.js';
import { BotSpecError } from '../src/core/index.js';
import { Budget } from './search/budget.js';
import { SearchBuffers, type SearchOptions } from './search/buffers.js';
import type { PolicyKinds } from './search/policy.js';
import type { RolloutPolicy } from './search/rollout.js';
import { NodePool } from './search/tree.js';

/** Default iterations per decision of `ismcts`. */
export const ISMCTS_DEFAULT_ITERATIONS = 1000;
/** Default UCB1 exploration constant (the paper's 0.7 for rewards in [0, 1]). */
export const ISMCTS_DEFAULT_C = 0.7;
/** The value of `ismcts:net=` that turns the net off. */
export const NO_NET = 'none';

/**
 * How an {@link IsmctsBot} searches: the `ismcts` parameters
 * ({@link ISMCTS_PARAMS}) as values. Every field may be left out; its default
 * is the parameter's own (the paper's algorithm), not a game's profile
 * (`bots/profiles/`), which only the spec (`ismctsKind`) applies.
 */
export interface IsmctsOptions {
  /**
   * Iterations (determinized playouts) per decision, at least 1; the budget
   * unless `ms > 0`. Default {@link ISMCTS_DEFAULT_ITERATIONS}
   * (`ismcts:iterations=`).
   */
  readonly iterations?: number;
  /**
   * Wall-clock budget per decision in milliseconds, instead of `iterations`;
   * then the bot is not reproducible. Default 0: count iterations (`ismcts:ms=`).
   */
  readonly ms?: number;
  /**
   * UCB1 exploration constant, for rewards in [0, 1]. Default
   * {@link ISMCTS_DEFAULT_C}, the paper's (`ismcts:c=`).
   */
  readonly c?: number;
  /**
   * Who plays the playouts: uniform random, the game's greedy heuristic or its
   * shipped net, for every seat. Default `'random'` (`ismcts:rollout=`).
   * `greedy` and `nn` need their kind in `policies` (the kind's `create`
   * checks it, `checkRollout`).
   */
  readonly rollout?: RolloutPolicy;
  /**
   * End the tree and the playouts at the end of the round being played, and
   * score by the margin over the best other seat (games with `roundsDone`
   * and `runningScores`; others play to the end). Default false
   * (`ismcts:horizon=round` sets it).
   */
  readonly roundHorizon?: boolean;
  /**
   * Expand first the action the game's greedy heuristic would take (needs
   * `policies.greedy`). Default false (`ismcts:prior=greedy` sets it).
   */
  readonly greedyPrior?: boolean;
  /**
   * Expand first the untried action the net's policy head rates most
   * probable for the seat to act, on that seat's observation of the
   * determinization, and remember its probability as the child's prior
   * (needs `net` and `policies.nn`). Default false (`ismcts:prior=net`).
   */
  readonly netPrior?: boolean;
  /**
   * What a new leaf is worth: a playout (`'playout'`), the net's value head
   * (`'net'`, no playout), or `leafWeight × value head + (1 − leafWeight) ×
   * playout` (`'mix'`, AlphaGo's λ: Silver et al., Nature 529, 2016).
   * `'net'` and `'mix'` need `net` and the game's horizon. Default `'playout'` (`ismcts:leaf=`).
   */
  readonly leaf?: 'playout' | 'net' | 'mix';
  /** The value head's weight λ with `leaf: 'mix'`, in [0, 1]. Default 0.5 (`ismcts:lambda=`). */
  readonly leafWeight?: number;
  /**
   * The net guiding `netPrior` and `leaf`: a net file's path, or `shipped`
   * for the game's own (`bots/nets/<game>.json`). Default: none.
   */
  readonly net?: string;
  /**
   * What the net's value head estimates (its file's `valueTarget`, read by
   * the bot kind): `'game'`, every seat's outcome, for `horizon=game`;
   * `'round'`, every seat's points in the round being played, added to the
   * running scores at a leaf and scored by standings, for `horizon=round`.
   * Default `'game'`.
   */
  readonly netValue?: 'game' | 'round';
  /** The temperature T of the net's prior, softmax(score / T), T > 0. Default 1 (`ismcts:ptemp=`). */
  readonly priorTemperature?: number;
  /**
   * Dirichlet noise at the root (with `netPrior`): the root's priors become
   * (1 − ε) p + ε η, η ~ Dir(`noiseAlpha`) drawn once per decision from the
   * seat's generator (AlphaZero's exploration in self-play). Default 0: none
   * (`ismcts:noise=`).
   */
  readonly rootNoise?: number;
  /** The concentration α of the root noise, α > 0. Default 0.3 (`ismcts:alpha=`). */
  readonly noiseAlpha?: number;
  /**
   * Progressive bias toward the prior's child: `bias × prior / (visits + 1)`
   * added to its UCB1 value, in reward units, where the prior is 1 for the
   * greedy prior's child and the policy head's probability with
   * `netPrior`; 0 = off. Default 0 (`ismcts:bias=`).
   */
  readonly bias?: number;
  /**
   * Progressive widening exponent in [0, 1]: a node adds a child only while
   * it has fewer than ceil((visits + 1)^widen); 0 = off. Default 0
   * (`ismcts:widen=`).
   */
  readonly widen?: number;
  /**
   * The bot kinds `rollout=greedy`, `rollout=nn` and `greedyPrior` play,
   * injected by the bot registry (`bots/index.ts`). Default `{}`: none, so
   * only random playouts without a prior.
   */
  readonly policies?: PolicyKinds;
}

/** An SO-ISMCTS player; one instance per seat entry, reused across seats and games. */
export class IsmctsBot implements Bot {
  /** False when the budget is wall-clock time: results then depend on the machine. */
  readonly reproducible: boolean;
  private readonly c: number;
  private readonly policy: RolloutPolicy;
  /** What its buffers need besides the rollout policy: `roundHorizon`, `greedyPrior`, `policies` of its options. */
  private readonly options: SearchOptions;
  private readonly widen: number;
  private readonly bias: number;
  private readonly netPrior: boolean;
  private readonly leaf: 'playout' | 'net' | 'mix';
  private readonly leafWeight: number;
  private readonly priorTemperature: number;
  private readonly rootNoise: number;
  /** The root noise's source (null without noise), and its draw by action id for the current decision. */
  private readonly dirichlet: DirichletNoise | null;
  private noise = new Float64Array(0);
  private readonly budget: Budget;
  private readonly pool: NodePool;
  private buffers: SearchBuffers | null = null;
  /** slot[a]: the child of the current node with action a, else -1 (all -1 between uses). */
  private slot = new Int32Array(0);
  /** The nodes of the current iteration's path, root first. */
  private path = new Int32Array(0);
  /** Iterations run by the last decision (0 when it had one legal action). */
  lastIterations = 0;

  /**
   * @param options how it searches; every field left out takes its default (see {@link IsmctsOptions}).
   * @throws BotSpecError (one line) when `netPrior` or a net leaf has no `net`, or a net leaf's `netValue` does not match the horizon.
   */
  constructor(
    private readonly game: Game<GameStateBase, object>,
    options: IsmctsOptions = {},
  ) {
    const { iterations = ISMCTS_DEFAULT_ITERATIONS, ms = 0, c = ISMCTS_DEFAULT_C, rollout = 'random', widen = 0, bias = 0 } = options;
    this.c = c;
    this.policy = rollout;
    this.netPrior = options.netPrior ?? false;
    this.leaf = options.leaf ?? 'playout';
    this.leafWeight = options.leafWeight ?? 0.5;
    this.priorTemperature = options.priorTemperature ?? 1;
    this.rootNoise = this.netPrior ? (options.rootNoise ?? 0) : 0;
    this.dirichlet = this.rootNoise > 0 ? new DirichletNoise(options.noiseAlpha ?? 0.3) : null;
    const usesNet = this.netPrior || this.leaf !== 'playout';
    if (usesNet && (options.net === undefined || options.net === NO_NET))
      throw new BotSpecError(`ismcts: ${this.netPrior ? 'prior=net' : `leaf=${this.leaf}`} needs a net (net=shipped or net=PATH); net=none turns the net off`);
    const netValue = options.netValue ?? 'game';
    if (this.leaf !== 'playout' && options.roundHorizon && netValue !== 'round')
      throw new BotSpecError(
        `ismcts: leaf=${this.leaf} with this net estimates the game's outcome, so it does not go with horizon=round (a net trained with --value-target round does)`,
      );
    if (this.leaf !== 'playout' && !options.roundHorizon && netValue === 'round')
      throw new BotSpecError(`ismcts: leaf=${this.leaf} with this net estimates the points of the round being played, so it needs horizon=round`);
    this.options = {
      roundHorizon: options.roundHorizon ?? false,
      greedyPrior: options.greedyPrior ?? false,
      policies: options.policies ?? {},
      ...(usesNet ? { net: options.net! } : {}),
    };
    this.widen = widen;
    this.bias = bias;
    this.budget = new Budget(iterations, ms);
    this.reproducible = this.budget.reproducible;
    this.pool = new NodePool(ms > 0 ? 4096 : Math.min(iterations + 1, 1 << 20));
  }

  /** The tree of the last decision (for tests and the bench). */
  get tree(): NodePool {
    return this.pool;
  }

  /**
   * The root's visit counts of the last decision, the search's policy
   * (Expert Iteration's target: Anthony, Tian and Barber, NeurIPS 2017):
   * `out[at + i]` = the visits of the root child of `legal[i]` (0 when the
   * search never expanded it), for i < `count`. Call it right after
   * {@link act} with the same `legal` and `count`. Allocates nothing.
   * @returns the visits written in all (0 when the last decision had one legal action: no search).
   */
  rootVisits(legal: Int32Array, count: number, out: Float32Array | Float64Array, at = 0): number {
    const { pool, slot } = this;
    for (let i = 0; i < count; i++) out[at + i] = 0;
    if (this.lastIterations === 0 || pool.size === 0) return 0;
    if (slot.length === 0) return 0;
    for (let ch = pool.firstChild[0]!; ch >= 0; ch = pool.nextSibling[ch]!) slot[pool.action[ch]!] = ch;
    let total = 0;
    for (let i = 0; i < count; i++) {
      const ch = slot[legal[i]!]!;
      if (ch < 0) continue;
      out[at + i] = pool.visits[ch]!;
      total += pool.visits[ch]!;
    }
    this.clearSlots(0);
    return total;
  }

  /** Checks the nets its policies read against the run's variant (`Bot.checkVariant`, `SearchBuffers.forDecision`). */
  checkVariant(ctx: BotContext): void {
    this.buffers = SearchBuffers.forDecision(this.buffers, this.game, ctx, this.policy, this.options);
  }

  /**
   * One search from the observation: each iteration determinizes, then runs
   * the four steps of the header (as OpenSpiel's `is_mcts.cc` names them):
   * {@link select} down the tree (which calls {@link expand} at the first node
   * with an untried legal action), {@link simulate} to the end, and
   * {@link backpropagate} every seat's utility along the path.
   */
  act(obs: object, legal: Int32Array, count: number, ctx: BotContext): Action {
    this.lastIterations = 0;
    if (count === 1) return legal[0]!;
    const b = (this.buffers = SearchBuffers.forDecision(this.buffers, this.game, ctx, this.policy, this.options));
    if (this.slot.length !== b.legal.length) this.slot = new Int32Array(b.legal.length).fill(-1);
    const depthBound = this.game.maxDecisions(ctx.variant) + 2;
    if (this.path.length < depthBound) this.path = new Int32Array(depthBound);
    if (this.budget.reproducible) this.pool.reserve(this.budget.iterations + 1);

    const { game, budget, pool } = this;
    const rng = ctx.rng;
    if (this.dirichlet !== null) {
      if (this.noise.length !== b.legal.length) this.noise = new Float64Array(b.legal.length);
      this.dirichlet.draw(rng, legal, count, this.noise);
    }
    pool.clear();
    pool.add(-1, -1, -1);
    b.scale.reset();
    budget.start();
    let it = 0;
    for (; budget.allows(it); it++) {
      game.determinize(obs, rng, b.state);
      // The round being played: with the round horizon, nothing after its end is searched.
      const roundLimit = b.roundHorizon ? game.roundsDone!(b.state) : -1;
      const depth = this.select(b, rng, roundLimit);
      this.simulate(b, rng, roundLimit);
      this.backpropagate(depth, b.utilities);
    }
    this.lastIterations = it;
    return this.choose(legal, count);
  }

  /**
   * Selection (step 2), ending with an expansion (step 3): from the root, at
   * each node the determinization reaches, either expands it (it has a legal
   * action without a child, and progressive widening allows a new child) and
   * stops there, or moves to the best child by UCB1 among those legal here;
   * every step applies its action to `b.state`. Stops early at a terminal
   * state or past the round horizon.
   * @returns the length of the path (`this.path[0..depth)`, root first).
   */
  private select(b: SearchBuffers, rng: Rng, roundLimit: number): number {
    const { game, pool, slot, path, widen } = this;
    const { state, legal: moves, roundHorizon } = b;
    let node = 0;
    let depth = 0;
    path[depth++] = node;
    while (!game.isTerminal(state) && !(roundHorizon && game.roundsDone!(state) > roundLimit)) {
      const n = game.legalActions(state, moves);
      const seat = game.currentSeat(state);
      let children = 0;
      for (let ch = pool.firstChild[node]!; ch >= 0; ch = pool.nextSibling[ch]!) {
        slot[pool.action[ch]!] = ch;
        children++;
      }
      let untried = 0;
      for (let i = 0; i < n; i++) if (slot[moves[i]!]! < 0) untried++;
      // Progressive widening: a new child only while children < (visits + 1)^widen,
      // or when no child is legal in this determinization.
      // biome-ignore lint/style/useExponentiationOperator: Math.pow kept so the search stays bit for bit what it was
      const grow = untried > 0 && (widen <= 0 || untried === n || children < Math.ceil(Math.pow(pool.visits[node]! + 1, widen)));
      const next = grow ? this.expand(b, node, n, untried, seat, rng) : this.bestChild(b, node, n);
      game.apply(state, pool.action[next]!);
      path[depth++] = next;
      node = next;
      if (grow) break;
    }
    return depth;
  }

  /**
   * Expansion (step 3): adds a child of `node` for one untried legal action
   * (`b.legal[0..n)`, whose children are indexed in `slot`): the prior's
   * choice when there is a prior and its choice is untried, else one of the
   * `untried` uniformly. Counts one availability for every existing child
   * legal here, and clears `slot`.
   * @returns the new child.
   */
  private expand(b: SearchBuffers, node: number, n: number, untried: number, seat: number, rng: Rng): number {
    const { pool, slot } = this;
    const { legal: moves, prior } = b;
    let a = -1;
    let p = 1;
    if (this.netPrior) {
      // The untried action the policy head rates most probable (ties: the lowest id).
      const priors = b.priors;
      b.guide!.evaluate(b.state, moves, n, this.priorTemperature, priors, b.values);
      if (node === 0 && this.dirichlet !== null) {
        const e = this.rootNoise;
        for (let i = 0; i < n; i++) priors[i] = (1 - e) * priors[i]! + e * this.noise[moves[i]!]!;
      }
      let best = -1;
      for (let i = 0; i < n; i++) if (slot[moves[i]!]! < 0 && (best < 0 || priors[i]! > priors[best]!)) best = i;
      a = moves[best]!;
      p = priors[best]!;
    } else if (prior !== null) {
      const g = prior.act(b.state, moves, n, rng);
      if (slot[g]! < 0) a = g;
    }
    const fromPrior = a >= 0;
    let k = fromPrior ? -1 : rng.int(untried);
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      const ch = slot[m]!;
      if (ch >= 0) pool.avail[ch]!++;
      else if (k-- === 0) a = m;
    }
    this.clearSlots(node);
    const next = pool.add(node, a, seat);
    if (fromPrior) pool.prior[next] = p;
    return next;
  }

  /**
   * The selection step at one node: the child legal here (`b.legal[0..n)`,
   * indexed in `slot`) with the highest UCB1 value with availability counts,
   * mean + c * sqrt(ln(avail) / visits) (plus the progressive bias of a
   * prior's child); counts one availability for every child legal here, and
   * clears `slot`.
   */
  private bestChild(b: SearchBuffers, node: number, n: number): number {
    const { pool, slot, c, bias } = this;
    const { legal: moves, scale } = b;
    let bestValue = -Infinity;
    let next = -1;
    for (let i = 0; i < n; i++) {
      const ch = slot[moves[i]!]!;
      if (ch < 0) continue;
      const v = pool.visits[ch]!;
      let value = scale.scale(pool.reward[ch]! / v) + c * Math.sqrt(Math.log(pool.avail[ch]!) / v);
      if (bias !== 0) value += (bias * pool.prior[ch]!) / (v + 1);
      if (value > bestValue) {
        bestValue = value;
        next = ch;
      }
    }
    for (let i = 0; i < n; i++) {
      const ch = slot[moves[i]!]!;
      if (ch >= 0) pool.avail[ch]!++;
    }
    this.clearSlots(node);
    return next;
  }

  /**
   * Simulation (step 3's playout): plays `b.state` on with the rollout policy
   * to the end (or the end of the round), then writes every seat's utility
   * into `b.utilities`.
   */
  private simulate(b: SearchBuffers, rng: Rng, roundLimit: number): void {
    const { game } = this;
    const { state, utilities, scale, players } = b;
    const pastRound = b.roundHorizon && game.roundsDone!(state) > roundLimit;
    if (this.leaf !== 'playout' && !game.isTerminal(state) && !pastRound) {
      // The value head's estimate (leaf=net), or mixed with a playout's (leaf=mix).
      const n = game.legalActions(state, b.legal);
      b.guide!.values(state, b.legal, n, b.values);
      const w = this.leaf === 'net' ? 1 : this.leafWeight;
      if (b.roundHorizon) {
        // A net of round points: the running scores plus the round's expected points, scored by standings.
        game.runningScores!(state, b.scores);
        for (let s = 0; s < players; s++) b.values[s] = b.values[s]! + b.scores[s]!;
        if (w < 1) {
          b.rollout.run(state, rng, roundLimit);
          game.runningScores!(state, b.scores);
        }
        for (let s = 0; s < players; s++) b.scores[s] = w * b.values[s]! + (1 - w) * b.scores[s]!;
        scale.standings(b.scores, players, utilities);
        return;
      }
      if (w === 1) {
        scale.estimates(b.values, players, utilities);
        return;
      }
      b.rollout.run(state, rng, roundLimit);
      scale.utilities(game.result(state), players, utilities);
      for (let s = 0; s < players; s++) b.values[s] = w * b.values[s]! + (1 - w) * utilities[s]!;
      scale.estimates(b.values, players, utilities);
      return;
    }
    if (!game.isTerminal(state)) b.rollout.run(state, rng, roundLimit);
    if (b.roundHorizon) {
      game.runningScores!(state, b.scores);
      scale.standings(b.scores, players, utilities);
    } else {
      scale.utilities(game.result(state), players, utilities);
    }
  }

  /**
   * Backpropagation (step 4): the root and every node of the path count a
   * visit; each node below the root adds the utility of the seat that acted
   * into it.
   */
  private backpropagate(depth: number, utilities: Float64Array): void {
    const { pool, path } = this;
    pool.visits[0]!++;
    for (let j = 1; j < depth; j++) {
      const nd = path[j]!;
      pool.visits[nd]!++;
      pool.reward[nd]! += utilities[pool.actor[nd]!]!;
    }
  }

  /**
   * The root's most visited child among `legal`. Ties: the prior's child (with
   * `prior=greedy`: when the search has no visits to tell moves apart, as
   * when a root has more legal actions than iterations and each was tried
   * once, it keeps the prior's move rather than the luckiest single
   * playout's), then the best mean, then the lowest id.
   */
  private choose(legal: Int32Array, count: number): Action {
    const { pool, slot } = this;
    for (let ch = pool.firstChild[0]!; ch >= 0; ch = pool.nextSibling[ch]!) slot[pool.action[ch]!] = ch;
    let best = legal[0]!;
    let bestVisits = -1;
    let bestPrior = -1;
    let bestMean = -Infinity;
    for (let i = 0; i < count; i++) {
      const ch = slot[legal[i]!]!;
      if (ch < 0) continue;
      const v = pool.visits[ch]!;
      const p = pool.prior[ch]!;
      const mean = pool.reward[ch]! / v;
      if (v > bestVisits || (v === bestVisits && (p > bestPrior || (p === bestPrior && mean > bestMean)))) {
        best = legal[i]!;
        bestVisits = v;
        bestPrior = p;
        bestMean = mean;
      }
    }
    this.clearSlots(0);
    return best;
  }

  private clearSlots(node: number): void {
    const { pool, slot } = this;
    for (let ch = pool.firstChild[node]!; ch >= 0; ch = pool.nextSibling[ch]!) slot[pool.action[ch]!] = -1;
  }
}
