import { basename } from 'node:path';
import { startHtmlRenderer } from '../report/html/renderer.js';

/** The commands that write `report.html` at their end. */
const WRITES_PAGES = new Set(['tourney.js', 'match.js', 'rate.js', 'train.js']);

/**
 * Called by the launcher (`scripts/run.mjs`) before it loads a command's
 * entry: starts what the command needs at its end on another thread (the
 * HTML renderer, for the commands that write `report.html`), so it loads
 * while the command loads and plays.
 * @param entry the compiled entry's path (`.../dist/src/cli/tourney.js`).
 */
export function prewarm(entry: string): void {
  if (WRITES_PAGES.has(basename(entry)) && !process.argv.some((a) => a === '--help' || a === '-h' || a === '--version')) startHtmlRenderer();
}
