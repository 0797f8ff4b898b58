/**
 * Deep Monte-Carlo (Zha et al., "DouZero: Mastering DouDizhu with Self-Play
 * Deep Reinforcement Learning", ICML 2021): Q(s, a) regressed on the
 * Monte-Carlo returns of ε-greedy self-play, one network scoring every legal
 * action. An iteration plays `episodesPerIteration` episodes in fixed chunks
 * (on any number of threads: the samples are the same), shuffles their
 * samples with the iteration's own generator, and takes Adam steps on
 * minibatches of them: the squared error of the chosen action's score
 * against its return, plus the value head's squared error against every
 * seat's outcome. Same plan, seed and starting weights: the same weights,
 * bit for bit, for any worker count, and after a stop and resume at an
 * iteration boundary.
 */
import { createRng, shuffleInPlace } from '../core/rng.js';
import { Adam } from '../nn/adam.js';
import type { TrainingSample } from '../nn/loss.js';
import type { Net, NetArchitecture } from '../nn/net.js';
import { trainStep } from '../nn/train-step.js';
import type { RolloutHorizon } from './rollout-targets.js';
import type { ExpertTarget, SamplePack, SelfPlayTask } from './selfplay.js';
import { chunkTasks } from './chunk-tasks.js';
import type { SelfPlayer } from './selfplay-pool.js';

/**
 * How a learner steps (Deep Monte-Carlo's and Expert Iteration's alike): its
 * minibatch size, passes over each iteration's (or replay buffer's)
 * samples, Adam's step size, L2 and gradient-clipping norm, and the value
 * head's loss weight (1: equal to the action head's).
 */
export interface LearnerSteps {
  readonly batch: number;
  readonly epochs: number;
  readonly lr: number;
  readonly l2: number;
  readonly clipNorm: number;
  readonly valueWeight: number;
}

/** What a DMC run keeps fixed (`train-state.json`'s `plan`). */
export interface DmcPlan extends LearnerSteps {
  readonly gameId: string;
  readonly variant: SelfPlayTask['variant'];
  readonly arch: NetArchitecture;
  readonly seed: string;
  /** Iterations in the run; each plays `episodesPerIteration` episodes. */
  readonly iterations: number;
  readonly episodesPerIteration: number;
  /** Episodes per chunk (a worker's task): fixed, so chunks are the same for any worker count. */
  readonly chunk: number;
  readonly epsilon: number;
  readonly selfPlay: number;
  readonly opponents: readonly string[];
  /** Episodes at the start whose learner seats play this bot (warm start), and the bot; 0 and null for none. */
  readonly warmStartEpisodes: number;
  readonly warmStartBot: string | null;
  /**
   * After the warm start, every `demoEvery`-th chunk of an iteration is played
   * by the warm-start bot too (a share 1/demoEvery of demonstrations kept
   * through self-play, as DQfD keeps its demonstrations in every batch); 0: none.
   */
  readonly demoEvery: number;
  readonly scoreScale: number;
  /**
   * The margin l of DQfD's large-margin loss on the warm start's
   * demonstrations (Hester et al. 2018, eq. 2, at weight 1), in utility
   * units: the net learns to score the warm-start bot's action at least l
   * above the others, so its greedy policy starts as the bot's; 0: none.
   */
  readonly margin: number;
  /**
   * The share of learner decisions that also get rollout targets (every
   * legal action's return under `rolloutBot`, `RolloutLabeller`): their Q
   * loss is over all legal actions instead of the chosen one; 0: none
   * (plain Deep Monte-Carlo). Absent in plans written before the option: 0.
   */
  readonly rolloutShare?: number;
  readonly rolloutBot?: string | null;
  /**
   * Where the rollouts stop (`RolloutHorizon`). With `round`, their targets
   * are centred margins over `rolloutScale` points, not returns, so only the
   * labelled decisions train the Q head (the others train the value head
   * alone). Absent: `game`.
   */
  readonly rolloutHorizon?: RolloutHorizon;
  readonly rolloutScale?: number;
  /**
   * With the game horizon: each decision's rollout targets less their mean
   * (advantages), so, as with the round horizon, only the labelled
   * decisions train the Q head. Absent: false.
   */
  readonly rolloutAdvantage?: boolean;
  /**
   * The share of learner decisions that also get a policy target from
   * `expertBot` (`SelfPlayTask.expertShare`), learned by the action head's
   * cross-entropy (Expert Iteration's apprentice: Anthony, Tian and Barber,
   * "Thinking Fast and Slow with Deep Learning and Tree Search", NeurIPS
   * 2017) at weight 1. Absent or 0: none.
   */
  readonly expertShare?: number;
  readonly expertBot?: string | null;
  /** What a label holds (`SelfPlayTask.expertTarget`); absent: `visits`. */
  readonly expertTarget?: ExpertTarget;
  /** The base action's record types the expert labels (`SelfPlayTask.expertKinds`); absent: every decision. */
  readonly expertKinds?: readonly string[];
  /**
   * The weight of the Q loss (Monte-Carlo returns, rollout targets, the
   * margin); 0 with an expert: the action head learns the expert's policy
   * alone, and its scores are logits. Absent: 1.
   */
  readonly qWeight?: number;
}

/** True when an expert labels some of the plan's decisions (`expertBot` with a share above 0). */
export function hasExpert(plan: Pick<DmcPlan, 'expertBot' | 'expertShare'>): boolean {
  return Boolean(plan.expertBot) && (plan.expertShare ?? 0) > 0;
}

/** One iteration's figures (a row of `curve.csv`). */
export interface DmcIterationFigures {
  readonly iteration: number;
  /** Episodes played so far, this iteration's included. */
  readonly episodes: number;
  /** Samples (learner decisions) of this iteration. */
  readonly samples: number;
  /** Mean squared error of the chosen actions' Q against their returns over the iteration's steps (utility²), before each step. */
  readonly lossQ: number;
  /** Mean per-seat squared error of the value head (utility²). */
  readonly lossValue: number;
  /** Mean cross-entropy of the expert's policy targets (nats), before each step; NaN without an expert. */
  readonly lossPolicy?: number;
  /** The learner's mean utility per episode in this iteration (self-play: about 1/P). */
  readonly learnerUtility: number;
  /** True when the learner seats played the warm-start bot. */
  readonly warmStart: boolean;
}

/** The chunks of iteration `k` (0-based): episodes [k E, (k + 1) E) in order. */
export function iterationTasks(plan: DmcPlan, k: number, weights: Float32Array): SelfPlayTask[] {
  const start = k * plan.episodesPerIteration;
  return chunkTasks(plan, start, start + plan.episodesPerIteration, (index, first) => {
    const warm = first < plan.warmStartEpisodes || (plan.demoEvery > 0 && index % plan.demoEvery === plan.demoEvery - 1);
    return {
      weights,
      epsilon: plan.epsilon,
      selfPlay: plan.selfPlay,
      opponents: plan.opponents,
      behaviour: warm ? plan.warmStartBot : null,
      rolloutShare: plan.rolloutShare ?? 0,
      rolloutBot: plan.rolloutBot ?? null,
      rolloutHorizon: plan.rolloutHorizon ?? 'game',
      rolloutScale: plan.rolloutScale ?? 10,
      ...(plan.rolloutAdvantage ? { rolloutAdvantage: true } : {}),
      ...(hasExpert(plan)
        ? {
            expertBot: plan.expertBot,
            expertShare: plan.expertShare,
            ...(plan.expertTarget ? { expertTarget: plan.expertTarget } : {}),
            ...(plan.expertKinds ? { expertKinds: plan.expertKinds } : {}),
          }
        : {}),
    };
  });
}

/** Where sample i of an iteration lives: its pack, its row, and its first legal action's index in the pack. */
export interface SampleRef {
  readonly pack: number;
  readonly row: number;
  readonly legalAt: number;
}

/** The samples of an iteration's packs, in chunk order. */
export function sampleRefs(packs: readonly SamplePack[]): SampleRef[] {
  const out: SampleRef[] = [];
  packs.forEach((p, pack) => {
    let legalAt = 0;
    for (let row = 0; row < p.samples; row++) {
      out.push({ pack, row, legalAt });
      legalAt += p.counts[row]!;
    }
  });
  return out;
}

/** The training sample of a reference (views into its pack: nothing copied). */
export function trainingSample(
  packs: readonly SamplePack[],
  r: SampleRef,
  arch: NetArchitecture,
  valueWeight: number,
  lossPlan: { readonly margin: number; readonly rolloutHorizon?: RolloutHorizon; readonly rolloutAdvantage?: boolean; readonly qWeight?: number },
): TrainingSample {
  const p = packs[r.pack]!;
  const N = arch.inputSize;
  const n = p.counts[r.row]!;
  const F = arch.head.kind === 'feature' ? arch.head.featureSize : 0;
  const P = arch.seats;
  const qAll = p.qAll && !Number.isNaN(p.qAll[r.legalAt]!) ? p.qAll.subarray(r.legalAt, r.legalAt + n) : undefined;
  // Round-horizon targets and advantages are on another scale than returns: an unlabelled decision then trains the value head only.
  const returns = (lossPlan.qWeight ?? 1) > 0 && (qAll !== undefined || !(lossPlan.rolloutHorizon === 'round' || lossPlan.rolloutAdvantage === true));
  const policy = p.policy && !Number.isNaN(p.policy[r.legalAt]!) ? p.policy.subarray(r.legalAt, r.legalAt + n) : undefined;
  return {
    obs: p.obs.subarray(r.row * N, (r.row + 1) * N),
    legal: p.legal.subarray(r.legalAt, r.legalAt + n),
    count: n,
    features: p.features ? p.features.subarray(r.legalAt * F, (r.legalAt + n) * F) : undefined,
    chosen: returns ? p.chosen[r.row]! : undefined,
    q: returns ? p.target[r.row]! : undefined,
    qAll: (lossPlan.qWeight ?? 1) > 0 ? qAll : undefined,
    policy,
    demo: returns && p.demo[r.row] === 1 && lossPlan.margin > 0 ? lossPlan.margin : undefined,
    value: valueWeight > 0 ? p.values.subarray(r.row * P, (r.row + 1) * P) : undefined,
  };
}

/**
 * Plays and learns iteration `k`: its chunks on `player`, then `epochs`
 * passes over its samples in the order of a shuffle drawn from
 * `<seed>/shuffle/<k>`, one Adam step per minibatch.
 * @param onStep called after each Adam step: the steps hold the thread for
 *   seconds, so a progress display writes its lines from here (it changes nothing learned).
 * @returns the iteration's figures, or null when `signal` stopped it (the
 *   net and optimiser are then as they were: the caller resumes from its
 *   saved state and plays the iteration again).
 */
export async function dmcIteration(
  plan: DmcPlan,
  k: number,
  net: Net,
  adam: Adam,
  player: SelfPlayer,
  signal?: AbortSignal,
  onStep?: () => void,
): Promise<DmcIterationFigures | null> {
  let packs: SamplePack[];
  try {
    packs = await player.playAll(iterationTasks(plan, k, net.weights), signal);
  } catch (e) {
    if (signal?.aborted) return null;
    throw e;
  }
  if (signal?.aborted) return null;
  // With the Q loss off, a decision without an expert's target has nothing to teach the action head: only labelled ones train.
  const all = sampleRefs(packs);
  const refs =
    (plan.qWeight ?? 1) > 0
      ? all
      : all.filter((r) => {
          const pol = packs[r.pack]!.policy;
          return pol !== null && !Number.isNaN(pol[r.legalAt]!);
        });
  const order = new Int32Array(refs.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  let lossQ = 0;
  let lossValue = 0;
  let lossPolicy = 0;
  let steps = 0;
  const qWeight = plan.qWeight ?? 1;
  const weights = { q: qWeight, policy: 1, value: plan.valueWeight, margin: plan.margin > 0 && qWeight > 0 ? 1 : 0 };
  for (let epoch = 0; epoch < plan.epochs; epoch++) {
    shuffleInPlace(order, createRng(`${plan.seed}/shuffle/${k}/${epoch}`));
    for (let at = 0; at < order.length; at += plan.batch) {
      const batch: TrainingSample[] = [];
      for (let i = at; i < Math.min(order.length, at + plan.batch); i++) batch.push(trainingSample(packs, refs[order[i]!]!, plan.arch, plan.valueWeight, plan));
      const f = trainStep(net, batch, adam, weights);
      onStep?.();
      lossQ += f.q ?? 0;
      lossValue += f.value ?? 0;
      lossPolicy += f.policy ?? 0;
      steps++;
    }
  }
  let utility = 0;
  let episodes = 0;
  for (const p of packs) {
    for (const u of p.learnerUtility) utility += u;
    episodes += p.learnerUtility.length;
  }
  return {
    iteration: k + 1,
    episodes: (k + 1) * plan.episodesPerIteration,
    samples: refs.length,
    lossQ: steps > 0 ? lossQ / steps : Number.NaN,
    lossValue: steps > 0 ? lossValue / steps : Number.NaN,
    ...(hasExpert(plan) ? { lossPolicy: steps > 0 ? lossPolicy / steps : Number.NaN } : {}),
    learnerUtility: episodes > 0 ? utility / episodes : Number.NaN,
    warmStart: k * plan.episodesPerIteration < plan.warmStartEpisodes,
  };
}

/** A fresh Adam for a plan's net (Deep Monte-Carlo's or Expert Iteration's: its step size, L2 and clipping norm). */
export function newAdam(plan: Pick<LearnerSteps, 'lr' | 'l2' | 'clipNorm'>, size: number): Adam {
  return new Adam(size, { lr: plan.lr, weightDecay: plan.l2, clipNorm: plan.clipNorm });
}
