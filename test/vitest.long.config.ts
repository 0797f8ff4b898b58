import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LONG_TESTS } from './tiers.js';

/** The slow tier (`npm run test:long`): the files `tiers.ts` lists. */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: [...LONG_TESTS],
    // Two files at a time at least, as the fast tier: vitest's default (one worker fewer than the cores) ran the slow files one
    // by one on CI's 2 cores (about 1 500 s; CI as a whole 1 897 s of its 1 800). With two, every file passed at load 8-10 on the
    // shared 2-core machine (31 min of CPU), timing-based files (progress lines, signals, a stopping worker) included.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
