/** The PAIRS deck helpers (`src/cards/pairs.ts`). */
import { describe, expect, it } from 'vitest';
import { rankMask, rankPoints, writeRanks } from '../../src/cards/pairs.js';

describe('pairs: rank masks', () => {
  it('writeRanks lists base + r for every rank of the mask, ascending, after what is already there', () => {
    for (let mask = 0; mask < 2048; mask += 2) {
      const into = new Int32Array(24).fill(-7);
      into[0] = 99;
      const n = writeRanks(into, 1, 100, mask);
      const want = [99];
      for (let r = 1; r <= 10; r++) if (mask & (1 << r)) want.push(100 + r);
      expect(n).toBe(want.length);
      expect(Array.from(into.subarray(0, n))).toEqual(want);
    }
  });

  it('rankMask and rankPoints read a count row', () => {
    const counts = new Uint8Array(22);
    counts[11 + 2] = 2;
    counts[11 + 10] = 1;
    expect(rankMask(counts, 11)).toBe((1 << 2) | (1 << 10));
    expect(rankPoints(counts, 11)).toBe(14);
    expect(rankMask(counts, 0)).toBe(0);
  });
});
