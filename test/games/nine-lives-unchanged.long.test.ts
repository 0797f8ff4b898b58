/**
 * The base game and Black Cat must not depend on the Powers variant
 * (`nine-lives.md`, "Powers"): 200 recorded random games per player count,
 * with and without Black Cat, hash to the digest pinned before Powers existed
 * (`nine-lives-unchanged.ts`). In the long tier; `npm test` checks the first
 * 20 games of each (`nine-lives-unchanged-first.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import { PINNED_200, trajectoryDigest } from './nine-lives-unchanged.js';

describe('nine-lives: the base game and Black Cat are unchanged by Powers', () => {
  it('"Powers (powers=true)": with powers=false the recorded trajectories hash to the pinned digest', () => {
    expect(trajectoryDigest(200)).toBe(PINNED_200);
  });
});
