import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../core/errors.js';
import { KEY_ENV, parseQueueKey, takeQueueEnv, URL_ENV } from '../queue/auth.js';
import { queueTarget } from '../queue/connection.js';
import { serveQueue } from '../queue/queue-worker.js';
import { parseCommand, runCli } from './common.js';
import { parseCount } from './options.js';
import { printProse } from '../report/terminal.js';

const options = {
  queue: {
    type: 'string',
    describe: `redis://HOST:PORT/DB, or env (the URL in ${URL_ENV}, which may carry a password): the queue the coordinators (tourney, match, rate, train with --queue) fill; the queue's key is ${KEY_ENV}`,
  },
  concurrency: { type: 'number', default: availableParallelism(), describe: 'batches played at once: worker threads (default: CPU cores)' },
  'lock-duration': {
    type: 'number',
    default: 30000,
    describe: "ms a batch's lock lasts unrenewed: a worker killed while playing loses its batch to another worker after about twice this",
  },
  cache: { type: 'string', describe: 'directory for the user bot files fetched from the queue (default: <tmp>/ninefold-files)' },
} as const;

/** One log line on stdout, with the time. */
function log(line: string): void {
  printProse(`${new Date().toISOString().slice(0, 19).replace('T', ' ')} ${line}\n`);
}

/**
 * `npm run worker -- --queue URL [--concurrency N]`: plays the batches of
 * queued runs (any coordinator's) on this machine's threads until stopped,
 * those sealed with the key in `NINEFOLD_QUEUE_KEY` only.
 * The first Ctrl-C (or SIGTERM) stops taking batches and finishes those in
 * hand; a second quits at once (the batches in hand are then taken again by
 * another worker once their locks expire). Returns the exit code: 0 after a
 * stop, 2 on bad input or an unreachable Redis.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const args = await parseCommand(
    argv,
    'worker',
    'NINEFOLD_QUEUE_KEY=... $0 --queue redis://HOST:PORT/DB|env [--concurrency N] [--lock-duration MS] [--cache DIR]',
    options,
    'Start one worker process per machine (it plays --concurrency batches at once on its own threads); any number of machines may serve one queue.',
  );
  if (args === null) return 0;
  if (args.queue === undefined) throw new UsageError('worker needs --queue redis://HOST:PORT/DB');
  const target = queueTarget(args.queue);
  const key = parseQueueKey(takeQueueEnv().key, 'worker');
  const concurrency = parseCount('--concurrency', args.concurrency, 1, 256);
  const lockMs = parseCount('--lock-duration', args['lock-duration'], 1000, 3_600_000);
  const worker = await serveQueue({ target, key, concurrency, lockMs, log, ...(args.cache !== undefined ? { cacheDir: args.cache } : {}) });
  log(`worker ${worker.name}: serving ${target.url} with ${concurrency} thread${concurrency === 1 ? '' : 's'}; Ctrl-C to stop`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  const again = (): never => process.exit(signal === 'SIGINT' ? 130 : 143);
  process.once('SIGINT', again);
  process.once('SIGTERM', again);
  log(`${signal}: finishing the batches in hand (again to quit at once)`);
  const how = await worker.close();
  log(`stopped after ${worker.played()} batches`);
  // Without Redis, BullMQ's connections may still be retrying: nothing is left to deliver, so the process ends here.
  if (how === 'gone') process.exit(0);
  return 0;
}

export { runCli };

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);
