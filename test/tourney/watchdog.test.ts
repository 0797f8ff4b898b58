/**
 * The watchdog's limit on one decision (a bot in an endless loop cannot hang
 * the run; a search on a loaded machine must not forfeit): user bot files and
 * any run under `--move-timeout` get the run's watchdog limit; built-in bots
 * without `--move-timeout` get `BUILT_IN_WATCHDOG_MS`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { parseAndValidateLineup } from '../../bots/index.js';
import { getGame } from '../../src/core/registry.js';
import type { RunConfig } from '../../src/tourney/batch.js';
import type { Batch } from '../../src/tourney/deal-batches.js';
import type { Running } from '../../src/tourney/scheduler.js';
import { BUILT_IN_WATCHDOG_MS, startWatchdog, watchdogLimit } from '../../src/tourney/watchdog.js';

const config = (moveTimeoutMs: number): RunConfig => ({
  gameId: 'multiples-of-nine',
  variant: { players: 2 },
  lineup: ['ismcts:prior=greedy', './test/fixtures/bots/loop.js', 'greedy'],
  // Game 0: ismcts in seat 0, the bot file in seat 1; game 1: greedy, then ismcts.
  seatings: [
    { rotation: 0, entries: [0, 1] },
    { rotation: 1, entries: [2, 0] },
  ],
  runSeed: 'w',
  record: false,
  onFault: 'forfeit',
  moveTimeoutMs,
});

/** A batch whose worker has made one decision and then stalls at `seat` of game `game`. */
function stalled(game: number, seat: number): Running {
  const beat = new Int32Array(new SharedArrayBuffer(16));
  beat.set([1, game, 0, seat]);
  return { batch: {} as Batch, beat, controller: new AbortController(), imposed: {}, lastCount: -1, lastChange: 0, timedOut: null, attempts: 0 };
}

describe('watchdog limits', () => {
  it('a built-in bot gets ten minutes without --move-timeout; a user bot file, and every bot under --move-timeout, the run limit', () => {
    expect(BUILT_IN_WATCHDOG_MS).toBe(600_000);
    expect(watchdogLimit(config(0), 0, 0, 10_000)).toBe(BUILT_IN_WATCHDOG_MS);
    expect(watchdogLimit(config(0), 1, 0, 10_000)).toBe(BUILT_IN_WATCHDOG_MS);
    expect(watchdogLimit(config(0), 0, 1, 10_000)).toBe(10_000);
    expect(watchdogLimit(config(200), 0, 0, 1_200)).toBe(1_200);
  });

  it('a tuned.json of a built-in bot is a built-in bot: the line-up holds the spec it names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nf-watchdog-'));
    const tuned = join(dir, 'tuned.json');
    writeFileSync(tuned, JSON.stringify({ kind: 'ninefold-tuned-bot', version: 1, game: 'multiples-of-nine', spec: 'ismcts:c=0.1' }));
    const lineup = (await parseAndValidateLineup(`${tuned},greedy`, getGame('multiples-of-nine'))).map((s) => s.text);
    expect(lineup[0]).toBe('ismcts:c=0.1');
    expect(watchdogLimit({ ...config(0), lineup }, 0, 0, 10_000)).toBe(BUILT_IN_WATCHDOG_MS);
    rmSync(dir, { recursive: true });
  });

  it('a stalled user bot file is stopped after the run limit; a stalled built-in search is left to finish', async () => {
    const file = stalled(0, 1);
    const search = stalled(0, 0);
    const stop = startWatchdog(new Set([file, search]), config(0), 40);
    await new Promise((r) => setTimeout(r, 400));
    stop();
    expect(file.timedOut?.reason).toBe('timeout');
    expect(file.timedOut?.message).toBe('bot ./test/fixtures/bots/loop.js did not return within 40 ms');
    expect(file.controller.signal.aborted).toBe(true);
    expect(search.timedOut).toBeNull();
    expect(search.controller.signal.aborted).toBe(false);
  });
});
