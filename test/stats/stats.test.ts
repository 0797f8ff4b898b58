import { describe, expect, it } from 'vitest';
import { chiSquareTest } from '../../src/stats/chisquare.js';
import { meanInterval, separated, wilsonInterval } from '../../src/stats/intervals.js';

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

  it('chi-square test of equal seats: known statistic and p-value (df 3, χ² = 7.815 at p = 0.05)', () => {
    const r = chiSquareTest([10, 20, 30, 40]);
    expect(r.statistic).toBeCloseTo(20, 10);
    expect(r.df).toBe(3);
    expect(r.pValue).toBeCloseTo(0.000169, 5);
    expect(chiSquareTest([25, 25, 25, 25]).pValue).toBeCloseTo(1, 10);
  });

  it('mean interval of a normal sample and the separation test', () => {
    const xs = [1, 2, 3, 4, 5];
    const [lo, hi] = meanInterval(xs.reduce((a, b) => a + b), xs.reduce((a, b) => a + b * b, 0), xs.length);
    expect((lo + hi) / 2).toBeCloseTo(3, 10);
    expect(hi - lo).toBeCloseTo(2 * 1.959964 * Math.sqrt(2.5 / 5), 5);
    expect(separated([0.1, 0.2], [0.25, 0.3])).toBe(true);
    expect(separated([0.1, 0.26], [0.25, 0.3])).toBe(false);
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
