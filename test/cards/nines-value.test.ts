/**
 * The Nines Hold'em hand value (`src/cards/nines-value.ts`): the seed's
 * 10-player example, the rule file's leftover examples, a cross-check against
 * an independent brute force, and a golden digest pinning the whole table.
 */
import { describe, expect, it } from 'vitest';
import { cardCode, ninesValue, showdownRank, showdownRankOf, tableDigest } from '../../src/cards/nines-value.js';
import { NINES_SLOTS } from '../../src/cards/nines.js';
import { createRng } from '../../src/core/rng.js';
import { bruteSplittable } from './brute-force.js';

function c(values: readonly number[]): number[] {
  const out = new Array<number>(NINES_SLOTS).fill(0);
  for (const v of values) out[v]!++;
  return out;
}

const rank = (values: readonly number[]): number => showdownRankOf(c(values));

/** Brute force of the rule file's order: the best [nines, -unused ranks, leftovers...] over every subset of the cards used. */
function bruteValue(cards: readonly number[]): number[] {
  let best: number[] | null = null;
  for (let mask = 0; mask < 1 << cards.length; mask++) {
    const used = cards.filter((_, i) => mask & (1 << i));
    if (!bruteSplittable(used)) continue;
    const left = new Map<number, number>();
    cards.forEach((v, i) => {
      if (!(mask & (1 << i))) left.set(v, (left.get(v) ?? 0) + (v === 1 ? 14 : v));
    });
    const leftovers = [...left.values()].sort((a, b) => b - a);
    const key = [used.reduce((a, b) => a + b, 0) / 9, -left.size, ...leftovers];
    if (best === null || compare(key, best) > 0) best = key;
  }
  return best!;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

describe('nines-value: "Hand value at showdown"', () => {
  it('"The seed\'s 10-player example": board J,7,9,2,10, the ten hands in order from lowest to highest, with their nines and unused', () => {
    const board = [11, 7, 9, 2, 10];
    const hands: [number[], number, number[]][] = [
      [[12, 5], 3, [12, 10, 5, 2]],
      [[13, 1], 3, [14, 13, 10, 2]],
      [[1, 2], 3, [14, 10, 4]],
      [[6, 9], 4, [10, 6, 2]],
      [[10, 2], 4, [11, 4]],
      [[4, 4], 5, [2]],
      [[8, 2], 5, [4]],
      [[10, 7], 6, [2]],
      [[8, 7], 6, []],
      [[13, 13], 7, [2]],
    ];
    const ranks = hands.map(([hole, nines, unused]) => {
      expect(ninesValue(c([...hole, ...board]))).toEqual({ nines, unused });
      return rank([...hole, ...board]);
    });
    for (let i = 1; i < ranks.length; i++) expect(ranks[i]!, `hand ${i}`).toBeGreaterThan(ranks[i - 1]!);
  });

  it('"Higher leftovers": (4,4) = 8 beats 7; (7,7) = 14 ties a single A; (8,8) = 16 beats A', () => {
    const fourFour = [9, 9, 9, 3, 6, 4, 4];
    const seven = [9, 9, 9, 2, 2, 5, 7];
    const sevenSeven = [9, 9, 9, 3, 6, 7, 7];
    const ace = [9, 9, 9, 2, 2, 5, 1];
    const eightEight = [9, 9, 9, 3, 6, 8, 8];
    expect(ninesValue(c(fourFour))).toEqual({ nines: 4, unused: [8] });
    expect(ninesValue(c(seven))).toEqual({ nines: 4, unused: [7] });
    expect(ninesValue(c(sevenSeven))).toEqual({ nines: 4, unused: [14] });
    expect(ninesValue(c(ace))).toEqual({ nines: 4, unused: [14] });
    expect(ninesValue(c(eightEight))).toEqual({ nines: 4, unused: [16] });
    expect(rank(fourFour)).toBeGreaterThan(rank(seven));
    expect(rank(sevenSeven)).toBe(rank(ace));
    expect(rank(eightEight)).toBeGreaterThan(rank(ace));
  });

  it('"Nines": more nines wins, a group of exactly 9 counts; Q,Q,Q,Q + J,J,J makes 9 nines', () => {
    expect(ninesValue(c([12, 12, 12, 12, 11, 11, 11]))).toEqual({ nines: 9, unused: [] });
    // Four lone nines are four groups; 1, 2, 4 make no group (no pair sums to a multiple of 9).
    expect(ninesValue(c([9, 9, 9, 9, 1, 2, 4]))).toEqual({ nines: 4, unused: [14, 4, 2] });
    // K,K,K,K + 2 = 54 and 4 + 5 = 9: every card used.
    expect(ninesValue(c([4, 5, 13, 13, 13, 13, 2]))).toEqual({ nines: 7, unused: [] });
    expect(rank([12, 12, 12, 12, 11, 11, 11])).toBeGreaterThan(rank([13, 13, 13, 13, 10, 10, 1]));
  });

  it('"Fewer unused ranks": among choices with the most nines the player takes the one with fewer unused ranks', () => {
    // 36 is the most: 9,9,9 + 2,2,5 leaves the 7 alone; 9,9,9 + 2,7 would leave 2 and 5.
    expect(ninesValue(c([9, 9, 9, 2, 2, 5, 7]))).toEqual({ nines: 4, unused: [7] });
    // Same nines: two unused ranks (K, J) lose to one ((4,4) = 8), whatever their values.
    expect(ninesValue(c([9, 9, 9, 3, 6, 13, 11]))).toEqual({ nines: 4, unused: [13, 11] });
    expect(rank([9, 9, 9, 3, 6, 13, 11])).toBeLessThan(rank([9, 9, 9, 3, 6, 4, 4]));
  });

  it('the table orders 3000 random pairs of hands exactly as a brute-force evaluation of the rule file', () => {
    const rng = createRng('nv-brute');
    const deal = (): number[] => {
      const deck: number[] = [];
      for (let v = 1; v <= 13; v++) for (let k = 0; k < 4; k++) deck.push(v);
      const out: number[] = [];
      for (let i = 0; i < 7; i++) out.push(deck.splice(rng.int(deck.length), 1)[0]!);
      return out;
    };
    const memo = new Map<string, number[]>();
    const value = (h: number[]): number[] => {
      const k = [...h].sort((a, b) => a - b).join(',');
      let v = memo.get(k);
      if (!v) memo.set(k, (v = bruteValue(h)));
      return v;
    };
    for (let t = 0; t < 3000; t++) {
      const a = deal();
      const b = t % 5 === 0 ? [...a].reverse() : deal();
      const want = compare(value(a), value(b));
      expect(Math.sign(rank(a) - rank(b)), `${a.join(',')} vs ${b.join(',')}`).toBe(want);
    }
  });

  it("hand codes are additive: the sum of the cards' codes", () => {
    const cards = [1, 5, 5, 9, 12, 13, 13];
    expect(showdownRank(cards.reduce((s, v) => s + cardCode(v), 0))).toBe(rank(cards));
    expect(() => showdownRank(cardCode(5))).toThrow(RangeError);
  });

  it('golden digest: every 7-card multiset and its rank, pinned', () => {
    expect(tableDigest()).toEqual({ entries: 49205, distinct: 7278, digest: 915047778 });
  });
});
