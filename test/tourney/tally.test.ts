/**
 * The tally's counters, declared once (`TALLY_COUNTERS` in
 * `src/tourney/aggregate.ts`): the empty tally, the merge, the sizes and the
 * checkpoint's schema (`src/tourney/tally-schema.ts`) all follow the
 * declaration, and a checkpoint written before the declaration existed
 * still reads and resumes.
 *
 * The fixture `test/fixtures/checkpoints/nine-lives-stopped/checkpoint.json`
 * was written by ninefold at commit c7841f7 (the tally then an interface,
 * `emptyTally`, `TALLY_ARRAYS` and a zod schema written out by hand): a
 * 30-game Nine Lives run of greedy, random, random stopped after 12 games
 * (seed `fixture`, one deal a batch, 10 jackknife groups), the JSON
 * formatted by the repository's formatter.
 */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import type { Fault, GameOutcome } from '../../src/core/game-runner.js';
import { DealTally, emptyTally, mergeTally, TALLY_COUNTERS, tallyFits, type Tally } from '../../src/tourney/aggregate.js';
import { checkpointSchema, checkCheckpoint } from '../../src/tourney/checkpoint.js';
import { readCheckpoint, runTourney } from '../../src/tourney/run.js';
import { tallySchema } from '../../src/tourney/tally-schema.js';

const FIXTURE = 'test/fixtures/checkpoints/nine-lives-stopped';

/** A game's outcome as the runner reports it, made up: scores, winners, and the faults given. */
function outcome(scores: number[], winners: number[], faults: Fault[] = [], firstSeat = 0): GameOutcome {
  return { status: faults.length > 0 ? 'forfeit' : 'ok', result: { scores, winners, capped: false }, decisions: 40, firstSeat, faults };
}

/** A tally of three seats, two deals of two seatings, with a shared win, a timeout and a thrown decision. */
function playedTally(): Tally {
  const t = emptyTally(3, 3, 2);
  const d = new DealTally(t);
  const seatings = [
    { rotation: 0, entries: [0, 1, 2] },
    { rotation: 1, entries: [2, 0, 1] },
  ];
  d.addGame(0, seatings[0]!, outcome([3, 1, 0], [0]), 0);
  d.addGame(1, seatings[1]!, outcome([2, 2, 1], [0, 1], [{ seat: 2, reason: 'timeout', decision: 7, message: 'late' }], 1), 0);
  d.endDeal();
  d.addGame(0, seatings[0]!, outcome([0, 0, 5], [2], [{ seat: 1, reason: 'threw', decision: 3, message: 'boom' }], 2), 1);
  d.addGame(1, seatings[1]!, outcome([1, 4, 0], [1]), 1);
  d.endDeal();
  return t;
}

describe('the tally declared once (TALLY_COUNTERS)', () => {
  it('the empty tally has every declared counter, in declaration order, each of its declared size', () => {
    const t = emptyTally(4, 5, 3);
    expect(Object.keys(t)).toEqual(Object.keys(TALLY_COUNTERS));
    expect(t.players).toBe(4);
    expect(t.entries).toBe(5);
    expect(t.entryWinsCross).toHaveLength(25);
    expect(t.entrySeatWins).toHaveLength(20);
    expect(t.seatWinsCross).toHaveLength(16);
    expect(t.seatingWins).toHaveLength(12);
    expect(t.faultReasons).toEqual({});
    expect(t.timeouts).toEqual([]);
    expect(tallyFits(t, 4, 5, 3)).toBe(true);
    expect(tallyFits(t, 4, 5, 2)).toBe(false);
  });

  it('schema round trip: a played tally written as JSON reads back through the derived schema field for field, in order', () => {
    const t = playedTally();
    expect(t.timeouts).toEqual([[0, 1, 2, 7]]);
    expect(t.faultReasons).toEqual({ timeout: 1, threw: 1 });
    const text = JSON.stringify(t);
    const back = tallySchema.parse(JSON.parse(text));
    expect(back).toEqual(t);
    expect(JSON.stringify(back)).toBe(text);
  });

  it('the derived schema refuses a tally without a counter or with a counter of another kind', () => {
    const { capped: _capped, ...missing } = playedTally();
    expect(tallySchema.safeParse(missing).success).toBe(false);
    expect(tallySchema.safeParse({ ...playedTally(), timeouts: [1, 2] }).success).toBe(false);
    expect(tallySchema.safeParse({ ...playedTally(), players: 0 }).success).toBe(false);
  });

  it("merging adds sums and arrays, keeps the larger max, the first listed timeouts and each entry's first fault message; subtracting (a jackknife replicate) undoes the sums", () => {
    const a = playedTally();
    const b = playedTally();
    mergeTally(a, b);
    expect(a.games).toBe(8);
    expect(a.entryWins).toEqual(b.entryWins.map((x) => 2 * x));
    expect(a.maxDecisions).toBe(40);
    expect(a.faultReasons).toEqual({ timeout: 2, threw: 2 });
    expect(a.timeouts).toHaveLength(2);
    const c = playedTally();
    c.faultMessages = { '1': 'later', '2': 'other' };
    mergeTally(a, c);
    // The first fault's message of each entry: entry 1's stays the first (its timeout's), entry 2 gains one.
    expect(a.faultMessages).toEqual({ '1': 'late', '2': 'other' });
    a.faultMessages = { '1': 'late' };
    mergeTally(a, c, -1);
    mergeTally(a, b, -1);
    const { timeouts: _t, ...rest } = a;
    const { timeouts: _u, ...want } = b;
    expect(rest).toEqual(want);
  });
});

describe('a checkpoint written before the declaration (fixture of commit c7841f7)', () => {
  const raw = JSON.parse(readFileSync(join(FIXTURE, 'checkpoint.json'), 'utf8')) as { tally: Tally; groups: { tally: Tally }[] };

  it('reads: the schema and the checks between fields accept it, its tallies fit the line-up', () => {
    const cp = readCheckpoint(FIXTURE);
    expect(cp.batchesDone).toBe(4);
    expect(checkCheckpoint(checkpointSchema.parse(raw))).toBeNull();
    for (const t of [cp.tally, ...cp.groups.map((g) => g.tally)]) expect(tallyFits(t, 3, 3, 3)).toBe(true);
  });

  it('its tallies read through the derived schema unchanged, key for key (the first fault messages, counted since, read as none), and its groups add up to the run', () => {
    for (const t of [raw.tally, ...raw.groups.map((g) => g.tally)])
      expect(JSON.stringify(tallySchema.parse(t))).toBe(JSON.stringify({ ...t, faultMessages: {} }));
    const sum = emptyTally(3, 3, 3);
    for (const g of raw.groups) mergeTally(sum, g.tally);
    expect(sum).toEqual({ ...raw.tally, faultMessages: {} });
  });

  it('resumes to the end of its 30 games', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ninefold-fixture-'));
    cpSync(FIXTURE, dir, { recursive: true });
    const cp = readCheckpoint(dir);
    const run = await runTourney({ config: cp.config, games: cp.games, workers: 1, dir, watchdogMs: 60_000, resume: cp });
    expect(run.complete).toBe(true);
    expect(run.tally.games).toBe(30);
    expect(run.tally.deals).toBe(cp.deals);
    expect(tallyFits(run.tally, 3, 3, 3)).toBe(true);
  });
});
