import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LONG_TESTS } from './tiers.js';

/** The fast tier (`npm test`); `vitest.long.config.ts` runs the slow files (`npm run test:long`). */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...LONG_TESTS],
    globalSetup: ['test/global-setup.ts'],
    // Two files at a time at least: vitest's default, one worker fewer than the cores, runs one file at a time on 2 cores
    // (the fast tier took 79 s there instead of 48 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
