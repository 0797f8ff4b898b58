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
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
