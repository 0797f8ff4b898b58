import { renderOnThread } from './renderer.js';

/**
 * Writes `report.html` into a run directory after its files are written:
 * the commands' one hook. Never throws: a page that fails to render costs
 * one line on stderr, and the run's other files stay as they are. The
 * renderer (vega) is loaded only here, so commands start as fast as before,
 * or was loaded on its own thread while the command ran (`renderer.ts`,
 * started by the launcher), which then builds the page.
 * @returns the page's path, or null when it was not written.
 */
export async function writeHtmlReport(dir: string): Promise<string | null> {
  try {
    const onThread = renderOnThread(dir);
    if (onThread) return await onThread;
    const { buildHtmlReport } = await import('./index.js');
    return await buildHtmlReport(dir);
  } catch (e) {
    process.stderr.write(`ninefold: report.html not written in ${dir}: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}\n`);
    return null;
  }
}
