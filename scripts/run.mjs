#!/usr/bin/env node
/**
 * The launcher behind every `npm run` command: starts a compiled entry point
 * of `dist/` without type-checking first, rebuilding (`tsc -p tsconfig.json`)
 * only when a source is newer than the build.
 *
 *   node [node options] scripts/run.mjs <entry.ts> [arguments]
 *   node scripts/run.mjs [node options] <entry.ts> [arguments]   (a child Node gets the options)
 *   node scripts/run.mjs --build          (build and bundle now, and stamp; `npm ci` does this through `prepare`)
 *
 * `<entry.ts>` is a source path (`src/cli/tourney.ts`); its build
 * `dist/src/cli/tourney.js` runs in this process, from its bundle
 * `tourney.bundle.js` when the build has one (`scripts/bundle.mjs`; not
 * with `NINEFOLD_UNBUNDLED=1`, for a readable stack trace), with
 * the arguments after it, so a command pays one Node start-up (the `npm run` scripts put their
 * Node options, `--max-semi-space-size=1`, `--expose-gc`, before this
 * script). Node options given after this script start a child Node with
 * them instead. Before the entry loads, `dist/src/cli/prewarm.js` starts what
 * a command needs at its end on another thread (the HTML renderer), so it
 * is ready when the run is.
 * The build is stale when any file under `src/`, `bots/` or `scripts/`, or
 * `tsconfig.json` or `package.json`, was modified after `dist/.build-stamp`
 * (written after each successful build). The check stats about 200 files
 * (a few ms); a type-check would cost about 2.5 s, and `npm run typecheck`
 * remains the way to see type errors. Plain JavaScript on purpose: it must
 * run before anything is compiled.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundle, bundlePath } from './bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = join(root, 'dist', '.build-stamp');
const SOURCE_DIRS = ['src', 'bots', 'scripts'];
const SOURCE_FILES = ['tsconfig.json', 'package.json'];

/** The latest modification time (ms) of any file under `dir`, recursively. */
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else if (e.isFile()) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

/** The stamp's modification time, or -1 when there is none. */
function stampTime() {
  try {
    return statSync(STAMP).mtimeMs;
  } catch {
    return -1;
  }
}

function stale() {
  const built = stampTime();
  if (built < 0) return true;
  for (const d of SOURCE_DIRS) if (newest(join(root, d)) > built) return true;
  for (const f of SOURCE_FILES) if (statSync(join(root, f)).mtimeMs > built) return true;
  return false;
}

/** Compiles the project; exits with tsc's status when it reports errors. */
async function build() {
  // The stamp records the time the build started: a source saved during the build makes the next run rebuild.
  const started = new Date();
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  try {
    await bundle(root);
  } catch (e) {
    process.stderr.write(`bundling failed, the commands run unbundled: ${String(e?.message ?? e).split('\n')[0]}\n`);
  }
  writeFileSync(STAMP, `${started.toISOString()}\n`);
  utimesSync(STAMP, started, started);
}

const argv = process.argv.slice(2);
if (argv[0] === '--build') {
  await build();
} else {
  const at = argv.findIndex((a) => !a.startsWith('-'));
  if (at < 0) {
    console.error('usage: node scripts/run.mjs [node options] <entry.ts> [arguments]');
    process.exit(2);
  }
  const entry = join(root, 'dist', argv[at].replace(/\.ts$/, '.js'));
  if (stale()) {
    process.stderr.write('sources changed since the last build: compiling (tsc -p tsconfig.json)\n');
    await build();
  }
  if (at > 0) {
    const child = spawn(process.execPath, [...argv.slice(0, at), entry, ...argv.slice(at + 1)], { stdio: 'inherit' });
    // The terminal's Ctrl-C reaches the child itself (one process group), and a second SIGINT would make a
    // run quit at once: the launcher ignores SIGINT and waits for the child's exit code. SIGTERM and SIGHUP,
    // usually sent to one process, are passed on.
    process.on('SIGINT', () => {});
    for (const sig of ['SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
    child.on('exit', (code, signal) => {
      if (signal) process.kill(process.pid, signal);
      else process.exit(code ?? 1);
    });
  } else {
    // The entry runs here, as if started as `node <entry> [arguments]` (it checks process.argv[1]), from its
    // bundle (`scripts/bundle.mjs`) when the build has one: one file to load instead of ~300 modules.
    const bundled = bundlePath(entry);
    const code = process.env.NINEFOLD_UNBUNDLED !== '1' && existsSync(bundled) ? bundled : entry;
    process.argv = [process.argv[0], entry, ...argv.slice(1)];
    // An optimisation only: a command runs the same without it.
    try {
      const { prewarm } = await import(pathToFileURL(join(root, 'dist', 'src', 'cli', 'prewarm.js')).href);
      prewarm(entry);
    } catch {}
    await import(pathToFileURL(code).href);
  }
}
