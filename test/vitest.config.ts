import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The two test tiers, told apart by the file name. `npm test` (this config) runs every `*.test.ts` but the slow
 * files: unit tests, the conformance suite, golden trajectories, records, the CLI smoke tests, the calibration of
 * the statistics on High Card, the tensor suite and the network module's checks against TensorFlow.js and ONNX
 * Runtime; about 300 s of CPU at load 5-9, and no timing-based assertion. `npm run test:long` runs the slow files,
 * `*.long.test.ts` (`vitest.long.config.ts`), then the `*.long-serial.test.ts` files alone
 * (`vitest.long-serial.config.ts`). A file joins the slow tier by its name. CI runs both tiers after
 * `npm run typecheck` (the type-check of the whole tree, src/, bots/, scripts/ and test/, which is not repeated as
 * a test).
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/**/*.long.test.ts', 'test/**/*.long-serial.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Two files at a time at least: vitest's default, one worker fewer than the cores, runs one file at a time on 2 cores
    // (the fast tier took 79 s there instead of 48 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
