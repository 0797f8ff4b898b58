import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../core/errors.js';
import { compareRuns, type ComparedRun, type RunComparison } from '../analysis/compare.js';
import { comparisonText } from '../report/compare.js';
import { buildHtmlReport } from '../report/html/index.js';
import { wrapProse } from '../report/terminal.js';
import { BALANCE_FILES, readBalanceFile } from '../results/balance-file.js';
import { readSummaryFile, SUMMARY_FILES } from '../results/summary-file.js';
import { runCli } from './common.js';
import { shownPath } from './run-dir.js';
import { REPORT_PAGE } from '../results/registry.js';

const USAGE =
  "usage: npm run report -- results/<run>  (rebuilds report.html from the run directory's files)\n" +
  '       npm run report -- --compare results/<A> results/<B>  (two tourney runs of one game: every key figure of A and B, and A − B, paired when they played the same deals)';

/**
 * `npm run report -- --compare A B`: prints two tourney runs' key figures
 * and their differences (`compareRuns`), then names the two runs' pages.
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
  if (argv[0] === '--compare') {
    if (argv.length !== 3) throw new UsageError(`--compare takes two run directories (${USAGE.split('\n')[1]!.trim()})`);
    const a = readRun(argv[1]!);
    const b = readRun(argv[2]!);
    let c: RunComparison;
    try {
      c = compareRuns(a, b);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    process.stdout.write(`${comparisonText(a, b, c)}\n`);
    // The last lines name the runs' pages, as every command ends.
    const pages = [argv[1]!, argv[2]!].map((d) => join(resolve(d), REPORT_PAGE));
    for (const p of pages) if (existsSync(p)) process.stdout.write(`open: ${shownPath(p)}\n`);
    if (!pages.every((p) => existsSync(p)))
      process.stdout.write(
        `${wrapProse(
          `no report.html in ${pages
            .filter((p) => !existsSync(p))
            .map((p) => shownPath(dirname(p)))
            .join(' and ')}: npm run report -- <dir> builds it`,
        )}\n`,
      );
    return 0;
  }
  if (argv.length !== 1) throw new UsageError(USAGE.split('\n')[0]!);
  const path = await buildHtmlReport(resolve(argv[0]!));
  // The last line names the page to open, as every command that writes a run directory ends.
  process.stdout.write(`open: ${shownPath(path)}\n`);
  return 0;
}

/**
 * A tourney run's `summary.json` and `balance.json`, through their owners.
 * @throws UsageError (one line) when the directory lacks either; RunFileError when one is not JSON or does not fit.
 */
function readRun(dir: string): ComparedRun {
  const abs = resolve(dir);
  const missing = (file: string): never => {
    throw new UsageError(`--compare: ${dir} has no ${file} (give the directory of a finished tourney run)`);
  };
  const summary = readSummaryFile(abs) ?? missing(SUMMARY_FILES.json);
  const balance = readBalanceFile(abs) ?? missing(BALANCE_FILES.json);
  return { name: dir, summary, balance };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);
