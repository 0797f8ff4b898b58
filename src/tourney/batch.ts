import type { Bot } from '../core/bot.js';
import type { GameStateBase } from '../core/game.js';
import { GameRunner, type Fault, type FaultPolicy } from '../core/game-runner.js';
import { getGame, type AnyGame } from '../core/registry.js';
import { gameSeed } from '../core/rng.js';
import { keyedDeal } from './deal-key.js';
import type { Variant } from '../core/variant.js';
import { createBot, isFileSpec, parseLineup } from '../../bots/index.js';
import { realmClient, RemoteBot } from '../../bots/remote/remote-bot.js';
import { botFileMode } from '../../bots/sandbox/policy.js';
import { DEFAULT_LIMITS, SandboxedBot, type SandboxLimits } from '../../bots/sandbox/sandboxed-bot.js';
import type { Seating } from '../stats/seatings.js';
import { DealTally, emptyTally, type Tally } from './aggregate.js';

/** Everything a worker needs to rebuild a run's games and bots (plain data, crosses threads). */
export interface RunConfig {
  readonly gameId: string;
  /** The resolved variant. */
  readonly variant: Variant;
  /** Bot specs of the line-up entries (E of them: the P seats' bots for `tourney`, candidate, baseline and opponents for `match`, the pool for `rate`). */
  readonly lineup: readonly string[];
  /**
   * The games of each deal: which entry sits at each seat, and the rotation
   * that seeds the bots' streams (`src/stats/seatings.ts`). `tourney` plays
   * the distinct rotations of its line-up.
   */
  readonly seatings: readonly Seating[];
  readonly runSeed: string;
  /**
   * A keyed run's deal key (32 hex digits; secret deals, `deal-key.ts`): each
   * deal's seed and its bots' stream seed are derived from it and the run
   * seed (`keyedDeal`). Absent: deals from the run seed (`gameSeed`).
   */
  readonly dealKey?: string | undefined;
  readonly record: boolean;
  /** What a faulty decision costs: the game (forfeit) or nothing (a random legal action replaces it). */
  readonly onFault: FaultPolicy;
  /** Per-decision budget in ms measured around each bot call; 0 = only the watchdog's limit. */
  readonly moveTimeoutMs: number;
  /** The most resident memory of a user bot's realm, in MiB (default 1024). */
  readonly botMemoryMb?: number | undefined;
  /** The most ms a user bot file may take to load in its realm (default 10 000). */
  readonly botLoadMs?: number | undefined;
  /** When true, one row per seat-game goes to `games.csv` (`GAMES_CSV_HEADER`). */
  readonly gamesCsv?: boolean | undefined;
}

/**
 * The columns of `games.csv`, one row per seat-game (the statistics issue,
 * item 8): the deal (the statistical unit), the game's seating index and
 * seed rotation, the seat, the line-up entry and its bot, the seat's score,
 * its win share (1/k of a win shared by k), and 1 if it forfeited.
 */
export const GAMES_CSV_HEADER = 'deal,seating,rotation,seat,entry,bot,score,win_share,forfeit';

/** The run's files of every game: `games.jsonl` (`--record`: each game's record, the rule files' format) and `games.csv` (`--games-csv`: one row per seat-game). */
export const GAME_FILES = { records: 'games.jsonl', rows: 'games.csv' } as const;

/** A CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvCell(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One batch to play. */
export interface BatchTask {
  readonly config: RunConfig;
  readonly dealStart: number;
  readonly dealEnd: number;
  /** Heartbeat read by the watchdog (see `GameRunner.heartbeat`), on a SharedArrayBuffer. */
  readonly heartbeat?: SharedArrayBuffer;
  /** Faults found by the watchdog in earlier attempts, by game index in the batch (bots that never returned). */
  readonly imposed?: Readonly<Record<number, readonly Fault[]>>;
  /**
   * Where this machine loads user bot files from, by the path the line-up
   * names (a queue worker's copy fetched by hash, `src/queue/files.ts`);
   * records and reports keep the line-up's path. Absent: every path as named.
   */
  readonly files?: Readonly<Record<string, string>>;
}

/** What a batch returns: its tally, the game's balance totals (if it has any), when recording its records as JSON Lines, and its `games.csv` rows. */
export interface BatchResult {
  readonly tally: Tally;
  readonly balance: unknown;
  readonly records: string;
  readonly rows: string;
}

interface Prepared {
  readonly runner: GameRunner<GameStateBase, object>;
  readonly game: AnyGame;
  /** bySeat[seating][seat]: the bot instance sitting there. */
  readonly bySeat: Bot[][];
  /** names[seating][seat]: its spec text, for records. */
  readonly names: string[][];
  /** shareLegal[seating][seat]: true for ninefold's own bots (not loaded from a file). */
  readonly shareLegal: boolean[][];
}

/**
 * The runs prepared in this thread, most recently used last. A training run
 * prepares a new configuration every iteration, so only the last
 * `MAX_PREPARED` are kept, and the realms of a dropped one are ended.
 */
const cache = new Map<string, Prepared>();
const MAX_PREPARED = 8;

function remember(key: string, ready: Prepared): void {
  cache.set(key, ready);
  while (cache.size > MAX_PREPARED) {
    const [oldest, dropped] = cache.entries().next().value as [string, Prepared];
    cache.delete(oldest);
    for (const row of dropped.bySeat) for (const b of row) if (b instanceof RemoteBot || b instanceof SandboxedBot) b.release();
  }
}
/** Runs prepared in this thread (a part of every realm's key). */
let preparedRuns = 0;

async function prepare(config: RunConfig, files: Readonly<Record<string, string>> = {}): Promise<Prepared> {
  const key = JSON.stringify([config, files]);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const game = getGame(config.gameId);
  const specs = config.lineup.map((text) => {
    const spec = parseLineup(text)[0];
    if (!spec) throw new Error(`empty bot spec '${text}'`);
    return spec;
  });
  // Built-in bots: one instance per entry, reused (they carry nothing from one game to the next: test/contract/isolation.test.ts).
  // User bots: one sandbox per entry and seating, so that no sandbox plays two rotations of a deal.
  const entries = specs.map((spec) => (isFileSpec(spec.name) ? null : createBot(spec, game)));
  const limits: SandboxLimits = {
    ...DEFAULT_LIMITS,
    ...(config.moveTimeoutMs > 0 ? { decisionMs: config.moveTimeoutMs } : {}),
    ...(config.botMemoryMb !== undefined ? { memoryBytes: config.botMemoryMb * 2 ** 20 } : {}),
    ...(config.botLoadMs !== undefined ? { loadMs: config.botLoadMs } : {}),
  };
  // User bots play in sandboxes (isolates in this thread), or unsandboxed in child processes where the user accepted that.
  const mode = specs.some((s) => isFileSpec(s.name)) ? botFileMode() : 'sandbox';
  const run = ++preparedRuns;
  const bySeat = config.seatings.map((k, ki) =>
    k.entries.map((e) => {
      const spec = specs[e]!;
      const file = files[spec.name] ?? spec.name;
      const built = entries[e];
      if (built) return built;
      if (mode === 'sandbox') return new SandboxedBot(spec.name, file, spec.params, config.gameId, config.variant, limits);
      return new RemoteBot(realmClient(limits.memoryBytes), `${run}/${e}/${ki}`, file, spec.params, config.gameId, config.variant, limits);
    }),
  );
  const names = config.seatings.map((k) => k.entries.map((e) => config.lineup[e]!));
  const shareLegal = config.seatings.map((k) => k.entries.map((e) => !isFileSpec(specs[e]!.name)));
  const rotations = Math.max(...config.seatings.map((k) => k.rotation)) + 1;
  const runner = new GameRunner(game, config.variant, { onFault: config.onFault, moveTimeoutMs: config.moveTimeoutMs, rotations });
  const ready: Prepared = { runner, game, bySeat, names, shareLegal };
  remember(key, ready);
  return ready;
}

/**
 * Plays deals [dealStart, dealEnd) of a run, every seating of each, in order.
 * Game `deal * K + k` (K seatings) is seeded from (run seed, deal) alone, so it
 * is the same game whichever worker plays it; its bots' streams from (run
 * seed, deal, the seating's rotation, seat). In a keyed run both come from
 * the deal key as well (`keyedDeal`, once per deal).
 */
export async function runBatch(task: BatchTask): Promise<BatchResult> {
  const { config } = task;
  const beat = task.heartbeat ? new Int32Array(task.heartbeat) : null;
  const { runner, game, bySeat, names, shareLegal } = await prepare(config, task.files);
  runner.heartbeat = beat;
  const seatings = config.seatings;
  const K = seatings.length;
  const P = seatings[0]!.entries.length;
  const tally = emptyTally(P, config.lineup.length, K);
  const deal = new DealTally(tally);
  const balance = game.balance;
  const totals = balance ? balance.newTotals(config.variant, config.lineup.length) : null;
  const lines: string[] = [];
  const rows: string[] = [];
  const botCells = config.lineup.map(csvCell);
  let g = 0;
  for (let d = task.dealStart; d < task.dealEnd; d++) {
    const keyed = config.dealKey === undefined ? null : keyedDeal(config.dealKey, config.runSeed, d);
    const seed = keyed ? keyed.seed : gameSeed(config.runSeed, d);
    for (let k = 0; k < K; k++, g++) {
      runner.gameInBatch = g;
      const seating = seatings[k]!;
      const o = runner.play({
        seed,
        streams: keyed?.streams,
        rotation: seating.rotation,
        bots: bySeat[k]!,
        names: names[k]!,
        record: config.record,
        imposed: task.imposed?.[g],
        shareLegal: shareLegal[k],
      });
      deal.addGame(k, seating, o, d);
      if (balance && o.status === 'ok') balance.accumulate(runner.lastState, totals, seating.entries, o.result);
      if (o.record) lines.push(JSON.stringify(o.record));
      if (config.gamesCsv === true) {
        const share = o.result.winners.length > 0 ? 1 / o.result.winners.length : 0;
        const forfeit = o.status === 'forfeit' ? o.faults[o.faults.length - 1]!.seat : -1;
        for (let s = 0; s < P; s++) {
          const e = seating.entries[s]!;
          const win = o.result.winners.includes(s) ? share : 0;
          rows.push(`${d},${k},${seating.rotation},${s},${e},${botCells[e]!},${o.result.scores[s] ?? 0},${win},${forfeit === s ? 1 : 0}\n`);
        }
      }
    }
    deal.endDeal();
  }
  return { tally, balance: totals, records: lines.length > 0 ? `${lines.join('\n')}\n` : '', rows: rows.join('') };
}
