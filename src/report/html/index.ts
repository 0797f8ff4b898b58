import { join } from 'node:path';
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

/** The page of a run directory's files, by the kind of run. */
export function pageOf(f: RunFiles): Page {
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
