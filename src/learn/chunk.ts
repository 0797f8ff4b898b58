/**
 * One chunk of self-play, whichever kind its task asks for: Expert
 * Iteration's search episodes (`task.search`) or Deep Monte-Carlo's
 * ε-greedy ones. What the self-play threads and the calling thread run.
 */
import type { SamplePack } from './sample-pack.js';
import { playSearchEpisodes } from './search-selfplay.js';
import { playEpisodes, type SelfPlayTask } from './selfplay.js';

/**
 * Plays a chunk of episodes.
 * @returns their samples, in episode order.
 * @throws Error when the game has no tensor, or (Expert Iteration) a spec is not a search.
 */
export function playChunk(task: SelfPlayTask): SamplePack {
  const search = task.search;
  return search ? playSearchEpisodes({ ...task, search }) : playEpisodes(task);
}
