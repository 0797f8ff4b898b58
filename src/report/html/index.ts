import { join } from 'node:path';
import { faultCountsText } from '../../analysis/summary.js';
import { writeFileAtomic } from '../files.js';
import { REPORT_PAGE } from '../../results/registry.js';
import { readRun, type RunFiles } from './load.js';
import { matchPage } from './match-page.js';
import { renderPage, type Page } from './page.js';
import { ratePage } from './rate-page.js';
import { sweepPage } from './sweep-page.js';
import { tourneyPage } from './tourney-page.js';
import { trainPage } from './train-page.js';
import { dmcPage, isDmcRun } from './dmc-page.js';
import { exitPage, isExitRun } from './exit-page.js';

/** The page of a run directory's files, by the kind of run, its answer led by the run's faults when it had any ({@link faultAnswer}). */
export function pageOf(f: RunFiles): Page {
  const page = kindPage(f);
  const faults = faultAnswer(f);
  return faults.length > 0 ? { ...page, answer: [...faults, ...page.answer] } : page;
}

function kindPage(f: RunFiles): Page {
  switch (f.kind) {
    case 'tourney':
      return tourneyPage(f);
    case 'sweep':
      return sweepPage(f);
    case 'match':
      return matchPage(f);
    case 'rate':
      return ratePage(f);
    case 'train':
      return isExitRun(f) ? exitPage(f) : isDmcRun(f) ? dmcPage(f) : trainPage(f);
  }
}

/**
 * The answer's first line when bots of the run (its `summary.json`) committed
 * faults: how many decisions by reason, the games forfeited (every figure
 * below counts them) or, under `--on-fault random`, that a random legal
 * action replaced each, and each faulty bot's first fault.
 */
export function faultAnswer(f: RunFiles): string[] {
  const faults = f.summary?.faults;
  if (!faults || Object.keys(faults.byReason).length === 0) return [];
  const first = faults.first.map((x) => ` First fault of ${x.bot}: ${x.message}`).join('');
  const counted =
    faults.forfeitedGames > 0
      ? ', and every figure below counts those games'
      : faults.policy === 'random'
        ? ', each decision replaced by a random legal action'
        : '';
  return [`Faults: ${faultCountsText(faults)}${counted}.${first}`];
}

/**
 * Builds `report.html` of a run directory from its JSON and CSV files alone
 * and writes it there (atomically).
 * @returns the path written.
 * @throws UsageError when `dir` is missing or not a run directory; Error when
 *   a file does not parse or a chart fails to render.
 */
export async function buildHtmlReport(dir: string): Promise<string> {
  const html = await renderPage(pageOf(readRun(dir)));
  const path = join(dir, REPORT_PAGE);
  writeFileAtomic(path, html);
  return path;
}
