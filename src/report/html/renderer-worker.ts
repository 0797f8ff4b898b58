/**
 * The HTML renderer thread (`renderer.ts`): loads the page builder and vega
 * at once, then warms them up by rendering small charts of the kinds a run's
 * page holds for as long as no page is asked of it (at most `WARM_UP_RENDERS`;
 * after the first, only while a core is spare: `coreSpare`),
 * and answers `{ id, dir }` messages with `{ id, path }` (the `report.html`
 * written) or `{ id, error }` (the first line of the error).
 *
 * Why warm up so long: V8 compiles vega's code for speed only after it has
 * run a while. A Nine Virtues page of 13 charts took 0.55-0.68 s built cold
 * and 0.30-0.34 s after 10-20 small renders (development machine), and it
 * is built after the games, where every user waits for it. A request stops
 * the warm-up after the chart being rendered (or the probe), so a short run
 * never waits for more than one small chart.
 */
import { availableParallelism } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { intervalChart } from './charts.js';

const port = parentPort!;

/** The most warm-up renders: past about 20, a page is built no faster. */
const WARM_UP_RENDERS = 24;
/** How long (ms) the process's CPU time is watched before each warm-up render. */
const PROBE_MS = 50;
/** How long (ms) the warm-up waits after it found every core busy. */
const BUSY_WAIT_MS = 450;

/**
 * Whether a core is spare: over `PROBE_MS`, while this thread sleeps, the
 * process's other threads used less than all cores but half of one. With
 * as many worker threads playing as there are cores, a warm-up would take
 * its time from the games; then it waits.
 */
async function coreSpare(): Promise<boolean> {
  const before = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, PROBE_MS));
  const used = process.cpuUsage(before);
  const busyCores = (used.user + used.system) / 1000 / (performance.now() - t0);
  return busyCores < availableParallelism() - 0.5;
}

let asked = false;
/** The warm-up render in progress, if any: a request waits for it, never for a probe or a wait. */
let rendering: Promise<unknown> | null = null;

const ready = (async () => {
  const builder = await import('./index.js');
  const { renderSvg } = await import('./svg.js');
  return { builder, renderSvg };
})();

/** Renders the warm-up charts, each after a probe (but the first), until a page is asked for. */
void (async () => {
  const { renderSvg } = await ready;
  for (let k = 0; k < WARM_UP_RENDERS && !asked; ) {
    if (k > 0 && !(await coreSpare())) {
      await new Promise((r) => setTimeout(r, BUSY_WAIT_MS));
      continue;
    }
    if (asked) break;
    // Bars and dots with interval rules, alone and grouped: the charts of a run's page.
    const rows = [0, 1, 2, 3].map((s) => ({ seat: s, group: s % 2 === 0 ? 'a' : 'b', win: 0.25, win_lo: 0.2, win_hi: 0.3 }));
    rendering = renderSvg(
      intervalChart({
        title: 'warm-up',
        description: 'warm-up',
        rows,
        category: { field: 'seat', title: 'Seat' },
        measure: { field: 'win', title: 'Win share', lo: 'win_lo', hi: 'win_hi', percent: true },
        mark: k % 2 === 0 ? 'bar' : 'point',
        ...(k % 3 === 2 ? { group: { field: 'group', title: 'Group' } } : {}),
      }),
      'warm',
    );
    await rendering;
    rendering = null;
    k++;
  }
})().catch(() => {
  // A warm-up that fails leaves the page to be built cold, or to report the error itself.
  rendering = null;
});

port.on('message', async (m: { id: number; dir: string }) => {
  asked = true;
  try {
    const { builder } = await ready;
    await rendering?.catch(() => undefined);
    port.postMessage({ id: m.id, path: await builder.buildHtmlReport(m.dir) });
  } catch (e) {
    port.postMessage({ id: m.id, error: (e instanceof Error ? e.message : String(e)).split('\n')[0] });
  }
});
