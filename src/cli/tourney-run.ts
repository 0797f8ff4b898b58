/**
 * One tourney played from its spec (new, or resumed from its checkpoint):
 * the tables and the balance report printed, the files and the page
 * written; shared by `tourney` and each value of a sweep (`sweep-run.ts`).
 */
import { buildBalance, type BalanceReport } from '../analysis/balance.js';
import { writeBalanceFiles } from '../results/balance-file.js';
import { renderBalance } from '../report/balance-terminal.js';
import { renderTables } from '../report/table.js';
import { writeRunFiles } from '../results/summary-file.js';
import { writeHtmlReport } from '../report/html/write.js';
import type { Checkpoint } from '../tourney/run.js';
import type { Summary } from '../analysis/summary.js';
import { playSpec, summarizeRun } from './execute.js';
import { finish } from './run-dir.js';
import type { RunFlags } from './run-flags.js';
import { clockBound, type TourneySpec } from './run-spec.js';
import type { Stopper } from './stopper.js';

/** How one invocation plays its runs: its flags (workers, queue, `--wide`), its stop signal, and when it started. */
export interface Session {
  readonly flags: RunFlags;
  readonly stopper: Stopper;
  readonly startedAt: Date;
}

/** The end of a tourney: where its results are, how to resume it when stopped, the page to open (`finish`). */
export function finishTourney(spec: TourneySpec, summary: Summary, dir: string, session: Session): number {
  return finish('tourney', summary.complete, summary.games, dir, session.stopper.received(), spec.record ? ' (games.jsonl holds every game)' : '');
}

/**
 * Plays one tourney (new, or resumed from its checkpoint): prints the tables
 * and the balance report (to `write`, default stdout; `--wide`: every table
 * whole) and writes the files and the page.
 */
export async function playTourney(
  spec: TourneySpec,
  dir: string,
  session: Session,
  resume?: Checkpoint,
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<{ summary: Summary; balance: BalanceReport }> {
  const { flags, startedAt } = session;
  const { game, config, run } = await playSpec(spec, dir, flags, session.stopper.signal, resume ? { resume } : {});
  // Tables name a tuned bot by its tuned.json, not by its spec.
  const labels = spec.lineup.map((e) => e.label);
  const summary = summarizeRun({ game, config, run, workers: flags.workers, startedAt, labels, clockBound: clockBound(spec.lineup) });
  const balance = buildBalance(summary, run.tally, game.balance, run.balance, run.groups);
  writeRunFiles(summary, dir);
  writeBalanceFiles(balance, dir);
  // The page is built (on the renderer thread when the launcher started one) while the tables print.
  const page = writeHtmlReport(dir);
  // One seat table: the balance report's by position (seat numbers only when they differ from it).
  const wide = flags.wide === true;
  write(`${renderTables(summary, { wide, seats: false })}\n`);
  write(`${renderBalance(balance, { wide, seats: summary })}\n`);
  await page;
  return { summary, balance };
}
