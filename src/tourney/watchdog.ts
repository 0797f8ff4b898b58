import type { RunConfig } from './batch.js';
import { botAt, type Running } from './scheduler.js';

/**
 * Watches the running batches' heartbeats: a batch whose decision count has
 * not moved for more than `watchdogMs` (a bot in an endless loop) is marked
 * `timedOut` with the hung decision and aborted; the scheduler then plays it
 * again with that decision imposed as a `timeout` fault. Checks every
 * watchdogMs / 4 (between 10 and 250 ms).
 * @returns a function that stops the watchdog.
 */
export function startWatchdog(running: ReadonlySet<Running>, config: RunConfig, watchdogMs: number): () => void {
  const timer = setInterval(
    () => {
      const now = Date.now();
      for (const run of running) {
        const c = Atomics.load(run.beat, 0);
        if (c !== run.lastCount) {
          run.lastCount = c;
          run.lastChange = now;
        } else if (c > 0 && run.timedOut === null && now - run.lastChange > watchdogMs) {
          const game = Atomics.load(run.beat, 1);
          const seat = Atomics.load(run.beat, 3);
          run.timedOut = {
            game,
            seat,
            decision: Atomics.load(run.beat, 2),
            reason: 'timeout',
            message: `bot ${botAt(config, game, seat)} did not return within ${watchdogMs} ms`,
          };
          run.controller.abort();
        }
      }
    },
    Math.max(10, Math.min(250, watchdogMs / 4)),
  );
  return () => clearInterval(timer);
}
