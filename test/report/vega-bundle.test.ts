/**
 * The charts of report.html are rendered with the single-file bundles that
 * the vega and vega-lite packages ship (`src/report/html/vega-bundle.ts`,
 * loaded in a fraction of the time of the packages' ES modules: fast to
 * start). They must be the same libraries: every
 * kind of chart the pages draw renders to the identical SVG through the
 * packages' ES modules.
 */
import * as vegaModule from 'vega';
import { compile, type TopLevelSpec, version as vegaLiteVersion } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { curveChart, heatmapChart, intervalChart, seriesChart, traceChart, type VlSpec } from '../../src/report/html/charts.js';
import { renderSvg, scopeIds } from '../../src/report/html/svg.js';
import { vegaLibraries } from '../../src/report/html/vega-bundle.js';

async function viaModules(spec: VlSpec, prefix: string): Promise<string> {
  const view = new vegaModule.View(vegaModule.parse(compile(spec as unknown as TopLevelSpec).spec), { renderer: 'none' });
  try {
    return scopeIds(await view.toSVG(), prefix);
  } finally {
    view.finalize();
  }
}

const seats = [0, 1, 2, 3].map((s) => ({ seat: s, bot: s % 2 ? 'greedy' : 'random', win: 0.2 + 0.05 * s, lo: 0.15 + 0.05 * s, hi: 0.25 + 0.05 * s }));
const curve = [0, 1, 2, 3, 4, 5].map((i) => ({ it: i, fit: 0.3 + 0.02 * i, lo: 0.25 + 0.02 * i, hi: 0.35 + 0.02 * i, c: 0.2 + 0.1 * i }));
const grid = [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => ({ r, c, v: (r - c) * 0.1 })));

const SPECS: Record<string, VlSpec> = {
  'interval bars by seat, grouped': intervalChart({
    title: 'Win rate by seat',
    description: 'bars',
    rows: seats,
    category: { field: 'seat', title: 'seat' },
    group: { field: 'bot', title: 'bot' },
    measure: { field: 'win', title: 'win rate', lo: 'lo', hi: 'hi', percent: true },
    mark: 'bar',
  }),
  'interval dots, horizontal, zero rule': intervalChart({
    title: 'A − B',
    description: 'dots',
    rows: seats,
    category: { field: 'bot', title: 'bot' },
    measure: { field: 'win', title: 'difference', lo: 'lo', hi: 'hi' },
    mark: 'point',
    horizontal: true,
    zeroRule: true,
  }),
  'curve with band': curveChart({
    title: 'Sweep',
    description: 'curve',
    rows: curve,
    x: { field: 'it', title: 'value' },
    measure: { field: 'fit', title: 'fitness', lo: 'lo', hi: 'hi' },
  }),
  heatmap: heatmapChart({
    title: 'Pairs',
    description: 'heat',
    rows: grid,
    row: { field: 'r', title: 'row' },
    column: { field: 'c', title: 'column' },
    measure: { field: 'v', title: 'value' },
  }),
  'series with band': seriesChart({
    title: 'Learning curve',
    description: 'series',
    rows: curve,
    x: { field: 'it', title: 'iteration' },
    series: [
      { field: 'fit', title: 'fitness', mark: 'line', color: '#1f77b4' },
      { field: 'c', title: 'c', mark: 'dots', color: '#d62728', dash: true },
    ],
    band: { lo: 'lo', hi: 'hi', title: '95% interval' },
    y: { title: 'fitness' },
  }),
  'trace with bounds': traceChart({
    title: 'c by iteration',
    description: 'trace',
    rows: curve,
    x: { field: 'it', title: 'iteration' },
    y: { field: 'c', title: 'c' },
    bounds: {
      rows: [
        { label: 'min', value: 0.05 },
        { label: 'max', value: 2 },
      ],
      label: 'label',
      value: 'value',
    },
  }),
};

describe('the vega bundles are the vega packages ("Fast to start")', () => {
  it('the bundles are the installed releases', () => {
    const { vega, vegaLite } = vegaLibraries();
    expect(vega.version).toBe(vegaModule.version);
    expect(vegaLite.version).toBe(vegaLiteVersion);
  });

  for (const [name, spec] of Object.entries(SPECS)) {
    it(`${name}: the same SVG through the bundles and through the ES modules`, async () => {
      const svg = await renderSvg(spec, 'x');
      expect(svg).toContain('<svg');
      expect(svg).toBe(await viaModules(spec, 'x'));
    });
  }
});
