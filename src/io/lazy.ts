import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on its first use, synchronously (`require`), and
 * kept: a command's start does not pay for packages it needs only at its end
 * (the statistics' distributions, the table printer, the progress bar, the
 * worker pool), and `require` of a CommonJS package is several times faster
 * than an ESM `import` of it (no export analysis): `@stdlib`'s F distribution
 * takes about 70 ms one way and 100 ms the other on the development machine.
 * @param id the package (or package subpath) name, resolved from this project.
 * @returns a function giving the package's `module.exports`; it throws the
 *   package's own load error (`MODULE_NOT_FOUND`) on first use.
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(id) as T;
    return loaded;
  };
}
