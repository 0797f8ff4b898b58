/**
 * `npm run train -- --game G --method exit`: Expert Iteration (Anthony, Tian
 * and Barber, NeurIPS 2017), in AlphaGo Zero's form: generations of
 * self-play by the search guided by the champion net, a replay buffer of
 * recent generations, and each new net gated by a paired `match --sprt`
 * against the champion on held-out deals (`src/learn/exit.ts`). This module
 * reads the command line into the run's spec (its setup and plan) and the
 * first champion (`--init`); `train-exit-run.ts` runs it.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import { parseVariantSpec, resolveGameVariant, type Variant } from '../core/variant.js';
import { parseAndValidateLineup } from '../../bots/index.js';
import { shippedNetPath } from '../../bots/nets.js';
import { type ExitPlan, generationNetFile, searchSpec } from '../learn/exit.js';
import { loadNetFile, type NetMeta, netMeta, saveNetFile } from '../nn/file.js';
import { architectureFor, layoutHash, utilityScale } from '../nn/game-layout.js';
import { Net, parameterCount } from '../nn/net.js';
import { printProse } from '../report/terminal.js';
import { newAdam } from '../learn/dmc.js';
import type { ExitSetup, ExitState } from '../results/exit-state.js';
import { b64, writeTrainState } from '../results/train-state-file.js';
import { runDealKey } from './deals.js';
import { parseCount, parseNumber, runName } from './options.js';
import { claimNewDir } from './run-dir.js';
import type { RunFlags } from './run-flags.js';
import { learnerSteps, provenanceCommand } from './train-dmc.js';
import { exitRun } from './train-exit-run.js';
import type { Args } from './train-options.js';
import { dealKeyField, keptFlags } from './train-run.js';

/**
 * The first champion (`--init`): the game's shipped net, a net file, or fresh weights of `--net-size`.
 * @throws UsageError on a missing or foreign net file, or `shipped` for a game without one.
 */
function initialNet(args: Args, game: AnyGame, variant: Variant): { net: Net; init: string } {
  const init = args.init ?? (existsSync(shippedNetPath(game.info.id)) ? 'shipped' : undefined);
  if (init === undefined)
    throw new UsageError(
      `--method exit: ${game.info.id} ships no net; start from a Deep Monte-Carlo run's (--init <dir>/net.json after npm run train -- --game ${game.info.id} --method dmc) or from --init fresh`,
    );
  if (init === 'fresh') {
    const trunk = args['net-size'].split(',').map((w) => parseCount('--net-size', w.trim(), 1, 4096));
    return { net: Net.create(architectureFor(game, variant, { trunk }), `${args.seed}/init`), init };
  }
  if (args.given.has('net-size')) throw new UsageError('--net-size goes with --init fresh (a net file has its own shape)');
  const path = init === 'shipped' ? shippedNetPath(game.info.id) : init;
  if (!existsSync(path)) throw new UsageError(`--init ${init}: ${init === 'shipped' ? `${game.info.id} ships no net` : 'no such net file'}`);
  const loaded = loadNetFile(path, game, variant);
  if (loaded.meta.layoutHash !== layoutHash(game, variant))
    throw new UsageError(`--init ${init}: the net was trained for another tensor layout of ${game.info.id} (variant ${JSON.stringify(loaded.meta.variant)})`);
  return { net: loaded.net, init };
}

/**
 * The plan an Expert Iteration command line means, every option checked.
 * @throws UsageError on bad options (one line).
 */
function exitPlan(args: Args, game: AnyGame, variant: Variant, net: Net): ExitPlan {
  const episodes = parseCount('--episodes', args.given.has('episodes') ? args.episodes : 32, 1, 1_000_000);
  const budget = parseCount('--budget', args.given.has('budget') ? args.budget : 10 * episodes, 1, 1e10);
  const generations = Math.floor(budget / episodes);
  if (generations < 1) throw new UsageError(`--budget ${budget} is less than one generation (--episodes ${episodes})`);
  if (/(^|[:,])net=/.test(args.search)) throw new UsageError(`--search names no net (each generation adds its champion's): '${args.search}'`);
  return {
    exit: true,
    gameId: game.info.id,
    variant,
    arch: net.arch,
    seed: args.seed,
    generations,
    episodesPerGeneration: episodes,
    chunk: Math.max(1, Math.min(8, Math.ceil(episodes / 8))),
    search: args.search,
    noise: parseNumber('--noise', args.noise, 0, 1),
    alpha: parseNumber('--alpha', args.alpha, 0.001, 100),
    exploreMoves: parseCount('--explore-moves', args['explore-moves'], 0, 1e6),
    replay: parseCount('--replay', args.replay, 1, 1000),
    scoreScale: utilityScale(game, variant),
    ...learnerSteps(args),
  };
}

/**
 * Checks the search as self-play and the gates will name it (with root
 * noise, on the first champion's net), before the run's directory is claimed.
 * @throws UsageError (one line) when the bot refuses it (e.g. leaf=net with a profile's horizon=round).
 */
async function checkSearch(plan: ExitPlan, game: AnyGame, flags: RunFlags, net: Net, meta: NetMeta): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'ninefold-exit-'));
  try {
    const file = join(scratch, 'net.json');
    saveNetFile(file, net, meta);
    await parseAndValidateLineup(searchSpec(plan, file, true), game, flags.botLoadMs);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Sets up an Expert Iteration run from the command line: its spec, its
 * directory with the first champion (`nets/gen-0.json`), its first state;
 * then runs it.
 * @returns the exit code.
 * @throws UsageError on bad options (one line).
 */
export async function exitMain(args: Args, game: AnyGame, flags: RunFlags, argv: readonly string[]): Promise<number> {
  for (const f of ['bot', 'tune', 'range', 'tune-rules', 'bots', 'deals', 'opponents'] as const)
    if (args.given.has(f))
      throw new UsageError(`--${f} does not go with --method exit (the search plays every seat; the gates play it against greedy opponents)`);
  if (!game.tensor) throw new UsageError(`${game.info.id} has no observation tensor: --method exit cannot learn it`);
  const variant = resolveGameVariant(game, parseVariantSpec(args.variant));
  const { net, init } = initialNet(args, game, variant);
  const plan = exitPlan(args, game, variant, net);
  const setup: ExitSetup = {
    exit: true,
    game: game.info.id,
    variant,
    seed: args.seed,
    ...dealKeyField(runDealKey(args['deal-key'], ['greedy'])),
    budget: plan.generations * plan.episodesPerGeneration,
    init,
    gateEvery: parseCount('--gate-every', args['gate-every'], 1, 1e6),
    gateGames: parseCount('--gate-games', args['gate-games'], 2, 1e9),
    flags: keptFlags(flags),
    command: provenanceCommand(argv),
  };
  const meta = netMeta(game, variant, { command: setup.command, generation: 0, init, seed: setup.seed });
  await checkSearch(plan, game, flags, net, meta);
  const dir = claimNewDir(args.out, runName(`${game.info.id}-exit`, args.seed, new Date()), args.force);
  mkdirSync(join(dir, 'nets'), { recursive: true });
  saveNetFile(generationNetFile(dir, 0), net, meta);
  const adam = newAdam({ lr: plan.lr, l2: plan.l2, clipNorm: plan.clipNorm }, net.weights.length);
  const state: ExitState = {
    generation: 0,
    gatePending: false,
    seconds: 0,
    selfPlaySeconds: [],
    curve: [],
    champion: 0,
    weights: b64(net.weights),
    adam: { t: adam.t, m: b64(adam.m), v: b64(adam.v) },
  };
  writeTrainState(dir, { setup, plan, state });
  printProse(
    `${game.info.id} · Expert Iteration · seed ${setup.seed} · ${plan.generations} generations × ${plan.episodesPerGeneration} episodes of self-play by ${plan.search} · net: ${parameterCount(net.arch)} weights, first champion ${init} · replay ${plan.replay} generations · a gate (match --sprt, at most ${setup.gateGames} games) every ${setup.gateEvery}\n`,
  );
  return exitRun(game, flags, setup, plan, state, dir);
}
