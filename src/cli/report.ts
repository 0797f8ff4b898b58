import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../core/errors.js';
import { buildHtmlReport } from '../report/html/index.js';
import { runCli } from './common.js';

const USAGE = "usage: npm run report -- results/<run>  (rebuilds report.html from the run directory's files)";

/**
 * `npm run report -- results/<run>`: rebuilds `report.html` of a run
 * directory (tourney, sweep, match, rate or train; also runs made before the page
 * existed) from its files. Returns 0; bad input (no such directory, not a
 * run directory) throws UsageError: one line, exit 2.
 */
export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (argv.length !== 1) throw new UsageError(USAGE);
  const path = await buildHtmlReport(resolve(argv[0]!));
  process.stdout.write(`report: ${path}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);
