/**
 * The run flags every command that plays games shares, parsed (`RunFlags`):
 * workers, the queue, the faults and the watchdog; and what plays a run's
 * batches (this machine's threads, or the queue's workers).
 */
import { UsageError } from '../core/errors.js';
import { acceptUnsandboxedBots } from '../../bots/sandbox/policy.js';
import { DEFAULT_LIMITS } from '../../bots/sandbox/sandboxed-bot.js';
import { parseQueueKey, type QueueKey, takeQueueEnv } from '../queue/auth.js';
import { type QueueTarget, queueTarget } from '../queue/connection.js';
import { QueuePlayer } from '../queue/player.js';
import { BatchPool, type BatchPlayer } from '../tourney/pool.js';
import { parseCount } from './options.js';
import { runDealKey } from './deals.js';
import type { Faults, PlayedSpec } from './run-spec.js';

/**
 * The watchdog's limit on one decision of a user bot file when `--move-timeout` is not given (built-in bots: `BUILT_IN_WATCHDOG_MS`).
 * It stands behind the sandbox's own deadline, `DEFAULT_LIMITS.decisionMs` (5 s), which is the limit a bot file meets.
 */
export const DEFAULT_WATCHDOG_MS = 10_000;

/** A coordinator's queue: where it is, and the shared key that seals its jobs and opens its results. */
export interface QueueAccess {
  readonly target: QueueTarget;
  readonly key: QueueKey;
}

/**
 * The queue a `--queue` argument names, with the shared key from the
 * environment (`NINEFOLD_QUEUE_KEY`).
 * @throws UsageError with one line: a bad URL or one with a password, or no key (or too short a key).
 */
export function parseQueueAccess(arg: string): QueueAccess {
  const target = queueTarget(arg);
  return { target, key: parseQueueKey(takeQueueEnv().key, '--queue') };
}

/**
 * The options every run command shares, parsed: how this session plays
 * (workers, queue, `--wide`: not part of a run, so never kept in its files),
 * the faults a new run's spec takes (`Faults`), and the watchdog behind them.
 */
export interface RunFlags extends Faults {
  readonly workers: number;
  /** `--queue`: where the batches go, and the queue's key; absent: they are played on this machine's threads. */
  readonly queue?: QueueAccess;
  readonly watchdogMs: number;
  /** `--wide`: print every table whole (`RUN_ARGS.wide`). */
  readonly wide?: boolean;
}

/**
 * The part of a run spec the run flags decide (`Faults`): what a fault
 * costs, the per-decision budget (ms), and a user bot realm's memory (MiB)
 * and load time (ms).
 */
export function faultConfig(flags: Faults): Faults {
  return { onFault: flags.onFault, moveTimeoutMs: flags.moveTimeoutMs, botMemoryMb: flags.botMemoryMb, botLoadMs: flags.botLoadMs };
}

/** The run flags every command that plays on the tourney reads into its spec. */
interface PlayedArgs {
  readonly seed: string;
  readonly 'deal-key'?: string | undefined;
  readonly games: string;
  readonly record: boolean;
  readonly 'games-csv': boolean;
}

/**
 * The fields of a spec the shared run flags decide: the seed, the deal key
 * (`runDealKey`: a new one when a bot file plays), the games, the files asked
 * for, the faults.
 * @param bots every bot spec text the run will play.
 * @throws UsageError on a bad `--deal-key` or `--games`.
 */
export function playedFields(
  args: PlayedArgs,
  flags: RunFlags,
  bots: readonly string[],
): Pick<PlayedSpec, 'seed' | 'dealKey' | 'games' | 'record' | 'gamesCsv' | 'faults'> {
  const dealKey = runDealKey(args['deal-key'], bots);
  return {
    seed: args.seed,
    ...(dealKey !== undefined ? { dealKey } : {}),
    games: parseCount('--games', args.games, 1, 1e10),
    record: args.record,
    gamesCsv: args['games-csv'],
    faults: faultConfig(flags),
  };
}

/**
 * The run flags a session plays a spec with: its own workers, queue and
 * `--wide`, the spec's faults (a resumed run keeps those it started with),
 * and the watchdog that stands behind them.
 */
export function playFlags(flags: RunFlags, faults: Faults): RunFlags {
  return resolveRunFlags({ workers: flags.workers, ...faults, ...(flags.queue ? { queue: flags.queue } : {}), ...(flags.wide === true ? { wide: true } : {}) });
}

/**
 * Parses `--workers`, `--on-fault`, `--move-timeout` and the other run flags (`--wide` too).
 * @throws UsageError naming the flag and its valid values.
 */
export function parseRunFlags(args: {
  workers: string;
  'on-fault': string;
  'move-timeout'?: string | undefined;
  'bot-memory'?: string | undefined;
  'bot-load-timeout'?: string | undefined;
  queue?: string | undefined;
  'unsandboxed-bots'?: boolean | undefined;
  wide?: boolean | undefined;
}): RunFlags {
  acceptUnsandboxedBots(args['unsandboxed-bots'] === true);
  const onFault = args['on-fault'];
  const workers = parseCount('--workers', args.workers, 1, 256);
  const queue = args.queue === undefined ? undefined : parseQueueAccess(args.queue);
  if (onFault !== 'forfeit' && onFault !== 'random') throw new UsageError(`--on-fault must be forfeit or random, got '${onFault}'`);
  return resolveRunFlags({
    workers,
    onFault,
    moveTimeoutMs: args['move-timeout'] === undefined ? 0 : parseCount('--move-timeout', args['move-timeout'], 1, 86_400_000),
    ...(args['bot-memory'] === undefined ? {} : { botMemoryMb: parseCount('--bot-memory', args['bot-memory'], 64, 1_048_576) }),
    ...(args['bot-load-timeout'] === undefined ? {} : { botLoadMs: parseCount('--bot-load-timeout', args['bot-load-timeout'], 100, 3_600_000) }),
    ...(queue ? { queue } : {}),
    ...(args.wide === true ? { wide: true } : {}),
  });
}

/**
 * The run flags from their values: a user bot realm's memory (MiB) and load
 * time (ms) default to the sandbox's limits (`DEFAULT_LIMITS`), and the
 * watchdog (ms) stands behind the per-decision budget and the load time.
 */
export function resolveRunFlags(
  v: Pick<RunFlags, 'workers' | 'onFault' | 'moveTimeoutMs' | 'queue' | 'wide'> & Partial<Pick<RunFlags, 'botMemoryMb' | 'botLoadMs'>>,
): RunFlags {
  const { workers, onFault, moveTimeoutMs } = v;
  const botMemoryMb = v.botMemoryMb ?? DEFAULT_LIMITS.memoryBytes / 2 ** 20;
  const botLoadMs = v.botLoadMs ?? DEFAULT_LIMITS.loadMs;
  // The watchdog stands behind the realms' own deadlines (a user bot's decision is timed out by its realm first).
  const watchdogMs = moveTimeoutMs > 0 ? moveTimeoutMs + Math.max(1000, moveTimeoutMs) : DEFAULT_WATCHDOG_MS;
  return {
    workers,
    onFault,
    moveTimeoutMs,
    watchdogMs: Math.max(watchdogMs, botLoadMs + 1000),
    botMemoryMb,
    botLoadMs,
    ...(v.queue ? { queue: v.queue } : {}),
    ...(v.wide === true ? { wide: true } : {}),
  };
}

/**
 * Connects a coordinator to its queue and says so on stderr, with the workers
 * connected (or how to start one).
 * @throws UsageError with one line when Redis cannot be reached.
 */
export async function openQueue(queue: QueueAccess, watchdogMs: number): Promise<QueuePlayer> {
  const { target, key } = queue;
  const q = await QueuePlayer.open(target, key, watchdogMs);
  const w =
    q.workers.processes === 0
      ? `no worker connected yet: start them with npm run worker -- --queue ${target.arg === 'env' ? 'env' : target.url} (and the same NINEFOLD_QUEUE_KEY)`
      : q.status();
  process.stderr.write(`ninefold: run ${q.runId} plays its batches through ${target.url}: ${w}\n`);
  return q;
}

/**
 * What plays the batches of many short runs (a training run): the queue of
 * `--queue`, or this machine's `workers` threads. Close it after the last run.
 * @throws UsageError with one line when the queue's Redis cannot be reached.
 */
export async function openPlayer(flags: RunFlags): Promise<BatchPlayer> {
  return flags.queue ? openQueue(flags.queue, flags.watchdogMs) : new BatchPool(flags.workers);
}
