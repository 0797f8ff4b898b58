/**
 * `npm run train -- --game G --method dmc`: learns a network by Deep
 * Monte-Carlo self-play (`src/learn/dmc.ts`), evaluates it against greedy
 * every `--eval-every` iterations with a paired comparison on the same
 * held-out deals (`<seed>-eval`), writes the net (`net.json`, played by
 * `nn:file=<dir>/net.json`), the learning curve (`curve.csv`, `curve.json`)
 * and the page, and verifies the final net with a paired `match --sprt`
 * against greedy on held-out seeds (`train-verify.ts`). Stopped (Ctrl-C), it
 * resumes from `train-state.json` at the last finished iteration, with the
 * same result. This module reads the command line into the run's spec (its
 * setup and plan); `train-dmc-run.ts` runs it.
 */
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import { parseVariantSpec, resolveGameVariant, type Variant } from '../core/variant.js';
import { getBotKind, parseAndValidateLineup } from '../../bots/index.js';
import { architectureFor, inputSizes, utilityScale } from '../nn/game-layout.js';
import { Net, parameterCount } from '../nn/net.js';
import { printProse } from '../report/terminal.js';
import { type DmcPlan, type LearnerSteps, newAdam } from '../learn/dmc.js';
import { b64, type DmcSetup, type DmcState, writeTrainState } from '../results/train-state-file.js';
import { runDealKey } from './deals.js';
import { parseCount, parseNumber, runName } from './options.js';
import { claimNewDir } from './run-dir.js';
import type { RunFlags } from './run-flags.js';
import { dealKeyField, keptFlags } from './train-run.js';
import type { Args } from './train-options.js';
import { dmcRun } from './train-dmc-run.js';
import { valueTargetOf } from './train-value-target.js';
import { expertOf, oneBuiltIn } from './train-dmc-bots.js';

/** What every DMC run is built from: the table, the opponents, the net's shape and the run's size. */
interface DmcStart {
  readonly variant: Variant;
  readonly opponents: string[];
  readonly arch: DmcPlan['arch'];
  readonly episodes: number;
  readonly budget: number;
  readonly iterations: number;
}

/**
 * The table, the opponents, the net's shape (`--net-size`, `--base`) and the run's size (`--episodes`, `--budget`).
 * @throws UsageError on an option of another method, a game without a tensor, a bad size.
 */
async function dmcStart(args: Args, game: AnyGame, flags: RunFlags): Promise<DmcStart> {
  for (const f of ['bot', 'tune', 'range', 'tune-rules', 'bots', 'deals'] as const)
    if (args.given.has(f)) throw new UsageError(`--${f} does not go with --method dmc (it learns a network: see --episodes, --net-size, --opponents)`);
  if (!game.tensor) throw new UsageError(`${game.info.id} has no observation tensor: --method dmc cannot learn it`);
  const variant = resolveGameVariant(game, parseVariantSpec(args.variant));
  const opponents = args.opponents === undefined ? ['greedy'] : (await parseAndValidateLineup(args.opponents, game, flags.botLoadMs)).map((s) => s.text);
  const trunk = args['net-size'].split(',').map((w) => parseCount('--net-size', w.trim(), 1, 4096));
  const base = args.base;
  if (base !== undefined && base !== 'greedy') throw new UsageError(`--base must be greedy, got '${base}'`);
  if (base !== undefined && !getBotKind('greedy').supports(game.info.id)) throw new UsageError(`--base greedy: ${game.info.id} has no greedy bot`);
  const arch = architectureFor(game, variant, { trunk, ...(base ? { base } : {}), ...valueTargetOf(args, game) });
  const episodes = parseCount('--episodes', args.episodes, 1, 1_000_000);
  const budget = parseCount('--budget', args.budget, 1, 1e10);
  const iterations = Math.floor(budget / episodes);
  if (iterations < 1) throw new UsageError(`--budget ${budget} is less than one iteration (--episodes ${episodes})`);
  return { variant, opponents, arch, episodes, budget, iterations };
}

/**
 * `--warm-start BOT:GAMES`: the bot the first games' learner seats play, and how many games.
 * @throws UsageError when it is not BOT:GAMES of one built-in bot.
 */
async function warmStartOf(args: Args, game: AnyGame, flags: RunFlags): Promise<Pick<DmcPlan, 'warmStartEpisodes' | 'warmStartBot'>> {
  if (args['warm-start'] === undefined) return { warmStartEpisodes: 0, warmStartBot: null };
  const m = /^([^:]+(?::[^:]*)?):(\d+)$/.exec(args['warm-start'].trim());
  if (!m) throw new UsageError(`--warm-start must be BOT:GAMES (e.g. greedy:20000), got '${args['warm-start']}'`);
  return { warmStartBot: await oneBuiltIn('--warm-start', m[1]!, game, flags), warmStartEpisodes: Number(m[2]) };
}

/**
 * The rollout targets (`--rollout-targets`, `--rollout-bot`, `--rollout-horizon`).
 * @throws UsageError on a rollout bot that is not one built-in bot, or a horizon the game has not.
 */
async function rolloutOf(args: Args, game: AnyGame, flags: RunFlags): Promise<Pick<DmcPlan, 'rolloutShare' | 'rolloutBot' | 'rolloutHorizon'>> {
  const rolloutShare = parseNumber('--rollout-targets', args['rollout-targets'], 0, 1);
  const rolloutBot = rolloutShare > 0 ? await oneBuiltIn('--rollout-bot', args['rollout-bot'], game, flags) : null;
  const rolloutHorizon = args['rollout-horizon'];
  if (rolloutHorizon !== 'game' && rolloutHorizon !== 'round') throw new UsageError(`--rollout-horizon must be game or round, got '${rolloutHorizon}'`);
  if (rolloutHorizon === 'round' && (game.roundsDone === undefined || game.runningScores === undefined))
    throw new UsageError(`--rollout-horizon round: ${game.info.id} has no rounds with running scores; use game`);
  return { rolloutShare, rolloutBot, rolloutHorizon };
}

/**
 * The learner's plan a DMC command line means (`DmcPlan`), every option checked.
 * @throws UsageError on bad options (one line).
 */
async function dmcPlan(args: Args, game: AnyGame, flags: RunFlags, s: DmcStart): Promise<DmcPlan> {
  const { warmStartEpisodes, warmStartBot } = await warmStartOf(args, game, flags);
  const rollout = await rolloutOf(args, game, flags);
  return {
    gameId: game.info.id,
    variant: s.variant,
    arch: s.arch,
    seed: args.seed,
    iterations: s.iterations,
    episodesPerIteration: s.episodes,
    chunk: Math.max(1, Math.min(32, Math.ceil(s.episodes / 8))),
    epsilon: parseNumber('--epsilon', args.epsilon, 0, 1),
    selfPlay: parseNumber('--self-play', args['self-play'], 0, 1),
    opponents: s.opponents,
    warmStartEpisodes,
    warmStartBot,
    demoEvery: warmStartBot ? demoEveryOf(parseNumber('--demo-share', args['demo-share'], 0, 1)) : 0,
    scoreScale: utilityScale(game, s.variant),
    ...learnerSteps(args),
    margin: warmStartBot ? parseNumber('--demo-margin', args['demo-margin'], 0, 1e9) : 0,
    ...rollout,
    rolloutScale: parseNumber('--rollout-scale', args['rollout-scale'], 1e-6, 1e9),
    ...(args['rollout-advantage'] ? { rolloutAdvantage: true } : {}),
    ...(await expertOf(args, game, flags, s.arch, s.variant)),
  };
}

/** What a DMC run keeps besides its plan (`DmcSetup`): the evaluations, the verification, the run flags, the command. */
function dmcSetup(args: Args, game: AnyGame, flags: RunFlags, s: DmcStart, argv: readonly string[]): DmcSetup {
  return {
    dmc: true,
    game: game.info.id,
    variant: s.variant,
    seed: args.seed,
    ...dealKeyField(runDealKey(args['deal-key'], ['greedy'])),
    budget: s.budget,
    evalEvery: parseCount('--eval-every', args['eval-every'], 1, 1e9),
    evalDeals: parseCount('--eval-deals', args['eval-deals'], 2, 1e7),
    verify: args.verify,
    verifyGames: parseCount('--verify-games', args['verify-games'], 2, 1e10),
    ...objectiveOf(args, game),
    flags: keptFlags(flags),
    command: provenanceCommand(argv),
  };
}

/**
 * Sets up a DMC run from the command line (its spec: `dmcPlan`, `dmcSetup`),
 * claims its directory, writes its first state and runs it.
 * @returns the exit code.
 * @throws UsageError on bad options (one line).
 */
export async function dmcMain(args: Args, game: AnyGame, flags: RunFlags, argv: readonly string[]): Promise<number> {
  const s = await dmcStart(args, game, flags);
  const plan = await dmcPlan(args, game, flags, s);
  const setup = dmcSetup(args, game, flags, s, argv);
  const net = Net.create(s.arch, `${args.seed}/init`);
  const adam = newAdam(plan, net.weights.length);
  const state: DmcState = { iteration: 0, seconds: 0, curve: [], weights: b64(net.weights), adam: { t: adam.t, m: b64(adam.m), v: b64(adam.v) } };
  const dir = claimNewDir(args.out, runName(`${game.info.id}-dmc`, args.seed, new Date()), args.force);
  writeTrainState(dir, { setup, plan, state });
  printHeader(game, setup, plan);
  return dmcRun(game, flags, setup, plan, state, dir);
}

/** The run's first lines: the game, the size, the net and what the learner plays against. */
function printHeader(game: AnyGame, setup: DmcSetup, plan: DmcPlan): void {
  const { arch, iterations, episodesPerIteration: episodes, warmStartBot, rolloutBot } = plan;
  printProse(
    `${game.info.id} · train a network by Deep Monte-Carlo self-play · seed ${setup.seed} · ${iterations} iterations × ${episodes} episodes = ${iterations * episodes} games\nnet: ${parameterCount(arch)} weights (trunk ${arch.trunk.join('-')}, ${arch.head.kind} action head${arch.valueTarget ? `, value head of round points over ${arch.valueTarget.scale}` : ''}) on the tensor of ${inputSizes(arch).tensor} entries${arch.base ? ` and ${arch.base}'s action (--base)` : ''} · ε ${plan.epsilon} · self-play ${plan.selfPlay} · opponents ${plan.opponents.join(', ')}${warmStartBot ? ` · warm start: ${warmStartBot} for ${plan.warmStartEpisodes} games` : ''}${rolloutBot ? ` · rollout targets: ${plan.rolloutShare} of decisions, ${rolloutBot} plays on to the ${plan.rolloutHorizon === 'round' ? "round's" : "game's"} end` : ''}${plan.expertBot ? ` · expert: ${plan.expertBot} labels ${plan.expertShare} of ${plan.expertKinds ? `the decisions where ${arch.base} would ${plan.expertKinds.join(' or ')} (${arch.base}'s action is the target at the others)` : 'decisions'}${plan.qWeight === 0 ? ' (its policy alone trains the action head)' : ''}` : ''}\n`,
  );
}

/**
 * The command that trains a net, as its provenance records it: the options
 * that decide the weights, without where the run was written (`--out`,
 * `--force`) or how many threads played it (`--workers`: the weights are the
 * same for any count), and a queue password masked.
 */
export function provenanceCommand(argv: readonly string[]): string {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag] = a.split('=');
    if (flag === '--workers' || flag === '--out') {
      if (!a.includes('=')) i++;
      continue;
    }
    if (a === '--force') continue;
    kept.push(a.replace(/^(rediss?:\/\/[^/@]*:)[^/@]+@/, '$1***@'));
  }
  return `npm run train -- ${kept.join(' ')}`;
}

/**
 * `{ objective }`: what the evaluations and the verification compare, `--objective` or the game's utility.
 * @throws UsageError on another value than win or score.
 */
function objectiveOf(args: Args, game: AnyGame): Pick<DmcSetup, 'objective'> {
  if (!args.given.has('objective')) return { objective: game.info.utility === 'zero-sum' ? 'score' : 'win' };
  if (args.objective !== 'win' && args.objective !== 'score') throw new UsageError(`--objective must be win or score, got '${args.objective}'`);
  return { objective: args.objective };
}

/**
 * The learner's steps a command line means (`--batch`, `--epochs`, `--lr`;
 * L2 1e-6, clipping norm 10, value weight 1), for `--method dmc` and `exit`.
 * @throws UsageError on a value out of range (one line).
 */
export function learnerSteps(args: Args): LearnerSteps {
  return {
    batch: parseCount('--batch', args.batch, 1, 1_000_000),
    epochs: parseCount('--epochs', args.epochs, 1, 1000),
    lr: parseNumber('--lr', args.lr, 1e-7, 1),
    l2: 1e-6,
    clipNorm: 10,
    valueWeight: 1,
  };
}

/** The chunk period of a share of demonstration chunks: 1/share rounded (0 for none). */
function demoEveryOf(share: number): number {
  return share > 0 ? Math.max(1, Math.round(1 / share)) : 0;
}
