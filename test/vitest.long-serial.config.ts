import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The slow files that run alone, one at a time, after the rest of the slow tier (the second half of
 * `npm run test:long`), named `*.long-serial.test.ts`: a cluster of keyed queue workers on a real redis-server
 * (workers and coordinators killed in the middle, a keyed run over two workers, a Redis with a password reached
 * through NINEFOLD_QUEUE_URL) holds job locks of 1.5 s and gives the workers 10 s to log their last batch, margins
 * that a test file busy on the other core would eat into.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.long-serial.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
