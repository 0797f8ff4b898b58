/**
 * The short fuzz run of the suite (the long one is `npm run fuzz`): random
 * games of random variants of every game, checked for the contract's
 * invariants (`src/fuzz`). The fuzz of the command line is
 * `test/cli/argv-fuzz.long.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { gameIds } from '../../src/core/registry.js';
import { fuzzSlice } from '../../src/fuzz/fuzz.js';
import '../helpers.js';

describe('fuzz (short)', () => {
  for (const id of gameIds()) {
    it(`${id}: random games of random variants break no invariant (legality, termination, conservation, observations, replay)`, () => {
      // A fixed count of games, not a time budget: how many games 3 s held depended on the machine's load (41 Nine Lives games at load 5).
      const r = fuzzSlice({ gameId: id, runSeed: 'suite', start: 0, end: 60, deadlineMs: 0 });
      expect(r.violations).toEqual([]);
      expect(r.games).toBe(60);
    });
  }
});
