/**
 * A training run's episodes cut into chunks of self-play (`SelfPlayTask`),
 * the same cut for Deep Monte-Carlo's iterations and Expert Iteration's
 * generations.
 */
import type { Variant } from '../core/variant.js';
import type { NetArchitecture } from '../nn/net.js';
import type { SelfPlayTask } from './selfplay.js';

/** What every chunk of a training run shares: the game, the net's layout, the run seed, the score scale, and the episodes a chunk holds. */
export interface ChunkPlan {
  readonly gameId: string;
  readonly variant: Variant;
  readonly arch: NetArchitecture;
  readonly seed: string;
  readonly scoreScale: number;
  readonly chunk: number;
}

/** A chunk's own fields: all of a {@link SelfPlayTask} but those {@link chunkTasks} fills in. */
export type ChunkFields = Omit<SelfPlayTask, keyof Omit<ChunkPlan, 'chunk'> | 'first' | 'count'>;

/**
 * Episodes [start, end) of a run as chunks of `plan.chunk` episodes in
 * order (the last may be shorter), each with the plan's shared fields and
 * what `fields` gives for it. The cut depends on the run alone, never on
 * the worker count, which keeps a run the same for any `--workers`.
 * @param fields the chunk's own fields, from its index in the range (0 first) and its first episode.
 */
export function chunkTasks(plan: ChunkPlan, start: number, end: number, fields: (index: number, first: number) => ChunkFields): SelfPlayTask[] {
  const out: SelfPlayTask[] = [];
  for (let first = start, index = 0; first < end; first += plan.chunk, index++)
    out.push({
      gameId: plan.gameId,
      variant: plan.variant,
      arch: plan.arch,
      seed: plan.seed,
      scoreScale: plan.scoreScale,
      first,
      count: Math.min(plan.chunk, end - first),
      ...fields(index, first),
    });
  return out;
}
