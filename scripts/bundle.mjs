/**
 * Bundles each command and worker thread of the build into one file beside
 * its compiled entry (`dist/src/cli/tourney.js` → `dist/src/cli/tourney.bundle.js`),
 * with esbuild. A command or thread then loads one file instead of ~300
 * modules, each resolved, read and compiled on its own: Node's module loading
 * was most of a short run's start. Bundled: ninefold's own code and the few
 * packages a command imports at its start (`BUNDLED_PACKAGES`); the others
 * load as before.
 *
 * A module that finds files beside itself (`import.meta.url`: worker scripts,
 * the nets, `createRequire`, yargs' locales) gets the URL of its own file,
 * not the bundle's: every bundled module sees the same `import.meta.url` as
 * unbundled.
 * The unbundled build stays in `dist/` (tests, scripts, the sandbox's files);
 * `scripts/run.mjs` and the worker pools prefer a bundle when there is one.
 * Run by `scripts/run.mjs` after each `tsc` build. Plain JavaScript, as the
 * launcher: it runs on the compiled output.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** What is bundled: the commands `npm run` starts and the scripts of worker threads. */
export const BUNDLED_ENTRIES = [
  'src/cli/tourney.js',
  'src/cli/match.js',
  'src/cli/rate.js',
  'src/cli/train.js',
  'src/cli/report.js',
  'src/cli/worker.js',
  'src/tourney/batch-worker.js',
  'src/learn/selfplay-worker.js',
  'src/report/html/renderer-worker.js',
];

/**
 * `@stdlib` packages loaded through Node's own resolution, not `src/io/lazy.ts`,
 * so a single-file copy would go unused: the gamma variates of a search's root
 * noise (`bots/search/dirichlet.ts`; `bots/search` imports the core API alone,
 * and only a search with noise, in Expert Iteration's self-play, loads it).
 */
const NOT_VENDORED = new Set(['@stdlib/random-base-gamma']);

/**
 * The packages given a single-file copy, `dist/vendor/<name>.cjs`, which
 * `src/io/lazy.ts` loads instead: every `@stdlib` package the project depends
 * on but {@link NOT_VENDORED} (each is 100-400 small modules, 30-100 ms to
 * load through Node's resolution on the development machine).
 */
function vendoredPackages(pkg) {
  return Object.keys(pkg.dependencies).filter((name) => name.startsWith('@stdlib/') && !NOT_VENDORED.has(name));
}

/** The packages bundled with ninefold's code: imported when a command starts, plain ES modules (or CommonJS), no native code. */
const BUNDLED_PACKAGES = ['yargs', 'zod', 'csv-parse', 'wrap-ansi', 'fastest-levenshtein'];

/** `dist/x/y.js` → `dist/x/y.bundle.js`. */
export function bundlePath(file) {
  return file.replace(/\.js$/, '.bundle.js');
}

/** Removes every `*.bundle.js` under `dir` (a bundle left from an older build would run old code). */
function removeBundles(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) removeBundles(p);
    else if (e.name.endsWith('.bundle.js')) rmSync(p);
  }
}

/**
 * An esbuild plugin giving each bundled module its own file's URL as
 * `import.meta.url` (yargs, for one, finds its locale files by it).
 */
function ownUrls(outfile) {
  return {
    name: 'own-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.m?js$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return { contents: source, loader: 'js' };
        let rel = relative(dirname(outfile), args.path).split(sep).join('/');
        if (!rel.startsWith('.')) rel = `./${rel}`;
        const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', url), loader: 'js' };
      });
    },
  };
}

/**
 * The start of a bundle: started as `node <bundle>`, it reads as its entry
 * (`process.argv[1]`), since a command runs only when that names its own
 * module (`import.meta.url`, its entry's URL in a bundle). The launcher
 * sets `argv[1]` to the entry itself.
 */
function entryArgv(input) {
  const name = JSON.stringify(`./${input.split(sep).pop()}`);
  return [
    "import { fileURLToPath as __ninefoldPath } from 'node:url';",
    `if (process.argv[1] === __ninefoldPath(import.meta.url)) process.argv[1] = __ninefoldPath(new URL(${name}, import.meta.url));`,
  ].join('\n');
}

/**
 * The packages that stay outside the bundles, loaded by Node as before: all
 * but the few pure-JavaScript ES packages the commands import at their start
 * (the others load on first use, `src/io/lazy.ts`, or hold native code or
 * worker scripts found by path).
 */
function externalPackages(pkg) {
  return [...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {})].filter((name) => !BUNDLED_PACKAGES.includes(name));
}

/**
 * Writes the bundles of `BUNDLED_ENTRIES` and the vendored packages under
 * `<root>/dist`, after removing the old ones. Without esbuild installed (an install without dev
 * dependencies) it writes none and says so: the commands run unbundled.
 * @param root the project's root.
 * @throws Error when esbuild fails on an entry (the bundles written are removed).
 */
export async function bundle(root) {
  const dist = join(root, 'dist');
  removeBundles(dist);
  rmSync(join(dist, 'vendor'), { recursive: true, force: true });
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    process.stderr.write('esbuild is not installed: the commands run unbundled (slower to start)\n');
    return;
  }
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const external = externalPackages(pkg);
  const vendor = vendoredPackages(pkg).map((name) =>
    esbuild.build({
      entryPoints: [name],
      absWorkingDir: root,
      outfile: join(dist, 'vendor', `${name}.cjs`),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'error',
    }),
  );
  try {
    await Promise.all([
      ...vendor,
      ...BUNDLED_ENTRIES.map((entry) => {
        const input = join(dist, entry);
        const outfile = bundlePath(input);
        return esbuild.build({
          entryPoints: [input],
          outfile,
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          external,
          logLevel: 'error',
          plugins: [ownUrls(outfile)],
          banner: { js: entryArgv(input) },
        });
      }),
    ]);
  } catch (e) {
    removeBundles(dist);
    rmSync(join(dist, 'vendor'), { recursive: true, force: true });
    throw e;
  }
}
