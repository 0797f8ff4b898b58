import { mkdirSync } from 'node:fs';
import yargs, { type InferredOptionTypes, type Options } from 'yargs';
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import type { RunConfig } from '../tourney/batch.js';
import type { Tally } from '../tourney/aggregate.js';
import { runTourney, type Checkpoint, type TourneyRun } from '../tourney/run.js';
import { DEFAULT_LIMITS } from '../../bots/remote/remote-bot.js';
import { parseCount } from './options.js';
import { progressReporter } from './progress.js';

/** The watchdog's limit on one decision when `--move-timeout` is not given. */
export const DEFAULT_WATCHDOG_MS = 10_000;

/**
 * Parses a command line with yargs, strictly (unknown flags are errors).
 * @returns the parsed arguments, or null when `--help` was printed.
 * @throws UsageError with yargs' one-line message on bad input.
 */
export async function parseCommand<O extends Record<string, Options>>(
  argv: readonly string[],
  name: string,
  usage: string,
  options: O,
  epilogue: string,
): Promise<InferredOptionTypes<O> | null> {
  let failed: string | null = null;
  const args = await yargs([...argv])
    .scriptName(`npm run ${name} --`)
    .usage(usage)
    .options(options)
    .strict()
    .epilogue(epilogue)
    .exitProcess(false)
    .fail((msg, err) => {
      failed = msg ?? err?.message ?? 'bad arguments';
    })
    .parseAsync();
  if (failed !== null) throw new UsageError(failed);
  if ((args as { help?: boolean }).help) return null;
  return args as unknown as InferredOptionTypes<O>;
}

/** Ctrl-C and SIGTERM: the first stops taking batches (results so far are written), the second quits at once. */
export interface Stopper {
  readonly signal: AbortSignal;
  /** The signal received, if any. */
  received(): NodeJS.Signals | null;
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
  return { signal: stopper.signal, received: () => signal };
}

/** The options every run command shares, parsed. */
export interface RunFlags {
  readonly workers: number;
  readonly onFault: 'forfeit' | 'random';
  readonly moveTimeoutMs: number;
  readonly watchdogMs: number;
  /** User bot files: the most resident memory of a realm (MiB), and the most ms to load. */
  readonly botMemoryMb: number;
  readonly botLoadMs: number;
}

/**
 * Parses `--workers`, `--on-fault` and `--move-timeout`.
 * @throws UsageError naming the flag and its valid values.
 */
export function parseRunFlags(args: {
  workers: string;
  'on-fault': string;
  'move-timeout'?: string | undefined;
  'bot-memory'?: string | undefined;
  'bot-load-timeout'?: string | undefined;
}): RunFlags {
  const workers = parseCount('--workers', args.workers, 1, 256);
  const onFault = args['on-fault'];
  if (onFault !== 'forfeit' && onFault !== 'random') throw new UsageError(`--on-fault must be forfeit or random, got '${onFault}'`);
  const moveTimeoutMs = args['move-timeout'] === undefined ? 0 : parseCount('--move-timeout', args['move-timeout'], 1, 86_400_000);
  const botMemoryMb = args['bot-memory'] === undefined ? DEFAULT_LIMITS.memoryBytes / 2 ** 20 : parseCount('--bot-memory', args['bot-memory'], 64, 1_048_576);
  const botLoadMs = args['bot-load-timeout'] === undefined ? DEFAULT_LIMITS.loadMs : parseCount('--bot-load-timeout', args['bot-load-timeout'], 100, 3_600_000);
  // The watchdog stands behind the realms' own deadlines (a user bot's decision is timed out by its realm first).
  const watchdogMs = moveTimeoutMs > 0 ? moveTimeoutMs + Math.max(1000, moveTimeoutMs) : DEFAULT_WATCHDOG_MS;
  return { workers, onFault, moveTimeoutMs, watchdogMs: Math.max(watchdogMs, botLoadMs + 1000), botMemoryMb, botLoadMs };
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

/** Plays a run with a progress bar on a terminal; creates its directory. */
export async function executeRun(r: RunRequest): Promise<TourneyRun> {
  mkdirSync(r.dir, { recursive: true });
  const progress = progressReporter();
  try {
    return await runTourney({
      config: r.config,
      games: r.games,
      workers: r.flags.workers,
      dir: r.dir,
      watchdogMs: r.flags.watchdogMs,
      stop: r.stop,
      onProgress: (done, total, tally) => progress.update(done, total, r.status?.(tally)),
      ...(r.resume ? { resume: r.resume } : {}),
      ...(r.decided ? { decided: r.decided } : {}),
      ...(r.command ? { command: r.command } : {}),
    });
  } finally {
    progress.stop();
  }
}

/**
 * The end of a command: prints where the results are and, for a stopped run,
 * how to resume it.
 * @returns the exit code: 0, or 130 / 143 after SIGINT / SIGTERM.
 */
export function finish(name: string, complete: boolean, games: number, dir: string, signal: NodeJS.Signals | null, note = ''): number {
  process.stdout.write(`results: ${dir}${note}\n`);
  if (complete) return 0;
  process.stderr.write(`ninefold: stopped after ${games} games; carry on with: npm run ${name} -- --resume ${dir}\n`);
  return signal === 'SIGTERM' ? 143 : 130;
}

/** Runs a command's `main`, turning bad input into one line on stderr and exit 2, never a stack trace. */
export async function runCli(entry: (argv: readonly string[]) => Promise<number>): Promise<void> {
  // A closed pipe (`| head`) ends output quietly; results are still written.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });
  try {
    process.exitCode = await entry(process.argv.slice(2));
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (e instanceof UsageError) {
      process.stderr.write(`ninefold: ${msg.split('\n')[0]}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`ninefold: internal error: ${msg.split('\n')[0]}\n`);
      if (process.env.NINEFOLD_DEBUG) process.stderr.write(`${(e as Error).stack ?? ''}\n`);
      process.exitCode = 1;
    }
  }
}
