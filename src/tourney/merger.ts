import { closeSync, existsSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { type AnyGame, getGame } from '../core/registry.js';
import { JACKKNIFE_GROUPS } from '../stats/jackknife.js';
import { emptyTally, type Group, mergeTally, type Tally } from './aggregate.js';
import { type BatchResult, GAME_FILES, GAMES_CSV_HEADER, type RunConfig } from './batch.js';
import type { Checkpoint } from './checkpoint.js';

/** What the merger needs of a run. */
export interface MergerOptions {
  readonly config: RunConfig;
  /** Batches of the run's layout. */
  readonly batches: number;
  /** Games of the whole run (for `onProgress`). */
  readonly total: number;
  /** The run directory (`games.jsonl`, `games.csv` are written there); none: nothing is written. */
  readonly dir?: string | undefined;
  /** The checkpoint a resumed run carries on from. */
  readonly resume?: Checkpoint | undefined;
  readonly onProgress?: ((done: number, total: number, tally: Tally) => void) | undefined;
  readonly decided?: ((tally: Tally) => boolean) | undefined;
}

/**
 * The run's totals, merged strictly in batch order: results that arrive early
 * wait in `pending` until every batch before them is merged, so the tally,
 * the balance totals, the jackknife groups and the record files are the same
 * for any worker count and any order of arrival, and a resumed run (which
 * starts from a checkpoint's totals and file lengths) ends as an uninterrupted
 * one would.
 */
export class Merger {
  readonly tally: Tally;
  readonly balance: unknown;
  /** The jackknife groups of whole deals: batch b goes to group b mod G. */
  readonly groups: Group[];
  /** Batches merged so far (the next one to merge). */
  next: number;
  /** True once `decided` answered yes before the last batch: nothing more is merged. */
  decidedEarly: boolean;
  /** Bytes of `games.jsonl` and `games.csv` that belong to the merged batches. */
  recordBytes: number;
  rowBytes: number;
  private readonly pending = new Map<number, BatchResult>();
  private readonly gameBalance: AnyGame['balance'];
  private readonly G: number;
  private fd: number | null = null;
  private rowFd: number | null = null;

  constructor(private readonly opts: MergerOptions) {
    const { config, resume: cp } = opts;
    const K = config.seatings.length;
    const P = config.seatings[0]!.entries.length;
    const E = config.lineup.length;
    this.gameBalance = getGame(config.gameId).balance;
    const newBalance = (): unknown => (this.gameBalance ? this.gameBalance.newTotals(config.variant, E) : null);
    this.tally = cp ? cp.tally : emptyTally(P, E, K);
    this.balance = cp ? cp.balance : newBalance();
    this.G = Math.max(1, Math.min(opts.batches, JACKKNIFE_GROUPS));
    this.groups = cp
      ? cp.groups.map((g) => ({ tally: g.tally, balance: g.balance }))
      : Array.from({ length: this.G }, () => ({ tally: emptyTally(P, E, K), balance: newBalance() }));
    this.next = cp ? cp.batchesDone : 0;
    this.decidedEarly = cp ? cp.decidedEarly : false;
    this.recordBytes = cp ? cp.recordBytes : 0;
    this.rowBytes = cp ? (cp.rowBytes ?? 0) : 0;
    if (config.record && opts.dir) {
      const file = join(opts.dir, GAME_FILES.records);
      this.fd = openSync(file, cp && existsSync(file) ? 'r+' : 'w');
      // A resumed run cuts what no merged batch wrote (a fresh file is empty already).
      if (cp) ftruncateSync(this.fd, this.recordBytes);
    }
    if (config.gamesCsv === true && opts.dir) {
      const file = join(opts.dir, GAME_FILES.rows);
      this.rowFd = openSync(file, cp && existsSync(file) ? 'r+' : 'w');
      if (cp) ftruncateSync(this.rowFd, this.rowBytes);
      if (this.rowBytes === 0) this.rowBytes += writeSync(this.rowFd, `${GAMES_CSV_HEADER}\n`, 0);
    }
  }

  /** Games of the results waiting for an earlier batch before they are merged (for a progress display). */
  waitingGames(): number {
    let n = 0;
    for (const r of this.pending.values()) n += r.tally.games;
    return n;
  }

  /** Keeps a batch's result until every batch before it is merged. */
  accept(index: number, result: BatchResult): void {
    this.pending.set(index, result);
  }

  /**
   * Merges every waiting result that is next in batch order (none once the
   * run is decided), calling `onProgress` and `decided` after each.
   * @returns how many batches were merged.
   */
  merge(): number {
    const { opts, tally, groups, gameBalance, pending } = this;
    const before = this.next;
    for (let r = pending.get(this.next); r !== undefined && !this.decidedEarly; r = pending.get(this.next)) {
      // The record files first: a write that fails (a full disk) leaves this batch unmerged, so the
      // tallies, the checkpoint and the files never disagree. A short write counts only what was written.
      const recordBytes = this.fd !== null && r.records !== '' ? this.recordBytes + writeAll(this.fd, r.records, this.recordBytes) : this.recordBytes;
      const rowBytes = this.rowFd !== null && r.rows !== '' ? this.rowBytes + writeAll(this.rowFd, r.rows, this.rowBytes) : this.rowBytes;
      this.recordBytes = recordBytes;
      this.rowBytes = rowBytes;
      pending.delete(this.next);
      const group = groups[this.next % this.G]!;
      mergeTally(tally, r.tally);
      mergeTally(group.tally, r.tally);
      if (gameBalance) {
        gameBalance.merge(this.balance, r.balance);
        gameBalance.merge(group.balance, r.balance);
      }
      this.next++;
      opts.onProgress?.(tally.games, opts.total, tally);
      if (opts.decided?.(tally) && this.next < opts.batches) this.decidedEarly = true;
    }
    return this.next - before;
  }

  /** Closes the record files. */
  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    if (this.rowFd !== null) closeSync(this.rowFd);
  }
}

/**
 * Writes all of `text` at `position`.
 * @returns the bytes written.
 * @throws the write's error (ENOSPC on a full disk) when not all of it could be written.
 */
function writeAll(fd: number, text: string, position: number): number {
  const buf = Buffer.from(text);
  let done = 0;
  while (done < buf.length) {
    const n = writeSync(fd, buf, done, buf.length - done, position + done);
    if (n <= 0) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    done += n;
  }
  return done;
}
