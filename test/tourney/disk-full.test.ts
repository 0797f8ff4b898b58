/**
 * A full disk stops the run with one
 * line saying what was kept and how to resume, and leaves no temporary
 * files. The disk is made full by pointing games.jsonl at /dev/full (every
 * write fails with ENOSPC).
 */
import { existsSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { executeRun } from '../../src/cli/execute.js';
import { RunStoppedError } from '../../src/core/errors.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { rotationSeatings } from '../../src/stats/seatings.js';
import type { RunConfig } from '../../src/tourney/batch.js';

describe('a full disk', () => {
  it.runIf(existsSync('/dev/full'))('stops the run with one line naming what was kept and the --resume command; no temporary file is left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ninefold-full-'));
    symlinkSync('/dev/full', join(dir, 'games.jsonl'));
    const game = getGame('captains-orders');
    const lineup = ['greedy', 'random', 'random', 'random', 'random'];
    const config: RunConfig = {
      gameId: game.info.id,
      variant: resolveGameVariant(game, {}),
      lineup,
      seatings: rotationSeatings(lineup),
      runSeed: 'full',
      record: true,
      onFault: 'forfeit',
      moveTimeoutMs: 0,
    };
    const flags = { workers: 1, onFault: 'forfeit' as const, moveTimeoutMs: 0, watchdogMs: 10_000, botMemoryMb: 1024, botLoadMs: 10_000 };
    let error: unknown = null;
    try {
      await executeRun({ game, config, games: 2000, flags, dir, stop: new AbortController().signal });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RunStoppedError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(/the disk is full/);
    expect(message).toMatch(/nothing of this run is kept|results of \d+ games are kept/);
    expect(message).toContain(`npm run tourney -- --resume ${dir}`);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });
});
