import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { getGame } from '../core/registry.js';
import { emptyTally, mergeTally, type Tally } from './aggregate.js';
import type { BatchResult, RunConfig } from './batch.js';
import { BatchPool } from './pool.js';
import { dealsFor, makeBatches } from './schedule.js';

/** A run to play. */
export interface TourneyOptions {
  readonly config: RunConfig;
  /** Games asked for; rounded up to whole rotations of the line-up. */
  readonly games: number;
  /** Worker threads, >= 1. */
  readonly workers: number;
  /** When set (and `config.record`), records are streamed to this file in game order. */
  readonly recordFile?: string;
  /** Called after each batch is merged, with games done and games planned. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** What a run produced. */
export interface TourneyRun {
  readonly tally: Tally;
  /** The game's balance totals (null for a game without its own balance statistics). */
  readonly balance: unknown;
  readonly deals: number;
  /** Wall-clock seconds of play (pool start to last batch). */
  readonly seconds: number;
}

/**
 * Plays a run across a pool of worker threads. Batches are merged strictly in
 * batch order (out-of-order results wait), so the tally and the record file
 * are identical for any worker count.
 */
export async function runTourney(opts: TourneyOptions): Promise<TourneyRun> {
  const P = opts.config.lineup.length;
  const deals = dealsFor(opts.games, P);
  const batches = makeBatches(deals, P);
  const total = deals * P;
  const tally = emptyTally(P);
  const gameBalance = getGame(opts.config.gameId).balance;
  const balance = gameBalance ? gameBalance.newTotals(opts.config.variant) : null;
  const pool = new BatchPool(opts.workers);
  let out: WriteStream | null = null;
  if (opts.config.record && opts.recordFile) out = createWriteStream(opts.recordFile);
  const start = process.hrtime.bigint();
  const pending = new Map<number, BatchResult>();
  let next = 0;
  const mergeReady = async (): Promise<void> => {
    for (let r = pending.get(next); r !== undefined; r = pending.get(next)) {
      pending.delete(next);
      mergeTally(tally, r.tally);
      if (gameBalance) gameBalance.merge(balance, r.balance);
      if (out && r.records !== '' && !out.write(r.records)) await once(out, 'drain');
      next++;
      opts.onProgress?.(tally.games, total);
    }
  };
  try {
    // A bounded window of batches in flight keeps memory flat on long runs.
    const window = Math.max(2, opts.workers * 4);
    let submitted = 0;
    const inFlight = new Set<Promise<void>>();
    while (submitted < batches.length || inFlight.size > 0) {
      while (submitted < batches.length && inFlight.size < window) {
        const b = batches[submitted++]!;
        const p: Promise<void> = pool
          .run({ config: opts.config, dealStart: b.dealStart, dealEnd: b.dealEnd })
          .then((r) => {
            pending.set(b.index, r);
          })
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      await Promise.race(inFlight);
      await mergeReady();
    }
  } finally {
    await pool.close();
    if (out) {
      out.end();
      await once(out, 'finish');
    }
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { tally, balance, deals, seconds };
}
