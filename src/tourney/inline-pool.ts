import '../games/index.js';
import { getBotKind, parseLineup } from '../../bots/index.js';
import { isFileSpec } from '../../bots/file.js';
import { runBatch, type BatchResult, type BatchTask, type RunConfig } from './batch.js';
import type { BatchPlayer } from './pool.js';

/**
 * Plays batches on the calling thread: for a run too small to pay for
 * starting worker threads (about 0.2 s), made only of bots whose decisions
 * take microseconds and cannot loop (`BotKind.instant`). The batch is the
 * one a worker would play (`runBatch`), so the results are identical. A
 * batch cannot be stopped once started (no watchdog is needed: no bot can
 * hang), so a stop or an SPRT decision takes effect at its end; between
 * batches the event loop runs (progress, Ctrl-C).
 */
export class InlinePool implements BatchPlayer {
  run(task: BatchTask): Promise<BatchResult> {
    return runBatch(task);
  }

  async close(): Promise<void> {}
}

/**
 * Most games a run played on the calling thread may have: about what two
 * worker threads' start (0.2 s) would cost in games of the slowest game's
 * greedy bots.
 */
export const INLINE_GAMES = 200;

/**
 * Whether a run may be played on the calling thread: at most `INLINE_GAMES`
 * games, and every line-up entry a built-in bot whose kind is `instant`
 * (random, greedy; never a user bot file or a search bot).
 * @param games the games the run plays.
 */
export function playsInline(config: RunConfig, games: number): boolean {
  if (games > INLINE_GAMES) return false;
  return config.lineup.every((text) =>
    parseLineup(text).every((s) => {
      if (isFileSpec(s.name) || s.name.endsWith('.json')) return false;
      try {
        return getBotKind(s.name).instant === true;
      } catch {
        return false;
      }
    }),
  );
}
