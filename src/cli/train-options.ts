/** The option table of `npm run train` (every method's options; the run flags come from `run-args.ts`) and its parsed type. */
import type { parseCommand } from './common.js';
import { commandOptions } from './run-args.js';

export const options = commandOptions(
  'train',
  {
    bot: { type: 'string', describe: 'the bot to tune and where it starts (a name, name:key=value,..., a bot file, or a tuned.json)' },
    tune: {
      type: 'string',
      describe:
        "parameters to tune, comma-separated (default: every numeric parameter with a tuning range; see the bot's parameters in npm run tourney -- --help)",
    },
    range: { type: 'string', describe: 'tuning ranges instead of the declared ones: key=min:max or key=min:max:log, comma-separated' },
    opponents: { type: 'string', describe: "the other seats' bots, P - 1 of them (default: the game's greedy bot in every other seat)" },
    method: {
      type: 'string',
      describe:
        'spsa (Spall 1998, numeric parameters; the default for a bot), ntbea (Lucas, Liu and Perez-Liebana 2018, any parameters on a grid; the only method for rules), dmc (Deep Monte-Carlo self-play, Zha et al. 2021: learns a network, the nn bot) or exit (Expert Iteration, Anthony et al. 2017: the net-guided search plays itself, the net learns its visit counts and the outcomes, each new net gated by a paired SPRT)',
    },
    'tune-rules': {
      type: 'string',
      describe: "tune the game's rules instead of a bot: variant parameters, comma-separated (e.g. bidPenalty,rounds), played by --bots toward --target",
    },
    target: { type: 'string', default: 'seat-fair', describe: "with --tune-rules: seat-fair (the largest gap between two seats' win shares, toward 0)" },
    bots: { type: 'string', describe: "with --tune-rules: the line-up that plays every variant (default: the game's greedy bot in every seat)" },

    budget: { type: 'number', default: 20000, describe: 'games to play for training (the verification match comes on top)' },
    deals: { type: 'number', describe: 'deals per iteration: every candidate of an iteration plays them, in every seat (default 8 for a bot, 100 for rules)' },
    objective: {
      type: 'string',
      default: 'win',
      describe:
        "fitness: win (win share per seat-game) or score (mean game score per seat-game); with --method dmc: what the evaluations and the verification compare (default: a zero-sum game's score, else win share)",
    },
    'spsa-c': { type: 'number', default: 0.1, describe: 'SPSA: perturbation at the last iteration, as a share of each range (fishtest c_end)' },
    'spsa-step': {
      type: 'number',
      default: 0.05,
      describe: "SPSA: step, as a share of the range, that a difference of one standard error makes at the first iteration (sets Spall's a)",
    },
    'ntbea-levels': { type: 'number', default: 7, describe: 'NTBEA: levels each numeric range is cut into' },
    'ntbea-k': { type: 'number', default: 2, describe: 'NTBEA: exploration constant, in standard errors of one evaluation' },
    'ntbea-neighbours': { type: 'number', default: 50, describe: 'NTBEA: mutants considered per iteration' },
    epsilon: {
      type: 'number',
      default: 0.05,
      describe: '--method dmc: the probability of a random legal action at a learner decision (epsilon-greedy exploration)',
    },
    'self-play': {
      type: 'number',
      default: 0.5,
      describe: '--method dmc: the share of episodes where the net plays every seat; in the others it plays one seat against --opponents',
    },
    'warm-start': {
      type: 'string',
      describe:
        "--method dmc: BOT:GAMES, e.g. greedy:20000: the first GAMES episodes' learner seats play BOT (epsilon-greedy), so the net first learns BOT's action values",
    },
    'demo-share': {
      type: 'number',
      default: 0,
      describe:
        "--method dmc with --warm-start: the share of each later iteration's games still played by the warm-start bot (demonstrations kept through self-play, as DQfD)",
    },
    'rollout-targets': {
      type: 'number',
      default: 0,
      describe:
        "--method dmc: the share of learner decisions that also get every legal action's return when --rollout-bot plays on from the true state (rollout targets, Tesauro and Galperin 1996): their Q loss covers all legal actions",
    },
    'rollout-bot': {
      type: 'string',
      default: 'greedy',
      describe: '--method dmc with --rollout-targets: the built-in bot that plays every seat after the labelled action',
    },
    'rollout-horizon': {
      type: 'string',
      default: 'game',
      describe:
        "--method dmc with --rollout-targets: game (each rollout plays to the game's end) or round (to the end of the current round, each action scored by its seat's margin in the running scores, as ismcts:horizon=round, less the mean of its decision's, over --rollout-scale)",
    },
    'rollout-advantage': {
      type: 'boolean',
      default: false,
      describe:
        "--method dmc with --rollout-targets (game horizon): each labelled decision's targets less their mean (advantages: what the hidden cards do to every action alike cancels); only labelled decisions then train the Q head",
    },
    'rollout-scale': {
      type: 'number',
      default: 10,
      describe: '--method dmc with --rollout-horizon round: the game points a margin (less the mean of its decision) is divided by to make a target',
    },
    epochs: { type: 'number', default: 1, describe: "--method dmc: passes over each iteration's samples" },
    'demo-margin': {
      type: 'number',
      default: 0.1,
      describe:
        "--method dmc with --warm-start: DQfD's margin l, in utility units: the net learns to score the warm-start bot's action at least l above the others at its demonstrations (0: no margin loss, the demonstrations train the Q head by their returns alone)",
    },
    expert: {
      type: 'string',
      describe:
        "--method dmc: a built-in bot (e.g. ismcts, or ismcts:iterations=300) that labels a share of the learner's decisions with its policy (a search's root visit counts, else its action), learned by cross-entropy (Expert Iteration's apprentice, Anthony et al. 2017)",
    },
    'expert-share': {
      type: 'number',
      default: 0.1,
      describe: '--method dmc with --expert: the share of learner decisions (with more than one legal action) the expert labels',
    },
    'expert-target': {
      type: 'string',
      default: 'visits',
      describe:
        "--method dmc with --expert: visits (a search's root visit counts, Expert Iteration's target) or action (1 on the action the expert plays, its most visited child)",
    },
    'expert-kinds': {
      type: 'string',
      describe:
        "--method dmc with --expert and --base: the record types of the base action (the rule file's record vocabulary, e.g. swap) at which the expert labels; at every other decision the net learns the base action itself (it keeps the base policy there)",
    },
    'q-weight': {
      type: 'number',
      default: 1,
      describe:
        "--method dmc: the weight of the Q loss (returns, rollout targets, DQfD's margin); 0 with --expert: the net learns the expert's policy alone (imitation), and only labelled decisions train it",
    },
    base: {
      type: 'string',
      describe:
        "--method dmc: greedy, to give the net the action the game's greedy bot would play as one more input (residual policy learning): it learns where to depart from greedy; the nn bot then asks greedy at each decision",
    },
    'value-target': {
      type: 'string',
      default: 'game',
      describe:
        "--method dmc: what the value head learns: game (every seat's outcome of the game) or round (every seat's points in the round being played over --value-scale, for ismcts:horizon=round,leaf=net; games scored in rounds)",
    },
    'value-scale': {
      type: 'number',
      default: 10,
      describe: '--method dmc with --value-target round: the game points one unit of the value head stands for',
    },
    'net-size': { type: 'string', default: '128,64', describe: "--method dmc: the widths of the net's trunk layers, comma-separated" },
    episodes: {
      type: 'number',
      default: 256,
      describe: '--method dmc: self-play episodes per iteration (the net learns after each iteration); --method exit: episodes per generation (default 32)',
    },
    init: {
      type: 'string',
      describe:
        "--method exit: the first champion net: shipped (the game's own, bots/nets/<game>.json; the default where the game ships one), a net file (e.g. a DMC run's net.json), or fresh (random weights of --net-size; the default where the game ships none)",
    },
    search: {
      type: 'string',
      default: 'ismcts:iterations=100,prior=net,leaf=net,horizon=game',
      describe:
        "--method exit: the net-guided search that plays and labels self-play and the gates (a built-in ismcts spec without net=: each generation adds its champion's)",
    },
    noise: {
      type: 'number',
      default: 0.25,
      describe: "--method exit: the weight of the Dirichlet noise on the root's priors at a seat's first --explore-moves decisions",
    },
    alpha: { type: 'number', default: 0.3, describe: "--method exit: the Dirichlet noise's concentration" },
    'explore-moves': {
      type: 'number',
      default: 4,
      describe: "--method exit: each seat's first decisions of an episode searched with root noise, the move drawn in proportion to the root's visits",
    },
    replay: { type: 'number', default: 4, describe: '--method exit: generations of self-play the net trains on (the replay buffer), the latest included' },
    'gate-every': { type: 'number', default: 1, describe: '--method exit: generations between gates (the last one is always gated)' },
    'gate-games': {
      type: 'number',
      default: 400,
      describe:
        "--method exit: games a gate plays at most: a paired match --sprt of the learner's search against the champion's on held-out deals; only H1 promotes the learner",
    },
    batch: { type: 'number', default: 256, describe: '--method dmc: samples per minibatch (one Adam step each)' },
    lr: { type: 'number', default: 0.001, describe: "--method dmc: Adam's step size" },
    'eval-every': { type: 'number', default: 20, describe: '--method dmc: iterations between evaluations against greedy (paired, on held-out deals)' },
    'eval-deals': { type: 'number', default: 200, describe: '--method dmc: deals of each evaluation (the same held-out deals every time)' },
    verify: {
      type: 'boolean',
      default: true,
      describe: 'after training, match the tuned bot against the starting one on held-out seeds (--no-verify to skip)',
    },
    'verify-games': {
      type: 'number',
      default: 20000,
      describe: 'games the verification match plays at most (it stops when its SPRT decides); with --tune-rules, the games of each confirmed setting',
    },
  } as const,
  {},
);

/** The parsed command line. */
export type Args = NonNullable<Awaited<ReturnType<typeof parseCommand<typeof options>>>>;

/** The options only the methods that learn a network read (`--method dmc` and `exit`): given to another method they are refused, not ignored. */
export const NET_OPTIONS = ['episodes', 'net-size', 'batch', 'lr', 'epochs'] as const;

/** The options only `--method exit` reads. */
export const EXIT_ONLY_OPTIONS = ['init', 'search', 'noise', 'alpha', 'explore-moves', 'replay', 'gate-every', 'gate-games'] as const;

/** The options only `--method dmc` reads. */
export const DMC_ONLY_OPTIONS = [
  'epsilon',
  'self-play',
  'warm-start',
  'demo-share',
  'demo-margin',
  'rollout-targets',
  'rollout-bot',
  'rollout-horizon',
  'rollout-advantage',
  'rollout-scale',
  'expert',
  'expert-share',
  'expert-target',
  'expert-kinds',
  'q-weight',
  'base',
  'value-target',
  'value-scale',
  'eval-every',
  'eval-deals',
] as const;
