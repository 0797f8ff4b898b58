/**
 * What every command shares: its command line parsed (yargs, strictly, after
 * `checkArgv`), the flags `--resume` allows, and the wrapper that turns bad
 * input into one line and an exit code.
 */
import { readFileSync } from 'node:fs';
import yargs, { type InferredOptionTypes, type Options } from 'yargs';
import { RunStoppedError, UsageError } from '../core/errors.js';
import { isDiskFull } from '../io/files.js';
import { takeQueueEnv } from '../queue/auth.js';
import { asText, type AsText, checkArgv, helpAsked, typedArgs } from './argv.js';
import { RESUME_ALLOWS } from './run-args.js';
import { usageLine } from './suggest.js';

/** The package version (package.json's `version`; '' when it has none). */
export function packageVersion(): string {
  const file = new URL('../../../package.json', import.meta.url);
  const pkg: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return pkg !== null && typeof pkg === 'object' && 'version' in pkg && typeof pkg.version === 'string' ? pkg.version : '';
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

/** Runs a command's `main`, turning bad input into one line on stderr and exit 2, never a stack trace; first starts the HTML renderer thread if the launcher asked for it. */
export async function runCli(entry: (argv: readonly string[]) => Promise<number>): Promise<void> {
  // The queue's key and URL leave the environment before any thread or child process is started, so none inherits them.
  takeQueueEnv();
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
