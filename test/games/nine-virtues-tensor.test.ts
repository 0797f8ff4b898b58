/**
 * Nine Virtues' observation tensor (`src/games/nine-virtues/tensor.ts`, the
 * README's "Observation tensor"): what the generic suite
 * (`tensor-checks.ts`) cannot see. The same position seen by two seats gives
 * each its own entries first and the dealer at its offset; hand-built
 * positions give the expected entries at named fields.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant, type VariantValue } from '../../src/core/variant.js';
import { nineVirtues as game, type NineVirtuesState, Phase } from '../../src/games/nine-virtues/index.js';
import { placePosition } from '../../src/games/nine-virtues/position.js';

/** A dealt 4-seat game with this position: seat 1's turn, seat 0 dealt, the first round. */
function position(given: Record<string, VariantValue> = {}): NineVirtuesState {
  const s = game.newState(resolveGameVariant(game, given));
  game.deal(s, createRng('nv-tensor'));
  placePosition(s, {
    hands: [
      [10, 10, 9, 5, 1, 2],
      [8, 8, 8, 7, 3, 2],
      [6, 6, 4, 4, 3, 10],
      [9, 9, 7, 7, 5, 5],
    ],
    center: [10, 10, 6, 4, 3, 5, 9],
    bids: [[7], [], [8, 8], []],
  });
  s.dealer = 0;
  s.turn = 1;
  s.turnInRound = 0;
  s.phase = Phase.Turn;
  return s;
}

/** The tensor of seat `seat`'s view of `s`, as a map from field name to its entries. */
function fieldsOf(s: NineVirtuesState, seat: number): Record<string, number[]> {
  const t = game.tensor!;
  const into = new Float32Array(t.size(s.variant));
  t.write(game.observe(s, seat, game.newObservation(s.variant)), s.variant, into);
  return Object.fromEntries(t.layout(s.variant).map((f) => [f.name, Array.from(into.subarray(f.offset, f.offset + f.length))]));
}

/** Rank counts of a list of ranks, each divided by r (the tensor's scale), ranks 1..10. */
function byRank(ranks: number[]): number[] {
  const c = new Array<number>(10).fill(0);
  for (const r of ranks) c[r - 1]! += 1;
  return c.map((n, i) => Math.fround(n / (i + 1)));
}

describe('nine-virtues tensor', () => {
  it('is 24 P + R + 52 entries: 152 at the default, 127 at 3 players, 202 at 6', () => {
    for (const [players, size] of [
      [4, 152],
      [3, 127],
      [6, 202],
    ] as const)
      expect(game.tensor!.size(resolveGameVariant(game, { players }))).toBe(size);
    expect(game.tensor!.size(resolveGameVariant(game, { players: 4, rounds: 10 }))).toBe(158);
  });

  it('is seat-relative: each seat sees its own hand and bid row first, then the seat to its left; the dealer at its offset', () => {
    const s = position();
    const a = fieldsOf(s, 0);
    const b = fieldsOf(s, 2);
    expect(a.hand).toEqual(byRank([10, 10, 9, 5, 1, 2]));
    expect(b.hand).toEqual(byRank([6, 6, 4, 4, 3, 10]));
    expect(a['bids[seat]']).toEqual(byRank([7]));
    expect(a['bids[seat+2]']).toEqual(byRank([8, 8]));
    expect(b['bids[seat]']).toEqual(byRank([8, 8]));
    expect(b['bids[seat+2]']).toEqual(byRank([7]));
    // Dealer seat 0: offset 0 from seat 0, offset 2 from seat 2; the turn seat 1: offsets 1 and 3.
    expect(a.dealer).toEqual([1, 0, 0, 0]);
    expect(b.dealer).toEqual([0, 0, 1, 0]);
    expect(a.turn).toEqual([0, 1, 0, 0]);
    expect(b.turn).toEqual([0, 0, 0, 1]);
    // The public fields are the same for both.
    expect(a.center).toEqual(b.center);
    expect(a.center).toEqual(byRank([10, 10, 6, 4, 3, 5, 9]));
    expect(a.centerCount).toEqual([7 / 8]);
  });

  it('"Hidden information": unseen counts what the observer cannot place (known cards of others and bid rows are placed)', () => {
    const s = position();
    // Seat 3 took a 9 from the center by a swap: everybody knows it is in seat 3's hand.
    s.known[3 * 11 + 9] = 1;
    const a = fieldsOf(s, 0);
    expect(a['known[seat+3]']).toEqual(byRank([9]));
    expect(fieldsOf(s, 3)['known[seat]']).toEqual(byRank([9]));
    // Rank 9 (9 cards): own 1, center 1, known in seat 3 1: 6 unseen. Rank 8: bid row 2: 6 unseen. Rank 1: own.
    expect(a.unseen![8]).toBe(Math.fround(6 / 9));
    expect(a.unseen![7]).toBe(Math.fround(6 / 8));
    expect(a.unseen![0]).toBe(0);
    // Seat 1 holds three 8s; seat 0 cannot tell: for seat 1 the 8s left unseen are 8 - 3 - 2.
    expect(fieldsOf(s, 1).unseen![7]).toBe(Math.fround(3 / 8));
  });

  it('"A round", 3: firstLap is 1 during the round\'s first P turns, while kills are barred, and 0 under killAfterFirstLap=false', () => {
    const s = position();
    s.turnInRound = 3;
    expect(fieldsOf(s, 0).firstLap).toEqual([1]);
    expect(fieldsOf(s, 0).turnInRound).toEqual([Math.fround(3 / 400)]);
    s.turnInRound = 4;
    expect(fieldsOf(s, 0).firstLap).toEqual([0]);
    const t = position({ killAfterFirstLap: false });
    expect(fieldsOf(t, 0).firstLap).toEqual([0]);
    expect(fieldsOf(t, 0).killAfterFirstLap).toEqual([0]);
    expect(fieldsOf(s, 0).killAfterFirstLap).toEqual([1]);
  });

  it('"Scoring a round", 1: in the Call phase the caller is a one-hot offset and the turn is empty', () => {
    const s = position();
    s.phase = Phase.Call;
    s.caller = 0;
    const b = fieldsOf(s, 1);
    expect(b.phase).toEqual([0, 1, 0]);
    expect(b.caller).toEqual([0, 0, 0, 1]);
    expect(b.turn).toEqual([0, 0, 0, 0]);
  });

  it("scores: own total / (25 R), then each other seat's lead over the observer, clipped to [-1, 1]", () => {
    const s = position();
    s.totals.set([10, 30, 0, -20]);
    expect(fieldsOf(s, 0).scores).toEqual([0.1, 0.2, -0.1, -0.3].map(Math.fround));
    expect(fieldsOf(s, 1).scores).toEqual([0.3, -0.3, -0.5, -0.2].map(Math.fround));
    s.totals.set([150, -90, 0, 0]);
    expect(fieldsOf(s, 0).scores).toEqual([1, -1, -1, -1]);
    expect(fieldsOf(s, 1).scores).toEqual([-0.9, 0.9, 0.9, 1].map(Math.fround));
  });

  it('"Variant parameters": bidPenalty and wildOne are constant one-hot inputs; the round index is a one-hot of R', () => {
    const s = position({ bidPenalty: 'double', wildOne: false });
    s.round = 2;
    const a = fieldsOf(s, 0);
    expect(a.bidPenalty).toEqual([0, 0, 1]);
    expect(a.wildOne).toEqual([0]);
    expect(a.round).toEqual([0, 0, 1, 0]);
    expect(fieldsOf(position(), 0).bidPenalty).toEqual([0, 1, 0]);
  });
});
