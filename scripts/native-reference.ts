/**
 * The native speed reference beside the bench (`../shared/anchors/native`):
 * plain-C programs that play Nine Virtues (4 players) and Captain's Orders
 * (5 players) with the default rules, every decision uniformly random among
 * the legal actions, as ninefold's random bot does. The bench builds them
 * with `make` (gcc -O2, as `vs-native.sh` does) in a temporary folder, times
 * them, and prints ninefold's games/s over theirs beside each row that has
 * one. Where the folder, gcc or make is missing it says so instead.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from './project-root.js';

/** The folder of the C reference, beside the project (read-only; copied before building). */
export const NATIVE_DIR = join(PROJECT_ROOT, '..', 'shared', 'anchors', 'native');

/** The C program of each game that has one, with the variant it plays (the game's default: 4 and 5 players). */
const PROGRAMS: Readonly<Record<string, string>> = { 'nine-virtues': 'nv_generic', 'captains-orders': 'co_generic' };

/** The built reference: each game's program path. */
export interface NativeReference {
  readonly programs: Readonly<Record<string, string>>;
}

/**
 * Builds the C reference in a temporary folder.
 * @returns the programs, or one line saying why there are none (no folder, no gcc or make, a failed build).
 */
export function buildNativeReference(dir = NATIVE_DIR): NativeReference | string {
  if (!existsSync(join(dir, 'Makefile'))) return `no native reference at ${dir}`;
  const out = mkdtempSync(join(tmpdir(), 'ninefold-native-'));
  for (const f of readdirSync(dir)) if (/\.(c|h)$/.test(f) || f === 'Makefile') copyFileSync(join(dir, f), join(out, f));
  const targets = Object.values(PROGRAMS);
  const r = spawnSync('make', ['-s', '-C', out, ...targets], { encoding: 'utf8' });
  if (r.error) return `the native reference needs make and gcc (${r.error.message})`;
  if (r.status !== 0) return `the native reference did not build (make: ${(r.stderr || r.stdout).trim().split('\n')[0] ?? `exit ${r.status}`})`;
  return { programs: Object.fromEntries(Object.entries(PROGRAMS).map(([game, p]) => [game, join(out, p)])) };
}

/**
 * One timed run of a game's C program.
 * @param games games to play; `seed` its generator's seed.
 * @returns games per second as the program measures it (its own loop: no process start), or null when it failed.
 */
export function nativeGamesPerSecond(program: string, games: number, seed: number): number | null {
  const r = spawnSync(program, [String(games), String(seed)], { encoding: 'utf8' });
  const m = /games\/s=([0-9.]+)/.exec(r.stdout ?? '');
  return r.status === 0 && m ? Number(m[1]) : null;
}

/**
 * The median games/s of `runs` runs of about `seconds` each (sized by a
 * first run of 20 000 games), for a game with a C program; null for one
 * without, or when a run failed.
 */
export function nativeMedian(ref: NativeReference, gameId: string, runs: number, seconds: number): number | null {
  const program = ref.programs[gameId];
  if (!program) return null;
  const probe = nativeGamesPerSecond(program, 20_000, 1);
  if (probe === null) return null;
  const games = Math.max(20_000, Math.round(probe * seconds));
  const xs: number[] = [];
  for (let r = 0; r < runs; r++) {
    const x = nativeGamesPerSecond(program, games, r + 1);
    if (x === null) return null;
    xs.push(x);
  }
  xs.sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)]!;
}
