import { getMaxListeners, setMaxListeners } from 'node:events';
import type { Piscina } from 'piscina';
import { compiledScript } from '../io/compiled-script.js';
import { lazyRequire } from '../io/lazy.js';
import { OLD_GENERATION_MB, YOUNG_GENERATION_MB } from '../tourney/pool.js';
import { playChunk } from './chunk.js';
import type { SamplePack } from './sample-pack.js';
import type { SelfPlayTask } from './selfplay.js';

/** What plays chunks of self-play episodes: worker threads, or the calling thread. */
export interface SelfPlayer {
  /** Plays every task; the packs come back in the order of `tasks` whichever thread played each. */
  playAll(tasks: readonly SelfPlayTask[], signal?: AbortSignal): Promise<SamplePack[]>;
  close(): Promise<void>;
}

const loadPiscina = lazyRequire<typeof import('piscina')>('piscina');

/**
 * Self-play on `workers` threads (piscina), or on the calling thread when
 * `workers` is 1. The samples do not depend on which: a chunk is a function
 * of its task alone (`playChunk`).
 * @param workers threads, >= 1.
 */
export function selfPlayer(workers: number): SelfPlayer {
  if (workers <= 1)
    return {
      async playAll(tasks, signal) {
        const out: SamplePack[] = [];
        for (const t of tasks) {
          if (signal?.aborted) throw signal.reason;
          out.push(playChunk(t));
          // Let a signal handler (Ctrl-C) run between chunks.
          await new Promise((r) => setImmediate(r));
        }
        return out;
      },
      async close() {},
    };
  const { Piscina: Pool } = loadPiscina();
  const pool: Piscina<SelfPlayTask, SamplePack> = new Pool<SelfPlayTask, SamplePack>({
    filename: compiledScript('src/learn/selfplay-worker.js'),
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, maxOldGenerationSizeMb: OLD_GENERATION_MB },
  });
  return {
    playAll(tasks, signal) {
      // piscina listens on the signal once per queued task: an iteration queues all its chunks at once.
      if (signal && getMaxListeners(signal) < tasks.length + 10) setMaxListeners(tasks.length + 10, signal);
      return Promise.all(tasks.map((t) => pool.run(t, signal ? { signal } : {})));
    },
    async close() {
      await pool.destroy();
    },
  };
}
