import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The slow tier (`npm run test:long`), the files named `*.long.test.ts`: the conformance, tensor and isolation
 * suites over extra variants (Nine Lives' Powers), no state carried between games by any built-in bot, search-bot
 * strength, the pool's merge order (timed over 160 000 games), worker resilience and signals, user bots' attacks on
 * their realms, the fuzzer, long random playouts (Nine Lives unchanged by Powers over 200 games a table), the
 * statistics and balance commands end to end, the HTML report in a browser, training runs end to end (tuning, Deep
 * Monte-Carlo and Expert Iteration), progress lines and the page named last by every command, secret deals through
 * the CLI (a keyed run reproduced from its key, stopped and resumed), the independent referee over random, greedy
 * and ismcts records of every Nine Lives powers configuration, and the messages that need a real deadline or a real
 * Redis. The files that must run alone, `*.long-serial.test.ts`, follow (`vitest.long-serial.config.ts`).
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.long.test.ts'],
    // Two files at a time at least, as the fast tier: vitest's default (one worker fewer than the cores) ran the slow files one
    // by one on CI's 2 cores (about 1 500 s; CI as a whole 1 897 s of its 1 800). With two: 1 037 s at load 2-4 on the shared
    // 2-core machine (34 min of CPU), timing-based files (progress lines, signals, a stopping worker) passing at load 2-10; the
    // cluster of queue workers runs alone afterwards (vitest.long-serial.config.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
