import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import yargs, { type InferredOptionTypes, type Options } from 'yargs';
import { RunStoppedError, UsageError } from '../core/errors.js';
import { isDiskFull } from '../io/files.js';
import type { AnyGame } from '../core/registry.js';
import type { RunConfig } from '../tourney/batch.js';
import type { Tally } from '../tourney/aggregate.js';
import { runTourney, type Checkpoint, type TourneyRun } from '../tourney/run.js';
import { summarize, type Summary } from '../analysis/summary.js';
import { nonDefault, resolveGameVariant, type VariantValue } from '../core/variant.js';
import { clockBoundSpecs, getBotKind, parseAndValidateLineup } from '../../bots/index.js';
import { acceptUnsandboxedBots } from '../../bots/sandbox/policy.js';
import { DEFAULT_LIMITS } from '../../bots/sandbox/sandboxed-bot.js';
import { parseQueueKey, type QueueKey, takeQueueEnv } from '../queue/auth.js';
import { type QueueTarget, queueTarget } from '../queue/connection.js';
import { QueuePlayer } from '../queue/player.js';
import { BatchPool, type BatchPlayer } from '../tourney/pool.js';
import { asText, type AsText, checkArgv, helpAsked, typedArgs } from './argv.js';
import { parseCount } from './options.js';
import { RESUME_ALLOWS } from './run-args.js';
import { usageLine } from './suggest.js';
import { type Progress, progressReporter } from './progress.js';
import { startRequestedHtmlRenderer } from '../report/html/renderer.js';
import { writeHtmlReport } from '../report/html/write.js';
import { wrapProse } from '../report/terminal.js';

/**
 * The watchdog's limit on one decision of a user bot file when `--move-timeout` is not given (built-in bots: `BUILT_IN_WATCHDOG_MS`).
 * It stands behind the sandbox's own deadline, `DEFAULT_LIMITS.decisionMs` (5 s), which is the limit a bot file meets.
 */
export const DEFAULT_WATCHDOG_MS = 10_000;

/** The package version (package.json). */
export function packageVersion(): string {
  const file = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * Parses a command line with yargs, strictly (unknown flags are errors),
 * after `checkArgv`. `--help` prints the usage, numeric options typed
 * `[number]`; `--version` the version. A numeric option's value comes back
 * as the text typed (`asText`), for `parseCount` and `parseNumber` to check
 * and name in one line.
 * @returns the parsed arguments and the flags given, or null when `--help` or `--version` was printed.
 * @throws UsageError with one line on bad input.
 */
export async function parseCommand<O extends Record<string, Options>>(
  argv: readonly string[],
  name: string,
  usage: string,
  options: O,
  epilogue: string,
): Promise<(InferredOptionTypes<AsText<O>> & { readonly given: ReadonlySet<string> }) | null> {
  if (argv.includes('--version')) {
    process.stdout.write(`${packageVersion()}\n`);
    return null;
  }
  const given = checkArgv(argv, options);
  let failed: string | null = null;
  const parser = <T extends Record<string, Options>>(table: T) =>
    yargs([...argv])
      .scriptName(`npm run ${name} --`)
      .usage(usage)
      .options(table)
      .version(false)
      .strict()
      .epilogue(epilogue)
      .exitProcess(false)
      .fail((msg, err) => {
        failed = msg ?? err?.message ?? 'bad arguments';
      });
  // `--help` lists the table as declared (numeric options typed [number]); parsing reads numbers as text.
  if (helpAsked(argv)) {
    const shown = await parser(options).parseAsync();
    if (failed !== null) throw new UsageError(failed);
    if (shown.help === true) return null;
  }
  const args = await parser(asText(options)).parseAsync();
  if (failed !== null) throw new UsageError(failed);
  return Object.assign(typedArgs(args, asText(options)), { given });
}

/**
 * Refuses flags given with `--resume` that it cannot honour.
 * @throws UsageError naming the first such flag.
 */
export function checkResumeFlags(given: ReadonlySet<string>): void {
  const bad = [...given].filter((f) => !RESUME_ALLOWS.has(f));
  if (bad.length > 0) {
    throw new UsageError(
      `--resume carries a run on as it was started: --${bad[0]} cannot change it (beside --resume only --workers, --queue and --wide may be given)`,
    );
  }
}

/** Run directories this process created (by `newRunDir` or `claimOutDir`): removed at exit when still empty. */
const createdDirs = new Set<string>();

/**
 * The default output directory of a run without `--out`: `results/<name>`,
 * or `results/<name>-2`, `-3`, ... when that name is taken (two runs started
 * within the same second, whose names `runName` makes alike). Each candidate
 * is created with a plain `mkdir`, which fails when the directory exists, so
 * two processes never get the same one.
 * @param name the run's name (`runName`).
 * @param parent where run directories go (`results`, relative to the working directory).
 * @returns the path of the new, empty directory.
 * @throws UsageError with one line when `parent` cannot be written.
 */
export function newRunDir(name: string, parent = 'results'): string {
  try {
    mkdirSync(parent, { recursive: true });
    for (let k = 1; ; k++) {
      const dir = join(parent, k === 1 ? name : `${name}-${k}`);
      try {
        mkdirSync(dir);
        createdDirs.add(resolve(dir));
        return dir;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
  } catch (e) {
    throw new UsageError(`cannot create a run directory under ${parent}/: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** Files a run writes into its directory (removed by `--force` before a new run). */
const RUN_FILES =
  /^(summary\.json|checkpoint\.json|balance.*\.(json|csv)|bots\.csv|seats\.csv|games\.(jsonl|csv)|match\.(json|csv)|sprt\.csv|ratings\.(json|csv)|los\.csv|sweep.*\.(json|csv)|train(-state)?\.json|curve\.(json|csv)|tuned\.json|report\.html)$/;

/**
 * Claims a run's output directory: creates it, refuses one that already
 * holds a run (unless `force`, which clears the old run's files first, or a
 * resume), and holds a lock file `.lock` (the owner's pid) until the process
 * exits, so that two runs never write into one directory.
 * @throws UsageError with one line: an impossible path, a directory that holds a run, a directory in use.
 */
export function claimOutDir(dir: string, opts: { readonly force?: boolean; readonly resume?: boolean } = {}): void {
  const abs = resolve(dir);
  if (dir.trim() === '') throw new UsageError('--out must name a directory, got an empty path');
  if (/^\/(proc|sys|dev)(\/|$)/.test(abs)) throw new UsageError(`--out ${dir}: results cannot be written under /proc, /sys or /dev`);
  if (opts.resume && !existsSync(abs)) throw new UsageError(`--resume ${dir}: no such directory`);
  if (existsSync(abs) && !statSync(abs).isDirectory()) throw new UsageError(`${dir} is a file, not a directory`);
  // A directory made for this run and left empty (bad input found after claiming it, an unreachable queue) is removed at exit.
  const created = createdDirs.has(abs) || !existsSync(abs);
  try {
    mkdirSync(abs, { recursive: true });
  } catch (e) {
    throw new UsageError(`cannot create ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const lock = join(abs, '.lock');
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch {
    const pid = Number(readFileSync(lock, 'utf8'));
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw new UsageError(`${dir} is in use by another run (process ${pid})`);
    writeFileSync(lock, String(process.pid));
  }
  process.on('exit', () => {
    try {
      if (readFileSync(lock, 'utf8') === String(process.pid)) unlinkSync(lock);
    } catch {
      // gone already
    }
    if (created) {
      try {
        rmdirSync(abs);
      } catch {
        // not empty: the run wrote its files
      }
    }
  });
  if (opts.resume) return;
  const old = readdirSync(abs).filter((f) => RUN_FILES.test(f));
  const oldDirs = readdirSync(abs, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(abs, d.name, 'summary.json')));
  if (old.length === 0 && oldDirs.length === 0) return;
  if (!opts.force) throw new UsageError(`${dir} already holds a run (${old[0] ?? `${oldDirs[0]!.name}/`}); give another --out, or --force to replace it`);
  for (const f of old) rmSync(join(abs, f), { force: true });
  for (const d of oldDirs) rmSync(join(abs, d.name), { recursive: true, force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Ctrl-C and SIGTERM: the first stops taking batches (results so far are written), the second quits at once. */
export interface Stopper {
  readonly signal: AbortSignal;
  /** The signal received, if any. */
  received(): NodeJS.Signals | null;
  /** Removes the handlers (a run inside a command that has its own, as `train`'s verification `runMatch`). */
  dispose(): void;
}

/** Installs the SIGINT/SIGTERM handlers of a run. */
export function installStopper(): Stopper {
  const stopper = new AbortController();
  let signal: NodeJS.Signals | null = null;
  const onSignal = (s: NodeJS.Signals): void => {
    if (signal !== null) process.exit(s === 'SIGINT' ? 130 : 143);
    signal = s;
    process.stderr.write(`\nninefold: ${s}: stopping; writing the results so far (again to quit at once)\n`);
    stopper.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: stopper.signal,
    received: () => signal,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

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

/** The options every run command shares, parsed. */
export interface RunFlags {
  readonly workers: number;
  /** `--queue`: where the batches go, and the queue's key; absent: they are played on this machine's threads. */
  readonly queue?: QueueAccess;
  readonly onFault: 'forfeit' | 'random';
  readonly moveTimeoutMs: number;
  readonly watchdogMs: number;
  /** User bot files: the most resident memory of a realm (MiB), and the most ms to load. */
  readonly botMemoryMb: number;
  readonly botLoadMs: number;
  /** `--wide`: print every table whole (`RUN_ARGS.wide`); not part of a run, so never kept in its files. */
  readonly wide?: boolean;
}

/**
 * The part of a `RunConfig` the run flags decide: what a fault costs, the
 * per-decision budget (ms), and a user bot realm's memory (MiB) and load
 * time (ms). Every command builds its configs with it.
 */
export function faultConfig(
  flags: Pick<RunFlags, 'onFault' | 'moveTimeoutMs' | 'botMemoryMb' | 'botLoadMs'>,
): Pick<RunConfig, 'onFault' | 'moveTimeoutMs' | 'botMemoryMb' | 'botLoadMs'> {
  return { onFault: flags.onFault, moveTimeoutMs: flags.moveTimeoutMs, botMemoryMb: flags.botMemoryMb, botLoadMs: flags.botLoadMs };
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
 * The other seats of a table and the table size: the given line-up (`--opponents`
 * for `match` and `train`, `--bots` for a rules search), which sets `players`, or
 * without one the game's greedy bot (random when it has none) in every seat the
 * variant's table leaves.
 * @param given the parsed `--variant`; its `players` is set to the table size.
 * @param own the seats the command fills itself (1: the candidate; 0: the line-up is the whole table).
 * @returns the spec texts of the seats filled here, in seat order after the command's own.
 * @throws UsageError when the line-up does not fit `players` or the game's table sizes.
 */
export async function tableSeats(
  game: AnyGame,
  lineup: string | undefined,
  given: Record<string, VariantValue>,
  own: number,
  loadMs: number,
): Promise<string[]> {
  if (lineup === undefined) {
    const P = Number(resolveGameVariant(game, given).players);
    const filler = getBotKind('greedy').supports(game.info.id) ? 'greedy' : 'random';
    return Array.from({ length: P - own }, () => filler);
  }
  const seats = (await parseAndValidateLineup(lineup, game, loadMs)).map((s) => s.text);
  const P = seats.length + own;
  const what = own > 0 ? `${seats.length} opponents` : `${seats.length} bots`;
  if (given.players !== undefined && Number(given.players) !== P) throw new UsageError(`--variant players=${String(given.players)} does not fit ${what}`);
  if (P < game.info.minPlayers || P > game.info.maxPlayers)
    throw new UsageError(`${game.info.id} is for ${game.info.minPlayers}-${game.info.maxPlayers} players; with ${what} the table has ${P}`);
  given.players = P;
  return seats;
}

/** One run to play: its config, size and directory. */
export interface RunRequest {
  readonly game: AnyGame;
  readonly config: RunConfig;
  readonly games: number;
  readonly flags: RunFlags;
  readonly dir: string;
  readonly stop: AbortSignal;
  readonly resume?: Checkpoint;
  /** What the command needs to resume the run (written into the checkpoint). */
  readonly command?: Checkpoint['command'];
  /** A sequential test asked after each merged batch (see `TourneyOptions.decided`). */
  readonly decided?: (tally: Tally) => boolean;
  /** Extra text for the progress line (e.g. the SPRT's log-likelihood ratio). */
  readonly status?: (tally: Tally) => string;
}

/** What a finished run is summarized from (`summarizeRun`). */
export interface RunToSummarize {
  readonly game: AnyGame;
  readonly config: RunConfig;
  readonly run: TourneyRun;
  readonly workers: number;
  readonly startedAt: Date;
  /** The name under which each line-up entry is reported (entries with one name pooled). */
  readonly labels: readonly string[];
  /** The line-up's clock-bound bots when the command knows them already; else found again from the specs (`clockBoundSpecs`). */
  readonly clockBound?: readonly string[];
}

/**
 * The summary of a finished run (`summarize` with the run's metadata), the
 * one place every command (`tourney`, `match`, `rate`) summarizes through:
 * with the game's score rate (mbb/hand in Nines Hold'em) when it declares one.
 */
export async function summarizeRun(r: RunToSummarize): Promise<Summary> {
  const { game, config, run } = r;
  const rate = game.info.scoreRate;
  return summarize(run.tally, {
    game: game.info.id,
    variant: config.variant,
    nonDefault: nonDefault(game.info.params, config.variant),
    seed: config.runSeed,
    dealKey: config.dealKey,
    lineup: r.labels,
    scoreUnit: game.info.scoreUnit,
    seconds: run.seconds,
    workers: r.workers,
    startedAt: r.startedAt.toISOString(),
    complete: run.complete,
    onFault: config.onFault,
    clockBound: r.clockBound ?? (await clockBoundSpecs(config.lineup, game)),
    moveTimeoutMs: config.moveTimeoutMs,
    seatings: config.seatings,
    ...(rate ? { scoreRate: { label: rate.label, caption: rate.caption, scale: rate.scale(config.variant) } } : {}),
  });
}

/** Plays a run with its progress shown (`progressReporter`: a bar on a terminal, lines off one); creates its directory. */
export async function executeRun(r: RunRequest): Promise<TourneyRun> {
  mkdirSync(r.dir, { recursive: true });
  // A sequential test may end the run before its planned games: the estimate says "at most".
  const progress = progressReporter({ atMost: r.decided !== undefined });
  try {
    return await playRun(r, progress);
  } catch (e) {
    if (!isDiskFull(e)) throw e;
    throw new RunStoppedError(
      `the disk is full (${(e as Error).message.split('\n')[0]}); ${keptText(r.dir)}; free some space, then carry on with: npm run ${r.command?.name ?? 'tourney'} -- --resume ${r.dir}`,
    );
  }
}

/** What a stopped run's checkpoint keeps, in words. */
function keptText(dir: string): string {
  try {
    const cp = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as { tally?: { games?: number } };
    return `the results of ${cp.tally?.games ?? 0} games are kept in ${join(dir, 'checkpoint.json')}`;
  } catch {
    return 'no checkpoint could be written, so nothing of this run is kept';
  }
}

async function playRun(r: RunRequest, progress: Progress): Promise<TourneyRun> {
  const queue = r.flags.queue ? await openQueue(r.flags.queue, r.flags.watchdogMs) : null;
  const status = (tally: Tally): string | undefined => {
    const own = r.status?.(tally);
    if (queue === null) return own;
    return own === undefined ? queue.status() : `${queue.status()} · ${own}`;
  };
  try {
    return await runTourney({
      config: r.config,
      games: r.games,
      workers: r.flags.workers,
      dir: r.dir,
      watchdogMs: r.flags.watchdogMs,
      stop: r.stop,
      onProgress: (done, total, tally) => progress.update(done, total, status(tally)),
      onPlaying: (played, total) => progress.played(played, total),
      ...(r.resume ? { resume: r.resume } : {}),
      ...(r.decided ? { decided: r.decided } : {}),
      ...(r.command ? { command: r.command } : {}),
      ...(queue ? { pool: queue } : {}),
    });
  } finally {
    progress.stop();
    await queue?.close();
  }
}

/**
 * Connects a coordinator to its queue and says so on stderr, with the workers
 * connected (or how to start one).
 * @throws UsageError with one line when Redis cannot be reached.
 */
async function openQueue(queue: QueueAccess, watchdogMs: number): Promise<QueuePlayer> {
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

/**
 * The end of a command: prints where the results are, for a stopped run how
 * to resume it, and last the page to open (`printOpenLine`).
 * @param pageDir the directory whose `report.html` to name (default `dir`; a stopped sweep names its stopped value's).
 * @returns the exit code: 0, or 130 / 143 after SIGINT / SIGTERM.
 */
export function finish(name: string, complete: boolean, games: number, dir: string, signal: NodeJS.Signals | null, note = '', pageDir = dir): number {
  process.stdout.write(`${wrapProse(`results: ${dir}${note}`)}\n`);
  if (!complete) process.stderr.write(`ninefold: stopped after ${games} games; carry on with: npm run ${name} -- --resume ${dir}\n`);
  printOpenLine(pageDir);
  if (complete) return 0;
  return signal === 'SIGTERM' ? 143 : 130;
}

/**
 * A path as a person would type it from here: relative to the working
 * directory when it lies under it, else absolute.
 */
export function shownPath(path: string): string {
  const rel = relative(process.cwd(), resolve(path));
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : resolve(path);
}

/**
 * The last line of every command that writes a run directory:
 * `open: <dir>/report.html`, the page to look at (issue #30, item 4). Prints
 * nothing when the page is not there (`writeHtmlReport` said why on stderr).
 * @param dir the run directory whose `report.html` was written.
 */
export function printOpenLine(dir: string): void {
  const page = join(dir, 'report.html');
  if (existsSync(page)) process.stdout.write(`open: ${shownPath(page)}\n`);
}

/**
 * Writes a run directory's `report.html` (`writeHtmlReport`) and names it on the command's last line (`printOpenLine`).
 * @param dir the run directory, its result files written.
 */
export async function writePageAndName(dir: string): Promise<void> {
  await writeHtmlReport(dir);
  printOpenLine(dir);
}

/** Runs a command's `main`, turning bad input into one line on stderr and exit 2, never a stack trace; first starts the HTML renderer thread if the launcher asked for it. */
export async function runCli(entry: (argv: readonly string[]) => Promise<number>): Promise<void> {
  // The queue's key and URL leave the environment before any thread or child process is started, so none inherits them.
  takeQueueEnv();
  startRequestedHtmlRenderer();
  // A closed pipe (`| head`) ends output quietly; results are still written.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });
  try {
    process.exitCode = await entry(process.argv.slice(2));
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (e instanceof UsageError) {
      process.stderr.write(`ninefold: ${usageLine(e)}\n`);
      process.exitCode = 2;
    } else if (e instanceof RunStoppedError) {
      process.stderr.write(`ninefold: ${msg.split('\n')[0]}\n`);
      process.exitCode = 1;
    } else if (isDiskFull(e)) {
      process.stderr.write(`ninefold: the disk is full (${msg.split('\n')[0]}); free some space and run the command again\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(`ninefold: internal error: ${msg.split('\n')[0]}\n`);
      if (process.env.NINEFOLD_DEBUG) process.stderr.write(`${(e as Error).stack ?? ''}\n`);
      process.exitCode = 1;
    }
  }
}
