/**
 * The nines solver (`src/cards/nines.ts`): every legal and illegal example of
 * `multiples-of-nine.md` and of the seed, and a cross-check against an
 * independent brute-force partition search on thousands of random hands.
 */
import assert from 'node:assert/strict';
import { describe, expect, it } from 'vitest';
import { countsToValues, decodeDiscard, discardCode, isLegalDiscard, isSplittable, listDiscards, NINES_SLOTS } from '../../src/cards/nines.js';
import { createRng, type Rng } from '../../src/core/rng.js';
import { bruteSplittable } from './brute-force.js';

/** Counts (index = value) of a list of values. */
function c(values: readonly number[]): number[] {
  const out = new Array<number>(NINES_SLOTS).fill(0);
  for (const v of values) out[v]!++;
  return out;
}

/** Every sub-multiset of `hand` (counts), as count vectors. */
function subsets(hand: readonly number[]): number[][] {
  const out: number[][] = [];
  const d = new Array<number>(NINES_SLOTS).fill(0);
  const rec = (r: number): void => {
    if (r === NINES_SLOTS) {
      out.push(d.slice());
      return;
    }
    for (let k = 0; k <= hand[r]!; k++) {
      d[r] = k;
      rec(r + 1);
    }
    d[r] = 0;
  };
  rec(1);
  return out;
}

/** The legal discards other than the whole hand, by brute force, as sorted codes. */
function bruteList(hand: readonly number[], nineAlone: boolean): number[] {
  const size = hand.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  for (const d of subsets(hand)) {
    const vals = countsToValues(d);
    if (vals.length === 0 || vals.length === size) continue;
    if (nineAlone && vals.reduce((a, b) => a + b, 0) === 9) continue;
    if (bruteSplittable(vals)) out.push(discardCode(d));
  }
  return out.sort((a, b) => a - b);
}

function randomHand(rng: Rng, size: number): number[] {
  const deck: number[] = [];
  for (let v = 1; v <= 13; v++) for (let k = 0; k < 4; k++) deck.push(v);
  const h = new Array<number>(NINES_SLOTS).fill(0);
  for (let i = 0; i < size; i++) {
    const j = i + rng.int(52 - i);
    const t = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = t;
    h[deck[i]!]!++;
  }
  return h;
}

function listed(hand: readonly number[], nineAlone = true, max = 1 << 20): number[] {
  const out = new Int32Array(max);
  return Array.from(out.subarray(0, listDiscards(hand, 0, nineAlone, out, max)));
}

/** A discard `d` from `hand`, with the rule file's default variant. */
const legal = (d: number[], hand: number[]): boolean => isLegalDiscard(c(hand), c(d), true);

describe('nines solver: the rule file', () => {
  it('"Groups and legal discards": 8,8,8,8 + J,J = 54 is a group; 3,3,5,7 is not (three ranks)', () => {
    expect(isSplittable(c([8, 8, 8, 8, 11, 11]))).toBe(true);
    expect(isSplittable(c([3, 3, 5, 7]))).toBe(false);
  });

  it('"Groups and legal discards": cards of one rank may be split across groups (8,4,4,1,1 = 8,1 + 4,4,1)', () => {
    expect(isSplittable(c([8, 4, 4, 1, 1]))).toBe(true);
    expect(bruteSplittable([8, 4, 4, 1, 1])).toBe(true);
  });

  it('"Groups and legal discards": a discard totalling exactly 9 is legal only when it empties the hand', () => {
    for (const nine of [[9], [6, 3], [3, 3, 3], [1, 8]]) {
      expect(legal(nine, [...nine, 5])).toBe(false);
      expect(legal(nine, nine)).toBe(true);
    }
    expect(legal([6, 3, 9], [6, 3, 9, 2])).toBe(true);
    expect(legal([6, 3, 13, 5], [6, 3, 13, 5, 2])).toBe(true);
  });

  it('"Variant parameters": nineAloneOnlyToGoOut=false makes a lone nine legal with cards left', () => {
    expect(isLegalDiscard(c([6, 3, 5]), c([6, 3]), false)).toBe(true);
    expect(isLegalDiscard(c([6, 3, 5]), c([6, 3]), true)).toBe(false);
    expect(listed(c([6, 3, 5]), false)).toEqual([discardCode(c([6, 3]))]);
    expect(listed(c([6, 3, 5]), true)).toEqual([]);
  });

  it('"Reference examples": every legal example is legal', () => {
    const spare = [2]; // a card left in hand, so none of these goes out
    expect(legal([12, 12, 3], [12, 12, 3, ...spare])).toBe(true);
    expect(legal([8, 10], [8, 10, ...spare])).toBe(true);
    expect(legal([7, 10, 10], [7, 10, 10, ...spare])).toBe(true);
    expect(legal([8, 1, 9], [8, 1, 9, ...spare])).toBe(true);
    expect(legal([5, 13, 6, 3], [5, 13, 6, 3, ...spare])).toBe(true);
    expect(legal([11, 11, 11, 3], [11, 11, 11, 3])).toBe(true); // going out
    expect(legal([1, 6, 8, 12], [1, 6, 8, 12, ...spare])).toBe(true);
  });

  it('"Reference examples": every illegal example is illegal', () => {
    expect(legal([3, 3, 5, 7], [3, 3, 5, 7])).toBe(false);
    expect(legal([8, 4, 4, 2], [8, 4, 4, 2])).toBe(false);
    expect(legal([6, 3], [6, 3, 1, 5])).toBe(false);
  });
});

describe('nines solver: the seed', () => {
  it('one-set and two-set multiples of nine of the seed are groups', () => {
    const sets = [
      [6, 6, 6],
      [12, 12, 12],
      [9, 9, 9, 9],
      [8, 8, 1, 1],
      [8, 8, 2],
      [8, 8, 8, 3],
      [8, 8, 8, 12],
      [8, 8, 8, 8, 4],
      [8, 8, 8, 8, 13],
      [8, 8, 8, 8, 11, 11],
      [13, 13, 13, 13, 10, 10],
      [12, 12, 12, 12, 11, 11, 11],
    ];
    for (const s of sets) expect(isSplittable(c(s)), s.join(',')).toBe(true);
    // Sets of equal cards that are not multiples of nine on their own.
    for (const s of [
      [8, 8, 8, 8],
      [8, 8, 8],
      [8, 8],
      [13, 13, 13, 13],
      [13, 13, 13],
      [13, 13],
    ])
      expect(isSplittable(c(s)), s.join(',')).toBe(false);
  });

  it('"A single 9 or one or two sets adding up to 9 only cannot be used alone before the end of the game"', () => {
    for (const nine of [[3, 3, 3], [8, 1], [6, 3], [9]]) expect(legal(nine, [...nine, 12])).toBe(false);
  });

  it('the first game: Q,Q,3,8,10 goes out at once (Q,Q,3 = 27 and 8,10 = 18)', () => {
    expect(isSplittable(c([12, 12, 3, 8, 10]))).toBe(true);
  });

  it('the second game, move by move', () => {
    const p1 = [7, 13, 11, 10, 10, 3];
    expect(legal([7, 11], p1)).toBe(true);
    expect(legal([7, 10, 10], p1)).toBe(true);
    const p2 = [5, 1, 6, 8, 9, 1];
    expect(legal([8, 1, 9], p2)).toBe(true);
    expect(legal([13, 5], [13, 11, 3, 5])).toBe(true);
    expect(legal([6, 3], [5, 1, 6, 3])).toBe(false);
    expect(legal([5, 13, 6, 3], [5, 1, 6, 3, 13])).toBe(true);
    expect(legal([11, 11, 11, 3], [11, 11, 11, 3])).toBe(true);
    expect(isSplittable(c([11, 11, 3]))).toBe(false);
  });

  it('A-6-8-Q is OK (6-Q and A-8); 8-4-4-2 uses three sets; 8-4-4-1-1 is OK', () => {
    expect(isSplittable(c([1, 6, 8, 12]))).toBe(true);
    expect(isSplittable(c([8, 4, 4, 2]))).toBe(false);
    expect(isSplittable(c([8, 4, 4, 1, 1]))).toBe(true);
  });
});

describe('nines solver: cross-checks', () => {
  it('isSplittable agrees with a brute-force partition search on every sub-multiset of 1500 random hands', () => {
    const rng = createRng('nines-brute');
    let checked = 0;
    let splittable = 0;
    for (let t = 0; t < 1500; t++) {
      const hand = randomHand(rng, 1 + rng.int(9));
      for (const d of subsets(hand)) {
        const want = bruteSplittable(countsToValues(d));
        if (isSplittable(d) !== want) throw new Error(`isSplittable(${countsToValues(d).join(',')}) should be ${want}`);
        checked++;
        if (want) splittable++;
      }
    }
    expect(checked).toBeGreaterThan(50_000);
    expect(splittable).toBeGreaterThan(1000);
  });

  it('listDiscards lists exactly the brute-force legal discards, ascending, on 1500 random hands (both nine-alone settings)', () => {
    const rng = createRng('nines-list');
    let total = 0;
    for (let t = 0; t < 1500; t++) {
      const hand = randomHand(rng, 1 + rng.int(9));
      const nineAlone = t % 3 !== 0;
      const want = bruteList(hand, nineAlone);
      expect(listed(hand, nineAlone)).toEqual(want);
      total += want.length;
    }
    expect(total).toBeGreaterThan(1000);
  });

  it('listDiscards agrees with isSplittable on 60 random hands of 12 to 20 cards', () => {
    const rng = createRng('nines-big');
    const d = new Array<number>(NINES_SLOTS).fill(0);
    for (let t = 0; t < 60; t++) {
      const size = 12 + rng.int(9);
      const hand = randomHand(rng, size);
      const got = listed(hand);
      // node:assert, not expect, in these per-code loops (expect costs about 10 µs a call, most of the test's time).
      for (let i = 1; i < got.length; i++) assert.ok(got[i]! > got[i - 1]!, `hand ${t}: codes ${i - 1} and ${i} not ascending`);
      const want: number[] = [];
      for (const s of subsets(hand)) {
        const n = s.reduce((a, b) => a + b, 0);
        if (n === 0 || n === size) continue;
        if (isLegalDiscard(hand, s, true)) want.push(discardCode(s));
      }
      want.sort((a, b) => a - b);
      expect(got).toEqual(want);
      for (const code of got.slice(0, 50)) {
        decodeDiscard(code, d);
        assert.ok(isLegalDiscard(hand, d, true), `hand ${t}: code ${code}`);
        assert.equal(discardCode(d), code, `hand ${t}`);
      }
    }
  });

  it('listDiscards stops at max with the first codes of the full list', () => {
    const hand = randomHand(createRng('nines-max'), 18);
    const all = listed(hand);
    expect(all.length).toBeGreaterThan(100);
    expect(listed(hand, true, 37)).toEqual(all.slice(0, 37));
  });

  it('discard codes: nines are the least significant digit; decode inverts encode', () => {
    expect(discardCode(c([9]))).toBe(1);
    expect(discardCode(c([1]))).toBe(5);
    expect(discardCode(c([13, 13]))).toBe(2 * 5 ** 12);
    const d = new Array<number>(NINES_SLOTS).fill(0);
    const rng = createRng('codes');
    for (let t = 0; t < 200; t++) {
      const h = randomHand(rng, rng.int(30));
      decodeDiscard(discardCode(h), d);
      expect(d).toEqual(h);
    }
  });

  it('a hand of only nines lists the nine-multiples it can keep', () => {
    expect(listed(c([9, 9, 9])).map((x) => x)).toEqual([2]); // 9,9 (a lone 9 would total exactly 9)
    expect(isSplittable(c([9, 9, 9]))).toBe(true);
    expect(() => isSplittable(c([5, 5, 5, 5, 5]))).toThrow(RangeError);
  });
});
