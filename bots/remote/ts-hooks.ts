/**
 * Module hooks of a user bot's realm (`module.register`, Node's customization
 * hooks): a `.ts` module is transpiled with the project's TypeScript compiler
 * as it loads (types erased, nothing checked), and an import of `./x.js`
 * whose file does not exist loads `./x.ts`, as TypeScript's own module
 * resolution does. So a TypeScript bot may import its sibling files, in
 * TypeScript or JavaScript, from where it lies. Registered only in realms.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transpileTypeScript } from '../sandbox/transpile.js';

interface ResolveResult {
  url: string;
  shortCircuit?: boolean;
  format?: string | null;
}
interface LoadResult {
  format: string;
  source?: string | ArrayBuffer | Uint8Array;
  shortCircuit?: boolean;
}
type NextResolve = (specifier: string, context: { parentURL?: string }) => Promise<ResolveResult>;
type NextLoad = (url: string, context: object) => Promise<LoadResult>;

/** Resolves `./x.js` to `./x.ts` when only the TypeScript file exists. */
export async function resolve(specifier: string, context: { parentURL?: string }, next: NextResolve): Promise<ResolveResult> {
  try {
    return await next(specifier, context);
  } catch (e) {
    if (context.parentURL !== undefined && /^\.{1,2}\//.test(specifier) && specifier.endsWith('.js')) {
      const candidate = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
      if (existsSync(fileURLToPath(candidate))) return { url: candidate.href, shortCircuit: true };
    }
    throw e;
  }
}

/** Loads a `.ts` module as transpiled JavaScript (an ES module). */
export async function load(url: string, context: object, next: NextLoad): Promise<LoadResult> {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  const file = fileURLToPath(url);
  const out = transpileTypeScript(readFileSync(file, 'utf8'), file);
  return { format: 'module', source: out, shortCircuit: true };
}
