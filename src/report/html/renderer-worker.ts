/**
 * The HTML renderer thread (`renderer.ts`): loads the page builder and vega
 * at once, renders one small chart to warm them up, then answers
 * `{ id, dir }` messages with `{ id, path }` (the `report.html` written) or
 * `{ id, error }` (the first line of the error).
 */
import { parentPort } from 'node:worker_threads';
import { intervalChart } from './charts.js';

const port = parentPort!;

const ready = (async () => {
  const builder = await import('./index.js');
  const { renderSvg } = await import('./svg.js');
  // A chart like a run's first one (bars with interval rules): the first render is about twice as slow as later ones.
  const rows = [0, 1, 2, 3].map((s) => ({ seat: s, win: 0.25, win_lo: 0.2, win_hi: 0.3 }));
  await renderSvg(
    intervalChart({
      title: 'warm-up',
      description: 'warm-up',
      rows,
      category: { field: 'seat', title: 'Seat' },
      measure: { field: 'win', title: 'Win share', lo: 'win_lo', hi: 'win_hi', percent: true },
      mark: 'bar',
    }),
    'warm',
  );
  return builder;
})();

port.on('message', async (m: { id: number; dir: string }) => {
  try {
    const { buildHtmlReport } = await ready;
    port.postMessage({ id: m.id, path: await buildHtmlReport(m.dir) });
  } catch (e) {
    port.postMessage({ id: m.id, error: (e instanceof Error ? e.message : String(e)).split('\n')[0] });
  }
});
