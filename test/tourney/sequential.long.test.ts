/**
 * The sequential test of `match --sprt` inside the run: checked after each
 * batch in merge order, so the stop point and every number are the same for
 * any worker count, and a run stopped and resumed from its checkpoint ends
 * exactly where an uninterrupted one does.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { matchSeatings } from '../../src/stats/seatings.js';
import type { Tally } from '../../src/tourney/aggregate.js';
import type { RunConfig } from '../../src/tourney/batch.js';
import { readCheckpoint, runTourney } from '../../src/tourney/run.js';

const game = getGame('captains-orders');
const variant = resolveGameVariant(game, {});
const config: RunConfig = {
  gameId: game.info.id,
  variant,
  lineup: ['greedy', 'random', 'random', 'random', 'greedy', 'random'],
  seatings: matchSeatings(5),
  runSeed: 'sequential',
  record: false,
  onFault: 'forfeit',
  moveTimeoutMs: 0,
};
/** Decides once 1200 deals are merged: a stand-in for the SPRT with a known stop point. */
const decided = (t: Tally): boolean => t.deals >= 1200;

describe('a sequential test checked at batch boundaries', () => {
  it('stops at the same batch with 1 and 2 workers, with identical tallies', async () => {
    const runs = [];
    for (const workers of [1, 2]) runs.push(await runTourney({ config, games: 20_000, workers, watchdogMs: 60_000, decided }));
    for (const r of runs) {
      expect(r.complete).toBe(true);
      expect(r.decidedEarly).toBe(true);
    }
    expect(runs[0]!.tally).toEqual(runs[1]!.tally);
    expect(runs[0]!.tally.deals).toBeGreaterThanOrEqual(1200);
    expect(runs[0]!.tally.deals).toBeLessThan(2000);
  });

  it('a run stopped early and resumed from its checkpoint ends with the tally of an uninterrupted run', async () => {
    const whole = await runTourney({ config, games: 20_000, workers: 2, watchdogMs: 60_000, decided });
    const dir = mkdtempSync(join(tmpdir(), 'ninefold-seq-'));
    const stop = new AbortController();
    const first = await runTourney({
      config,
      games: 20_000,
      workers: 2,
      dir,
      watchdogMs: 60_000,
      decided,
      stop: stop.signal,
      onProgress: (_done, _total, t) => {
        if (t.deals >= 100) stop.abort();
      },
    });
    expect(first.complete).toBe(false);
    const cp = readCheckpoint(dir);
    const rest = await runTourney({ config, games: 20_000, workers: 1, dir, watchdogMs: 60_000, decided, resume: cp });
    expect(rest.complete).toBe(true);
    expect(rest.tally).toEqual(whole.tally);
    expect(rest.groups).toEqual(whole.groups);
  });
});
