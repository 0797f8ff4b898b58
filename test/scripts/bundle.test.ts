/**
 * The build bundles each command and worker thread into one file
 * (`scripts/bundle.mjs`), which the launcher and the worker pools run. A
 * bundle must behave exactly as the modules it was made from: the same
 * files from the same run, the same help text, the same numbers from the
 * vendored `@stdlib` copies.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledScript, distFile } from '../../src/io/compiled-script.js';

const require = createRequire(import.meta.url);
const { BUNDLED_ENTRIES } = (await import(join(process.cwd(), 'scripts', 'bundle.mjs'))) as { BUNDLED_ENTRIES: string[] };

/**
 * Runs `node <args>` from the project root, from the bundles or (`unbundled`)
 * with `NINEFOLD_UNBUNDLED=1`; returns stdout, after checking the exit code
 * and an empty stderr.
 */
function node(args: readonly string[], unbundled = false): string {
  const env = { ...process.env, NINEFOLD_UNBUNDLED: unbundled ? '1' : '0' };
  const r = spawnSync(process.execPath, ['--max-semi-space-size=1', ...args], { encoding: 'utf8', timeout: 120_000, env });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

/** A run's JSON file without the fields that time it. */
function untimed(dir: string, file: string): unknown {
  return JSON.parse(readFileSync(join(dir, file), 'utf8'), (k, v) =>
    ['seconds', 'gamesPerSecond', 'startedAt', 'secondsPerGame'].includes(k) ? undefined : v,
  );
}

describe('the build bundles the commands and worker threads', () => {
  it('every command an npm script starts is bundled', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    const commands = Object.values(scripts).flatMap((line) => [...line.matchAll(/scripts\/run\.mjs (src\/cli\/[\w-]+)\.ts/g)].map((m) => `${m[1]}.js`));
    expect(commands.length).toBeGreaterThanOrEqual(6);
    for (const c of commands) expect(BUNDLED_ENTRIES, c).toContain(c);
  });

  it('every bundled entry has its bundle beside it, and the pools start the bundled workers', () => {
    for (const entry of BUNDLED_ENTRIES) expect(existsSync(distFile(entry.replace(/\.js$/, '.bundle.js'))), entry).toBe(true);
    expect(compiledScript('src/tourney/batch-worker.js')).toBe(distFile('src/tourney/batch-worker.bundle.js'));
    expect(compiledScript('src/learn/selfplay-worker.js')).toBe(distFile('src/learn/selfplay-worker.bundle.js'));
  });

  it('a run from the bundles writes what the unbundled modules write: worker threads, the shipped net found beside its module', () => {
    const root = mkdtempSync(join(tmpdir(), 'ninefold-bundle-'));
    const args = ['--game', 'captains-orders', '--bots', 'nn,greedy,random,random,random', '--games', '400', '--seed', '7', '--workers', '2'];
    node(['scripts/run.mjs', 'src/cli/tourney.ts', ...args, '--out', join(root, 'bundled')]);
    node(['scripts/run.mjs', 'src/cli/tourney.ts', ...args, '--out', join(root, 'plain')], true);
    for (const file of ['summary.json', 'balance.json', 'checkpoint.json'])
      expect(untimed(join(root, 'bundled'), file), file).toEqual(untimed(join(root, 'plain'), file));
    expect(readFileSync(join(root, 'bundled', 'seats.csv'), 'utf8')).toBe(readFileSync(join(root, 'plain', 'seats.csv'), 'utf8'));
  });

  it('a bundle started directly (node dist/src/cli/<command>.bundle.js) runs its command, as the launcher does', () => {
    const version = node(['scripts/run.mjs', 'src/cli/tourney.ts', '--version']);
    expect(version).toMatch(/\d+\.\d+\.\d+/);
    expect(node([distFile('src/cli/tourney.bundle.js'), '--version'])).toBe(version);
  });

  it("the bundled command's help (yargs finds its locale files beside its own module) is the unbundled one's", () => {
    expect(node(['scripts/run.mjs', 'src/cli/match.ts', '--help'])).toBe(node(['scripts/run.mjs', 'src/cli/match.ts', '--help'], true));
  });

  it('the vendored single-file copies are exactly the @stdlib packages the sources load with lazyRequire', () => {
    const lazy = new Set<string>();
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.ts')) for (const m of readFileSync(p, 'utf8').matchAll(/lazyRequire<[^>]*>\('(@stdlib\/[a-z-]+)'/g)) lazy.add(m[1]!);
      }
    };
    walk('src');
    const vendored = readdirSync(distFile('vendor/@stdlib')).map((f) => `@stdlib/${f.replace(/\.cjs$/, '')}`);
    expect(lazy.size).toBeGreaterThan(0);
    expect(vendored.sort()).toEqual([...lazy].sort());
  });

  it('the vendored single-file @stdlib copies give the packages’ numbers bit for bit', () => {
    const points = [0.001, 0.5, 1, 2.5, 7.3, 20];
    const pairs: [string, (m: (...a: number[]) => number, x: number) => number][] = [
      ['@stdlib/stats-base-dists-f-cdf', (f, x) => f(x, 3, 17)],
      ['@stdlib/stats-base-dists-chisquare-cdf', (f, x) => f(x, 4)],
      ['@stdlib/stats-base-dists-normal-cdf', (f, x) => f(x - 3, 0, 1)],
      ['@stdlib/stats-base-dists-normal-quantile', (f, x) => f(x / 21, 0, 1)],
      ['@stdlib/stats-base-dists-t-quantile', (f, x) => f(x / 21, 5)],
    ];
    for (const [id, call] of pairs) {
      const vendored = require(distFile(`vendor/${id}.cjs`)) as (...a: number[]) => number;
      const pkg = require(id) as (...a: number[]) => number;
      for (const x of points) expect(Object.is(call(vendored, x), call(pkg, x)), `${id} at ${x}`).toBe(true);
    }
  });
});
