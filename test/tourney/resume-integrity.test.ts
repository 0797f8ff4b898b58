/**
 * A resumed run: nothing lost, nothing mixed. A
 * resumed run goes on only from a checkpoint that fits its schema and the
 * files it describes: a damaged or edited checkpoint, a moved, truncated or
 * appended games.jsonl, or a user bot file edited since the run started is
 * refused with one line.
 */
import { appendFileSync, copyFileSync, cpSync, mkdtempSync, readFileSync, renameSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { UsageError } from '../../src/core/errors.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { rotationSeatings } from '../../src/stats/seatings.js';
import type { RunConfig } from '../../src/tourney/batch.js';
import { readCheckpoint, runTourney } from '../../src/tourney/run.js';

const game = getGame('captains-orders');

/** A recorded run stopped once `stopAt` games are merged (its first batches), in a fresh directory. */
async function stoppedRun(lineup: string[], stopAt = 600): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'ninefold-resume-'));
  const variant = resolveGameVariant(game, { players: lineup.length });
  const config: RunConfig = {
    gameId: game.info.id,
    variant,
    lineup,
    seatings: rotationSeatings(lineup),
    runSeed: 'integrity',
    record: true,
    onFault: 'forfeit',
    moveTimeoutMs: 0,
  };
  const stop = new AbortController();
  const run = await runTourney({
    config,
    games: 4000,
    workers: 1,
    dir,
    watchdogMs: 60_000,
    stop: stop.signal,
    onProgress: (done) => done >= stopAt && stop.abort(),
  });
  expect(run.complete).toBe(false);
  return dir;
}

/**
 * One stopped run of greedy and four random players, played once; the
 * tests that damage it each get their own copy, in a fresh directory.
 */
let stopped: Promise<string> | undefined;
function sharedRun(): Promise<string> {
  stopped ??= stoppedRun(['greedy', 'random', 'random', 'random', 'random']);
  return stopped;
}
async function stoppedCopy(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'ninefold-resume-'));
  cpSync(await sharedRun(), dir, { recursive: true });
  return dir;
}

function refusal(dir: string): string {
  try {
    readCheckpoint(dir);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    const m = (e as Error).message;
    expect(m.split('\n')).toHaveLength(1);
    return m;
  }
  throw new Error('the checkpoint was accepted');
}

describe('resume integrity', () => {
  it('a stopped run resumes from an intact directory', async () => {
    const dir = await sharedRun();
    expect(readCheckpoint(dir).batchesDone).toBeGreaterThan(0);
  });

  it('a damaged or hand-edited checkpoint is refused: {}, null, dealsPerBatch 0, an edited gameId, a wrong tally', async () => {
    const dir = await stoppedCopy();
    const file = join(dir, 'checkpoint.json');
    const good = readFileSync(file, 'utf8');
    const edit = (f: (cp: Record<string, unknown>) => void): string => {
      const cp = JSON.parse(good) as Record<string, unknown>;
      f(cp);
      writeFileSync(file, JSON.stringify(cp));
      return refusal(dir);
    };
    writeFileSync(file, '{}');
    expect(refusal(dir)).toMatch(/another ninefold version/);
    writeFileSync(file, 'null');
    expect(refusal(dir)).toMatch(/another ninefold version/);
    writeFileSync(file, '{"version": 2');
    expect(refusal(dir)).toMatch(/not JSON/);
    expect(edit((cp) => (cp.dealsPerBatch = 0))).toMatch(/dealsPerBatch/);
    expect(edit((cp) => ((cp.config as Record<string, unknown>).gameId = 'nine-virtues'))).toMatch(/not a parameter of nine-virtues|not one of nine-virtues/);
    expect(edit((cp) => ((cp.config as Record<string, unknown>).gameId = 'chess'))).toMatch(/unknown game 'chess'/);
    expect(edit((cp) => ((cp.tally as Record<string, unknown>).seatWinsCross = [1, 2]))).toMatch(/tally/);
    expect(edit((cp) => (cp.batchesDone = 10_000))).toMatch(/batchesDone/);
  });

  it('games.jsonl moved, truncated or appended to: refused, never padded with NUL bytes', async () => {
    const dir = await stoppedCopy();
    const file = join(dir, 'games.jsonl');
    renameSync(file, `${file}.moved`);
    expect(refusal(dir)).toMatch(/games\.jsonl is missing/);
    renameSync(`${file}.moved`, file);
    const bytes = readFileSync(file);
    truncateSync(file, 100);
    expect(refusal(dir)).toMatch(/shorter/);
    writeFileSync(file, bytes);
    expect(readCheckpoint(dir).recordBytes).toBeGreaterThan(0);
    // Same length, other content at the end: another run's file.
    const other = Buffer.from(bytes);
    other[other.length - 10] = other[other.length - 10] === 0x31 ? 0x32 : 0x31;
    writeFileSync(file, other);
    expect(refusal(dir)).toMatch(/not the file the checkpoint describes/);
    writeFileSync(file, bytes);
    appendFileSync(file, 'torn line');
    // Bytes past the checkpoint's count belong to no merged batch: the resume cuts them, so this is accepted.
    expect(readCheckpoint(dir).recordBytes).toBe(bytes.length);
  });

  it('a user bot file edited since the run started is refused (its results would pool two bots)', async () => {
    const bot = join(mkdtempSync(join(tmpdir(), 'ninefold-bot-')), 'bot.js');
    copyFileSync('bots/examples/my-bot.js', bot);
    // Stopped after its first batch: the bot file's realm makes every game slower, and the check needs one.
    const dir = await stoppedRun([bot, 'greedy', 'random', 'random'], 1);
    expect(readCheckpoint(dir).files?.[bot]).toMatch(/^[0-9a-f]{64}$/);
    appendFileSync(bot, '\n// edited\n');
    expect(refusal(dir)).toMatch(/changed since the run started/);
  });
});
