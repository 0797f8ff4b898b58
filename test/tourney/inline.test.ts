/**
 * Short runs of instant bots play on the calling thread (fast to start: a
 * 10-game run must not pay for starting worker threads), with results
 * identical to the worker pool's.
 */
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { rotationSeatings } from '../../src/stats/seatings.js';
import type { RunConfig } from '../../src/tourney/batch.js';
import { INLINE_GAMES, InlinePool, playsInline } from '../../src/tourney/inline-pool.js';
import { BatchPool } from '../../src/tourney/pool.js';
import { runTourney } from '../../src/tourney/run.js';

function config(gameId: string, lineup: string[], record = false): RunConfig {
  const game = getGame(gameId);
  return {
    gameId,
    variant: resolveGameVariant(game, {}),
    lineup,
    seatings: rotationSeatings(lineup),
    runSeed: 'inline',
    record,
    onFault: 'forfeit',
    moveTimeoutMs: 0,
    gamesCsv: true,
  };
}

describe('runs played on the calling thread ("Fast to start")', () => {
  it('only short runs of built-in instant bots (random, greedy) play inline', () => {
    const co = ['greedy', 'random', 'random', 'greedy:discoverDoubt=20', 'random'];
    expect(playsInline(config('captains-orders', co), 10)).toBe(true);
    expect(playsInline(config('captains-orders', co), INLINE_GAMES)).toBe(true);
    expect(playsInline(config('captains-orders', co), INLINE_GAMES + 1)).toBe(false);
    expect(playsInline(config('captains-orders', ['ismcts', 'random', 'random', 'random', 'random']), 10)).toBe(false);
    expect(playsInline(config('captains-orders', ['mc', 'random', 'random', 'random', 'random']), 10)).toBe(false);
    expect(playsInline(config('captains-orders', ['./bots/examples/my-bot.js', 'random', 'random', 'random', 'random']), 10)).toBe(false);
    expect(playsInline(config('captains-orders', ['results/x/tuned.json', 'random', 'random', 'random', 'random']), 10)).toBe(false);
  });

  for (const [gameId, lineup] of [
    ['captains-orders', ['greedy', 'random', 'random', 'greedy', 'random']],
    ['nine-virtues', ['greedy', 'random', 'greedy', 'random']],
    ['nine-lives', ['greedy', 'random', 'random', 'greedy']],
  ] as const) {
    it(`${gameId}: the inline run's tally, balance and deal groups equal the worker pool's`, async () => {
      const c = config(gameId, [...lineup], true);
      const inline = await runTourney({ config: c, games: 48, workers: 2, watchdogMs: 60_000, pool: new InlinePool() });
      const pool = new BatchPool(2);
      try {
        const workers = await runTourney({ config: c, games: 48, workers: 2, watchdogMs: 60_000, pool });
        expect(inline.tally).toEqual(workers.tally);
        expect(inline.balance).toEqual(workers.balance);
        expect(inline.groups).toEqual(workers.groups);
      } finally {
        await pool.close();
      }
      // Without a pool given, the run chooses the calling thread and plays the same games.
      const chosen = await runTourney({ config: c, games: 48, workers: 2, watchdogMs: 60_000 });
      expect(chosen.tally).toEqual(inline.tally);
    });
  }
});
