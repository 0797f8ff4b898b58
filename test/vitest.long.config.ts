import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LONG_TESTS, SERIAL_LONG_TESTS } from './tiers.js';

/** The slow tier (`npm run test:long`): the files `tiers.ts` lists, but those that run alone (`vitest.long-serial.config.ts`). */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: LONG_TESTS.filter((f) => !SERIAL_LONG_TESTS.includes(f)),
    // Two files at a time at least, as the fast tier: vitest's default (one worker fewer than the cores) ran the slow files one
    // by one on CI's 2 cores (about 1 500 s; CI as a whole 1 897 s of its 1 800). With two: 1 037 s at load 2-4 on the shared
    // 2-core machine (34 min of CPU), timing-based files (progress lines, signals, a stopping worker) passing at load 2-10; the
    // cluster of queue workers runs alone afterwards (tiers.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
