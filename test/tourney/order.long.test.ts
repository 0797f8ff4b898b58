/**
 * The pool keeps batches in order (`src/tourney/run.ts`): each batch is merged
 * as soon as it and every earlier one are done, so progress, checkpoints and
 * Ctrl-C see results as the run goes. (With more tasks queued than workers,
 * piscina could leave one queued task waiting until the end of the run while
 * later ones ran: with one worker, every result after the first then waited
 * for the last batch.) Runs are cut into at least MIN_BATCHES batches when
 * they have the deals, so short runs and runs of slow bots use every worker.
 *
 * In the long tier: two runs of 160 000 games, and the check times the merges
 * (half the games merged well before the end). The layout of the batches is
 * checked in the fast tier (`schedule.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import type { RunConfig } from '../../src/tourney/batch.js';
import { rotationSeatings } from '../../src/stats/seatings.js';
import { runTourney } from '../../src/tourney/run.js';
import { GAMES_PER_BATCH } from '../../src/tourney/deal-batches.js';

describe('batches merge as the run goes', () => {
  it.each([1, 2])(
    'with %i worker(s), half the games are merged well before the run ends',
    async (workers) => {
      const game = getGame('captains-orders');
      const variant = resolveGameVariant(game, {});
      const config: RunConfig = {
        gameId: game.info.id,
        variant,
        lineup: ['random', 'random', 'random', 'random', 'random'],
        seatings: rotationSeatings(['random', 'random', 'random', 'random', 'random']),
        runSeed: 'order',
        record: false,
        onFault: 'forfeit',
        moveTimeoutMs: 0,
      };
      const batches = 40;
      const seen: { done: number; at: number }[] = [];
      const run = await runTourney({
        config,
        games: batches * GAMES_PER_BATCH,
        workers,
        watchdogMs: 60_000,
        onProgress: (done) => seen.push({ done, at: performance.now() }),
      });
      expect(run.complete).toBe(true);
      expect(seen.length).toBeGreaterThanOrEqual(batches);
      const first = seen[0]!.at;
      const last = seen[seen.length - 1]!.at;
      const half = seen.find((p) => p.done >= run.tally.games / 2)!.at;
      // Merged evenly, half the games are in at about half the time; a starved batch puts it at the end.
      expect((half - first) / (last - first)).toBeLessThan(0.8);
    },
    60_000,
  );
});
