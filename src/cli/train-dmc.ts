/**
 * `npm run train -- --game G --method dmc`: learns a network by Deep
 * Monte-Carlo self-play (`src/learn/dmc.ts`), evaluates it against greedy
 * every `--eval-every` iterations with a paired comparison on the same
 * held-out deals (`<seed>-eval`), writes the net (`net.json`, played by
 * `nn:file=<dir>/net.json`), the learning curve (`curve.csv`, `curve.json`)
 * and the page, and verifies the final net with a paired `match --sprt`
 * against greedy on held-out seeds (`train-verify.ts`). Stopped (Ctrl-C), it
 * resumes from `train-state.json` at the last finished iteration, with the
 * same result.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringify } from '../report/csv.js';
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import { parseVariantSpec, resolveGameVariant, type Variant } from '../core/variant.js';
import { getBotKind, parseAndValidateLineup } from '../../bots/index.js';
import { writeFileAtomic } from '../io/files.js';
import { architectureFor, inputSizes, layoutDescription, utilityScale } from '../nn/game-layout.js';
import { netMeta, saveNetFile } from '../nn/file.js';
import { Net, parameterCount } from '../nn/net.js';
import { num } from '../report/terminal-format.js';
import { fitTable, printProse, tableWidth } from '../report/terminal.js';
import { evaluatePair, type Arena } from '../train/evaluate.js';
import { dmcIteration, hasExpert, newAdam, type DmcIterationFigures, type DmcPlan } from '../learn/dmc.js';
import { selfPlayer } from '../learn/selfplay-pool.js';
import { claimOutDir, installStopper, newRunDir, openPlayer, type RunFlags, writePageAndName } from './common.js';
import { parseCount, runName } from './options.js';
import { runDealKey } from './deals.js';
import { progressReporter } from './progress.js';
import { keptFlags, parseNumber, runBase, type Args, type TrainSetup } from './train-run.js';
import { verifyTuned } from './train-verify.js';

/** The options only `--method dmc` reads: given to another method they are refused, not ignored. */
export const DMC_ONLY_OPTIONS = [
  'episodes',
  'net-size',
  'batch',
  'lr',
  'epochs',
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
  'q-weight',
  'base',
  'eval-every',
  'eval-deals',
] as const;

/** What a DMC run keeps besides its plan (`train-state.json`'s `setup`). */
export interface DmcSetup {
  readonly dmc: true;
  readonly game: string;
  readonly variant: Variant;
  readonly seed: string;
  readonly dealKey?: string;
  readonly budget: number;
  readonly evalEvery: number;
  readonly evalDeals: number;
  readonly verify: boolean;
  readonly verifyGames: number;
  /**
   * What the evaluations and the verification compare: win share or score
   * per seat-game, `--objective` or by default the game's utility (a
   * zero-sum game's score, else win share); it changes no weight. Absent in
   * states written before the option: the game's utility.
   */
  readonly objective?: 'win' | 'score';
  readonly flags: TrainSetup['flags'];
  /** The command that started the run (a queue password masked), for the net's provenance. */
  readonly command: string;
}

/** The paired comparison of the net against greedy at an evaluation: A − B in win share (or score) per seat-game. */
export interface DmcEvaluation {
  readonly deals: number;
  readonly value: number;
  readonly ci95: readonly [number, number];
}

/** A row of the learning curve. */
export type DmcCurveRow = DmcIterationFigures & { readonly seconds: number; readonly evaluation: DmcEvaluation | null };

/** What changes as the run goes: `train-state.json`'s `state`. */
export interface DmcState {
  /** Iterations finished. */
  readonly iteration: number;
  readonly seconds: number;
  readonly curve: readonly DmcCurveRow[];
  /** The net's weights (base64 of little-endian Float32), and Adam's step count and moments (base64 of Float64). */
  readonly weights: string;
  readonly adam: { readonly t: number; readonly m: string; readonly v: string };
}

const b64 = (a: Float32Array | Float64Array): string => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
function f32(text: string): Float32Array {
  const b = Buffer.from(text, 'base64');
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}
function f64(text: string): Float64Array {
  const b = Buffer.from(text, 'base64');
  return new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

/**
 * Sets up a DMC run from the command line and runs it.
 * @returns the exit code.
 * @throws UsageError on bad options (one line).
 */
export async function dmcMain(args: Args, game: AnyGame, flags: RunFlags, argv: readonly string[]): Promise<number> {
  for (const f of ['bot', 'tune', 'range', 'tune-rules', 'bots', 'deals'] as const)
    if (args.given.has(f)) throw new UsageError(`--${f} does not go with --method dmc (it learns a network: see --episodes, --net-size, --opponents)`);
  if (!game.tensor) throw new UsageError(`${game.info.id} has no observation tensor: --method dmc cannot learn it`);
  const given: Record<string, string | number> = parseVariantSpec(args.variant);
  const variant = resolveGameVariant(game, given);
  const _P = Number(variant.players);
  const opponents = args.opponents === undefined ? ['greedy'] : (await parseAndValidateLineup(args.opponents, game, flags.botLoadMs)).map((s) => s.text);
  const trunk = args['net-size'].split(',').map((w) => parseCount('--net-size', w.trim(), 1, 4096));
  const base = args.base;
  if (base !== undefined && base !== 'greedy') throw new UsageError(`--base must be greedy, got '${base}'`);
  if (base !== undefined && !getBotKind('greedy').supports(game.info.id)) throw new UsageError(`--base greedy: ${game.info.id} has no greedy bot`);
  const arch = architectureFor(game, variant, base ? { trunk, base } : { trunk });
  const episodes = parseCount('--episodes', args.episodes, 1, 1_000_000);
  const budget = parseCount('--budget', args.budget, 1, 1e10);
  const iterations = Math.floor(budget / episodes);
  if (iterations < 1) throw new UsageError(`--budget ${budget} is less than one iteration (--episodes ${episodes})`);
  let warmStartEpisodes = 0;
  let warmStartBot: string | null = null;
  if (args['warm-start'] !== undefined) {
    const m = /^([^:]+(?::[^:]*)?):(\d+)$/.exec(args['warm-start'].trim());
    if (!m) throw new UsageError(`--warm-start must be BOT:GAMES (e.g. greedy:20000), got '${args['warm-start']}'`);
    const specs = await parseAndValidateLineup(m[1]!, game, flags.botLoadMs);
    if (specs.length !== 1 || specs[0]!.name.includes('/')) throw new UsageError(`--warm-start takes one built-in bot, got '${m[1]}'`);
    warmStartBot = specs[0]!.text;
    warmStartEpisodes = Number(m[2]);
  }
  const rolloutShare = parseNumber('--rollout-targets', args['rollout-targets'], 0, 1);
  let rolloutBot: string | null = null;
  if (rolloutShare > 0) {
    const specs = await parseAndValidateLineup(args['rollout-bot'], game, flags.botLoadMs);
    if (specs.length !== 1 || specs[0]!.name.includes('/')) throw new UsageError(`--rollout-bot takes one built-in bot, got '${args['rollout-bot']}'`);
    rolloutBot = specs[0]!.text;
  }
  const rolloutHorizon = args['rollout-horizon'];
  if (rolloutHorizon !== 'game' && rolloutHorizon !== 'round') throw new UsageError(`--rollout-horizon must be game or round, got '${rolloutHorizon}'`);
  if (rolloutHorizon === 'round' && (game.roundsDone === undefined || game.runningScores === undefined))
    throw new UsageError(`--rollout-horizon round: ${game.info.id} has no rounds with running scores; use game`);
  const plan: DmcPlan = {
    gameId: game.info.id,
    variant,
    arch,
    seed: args.seed,
    iterations,
    episodesPerIteration: episodes,
    chunk: Math.max(1, Math.min(32, Math.ceil(episodes / 8))),
    epsilon: parseNumber('--epsilon', args.epsilon, 0, 1),
    selfPlay: parseNumber('--self-play', args['self-play'], 0, 1),
    opponents,
    warmStartEpisodes,
    warmStartBot,
    demoEvery: warmStartBot ? demoEveryOf(parseNumber('--demo-share', args['demo-share'], 0, 1)) : 0,
    scoreScale: utilityScale(game, variant),
    batch: parseCount('--batch', args.batch, 1, 1_000_000),
    epochs: parseCount('--epochs', args.epochs, 1, 1000),
    lr: parseNumber('--lr', args.lr, 1e-7, 1),
    l2: 1e-6,
    clipNorm: 10,
    valueWeight: 1,
    margin: warmStartBot ? parseNumber('--demo-margin', args['demo-margin'], 0, 1e9) : 0,
    rolloutShare,
    rolloutBot,
    rolloutHorizon,
    rolloutScale: parseNumber('--rollout-scale', args['rollout-scale'], 1e-6, 1e9),
    ...(args['rollout-advantage'] ? { rolloutAdvantage: true } : {}),
    ...(await expertOf(args, game, flags)),
  };
  const setup: DmcSetup = {
    dmc: true,
    game: game.info.id,
    variant,
    seed: args.seed,
    ...dealKeyOf(runDealKey(args['deal-key'], ['greedy'])),
    budget,
    evalEvery: parseCount('--eval-every', args['eval-every'], 1, 1e9),
    evalDeals: parseCount('--eval-deals', args['eval-deals'], 2, 1e7),
    verify: args.verify,
    verifyGames: parseCount('--verify-games', args['verify-games'], 2, 1e10),
    ...objectiveOf(args, game),
    flags: keptFlags(flags),
    command: provenanceCommand(argv),
  };
  const net = Net.create(arch, `${args.seed}/init`);
  const adam = newAdam(plan, net.weights.length);
  const state: DmcState = { iteration: 0, seconds: 0, curve: [], weights: b64(net.weights), adam: { t: adam.t, m: b64(adam.m), v: b64(adam.v) } };
  const out = args.out ?? newRunDir(runName(`${game.info.id}-dmc`, args.seed, new Date()));
  claimOutDir(out, { force: args.force });
  const dir = resolve(out);
  writeFileAtomic(join(dir, 'train-state.json'), JSON.stringify({ setup, plan, state }));
  printProse(
    `${game.info.id} · train a network by Deep Monte-Carlo self-play · seed ${setup.seed} · ${iterations} iterations × ${episodes} episodes = ${iterations * episodes} games\nnet: ${parameterCount(arch)} weights (trunk ${arch.trunk.join('-')}, ${arch.head.kind} action head) on the tensor of ${inputSizes(arch).tensor} entries${arch.base ? ` and ${arch.base}'s action (--base)` : ''} · ε ${plan.epsilon} · self-play ${plan.selfPlay} · opponents ${opponents.join(', ')}${warmStartBot ? ` · warm start: ${warmStartBot} for ${warmStartEpisodes} games` : ''}${rolloutBot ? ` · rollout targets: ${rolloutShare} of decisions, ${rolloutBot} plays on to the ${rolloutHorizon === 'round' ? "round's" : "game's"} end` : ''}${plan.expertBot ? ` · expert: ${plan.expertBot} labels ${plan.expertShare} of decisions${plan.qWeight === 0 ? ' (its policy alone trains the action head)' : ''}` : ''}\n`,
  );
  return dmcRun(game, flags, setup, plan, state, dir);
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
 * The expert's part of a plan (`--expert`, `--expert-share`, `--q-weight`).
 * @throws UsageError on an expert that is not one built-in bot, a share
 *   outside (0, 1], or a Q weight of 0 without an expert (nothing would train the action head).
 */
async function expertOf(args: Args, game: AnyGame, flags: RunFlags): Promise<Pick<DmcPlan, 'expertBot' | 'expertShare' | 'expertTarget' | 'qWeight'>> {
  const qWeight = parseNumber('--q-weight', args['q-weight'], 0, 1e9);
  if (args.expert === undefined) {
    for (const f of ['expert-share', 'expert-target'] as const)
      if (args.given.has(f)) throw new UsageError(`--${f} needs --expert (the bot whose policy the net learns)`);
    if (qWeight === 0) throw new UsageError('--q-weight 0 needs --expert: without Q targets or an expert nothing trains the action head');
    return qWeight === 1 ? {} : { qWeight };
  }
  const specs = await parseAndValidateLineup(args.expert, game, flags.botLoadMs);
  if (specs.length !== 1 || specs[0]!.name.includes('/')) throw new UsageError(`--expert takes one built-in bot, got '${args.expert}'`);
  const expertShare = parseNumber('--expert-share', args['expert-share'], 0, 1);
  if (!(expertShare > 0)) throw new UsageError('--expert-share must be above 0 (the share of learner decisions the expert labels)');
  const target = args['expert-target'];
  if (target !== 'visits' && target !== 'action') throw new UsageError(`--expert-target must be visits or action, got '${target}'`);
  // Plans written before the option have none: visits.
  return { expertBot: specs[0]!.text, expertShare, ...(target === 'action' ? { expertTarget: target } : {}), qWeight };
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

/** The chunk period of a share of demonstration chunks: 1/share rounded (0 for none). */
function demoEveryOf(share: number): number {
  return share > 0 ? Math.max(1, Math.round(1 / share)) : 0;
}

/** `{ dealKey }` when the deals are secret. */
function dealKeyOf(dealKey: string | undefined): { dealKey?: string } {
  return dealKey === undefined ? {} : { dealKey };
}

/**
 * Runs (or resumes) a DMC run from its saved state: the remaining iterations,
 * an evaluation every `evalEvery` and at the end, then the verification.
 * @returns the exit code (130 / 143 when stopped: resume with --resume DIR).
 */
export async function dmcRun(game: AnyGame, flags: RunFlags, setup: DmcSetup, plan: DmcPlan, start: DmcState, dir: string): Promise<number> {
  const net = new Net(plan.arch, f32(start.weights));
  const adam = newAdam(plan, net.weights.length);
  adam.restore(start.adam.t, f64(start.adam.m), f64(start.adam.v));
  let state = start;
  const stopper = installStopper();
  const player = selfPlayer(flags.workers);
  const pool = await openPlayer(flags);
  const progress = progressReporter();
  const total = plan.iterations * plan.episodesPerIteration;
  const P = Number(plan.variant.players);
  const arena: Arena = {
    game,
    variant: plan.variant,
    opponents: Array.from({ length: P - 1 }, () => 'greedy'),
    objective: setup.objective ?? (game.info.utility === 'zero-sum' ? 'score' : 'win'),
    deals: setup.evalDeals,
    seed: `${setup.seed}-eval`,
    workers: flags.workers,
    pool,
    watchdogMs: flags.watchdogMs,
    base: runBase(setup),
    stop: stopper.signal,
  };
  const netFile = join(dir, 'net.json');
  const saveNet = (): void =>
    saveNetFile(
      netFile,
      net,
      netMeta(game, plan.variant, {
        command: setup.command,
        iterations: state.iteration,
        games: state.iteration * plan.episodesPerIteration,
        seed: setup.seed,
      }),
    );
  let stopped = false;
  try {
    while (state.iteration < plan.iterations) {
      progress.update(state.iteration * plan.episodesPerIteration, total, `iteration ${state.iteration + 1}/${plan.iterations}`);
      const t0 = performance.now();
      const f = await dmcIteration(plan, state.iteration, net, adam, player, stopper.signal, progress.pulse);
      if (f === null) {
        stopped = true;
        break;
      }
      let evaluation: DmcEvaluation | null = null;
      const k = state.iteration + 1;
      if (k % setup.evalEvery === 0 || k === plan.iterations) {
        // Each evaluated net keeps a file of its own: a worker builds a bot once per spec text and reuses it, so a
        // spec naming the same file at every evaluation would keep playing the first net it read.
        const iterFile = join(dir, 'nets', `iter-${k}.json`);
        mkdirSync(join(dir, 'nets'), { recursive: true });
        saveNetFile(
          iterFile,
          net,
          netMeta(game, plan.variant, { command: setup.command, iterations: k, games: k * plan.episodesPerIteration, seed: setup.seed }),
        );
        // The same held-out deals at every evaluation (iteration 0 of the arena's seed): the curve compares like with like.
        const r = await evaluatePair(arena, 0, `nn:file=${iterFile}`, 'greedy');
        if (r === null) {
          stopped = true;
          break;
        }
        evaluation = { deals: setup.evalDeals, value: r.difference.value, ci95: [r.difference.ci95[0], r.difference.ci95[1]] };
      }
      const seconds = state.seconds + (performance.now() - t0) / 1000;
      state = {
        iteration: k,
        seconds,
        curve: [...state.curve, { ...f, seconds, evaluation }],
        weights: b64(net.weights),
        adam: { t: adam.t, m: b64(adam.m), v: b64(adam.v) },
      };
      writeFileAtomic(join(dir, 'train-state.json'), JSON.stringify({ setup, plan, state }));
      writeDmcCurve(dir, state.curve);
    }
  } finally {
    progress.stop();
    await player.close();
    await pool.close();
  }
  stopper.dispose();
  if (stopped) {
    process.stderr.write(
      `ninefold: stopped after ${state.iteration} of ${plan.iterations} iterations (the iteration in progress is played again); carry on with: npm run train -- --resume ${dir}\n`,
    );
    await writePageAndName(dir);
    return stopper.received() === 'SIGTERM' ? 143 : 130;
  }
  // The net of the last finished iteration (the state's weights: a resumed run's net is the same).
  net.weights.set(f32(state.weights));
  saveNet();
  const expert = hasExpert(plan);
  const rows = state.curve
    .filter((x) => x.evaluation !== null)
    .map((r) => [
      String(r.iteration),
      String(r.episodes),
      num(r.lossQ, 4),
      num(r.lossValue, 4),
      ...(expert ? [num(r.lossPolicy ?? Number.NaN, 4)] : []),
      points(r.evaluation!.value, arena.objective),
      `${points(r.evaluation!.ci95[0], arena.objective)} to ${points(r.evaluation!.ci95[1], arena.objective)}`,
    ]);
  const head = ['iteration', 'games', 'loss (Q)', 'loss (value)', ...(expert ? ['loss (policy)'] : []), 'net − greedy', '95% interval'];
  process.stdout.write(`${fitTable(head, rows, { width: tableWidth(flags), keys: 1 })}\n`);
  printProse(
    `net − greedy: the net's ${arena.objective === 'win' ? 'win share' : 'score'} per seat-game less greedy's in its place, paired on the same ${setup.evalDeals} held-out deals (seed ${setup.seed}-eval) at every evaluation, the net in every seat against greedy opponents (95% interval over the deals, Student t).\nnet: ${netFile} (play it with nn:file=${netFile}) · layout ${layoutDescription(game, plan.variant).slice(0, 80)}…\n`,
  );
  const trainJson: Record<string, unknown> = {
    game: setup.game,
    variant: setup.variant,
    method: 'dmc',
    net: 'net.json',
    iterations: state.iteration,
    games: state.iteration * plan.episodesPerIteration,
    seconds: state.seconds,
    ...(setup.dealKey !== undefined ? { dealKey: setup.dealKey } : {}),
    verification: null,
  };
  writeFileAtomic(join(dir, 'train.json'), `${JSON.stringify(trainJson, null, 2)}\n`);
  if (!setup.verify) {
    await writePageAndName(dir);
    return 0;
  }
  // The verification: a paired match --sprt of the net (A) against greedy (B) on held-out seeds, then a fixed-size confirmation.
  const verifySetup = {
    game: setup.game,
    variant: setup.variant,
    start: 'greedy',
    opponents: arena.opponents,
    objective: arena.objective,
    deals: 0,
    seed: setup.seed,
    ...(setup.dealKey !== undefined ? { dealKey: setup.dealKey } : {}),
    budget: setup.budget,
    verify: true,
    verifyGames: setup.verifyGames,
    flags: setup.flags,
    rules: null,
  } satisfies TrainSetup;
  const code = await verifyTuned(dir, verifySetup, flags, `nn:file=${netFile}`, trainJson);
  await writePageAndName(dir);
  return code;
}

/** A difference as signed points of win share, or a score difference. */
function points(x: number, objective: 'win' | 'score'): string {
  if (!Number.isFinite(x)) return 'n/a';
  const v = objective === 'win' ? 100 * x : x;
  const text = Math.abs(v).toFixed(objective === 'win' ? 1 : 3);
  return Number(text) === 0 ? text : `${v > 0 ? '+' : '−'}${text}`;
}

/** The columns of a DMC run's `curve.csv`. */
export const DMC_CURVE_COLUMNS = [
  'iteration',
  'games',
  'samples',
  'loss_q',
  'loss_value',
  'loss_policy',
  'learner_utility',
  'warm_start',
  'eval_deals',
  'net_minus_greedy',
  'net_minus_greedy_ci95_lo',
  'net_minus_greedy_ci95_hi',
] as const;

/** Writes the learning curve (CSV and JSON), without the clock. */
export function writeDmcCurve(dir: string, curve: readonly DmcCurveRow[]): void {
  const rows = curve.map((r) => [
    r.iteration,
    r.episodes,
    r.samples,
    r.lossQ,
    r.lossValue,
    r.lossPolicy ?? '',
    r.learnerUtility,
    r.warmStart ? 1 : 0,
    r.evaluation?.deals ?? '',
    r.evaluation?.value ?? '',
    r.evaluation?.ci95[0] ?? '',
    r.evaluation?.ci95[1] ?? '',
  ]);
  writeFileAtomic(join(dir, 'curve.csv'), stringify(rows, { header: true, columns: [...DMC_CURVE_COLUMNS] }));
  // No clock in the curve: the same seed gives the same files on any machine and worker count (the seconds are in train-state.json).
  const rowsJson = curve.map(({ seconds: _s, ...r }) => r);
  writeFileAtomic(join(dir, 'curve.json'), `${JSON.stringify({ method: 'dmc', curve: rowsJson }, null, 2)}\n`);
}
