import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SERIAL_LONG_TESTS } from './tiers.js';

/** The slow files that run alone, one at a time, after the rest of the slow tier (`npm run test:long`; `tiers.ts`). */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: [...SERIAL_LONG_TESTS],
    globalSetup: ['test/global-setup.ts'],
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
