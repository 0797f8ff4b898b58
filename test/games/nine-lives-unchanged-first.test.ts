/**
 * The fast tier's share of `nine-lives-unchanged.long.test.ts`: the first 20 of
 * its 200 recorded random games per player count, with and without Black
 * Cat, hash to the digest those games had before Powers existed. Unlike the
 * golden trajectories, this digest is never updated.
 */
import { describe, expect, it } from 'vitest';
import { PINNED_20, trajectoryDigest } from './nine-lives-unchanged.js';

describe('nine-lives: the base game and Black Cat are unchanged by Powers (the first 20 games of each table)', () => {
  it('"Powers (powers=true)": with powers=false the recorded trajectories hash to the pinned digest', () => {
    expect(trajectoryDigest(20)).toBe(PINNED_20);
  });
});
