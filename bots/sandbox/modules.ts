/**
 * Which modules a sandboxed user bot may import, and their source code
 * (`realm.ts` compiles them inside the bot's isolate). A bot file may import:
 * - files in its own folder and below (JavaScript, TypeScript transpiled as
 *   it loads, JSON as a module whose default export is the parsed value);
 *   `./x.js` loads `./x.ts` when only that exists, as TypeScript resolves;
 * - ninefold's own modules (`src/`, `bots/`, as built in `dist/`), each
 *   a fresh copy in the isolate;
 * - Node's built-in modules only as stand-ins: every export exists (so that
 *   ninefold's modules that import one link), and touching any of them throws.
 * Nothing else: no npm package, no file elsewhere, nothing inside a run
 * directory (a folder holding a `checkpoint.json` or `summary.json`, where a
 * run keeps its deal key). Paths are compared after resolving symbolic links.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BotSpecError } from '../../src/core/bot.js';
import { transpileTypeScript } from './transpile.js';

/** The project root (the folder holding `dist/`, `src/`, `bots/`). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** The build of ninefold's modules. */
export const DIST = join(ROOT, 'dist');
/** The most bytes of one module a bot may load: 32 MiB. */
const MAX_MODULE_BYTES = 32 * 2 ** 20;
/** The prefix of a built-in module's stand-in. */
const BUILTIN = 'builtin:';

/** Where a bot's imports may come from: its folder (after symbolic links). */
export interface ImportScope {
  /** The bot file as the line-up names it (for messages). */
  readonly name: string;
  /** The real path of the folder holding the bot file. */
  readonly folder: string;
}

/** The import scope of a bot file. @throws BotSpecError when the file does not exist. */
export function importScope(name: string, file: string): ImportScope {
  const abs = resolve(file);
  if (!existsSync(abs)) throw new BotSpecError(`bot file ${name} not found`);
  return { name, folder: dirname(realpathSync(abs)) };
}

function inside(path: string, folder: string): boolean {
  const r = relative(folder, path);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
}

/** True when a folder from `dir` up to `top` (both included) is a run directory. */
function inRunDirectory(dir: string, top: string): boolean {
  for (let d = dir; inside(d, top); d = dirname(d)) {
    if (existsSync(join(d, 'checkpoint.json')) || existsSync(join(d, 'summary.json'))) return true;
    if (d === top) break;
  }
  return false;
}

const isBuiltin = (s: string): boolean => s.startsWith('node:') || builtinModules.includes(s.split('/')[0]!);

/**
 * Resolves an import of a sandboxed bot.
 * @param specifier as written in the importing module.
 * @param referrer the importing module's key (a real path, or a stand-in's key).
 * @returns the key of the module to load: a real path, or `builtin:<name>`.
 * @throws BotSpecError with one line when the import is not allowed or not found.
 */
export function resolveImport(specifier: string, referrer: string, scope: ImportScope): string {
  if (isBuiltin(specifier)) return `${BUILTIN}${specifier.startsWith('node:') ? specifier : `node:${specifier}`}`;
  const refuse = (why: string): never => {
    throw new BotSpecError(`bot file ${scope.name} imports '${specifier}': ${why}`);
  };
  let path: string;
  if (specifier.startsWith('file:')) path = fileURLToPath(specifier);
  else if (specifier.startsWith('.') || isAbsolute(specifier)) path = resolve(dirname(referrer), specifier);
  else return refuse("a sandboxed bot may import only files in its own folder and ninefold's modules, no package");
  if (!existsSync(path) && path.endsWith('.js') && existsSync(`${path.slice(0, -3)}.ts`)) path = `${path.slice(0, -3)}.ts`;
  // ninefold's sources (src/, bots/) load as their build in dist/, but for the bot's own folder (bots/examples/).
  const own = existsSync(path) && inside(realpathSync(path), scope.folder);
  for (const part of ['src', 'bots']) {
    const from = join(ROOT, part);
    if (!own && inside(path, from)) path = join(DIST, part, relative(from, path)).replace(/\.ts$/, '.js');
  }
  if (!existsSync(path) || !statSync(path).isFile()) return refuse('no such file');
  const real = realpathSync(path);
  if (inside(real, realpathSync(DIST))) return real;
  if (!inside(real, scope.folder)) return refuse(`a sandboxed bot may import only files in its own folder (${scope.folder}) and ninefold's modules`);
  if (inRunDirectory(dirname(real), scope.folder)) return refuse('it lies in a run directory (a folder with a checkpoint.json or summary.json)');
  return real;
}

const hostRequire = createRequire(import.meta.url);

/**
 * The stand-in of a built-in module: a module with the same export names,
 * each a value that throws when touched (called, read, converted).
 */
function builtinStandIn(name: string): string {
  let names: string[] = [];
  try {
    names = Object.keys(hostRequire(name) as object).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default');
  } catch {
    names = [];
  }
  const lines = [
    `const deny = (what) => { throw new Error('no operating-system access in ninefold\\'s sandbox (' + what + ')'); };`,
    'const standIn = (what) => new Proxy(function () {}, { get: () => deny(what), apply: () => deny(what), construct: () => deny(what), set: () => deny(what), has: () => deny(what) });',
    `export default standIn(${JSON.stringify(name)});`,
    ...names.map((n) => `export const ${n} = standIn(${JSON.stringify(`${name}.${n}`)});`),
  ];
  return lines.join('\n');
}

/** Sources of ninefold's own modules, read once per thread (they do not change during a run). */
const distSources = new Map<string, string>();

/**
 * The source code of a module key from `resolveImport`.
 * @throws BotSpecError when the file is too large, not readable, or not valid JSON.
 */
export function moduleSource(key: string, scope: ImportScope): string {
  if (key.startsWith(BUILTIN)) return builtinStandIn(key.slice(BUILTIN.length));
  const hit = distSources.get(key);
  if (hit !== undefined) return hit;
  if (statSync(key).size > MAX_MODULE_BYTES) throw new BotSpecError(`bot file ${scope.name}: ${key} is over ${MAX_MODULE_BYTES / 2 ** 20} MiB`);
  const text = readFileSync(key, 'utf8');
  const ext = extname(key);
  let code: string;
  if (ext === '.ts' || ext === '.mts') code = transpileTypeScript(text, key);
  else if (ext === '.json') {
    try {
      JSON.parse(text);
    } catch (e) {
      throw new BotSpecError(`bot file ${scope.name}: ${key} is not valid JSON (${(e as Error).message.split('\n')[0]})`);
    }
    code = `export default ${text};`;
  } else code = text;
  if (key.startsWith(DIST + sep)) distSources.set(key, code);
  return code;
}
