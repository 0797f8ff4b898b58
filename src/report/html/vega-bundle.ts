import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Vega from 'vega';
import type * as VegaLite from 'vega-lite';

const require = createRequire(import.meta.url);

/** Vega and Vega-Lite, the installed versions. */
export interface VegaLibraries {
  readonly vega: typeof Vega;
  readonly vegaLite: typeof VegaLite;
}

/**
 * Evaluates a UMD bundle (one file that defines a CommonJS module when
 * `exports` and `module` exist) with `deps` answering its `require` calls
 * (anything else is Node's `require`).
 */
function loadUmd(file: string, deps: Readonly<Record<string, unknown>>): unknown {
  const module = { exports: {} as unknown };
  const requireDep = (id: string): unknown => (id in deps ? deps[id] : require(id));
  new Function('exports', 'module', 'require', readFileSync(file, 'utf8'))(module.exports, module, requireDep);
  return module.exports;
}

let loaded: VegaLibraries | null = null;

/**
 * Vega and Vega-Lite from the single-file bundles their packages ship
 * (`vega/build/vega.min.js`, `vega-lite/build/vega-lite.min.js`, the builds
 * unpkg serves), loaded once. The packages' ES module entries pull in about
 * 40 packages, which takes 0.2-0.35 s to load on the development machine;
 * the two bundles take about 0.07 s, and render the same SVG (the bundles
 * are the same releases: `test/report/renderer-thread.test.ts` compares a
 * page with one rendered through the packages' modules).
 * @throws Error when a bundle is missing from the installed package.
 */
export function vegaLibraries(): VegaLibraries {
  if (loaded) return loaded;
  // The packages export only their ES entries (in build/); the bundles sit beside them.
  const vega = loadUmd(join(dirname(require.resolve('vega')), 'vega.min.js'), {}) as typeof Vega;
  const vegaLite = loadUmd(join(dirname(require.resolve('vega-lite')), 'vega-lite.min.js'), { vega }) as typeof VegaLite;
  loaded = { vega, vegaLite };
  return loaded;
}
