/**
 * The two test tiers. `npm test` runs every file but these (unit tests, the
 * conformance suite, golden trajectories, records, the CLI smoke tests of
 * tourney.test.ts, the calibration of the statistics on High Card), at
 * least two files at a time (`vitest.config.ts`): about 300 s of CPU at load
 * 5-9 (the tensor suite and the network module's checks against TensorFlow.js
 * and ONNX Runtime included), and no timing-based assertion. `npm run test:long` runs
 * these slow files: the conformance, tensor and isolation suites over extra
 * variants (Nine Lives' Powers), Deep Monte-Carlo training end to end, no state carried between games by any built-in bot,
 * search-bot strength, the pool's merge order (timed over 160 000 games),
 * worker resilience and signals, user bots' attacks on their realms, the
 * fuzzer, long random playouts (Nine Lives unchanged by Powers over 200 games
 * a table), the statistics and balance commands end to end, the HTML report
 * in a browser, training runs end to end, progress lines and the page named last by every command (`test/cli/talk.test.ts`), secret deals through the CLI
 * (a keyed run reproduced from its key, stopped and resumed), a cluster of keyed queue workers on a real redis-server (workers and
 * coordinators killed in the middle, a keyed run over two workers, a Redis
 * with a password reached through NINEFOLD_QUEUE_URL), and the independent referee over
 * random, greedy and ismcts records of every Nine Lives powers configuration
 * (issue #18), and the messages of issue #30 that need a real deadline or a
 * real Redis (test/cli/messages-long.test.ts). CI runs both, after `npm run typecheck` (the type-check of the
 * whole tree, src/, bots/, scripts/ and test/, which is not repeated as a test).
 */
export const LONG_TESTS: readonly string[] = [
  'test/tourney/resilience.test.ts',
  'test/stats/commands.test.ts',
  'test/bots/determinization.test.ts',
  'test/bots/search.test.ts',
  'test/contract/fuzz.test.ts',
  'test/games/captains-orders-invariants.test.ts',
  'test/games/nine-lives-unchanged.test.ts',
  'test/tourney/balance-cli.test.ts',
  'test/bots/sandbox-attacks.test.ts',
  'test/tourney/run-directories-cli.test.ts',
  'test/tourney/secret-deals-cli.test.ts',
  'test/tourney/sequential.test.ts',
  'test/tourney/order.test.ts',
  'test/report/browser.test.ts',
  'test/report/report-cli.test.ts',
  'test/contract/conformance-variants.test.ts',
  'test/contract/tensor-variants.test.ts',
  'test/contract/isolation-variants.test.ts',
  'test/bots/stateless.test.ts',
  'test/train/train-cli.test.ts',
  'test/train/dmc-cli.test.ts',
  'test/cli/talk.test.ts',
  'test/queue/cluster.test.ts',
  'test/games/nine-lives-referee-games.test.ts',
  'test/cli/messages-long.test.ts',
];

/**
 * The slow files that run alone, after the others (`test/vitest.long-serial.config.ts`, the second half of
 * `npm run test:long`): the cluster of queue workers holds job locks of 1.5 s and gives the workers 10 s to log their
 * last batch, margins that a test file busy on the other core would eat into.
 */
export const SERIAL_LONG_TESTS: readonly string[] = ['test/queue/cluster.test.ts'];
