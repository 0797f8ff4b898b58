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

  it('streamWords with a count fills a prefix of the same words (a run that uses fewer rotations gets the same words for them)', () => {
    const all = new Int32Array(40);
    streamWords('deal/bots', all);
    const some = new Int32Array(40);
    streamWords('deal/bots', some, 12);
    expect(Array.from(some.subarray(0, 12))).toEqual(Array.from(all.subarray(0, 12)));
    expect(some[12]).toBe(0);
  });
});

import { Rng, streamWords } from '../../src/core/rng.js';

describe('bot streams', () => {
  it('streams loaded from streamWords are not shifted copies of each other (xor128 states are their last outputs)', () => {
    const words = new Int32Array(64);
    for (const seed of ['deal/bots', '7:123/bots', '']) {
      streamWords(seed, words);
      const out = Array.from({ length: 16 }, (_, t) => {
        const r = new Rng().fromWords(words[4 * t]!, words[4 * t + 1]!, words[4 * t + 2]!, words[4 * t + 3]!);
        return Array.from({ length: 64 }, () => r.int32());
      });
      for (let a = 0; a < 16; a++) {
        for (let b = 0; b < 16; b++) {
          if (a === b) continue;
          for (let shift = 0; shift < 32; shift++) expect(out[a]!.slice(shift, shift + 16)).not.toEqual(out[b]!.slice(0, 16));
        }
      }
    }
  });

  it('new Rng(seed) draws exactly seedrandom.xor128(seed)', async () => {
    const seedrandom = (await import('seedrandom')).default;
    const g = seedrandom.xor128('abc');
    const r = new Rng('abc');
    for (let i = 0; i < 100; i++) expect(r.next()).toBe(g());
  });
});
