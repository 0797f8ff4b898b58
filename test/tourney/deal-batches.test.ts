/**
 * The schedule of a run (`src/tourney/deal-batches.ts`): runs are cut into at
 * least MIN_BATCHES batches when they have the deals, of at most
 * GAMES_PER_BATCH games, so short runs and runs of slow bots use every
 * worker. That the pool merges them as the run goes is `order.long.test.ts`, in
 * the long tier.
 */
import { describe, expect, it } from 'vitest';
import { dealsPerBatch, GAMES_PER_BATCH, makeBatches, MIN_BATCHES } from '../../src/tourney/deal-batches.js';

describe('batch layout', () => {
  it('a run is cut into MIN_BATCHES batches or more when it has the deals, of at most GAMES_PER_BATCH games, covering every deal once', () => {
    for (const [deals, players] of [
      [1, 5],
      [63, 4],
      [400, 5],
      [5000, 4],
      [200_000, 5],
      [1_000_000, 2],
    ] as const) {
      const per = dealsPerBatch(deals, players);
      const batches = makeBatches(deals, per);
      expect(per * players).toBeLessThanOrEqual(Math.max(players, GAMES_PER_BATCH));
      expect(batches.length).toBeGreaterThanOrEqual(Math.min(MIN_BATCHES, deals, Math.ceil((deals * players) / GAMES_PER_BATCH)));
      let next = 0;
      for (const [i, b] of batches.entries()) {
        expect(b.index).toBe(i);
        expect(b.dealStart).toBe(next);
        next = b.dealEnd;
      }
      expect(next).toBe(deals);
    }
    // 2 000 games of five seats (a search-bot run) are many batches, not one.
    expect(makeBatches(400, dealsPerBatch(400, 5)).length).toBeGreaterThanOrEqual(50);
  });
});
