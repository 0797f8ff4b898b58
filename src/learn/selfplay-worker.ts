/**
 * The piscina worker of self-play (`selfplay-pool.ts`): loads the games and
 * plays one chunk of episodes.
 */
import '../games/index.js';
import { playEpisodes, type SamplePack, type SelfPlayTask } from './selfplay.js';

export default function playChunk(task: SelfPlayTask): SamplePack {
  return playEpisodes(task);
}
