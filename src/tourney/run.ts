import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Fault } from '../core/match.js';
import { getGame } from '../core/registry.js';
import { writeFileAtomic } from '../io/files.js';
import { JACKKNIFE_GROUPS } from '../stats/jackknife.js';
import { emptyTally, mergeTally, type Group, type Tally } from './aggregate.js';
import { GAMES_CSV_HEADER, type BatchResult, type RunConfig } from './batch.js';
import { BatchPool } from './pool.js';
import { dealsFor, dealsPerBatch, makeBatches, type Batch } from './schedule.js';

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
  /** Called after each batch is merged: games done, games planned, the run's tally so far. */
  readonly onProgress?: (done: number, total: number, tally: Tally) => void;
  /**
   * A sequential test (`match --sprt`): asked after each batch is merged, in
   * batch order; when it answers true the run ends there, complete, and no
   * later batch is merged, so the stop point is the same for any worker count.
   */
  readonly decided?: (tally: Tally) => boolean;
  /** The command and options that started the run, kept in the checkpoint for `--resume`. */
  readonly command?: Checkpoint['command'];
}

/** What a run produced. */
export interface TourneyRun {
  readonly tally: Tally;
  /** The game's balance totals (null for a game without its own balance statistics). */
  readonly balance: unknown;
  readonly deals: number;
  /** The jackknife groups of whole deals (every interval that is not a per-deal moment comes from them). */
  readonly groups: readonly Group[];
  /** True when `decided` ended the run before its last batch. */
  readonly decidedEarly: boolean;
  /** Wall-clock seconds of play, over every session of a resumed run. */
  readonly seconds: number;
  /** False when stopped early. */
  readonly complete: boolean;
  /** Worker crashes recovered (the batch was played again). */
  readonly restarts: number;
}

/** `checkpoint.json`: a run's merged results after its first `batchesDone` batches. */
export interface Checkpoint {
  readonly version: typeof CHECKPOINT_VERSION;
  readonly config: RunConfig;
  readonly games: number;
  readonly deals: number;
  readonly batchesDone: number;
  /** Deals per batch of the run's layout. */
  readonly dealsPerBatch: number;
  readonly tally: Tally;
  readonly balance: unknown;
  readonly groups: readonly Group[];
  /** True when the run's sequential test decided before its last batch. */
  readonly decidedEarly: boolean;
  /** Bytes of `games.jsonl` that belong to the merged batches. */
  readonly recordBytes: number;
  /** Bytes of `games.csv` (`--games-csv`) that belong to the merged batches. */
  readonly rowBytes: number;
  readonly seconds: number;
  readonly complete: boolean;
  /** The command that started the run (`tourney`, `match`, `rate`) and the options it needs to resume. */
  readonly command?: { readonly name: string; readonly options: Readonly<Record<string, unknown>> };
}

/** The checkpoint layout; version 2 added seatings, per-deal moments and jackknife groups. */
export const CHECKPOINT_VERSION = 2;

/**
 * Reads a run's checkpoint.
 * @throws Error when the directory holds none, or one of another version.
 */
export function readCheckpoint(dir: string): Checkpoint {
  const file = join(dir, 'checkpoint.json');
  if (!existsSync(file)) throw new Error(`${dir} holds no checkpoint.json`);
  const cp = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
  if (cp.version !== CHECKPOINT_VERSION)
    throw new Error(`${dir}: checkpoint of another ninefold version (${String(cp.version)}, this one reads ${CHECKPOINT_VERSION}); start the run again`);
  return cp as Checkpoint;
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
  timedOut: (Fault & { game: number }) | null;
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
  const K = config.seatings.length;
  const P = config.seatings[0]!.entries.length;
  const E = config.lineup.length;
  const deals = dealsFor(opts.games, K);
  const cp = opts.resume;
  // A resumed run keeps the layout it was started with.
  const per = cp ? cp.dealsPerBatch : dealsPerBatch(deals, K);
  const batches = makeBatches(deals, per);
  const total = deals * K;
  const gameBalance = getGame(config.gameId).balance;
  const newBalance = (): unknown => (gameBalance ? gameBalance.newTotals(config.variant, E) : null);
  const tally = cp ? cp.tally : emptyTally(P, E, K);
  const balance = cp ? cp.balance : newBalance();
  const G = Math.max(1, Math.min(batches.length, JACKKNIFE_GROUPS));
  const groups: Group[] = cp ? [...cp.groups] : Array.from({ length: G }, () => ({ tally: emptyTally(P, E, K), balance: newBalance() }));
  let next = cp ? cp.batchesDone : 0;
  let decidedEarly = cp ? cp.decidedEarly : false;
  let recordBytes = cp ? cp.recordBytes : 0;
  let rowBytes = cp ? (cp.rowBytes ?? 0) : 0;
  const priorSeconds = cp ? cp.seconds : 0;

  let fd: number | null = null;
  if (config.record && opts.dir) {
    const file = join(opts.dir, 'games.jsonl');
    fd = openSync(file, cp && existsSync(file) ? 'r+' : 'w');
    ftruncateSync(fd, recordBytes);
  }
  let rowFd: number | null = null;
  if (config.gamesCsv === true && opts.dir) {
    const file = join(opts.dir, 'games.csv');
    rowFd = openSync(file, cp && existsSync(file) ? 'r+' : 'w');
    ftruncateSync(rowFd, rowBytes);
    if (rowBytes === 0) rowBytes += writeSync(rowFd, `${GAMES_CSV_HEADER}\n`, 0);
  }
  const start = process.hrtime.bigint();
  const elapsed = (): number => priorSeconds + Number(process.hrtime.bigint() - start) / 1e9;
  let lastCheckpoint = 0;
  const checkpoint = (complete: boolean): void => {
    if (!opts.dir) return;
    const c: Checkpoint = {
      version: CHECKPOINT_VERSION,
      config,
      games: opts.games,
      deals,
      batchesDone: next,
      dealsPerBatch: per,
      tally,
      balance,
      groups,
      decidedEarly,
      recordBytes,
      rowBytes,
      seconds: elapsed(),
      complete,
      ...((opts.command ?? cp?.command) ? { command: (opts.command ?? cp?.command)! } : {}),
    };
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
    for (let r = pending.get(next); r !== undefined && !decidedEarly; r = pending.get(next)) {
      pending.delete(next);
      const group = groups[next % G]!;
      mergeTally(tally, r.tally);
      mergeTally(group.tally, r.tally);
      if (gameBalance) {
        gameBalance.merge(balance, r.balance);
        gameBalance.merge(group.balance, r.balance);
      }
      if (fd !== null && r.records !== '') recordBytes += writeSync(fd, r.records, recordBytes);
      if (rowFd !== null && r.rows !== '') rowBytes += writeSync(rowFd, r.rows, rowBytes);
      next++;
      opts.onProgress?.(tally.games, total, tally);
      if (opts.decided?.(tally) && next < batches.length) decidedEarly = true;
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
          if (opts.stop?.aborted || decidedEarly) {
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

  const botAt = (gameInBatch: number, seat: number): string => config.lineup[config.seatings[gameInBatch % K]!.entries[seat]!] ?? '?';

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
    while (!opts.stop?.aborted && !decidedEarly && failure === null && (submitted < batches.length || inFlight.size > 0)) {
      while (!opts.stop?.aborted && !decidedEarly && submitted < batches.length && inFlight.size < window) {
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
    if (decidedEarly) onStop();
    if (failure) throw failure;
    complete = next === batches.length || decidedEarly;
  } finally {
    clearInterval(watchdog);
    await pool.close();
    if (fd !== null) closeSync(fd);
    if (rowFd !== null) closeSync(rowFd);
  }
  checkpoint(complete);
  return { tally, balance, deals, groups, decidedEarly, seconds: elapsed(), complete, restarts };
}

function impose(m: Readonly<Record<number, readonly Fault[]>>, game: number, f: Fault): Record<number, readonly Fault[]> {
  return { ...m, [game]: [...(m[game] ?? []), f] };
}

function errorLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
}
