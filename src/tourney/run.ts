import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Fault } from '../core/match.js';
import { getGame } from '../core/registry.js';
import { writeFileAtomic } from '../report/files.js';
import { emptyTally, mergeTally, type Tally } from './aggregate.js';
import type { BatchResult, RunConfig } from './batch.js';
import { BatchPool } from './pool.js';
import { dealsFor, dealsPerBatch, entryAtSeat, GAMES_PER_BATCH, makeBatches, type Batch } from './schedule.js';

/** A run to play. */
export interface TourneyOptions {
  readonly config: RunConfig;
  /** Games asked for; rounded up to whole rotations of the line-up. */
  readonly games: number;
  /** Worker threads, >= 1. */
  readonly workers: number;
  /**
   * The run directory: `checkpoint.json` (what is merged so far, for `--resume`)
   * and, when recording, `games.jsonl` are kept there. Without it nothing is written.
   */
  readonly dir?: string;
  /** Continue a stopped run from its checkpoint (same config). */
  readonly resume?: Checkpoint;
  /**
   * A decision that has not returned after this many ms is taken from the bot:
   * its worker is stopped and the batch played again with that decision
   * counted as a `timeout` fault (a bot in an endless loop cannot hang the run).
   */
  readonly watchdogMs: number;
  /** When aborted, no new batch starts, running ones are dropped, and the run ends incomplete. */
  readonly stop?: AbortSignal;
  /** Called after each batch is merged: games done, games planned. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** What a run produced. */
export interface TourneyRun {
  readonly tally: Tally;
  /** The game's balance totals (null for a game without its own balance statistics). */
  readonly balance: unknown;
  readonly deals: number;
  /** Wall-clock seconds of play, over every session of a resumed run. */
  readonly seconds: number;
  /** False when stopped early. */
  readonly complete: boolean;
  /** Worker crashes recovered (the batch was played again). */
  readonly restarts: number;
}

/** `checkpoint.json`: a run's merged results after its first `batchesDone` batches. */
export interface Checkpoint {
  readonly version: 1;
  readonly config: RunConfig;
  readonly games: number;
  readonly deals: number;
  readonly batchesDone: number;
  /** Deals per batch of the run's layout (absent in checkpoints of versions that cut every run into 4000-game batches). */
  readonly dealsPerBatch?: number;
  readonly tally: Tally;
  readonly balance: unknown;
  /** Bytes of `games.jsonl` that belong to the merged batches. */
  readonly recordBytes: number;
  readonly seconds: number;
  readonly complete: boolean;
}

/**
 * Reads a run's checkpoint.
 * @throws Error when the directory holds none.
 */
export function readCheckpoint(dir: string): Checkpoint {
  const file = join(dir, 'checkpoint.json');
  if (!existsSync(file)) throw new Error(`${dir} holds no checkpoint.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Checkpoint;
}

/** A batch in a worker, with what the watchdog needs to judge it. */
interface Running {
  readonly batch: Batch;
  readonly beat: Int32Array;
  controller: AbortController;
  imposed: Record<number, readonly Fault[]>;
  lastCount: number;
  lastChange: number;
  /** Set by the watchdog when it stopped the batch. */
  timedOut: Fault & { game: number } | null;
  attempts: number;
}

const MAX_CRASH_RETRIES = 2;

/**
 * Plays a run across a pool of worker threads. Batches are merged strictly in
 * batch order (out-of-order results wait), so the tally, the balance totals
 * and the record file are identical for any worker count, and a stopped run
 * resumed from its checkpoint ends exactly as an uninterrupted one.
 */
export async function runTourney(opts: TourneyOptions): Promise<TourneyRun> {
  const { config } = opts;
  const P = config.lineup.length;
  const deals = dealsFor(opts.games, P);
  const cp = opts.resume;
  // A resumed run keeps the layout it was started with.
  const per = cp ? (cp.dealsPerBatch ?? Math.max(1, Math.floor(GAMES_PER_BATCH / P))) : dealsPerBatch(deals, P);
  const batches = makeBatches(deals, per);
  const total = deals * P;
  const gameBalance = getGame(config.gameId).balance;
  const tally = cp ? cp.tally : emptyTally(P);
  const balance = cp ? cp.balance : gameBalance ? gameBalance.newTotals(config.variant) : null;
  let next = cp ? cp.batchesDone : 0;
  let recordBytes = cp ? cp.recordBytes : 0;
  const priorSeconds = cp ? cp.seconds : 0;

  let fd: number | null = null;
  if (config.record && opts.dir) {
    const file = join(opts.dir, 'games.jsonl');
    fd = openSync(file, cp && existsSync(file) ? 'r+' : 'w');
    ftruncateSync(fd, recordBytes);
  }
  const start = process.hrtime.bigint();
  const elapsed = (): number => priorSeconds + Number(process.hrtime.bigint() - start) / 1e9;
  let lastCheckpoint = 0;
  const checkpoint = (complete: boolean): void => {
    if (!opts.dir) return;
    const c: Checkpoint = { version: 1, config, games: opts.games, deals, batchesDone: next, dealsPerBatch: per, tally, balance, recordBytes, seconds: elapsed(), complete };
    writeFileAtomic(join(opts.dir, 'checkpoint.json'), JSON.stringify(c));
    lastCheckpoint = Date.now();
  };

  const pool = new BatchPool(opts.workers);
  // Heartbeats are reused: a SharedArrayBuffer's memory is only freed once
  // every thread that saw it has collected it, so one per batch would grow a
  // long run's memory.
  const freeBeats: Int32Array[] = [];
  const done = (run: Running): void => {
    running.delete(run);
    freeBeats.push(run.beat);
  };
  const pending = new Map<number, BatchResult>();
  const running = new Set<Running>();
  let restarts = 0;
  let failure: Error | null = null;
  const merge = (): void => {
    const before = next;
    for (let r = pending.get(next); r !== undefined; r = pending.get(next)) {
      pending.delete(next);
      mergeTally(tally, r.tally);
      if (gameBalance) gameBalance.merge(balance, r.balance);
      if (fd !== null && r.records !== '') recordBytes += writeSync(fd, r.records, recordBytes);
      next++;
      opts.onProgress?.(tally.games, total);
    }
    if (opts.dir && next > before && Date.now() - lastCheckpoint > 1000) checkpoint(false);
  };

  const launch = (run: Running): Promise<void> => {
    run.attempts++;
    run.lastCount = 0;
    run.lastChange = Date.now();
    Atomics.store(run.beat, 0, 0);
    return pool
      .run(
        { config, dealStart: run.batch.dealStart, dealEnd: run.batch.dealEnd, heartbeat: run.beat.buffer as SharedArrayBuffer, imposed: run.imposed },
        run.controller.signal,
      )
      .then(
        (r) => {
          done(run);
          pending.set(run.batch.index, r);
        },
        (e: unknown) => {
          if (opts.stop?.aborted) {
            done(run);
            return undefined;
          }
          const t = run.timedOut;
          if (t !== null) {
            run.timedOut = null;
            run.imposed = impose(run.imposed, t.game, { seat: t.seat, decision: t.decision, reason: t.reason, message: t.message });
          } else {
            restarts++;
            const beatGame = Atomics.load(run.beat, 1);
            const count = Atomics.load(run.beat, 0);
            if (count > 0 && run.attempts > 1) {
              // The same batch crashed its worker again in a bot's decision: that decision is the bot's fault.
              const seat = Atomics.load(run.beat, 3);
              run.imposed = impose(run.imposed, beatGame, {
                seat,
                decision: Atomics.load(run.beat, 2),
                reason: 'threw',
                message: `bot ${botAt(beatGame, seat)} crashed its worker: ${errorLine(e)}`,
              });
            } else if (run.attempts > MAX_CRASH_RETRIES) {
              failure = new Error(`batch ${run.batch.index} failed ${run.attempts} times: ${errorLine(e)}`);
              done(run);
              return undefined;
            }
          }
          run.controller = new AbortController();
          return launch(run);
        },
      );
  };

  const botAt = (gameInBatch: number, seat: number): string => config.lineup[entryAtSeat(seat, gameInBatch % P, P)] ?? '?';

  const watchdog = setInterval(
    () => {
      const now = Date.now();
      for (const run of running) {
        const c = Atomics.load(run.beat, 0);
        if (c !== run.lastCount) {
          run.lastCount = c;
          run.lastChange = now;
        } else if (c > 0 && run.timedOut === null && now - run.lastChange > opts.watchdogMs) {
          const game = Atomics.load(run.beat, 1);
          const seat = Atomics.load(run.beat, 3);
          run.timedOut = {
            game,
            seat,
            decision: Atomics.load(run.beat, 2),
            reason: 'timeout',
            message: `bot ${botAt(game, seat)} did not return within ${opts.watchdogMs} ms`,
          };
          run.controller.abort();
        }
      }
    },
    Math.max(10, Math.min(250, opts.watchdogMs / 4)),
  );

  let complete = false;
  try {
    // One batch per worker plus one waiting, so no worker idles between
    // batches. Never more: with several tasks queued, piscina may leave one
    // of them waiting until the end of the run while later ones run, and
    // every later result then waits for it to be merged (with one worker,
    // no progress, checkpoint or Ctrl-C result until the run ends).
    const window = opts.workers + 1;
    let submitted = next;
    const inFlight = new Set<Promise<void>>();
    const onStop = (): void => {
      for (const r of running) r.controller.abort();
    };
    opts.stop?.addEventListener('abort', onStop);
    while (!opts.stop?.aborted && failure === null && (submitted < batches.length || inFlight.size > 0)) {
      while (!opts.stop?.aborted && submitted < batches.length && inFlight.size < window) {
        const run: Running = {
          batch: batches[submitted++]!,
          beat: freeBeats.pop() ?? new Int32Array(new SharedArrayBuffer(16)),
          controller: new AbortController(),
          imposed: {},
          lastCount: 0,
          lastChange: Date.now(),
          timedOut: null,
          attempts: 0,
        };
        running.add(run);
        const p: Promise<void> = launch(run).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      if (inFlight.size === 0) break;
      await Promise.race(inFlight);
      merge();
    }
    opts.stop?.removeEventListener('abort', onStop);
    if (failure) throw failure;
    complete = next === batches.length;
  } finally {
    clearInterval(watchdog);
    await pool.close();
    if (fd !== null) closeSync(fd);
  }
  checkpoint(complete);
  return { tally, balance, deals, seconds: elapsed(), complete, restarts };
}

function impose(m: Readonly<Record<number, readonly Fault[]>>, game: number, f: Fault): Record<number, readonly Fault[]> {
  return { ...m, [game]: [...(m[game] ?? []), f] };
}

function errorLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
}
