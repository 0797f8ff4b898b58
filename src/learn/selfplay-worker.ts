/**
 * The piscina worker of self-play (`selfplay-pool.ts`): loads the games and
 * plays one chunk of episodes.
 */
import '../games/index.js';
import { playChunk } from './chunk.js';

export default playChunk;
