import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '../../src/stats/intervals.js';

describe('statistics', () => {
  it('Wilson interval matches the textbook value (Wilson 1927; 81 of 263: 0.2553 – 0.3662)', () => {
    const [lo, hi] = wilsonInterval(81, 263);
    expect(lo).toBeCloseTo(0.2553, 3);
    expect(hi).toBeCloseTo(0.3662, 3);
  });

  it('Wilson interval stays inside [0, 1] at 0 and n successes and is [0, 1] with no trials', () => {
    expect(wilsonInterval(0, 50)[0]).toBe(0);
    expect(wilsonInterval(50, 50)[1]).toBe(1);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });

  it('seedWords with a count draws a prefix of the same stream (a run that uses fewer rotations gets the same words for them)', () => {
    const all = new Int32Array(40);
    seedWords('deal/bots', all);
    const some = new Int32Array(40);
    seedWords('deal/bots', some, 12);
    expect(Array.from(some.subarray(0, 12))).toEqual(Array.from(all.subarray(0, 12)));
    expect(some[12]).toBe(0);
  });
});

import seedrandom from 'seedrandom';
import { Rng, seedWords } from '../../src/core/rng.js';

describe('bot streams', () => {
  it('seedWords draws exactly the int32 outputs of seedrandom.alea(seed)', () => {
    for (const seed of ['deal/bots', '7:123/bots', '']) {
      const words = new Int32Array(200);
      seedWords(seed, words);
      const g = seedrandom.alea(seed);
      for (let i = 0; i < words.length; i++) expect(words[i]).toBe(g.int32());
    }
  });

  it('streams loaded from seedWords are not shifted copies of each other (xor128 states are their last outputs)', () => {
    const words = new Int32Array(8);
    seedWords('deal/bots', words);
    const a = new Rng().fromWords(words[0]!, words[1]!, words[2]!, words[3]!);
    const b = new Rng().fromWords(words[4]!, words[5]!, words[6]!, words[7]!);
    const xa = Array.from({ length: 64 }, () => a.int32());
    const xb = Array.from({ length: 64 }, () => b.int32());
    for (let shift = 0; shift < 32; shift++) expect(xa.slice(shift, shift + 16)).not.toEqual(xb.slice(0, 16));
    for (let shift = 0; shift < 32; shift++) expect(xb.slice(shift, shift + 16)).not.toEqual(xa.slice(0, 16));
  });

  it('new Rng(seed) draws exactly seedrandom.xor128(seed)', async () => {
    const seedrandom = (await import('seedrandom')).default;
    const g = seedrandom.xor128('abc');
    const r = new Rng('abc');
    for (let i = 0; i < 100; i++) expect(r.next()).toBe(g());
  });
});
