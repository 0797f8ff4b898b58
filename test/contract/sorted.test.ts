/** `indexInSorted` (`src/core/sorted.ts`), behind the legality check and Multiples of Nine's discard ids. */
import { describe, expect, it } from 'vitest';
import { indexInSorted } from '../../src/core/sorted.js';

describe('indexInSorted', () => {
  it('finds every entry of an ascending run and nothing else, reading only the first n entries', () => {
    const a = Int32Array.from([1, 4, 9, 16, 25, 36, 0, 0]);
    for (let i = 0; i < 6; i++) expect(indexInSorted(a, 6, a[i]!)).toBe(i);
    for (const x of [0, 2, 5, 37, -1, 4.5, NaN]) expect(indexInSorted(a, 6, x)).toBe(-1);
    expect(indexInSorted(a, 3, 16)).toBe(-1);
    expect(indexInSorted(a, 0, 1)).toBe(-1);
  });
});
