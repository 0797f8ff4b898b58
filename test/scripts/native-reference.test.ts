/**
 * The native speed reference beside the bench (scripts/native-reference.ts):
 * built from `../shared/anchors/native` with make and gcc where they are, it
 * times the C programs of Nine Virtues and Captain's Orders; where they are
 * not, it says why in one line instead of a figure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildNativeReference, NATIVE_DIR, nativeGamesPerSecond, nativeMedian } from '../../scripts/native-reference.js';

const canBuild = existsSync(join(NATIVE_DIR, 'Makefile')) && spawnSync('gcc', ['--version']).status === 0 && spawnSync('make', ['--version']).status === 0;

describe('the native C reference of the bench', () => {
  it('a folder without the reference gives one line saying so, not a figure', () => {
    const r = buildNativeReference(join(NATIVE_DIR, 'no-such-folder'));
    expect(typeof r).toBe('string');
    expect(r).toMatch(/^no native reference at /);
  });

  it.skipIf(!canBuild)(
    "builds the programs of Nine Virtues and Captain's Orders and times them; other games have none",
    () => {
      const ref = buildNativeReference();
      if (typeof ref === 'string') throw new Error(ref);
      expect(Object.keys(ref.programs).sort()).toEqual(['captains-orders', 'nine-virtues']);
      for (const program of Object.values(ref.programs)) expect(nativeGamesPerSecond(program, 2000, 1)).toBeGreaterThan(0);
      expect(nativeGamesPerSecond(join(NATIVE_DIR, 'no-such-program'), 2000, 1)).toBeNull();
      expect(nativeMedian(ref, 'nine-muses', 1, 0.01)).toBeNull();
    },
    60_000,
  );
});
