import { isFileSpec, parseLineup } from '../../bots/index.js';
import type { RunConfig } from './batch.js';
import { botAt, entryAt, type Running } from './scheduler.js';

/**
 * The watchdog's limit on one decision of a built-in bot when the run has no
 * `--move-timeout`: 10 minutes. Built-in bots are ours and end every decision;
 * a search's decision may take seconds and, on a loaded machine, more than the
 * user files' limit, and forfeiting it would make the results depend on the
 * machine's load. A hung built-in bot (a bug) is still stopped.
 */
export const BUILT_IN_WATCHDOG_MS = 600_000;

/**
 * Whether every bot of a line-up entry is built in (no user bot file). A run's
 * line-up holds validated spec texts, a `tuned.json` already replaced by the
 * spec it holds (`parseAndValidateLineup`), so a tuned built-in bot is built in.
 */
function builtIn(text: string): boolean {
  try {
    return parseLineup(text).every((s) => !isFileSpec(s.name));
  } catch {
    return false;
  }
}

/**
 * The watchdog's limit on one decision of each line-up entry (index as in
 * `config.lineup`): `watchdogMs` for user bot files and under
 * `--move-timeout`, else {@link BUILT_IN_WATCHDOG_MS} (at least `watchdogMs`).
 */
export function entryLimits(config: RunConfig, watchdogMs: number): number[] {
  return config.lineup.map((text) => (config.moveTimeoutMs > 0 || !builtIn(text) ? watchdogMs : Math.max(watchdogMs, BUILT_IN_WATCHDOG_MS)));
}

/** The limit on one decision of the bot at `seat` of game `gameInBatch` ({@link entryLimits}). */
export function watchdogLimit(config: RunConfig, gameInBatch: number, seat: number, watchdogMs: number): number {
  return entryLimits(config, watchdogMs)[entryAt(config, gameInBatch, seat)] ?? watchdogMs;
}

/**
 * Watches the running batches' heartbeats: a batch whose decision count has
 * not moved for more than its limit (`watchdogLimit`: `watchdogMs` for a user
 * bot file or under `--move-timeout`, ten minutes for a built-in bot; a bot
 * in an endless loop) is marked
 * `timedOut` with the hung decision and aborted; the scheduler then plays it
 * again with that decision imposed as a `timeout` fault. Checks every
 * watchdogMs / 4 (between 10 and 250 ms).
 * @returns a function that stops the watchdog.
 */
export function startWatchdog(running: ReadonlySet<Running>, config: RunConfig, watchdogMs: number): () => void {
  const limits = entryLimits(config, watchdogMs);
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
          const limit = limits[entryAt(config, game, seat)] ?? watchdogMs;
          if (now - run.lastChange <= limit) continue;
          run.timedOut = {
            game,
            seat,
            decision: Atomics.load(run.beat, 2),
            reason: 'timeout',
            message: `bot ${botAt(config, game, seat)} did not return within ${limit} ms`,
          };
          run.controller.abort();
        }
      }
    },
    Math.max(10, Math.min(250, watchdogMs / 4)),
  );
  return () => clearInterval(timer);
}
