import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LONG_TESTS } from './tiers.js';

/** The slow tier (`npm run test:long`): the files `tiers.ts` lists. */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: [...LONG_TESTS],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
