import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { distFile, runsCompiled } from './compiled-script.js';

const require = createRequire(import.meta.url);

/**
 * The build's single-file copy of package `id` (`dist/vendor/<id>.cjs`,
 * written by `scripts/bundle.mjs` for the `@stdlib` packages: each is
 * hundreds of small modules, which Node resolves and reads one by one), or
 * `id` itself when there is none (running from sources, or no esbuild).
 */
function vendored(id: string): string {
  if (!runsCompiled()) return id;
  const file = distFile(`vendor/${id}.cjs`);
  return existsSync(file) ? file : id;
}

/** The loaders of the packages a run needs at its end (`lazyRequire(id, { atEnd: true })`) not loaded yet. */
const endPackages = new Set<() => unknown>();

/**
 * A CommonJS package loaded on its first use, synchronously (`require`), and
 * kept: a command's start does not pay for packages it needs only at its end
 * (the statistics' distributions, the table printer, the progress bar, the
 * worker pool), and `require` of a CommonJS package is several times faster
 * than an ESM `import` of it (no export analysis): `@stdlib`'s F distribution
 * takes about 70 ms one way and 100 ms the other on the development machine.
 * The build's single-file copy of the package is loaded when there is one
 * (`dist/vendor/`): the same code, one file.
 * @param id the package (or package subpath) name, resolved from this project.
 * @param options `atEnd`: a package every run needs when its games are over
 *   (the summary's distributions, its tables and CSV): `preloadEndPackages`
 *   loads it while the worker threads play.
 * @returns a function giving the package's `module.exports`; it throws the
 *   package's own load error (`MODULE_NOT_FOUND`) on first use.
 */
export function lazyRequire<T>(id: string, options: { readonly atEnd?: boolean } = {}): () => T {
  let loaded: T | undefined;
  const get = (): T => {
    loaded ??= require(vendored(id)) as T;
    endPackages.delete(get);
    return loaded;
  };
  if (options.atEnd === true) endPackages.add(get);
  return get;
}

/**
 * Loads the packages a run needs at its end (`lazyRequire(id, { atEnd: true })`),
 * one per turn of the event loop, for a calling thread that is idle while
 * worker threads play: the run's end then does not wait for them. A package
 * that fails to load is left for its first use to report.
 */
export function preloadEndPackages(): void {
  const next = (): void => {
    const load = endPackages.values().next().value;
    if (load === undefined) return;
    try {
      load();
    } catch {
      endPackages.delete(load);
    }
    setImmediate(next);
  };
  setImmediate(next);
}
