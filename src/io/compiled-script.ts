import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This module's folder: `dist/src/io` when compiled, `src/io` when run from sources (the tests). */
const HERE = dirname(fileURLToPath(import.meta.url));
const COMPILED = HERE.endsWith(join('dist', 'src', 'io'));
const ROOT = COMPILED ? join(HERE, '..', '..', '..') : join(HERE, '..', '..');
/** `NINEFOLD_UNBUNDLED=1` runs the plain compiled modules instead of the bundles (the launcher reads it too): for a readable stack trace, or to compare. */
const USE_BUNDLES = process.env.NINEFOLD_UNBUNDLED !== '1';

/** True when this code runs compiled (from `dist/`), false when it runs from the TypeScript sources. */
export function runsCompiled(): boolean {
  return COMPILED;
}

/**
 * The compiled script a worker thread starts: its bundle
 * (`dist/<script>` with `.bundle.js`, written by `scripts/bundle.mjs`: one
 * file to load instead of ~300 modules) when the build has one, else the
 * plain compiled module (also with `NINEFOLD_UNBUNDLED=1`). Workers always run compiled JavaScript, also when
 * the caller runs from sources (the tests).
 * @param script the script's path under `dist/`, e.g. `src/tourney/batch-worker.js`.
 * @returns an absolute path.
 * @throws Error when the build is missing (run `npm run build`).
 */
export function compiledScript(script: string): string {
  const plain = distFile(script);
  const bundled = plain.replace(/\.js$/, '.bundle.js');
  if (USE_BUNDLES && existsSync(bundled)) return bundled;
  if (existsSync(plain)) return plain;
  throw new Error(`worker script ${plain} is missing: run 'npm run build' first`);
}

/**
 * A file of the build, whether or not it exists.
 * @param path its path under `dist/`, with `/` separators (`vendor/x.cjs`).
 * @returns an absolute path.
 */
export function distFile(path: string): string {
  return join(ROOT, 'dist', ...path.split('/'));
}
