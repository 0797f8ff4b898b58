/**
 * The `ismcts` bot kind: its parameters (`ISMCTS_PARAMS`, the paper's
 * algorithm as the defaults) and how a spec's values become an
 * {@link IsmctsBot}'s options (bots/ismcts.ts holds the search itself).
 */
import { type Bot, type BotKind, type BotParam, type BotParams, BotSpecError, type Game, type GameStateBase } from '../src/core/index.js';
import { ISMCTS_DEFAULT_C, ISMCTS_DEFAULT_ITERATIONS, IsmctsBot, NO_NET } from './ismcts.js';
import { withProfile } from './profiles/index.js';
import { isPositionEvaluator, type PolicyKinds, policyBot } from './search/policy.js';
import { checkRollout, MS_PARAM, ROLLOUT_PARAM, type RolloutPolicy } from './search/rollout.js';

/** The parameters of `ismcts`, with the paper's algorithm as the defaults (a game's profile may change them: `bots/profiles/`). */
export const ISMCTS_PARAMS: readonly BotParam[] = [
  { key: 'iterations', kind: 'int', min: 1, max: 1_000_000, default: ISMCTS_DEFAULT_ITERATIONS, doc: 'iterations (determinized playouts) per decision' },
  MS_PARAM,
  {
    key: 'c',
    kind: 'float',
    min: 0,
    max: 10,
    default: ISMCTS_DEFAULT_C,
    doc: 'UCB1 exploration constant (rewards are in [0, 1])',
    tune: { min: 0.05, max: 2, scale: 'log' },
  },
  ROLLOUT_PARAM,
  {
    key: 'horizon',
    kind: 'enum',
    choices: ['game', 'round'],
    default: 'game',
    doc: "playouts end at the game's end, or at the end of the current round scored by the margin over the best other seat (games with running scores; others play to the end)",
  },
  {
    key: 'prior',
    kind: 'enum',
    choices: ['none', 'greedy', 'net'],
    default: 'none',
    doc: "which untried action a node expands first: a uniform one, the game's greedy heuristic's choice for the seat to act, or the one the net's policy head rates most probable (net=)",
  },
  {
    key: 'leaf',
    kind: 'enum',
    choices: ['playout', 'net', 'mix'],
    default: 'playout',
    doc: "what a new leaf is worth: a playout, the net's value head (no playout), or lambda x value head + (1 - lambda) x playout; net and mix go with horizon=game, or with horizon=round for a net of round points (train --value-target round)",
  },
  { key: 'lambda', kind: 'float', min: 0, max: 1, default: 0.5, doc: "the value head's weight with leaf=mix", tune: { min: 0, max: 1 } },
  {
    key: 'net',
    kind: 'text',
    default: 'shipped',
    doc: "the net of prior=net and leaf=net|mix: 'shipped' (the game's own, bots/nets/<game>.json), a net file's path, or 'none' (no net: prior=net then expands as prior=greedy, a net leaf is a playout)",
  },
  {
    key: 'ptemp',
    kind: 'float',
    min: 0.01,
    max: 100,
    default: 1,
    doc: "the temperature T of the net's prior, softmax(score / T) (a Deep Monte-Carlo net's scores are Q-values in win share: try 0.05)",
  },
  {
    key: 'noise',
    kind: 'float',
    min: 0,
    max: 1,
    default: 0,
    doc: "with prior=net: the weight e of Dirichlet noise at the root, priors (1 - e) p + e Dir(alpha) drawn once a decision (AlphaZero's self-play exploration; 0: none)",
  },
  { key: 'alpha', kind: 'float', min: 0.001, max: 100, default: 0.3, doc: "the Dirichlet noise's concentration with noise > 0" },
  {
    key: 'bias',
    kind: 'float',
    min: 0,
    max: 1000,
    default: 0,
    doc: "progressive bias toward the prior's choice: bias x prior / (visits + 1) added to its UCB1 value (the prior is 1 with prior=greedy, the policy head's probability with prior=net)",
    tune: { min: 0, max: 50 },
  },
  {
    key: 'widen',
    kind: 'float',
    min: 0,
    max: 1,
    default: 0,
    doc: 'progressive widening exponent: a node adds a child only while it has fewer than (visits + 1)^widen; 0 = off (every untried action first)',
    tune: { min: 0, max: 0.8 },
  },
];

/**
 * The `ismcts` bot kind: `ismcts:iterations=2000,c=0.7,rollout=greedy`.
 * @param policies what `rollout=greedy`, `rollout=nn` and `prior=greedy`
 *   play: the bot registry passes the greedy heuristics and the nn bot (a
 *   name left out is refused).
 */
export const ismctsKind = (policies: PolicyKinds): BotKind => ({
  name: 'ismcts',
  doc: 'single-observer information set MCTS (Cowling, Powley and Whitehouse 2012): UCB1 with availability counts over determinizations',
  params: ISMCTS_PARAMS,
  paramsFor: (gameId) => withProfile('ismcts', gameId, ISMCTS_PARAMS),
  supports: () => true,
  create(params: BotParams, game: Game<GameStateBase, object>): Bot {
    const policy = params.rollout as RolloutPolicy;
    checkRollout(policy, game, policies);
    // net=none: the search without its net, as a profile was before it used one: prior=net expands as
    // prior=greedy does (uniformly in a game without a greedy heuristic), and a net leaf is a playout.
    const noNet = params.net === NO_NET;
    if (Number(params.noise) > 0 && params.prior !== 'net') throw new BotSpecError('ismcts: noise (Dirichlet noise on the root priors) goes with prior=net');
    const prior = params.prior === 'net' && noNet ? (policies.greedy?.supports(game.info.id) ? 'greedy' : 'none') : params.prior;
    const greedyPrior = prior === 'greedy';
    if (greedyPrior) checkRollout('greedy', game, policies);
    const leaf = noNet ? 'playout' : (params.leaf as 'playout' | 'net' | 'mix');
    return new IsmctsBot(game, {
      ...(leaf === 'playout' ? {} : { netValue: netValueKind(game, policies, String(params.net)) }),
      netPrior: prior === 'net',
      leaf,
      leafWeight: Number(params.lambda),
      net: String(params.net),
      priorTemperature: Number(params.ptemp),
      rootNoise: Number(params.noise),
      noiseAlpha: Number(params.alpha),
      iterations: Number(params.iterations),
      ms: Number(params.ms),
      c: Number(params.c),
      rollout: policy,
      roundHorizon: params.horizon === 'round',
      greedyPrior,
      bias: Number(params.bias),
      widen: Number(params.widen),
      policies,
    });
  },
});

/**
 * What a net's value head estimates (`PositionEvaluator.valueKind`), read
 * from its file through the `nn` bot (cached per thread), so that a leaf
 * that does not match the horizon is refused when the spec is checked.
 * @throws BotSpecError (one line) when the net cannot be read or the game has no tensor.
 */
function netValueKind(game: Game<GameStateBase, object>, policies: PolicyKinds, file: string): 'game' | 'round' {
  if (policies.nn === undefined || !policies.nn.supports(game.info.id))
    throw new BotSpecError(`leaf=net needs a game with an observation tensor, and ${game.info.id} has none; use net=none`);
  const bot = policyBot('nn', game, policies, { file });
  return isPositionEvaluator(bot) ? bot.valueKind : 'game';
}
