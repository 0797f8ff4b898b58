import type { TopLevelSpec } from 'vega-lite';
import type { VlSpec } from './charts.js';
import { vegaLibraries } from './vega-bundle.js';

/**
 * Renders a Vega-Lite spec to an SVG string in Node: compiled by `vega-lite`,
 * run by a headless `vega.View` (renderer 'none') and serialised by
 * `View.toSVG()` (both libraries from their bundles: `vega-bundle.ts`). No browser, no network (the data are inline).
 * @param idPrefix prefixed to every `id` in the SVG (clip paths, gradients),
 *   so that several SVGs inlined in one page do not share ids.
 * @throws Error when the spec does not compile or the view fails to run.
 */
export async function renderSvg(spec: VlSpec, idPrefix: string): Promise<string> {
  const { vega, vegaLite } = vegaLibraries();
  if (!isTopLevelSpec(spec)) throw new Error(`not a Vega-Lite v6 layered spec: ${String(spec.$schema)}`);
  const compiled = vegaLite.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    const svg = await view.toSVG();
    return scopeIds(svg, idPrefix);
  } finally {
    view.finalize();
  }
}

/**
 * A chart builder's spec as Vega-Lite's own type: the builders (`charts.ts`)
 * write plain JSON, always a v6 spec of layers; `compile` checks the rest
 * and throws on what it cannot read.
 */
function isTopLevelSpec(spec: unknown): spec is TopLevelSpec {
  if (typeof spec !== 'object' || spec === null) return false;
  const s = spec as { $schema?: unknown; layer?: unknown };
  return s.$schema === 'https://vega.github.io/schema/vega-lite/v6.json' && Array.isArray(s.layer);
}

/** Prefixes the SVG's element ids and their `url(#id)` / `href="#id"` references. */
export function scopeIds(svg: string, prefix: string): string {
  const p = prefix.replace(/[^A-Za-z0-9_-]/g, '_');
  return svg
    .replace(/\bid="([^"]+)"/g, (_, id: string) => `id="${p}-${id}"`)
    .replace(/url\(#([^)]+)\)/g, (_, id: string) => `url(#${p}-${id})`)
    .replace(/href="#([^"]+)"/g, (_, id: string) => `href="#${p}-${id}"`);
}
