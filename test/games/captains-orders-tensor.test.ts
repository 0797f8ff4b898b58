/**
 * Captain's Orders' observation tensor (`src/games/captains-orders/tensor.ts`,
 * the README's "Observation tensor"): what the generic suite
 * (`tensor-checks.ts`) cannot see. The same position seen by two seats gives
 * each its own entries first and every absolute seat at its offset;
 * hand-built positions give the expected entries at named fields.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { captainsOrders as game } from '../../src/games/captains-orders/index.js';
import { placeHands } from '../../src/games/captains-orders/position.js';
import { type CaptainsOrdersState, LastKind, Phase } from '../../src/games/captains-orders/state.js';

const P = 5;

/**
 * A dealt 5-seat game: seat 0's turn, seat 4 dealt, seat 1's Order of rank 4
 * standing, seat 4 holding 7 cards (it received a follow), round wins 1, 0, 2, 0, 0.
 */
function position(): CaptainsOrdersState {
  const s = game.newState(resolveGameVariant(game, { players: P }));
  game.deal(s, createRng('co-tensor'));
  placeHands(s, [
    [10, 10, 9, 5, 3, 2],
    [8, 8, 7, 6, 4],
    [9, 9, 7, 6, 5, 3],
    [10, 8, 7, 6, 5, 2],
    [10, 9, 8, 7, 6, 5, 4],
  ]);
  s.dealer = 4;
  s.turn = 0;
  s.phase = Phase.Turn;
  s.orderRank = 4;
  s.orderOwner = 1;
  s.roundWins.set([1, 0, 2, 0, 0]);
  return s;
}

/** The tensor of seat `seat`'s view of `s`, as a map from field name to its entries. */
function fieldsOf(s: CaptainsOrdersState, seat: number): Record<string, number[]> {
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

/** A one-hot of length n at i. */
const hot = (n: number, i: number): number[] => Array.from({ length: n }, (_, k) => (k === i ? 1 : 0));

describe('captains-orders tensor', () => {
  it('is 19 P + 63 entries: 158 at the default (5 players), 139 at 4, 215 at 8', () => {
    for (const [players, size] of [
      [5, 158],
      [4, 139],
      [8, 215],
    ] as const)
      expect(game.tensor!.size(resolveGameVariant(game, { players }))).toBe(size);
  });

  it('is seat-relative: each seat sees its own hand first, then the seat to its left; the dealer, turn and Order owner at their offsets', () => {
    const s = position();
    const a = fieldsOf(s, 0);
    const b = fieldsOf(s, 3);
    expect(a.hand).toEqual(byRank([10, 10, 9, 5, 3, 2]));
    expect(b.hand).toEqual(byRank([10, 8, 7, 6, 5, 2]));
    expect(a.dealer).toEqual(hot(P, 4));
    expect(b.dealer).toEqual(hot(P, 1));
    expect(a.turn).toEqual(hot(P, 0));
    expect(b.turn).toEqual(hot(P, 2));
    expect(a.orderOwner).toEqual(hot(P, 1));
    expect(b.orderOwner).toEqual(hot(P, 3));
    expect(a.handCount).toEqual([6, 5, 6, 6, 7].map((n) => Math.fround(n / 12)));
    expect(b.handCount).toEqual([6, 7, 6, 5, 6].map((n) => Math.fround(n / 12)));
    expect(a.roundWins).toEqual([1, 0, 2, 0, 0].map((n) => Math.fround(n / 3)));
    expect(b.roundWins).toEqual([0, 0, 1, 0, 2].map((n) => Math.fround(n / 3)));
  });

  it('"Words": the standing Order is a one-hot of its rank, and its card is not unseen', () => {
    const a = fieldsOf(position(), 0);
    expect(a.order).toEqual(hot(10, 3));
    expect(a.phase).toEqual(hot(5, 0));
    // Rank 4 (4 cards): none in seat 0's hand, one on the table.
    expect(a.unseen![3]).toBe(0.75);
    const s = position();
    s.orderRank = 0;
    s.orderOwner = -1;
    expect(fieldsOf(s, 0).order).toEqual(new Array(10).fill(0));
    expect(fieldsOf(s, 0).orderOwner).toEqual(new Array(P).fill(0));
  });

  it('"Hidden information": the cards a seat gave are known in the receiver\'s hand to it alone; its own face-down discards too', () => {
    const s = position();
    // Seat 0 passed a 9 to seat 2 earlier (seat 0's certain count of seat 2's hand), and discarded a 2 face down.
    s.known[(0 * P + 2) * 11 + 9] = 1;
    s.down[0 * 11 + 2] = 1;
    s.downCount.set([1, 2, 0, 0, 0]);
    const a = fieldsOf(s, 0);
    expect(a['known[seat+2]']).toEqual(byRank([9]));
    expect(a['known[seat+1]']).toEqual(byRank([]));
    expect(a.ownDown).toEqual(byRank([2]));
    expect(a.downCount).toEqual([1, 2, 0, 0, 0].map((n) => Math.fround(n / 6)));
    // Rank 9: own 1, known in seat 2 1, of 9. Rank 2: own 1, own face-down 1, of 2.
    expect(a.unseen![8]).toBe(Math.fround(7 / 9));
    expect(a.unseen![1]).toBe(0);
    const c = fieldsOf(s, 3);
    expect(c['known[seat+4]']).toEqual(byRank([]));
    expect(c.ownDown).toEqual(byRank([]));
    expect(c.downCount).toEqual([0, 0, 1, 2, 0].map((n) => Math.fround(n / 6)));
    expect(c.unseen![8]).toBe(1);
  });

  it('"Ending a round", run-out: in the Declare phase the receiver sees the last card, the others only how it went and to whom', () => {
    const s = position();
    s.orderRank = 0;
    s.orderOwner = -1;
    // Seat 2 passed its last card, the 1, to seat 3 and decides whether to declare.
    placeHands(s, [[10, 10, 9, 5, 3, 2], [8, 8, 7, 6, 4], [], [10, 8, 7, 6, 5, 2], [10, 9, 8, 7, 6, 5, 4]]);
    s.turn = 2;
    s.phase = Phase.Declare;
    s.runout = 2;
    s.lastRank = 1;
    s.lastTo = 3;
    s.lastKind = LastKind.Pass;
    const r = fieldsOf(s, 3);
    expect(r.phase).toEqual(hot(5, 3));
    expect(r.runout).toEqual(hot(P, 4));
    expect(r.lastRank).toEqual(hot(10, 0));
    expect(r.lastTo).toEqual(hot(P, 0));
    expect(r.lastKind).toEqual(hot(5, 2));
    // The 1 in transit is placed by the receiver, not by a bystander.
    expect(r.unseen![0]).toBe(0);
    const o = fieldsOf(s, 4);
    expect(o.runout).toEqual(hot(P, 3));
    expect(o.lastRank).toEqual(new Array(10).fill(0));
    expect(o.lastTo).toEqual(hot(P, 4));
    expect(o.lastKind).toEqual(hot(5, 2));
    expect(o.unseen![0]).toBe(1);
    // Outside the Declare phase the run-out fields are empty.
    s.phase = Phase.Turn;
    expect(fieldsOf(s, 3).lastKind).toEqual(new Array(5).fill(0));
    expect(fieldsOf(s, 3).lastTo).toEqual(new Array(P).fill(0));
  });

  it('the pending seat of a Discard or Give phase is a one-hot offset; at the end of the game the turn is empty', () => {
    const s = position();
    s.phase = Phase.Discard;
    s.pending = 1;
    expect(fieldsOf(s, 0).pending).toEqual(hot(P, 1));
    expect(fieldsOf(s, 2).pending).toEqual(hot(P, 4));
    s.phase = Phase.Over;
    s.pending = -1;
    expect(fieldsOf(s, 0).turn).toEqual(new Array(P).fill(0));
    expect(fieldsOf(s, 0).pending).toEqual(new Array(P).fill(0));
    expect(fieldsOf(s, 0).phase).toEqual(hot(5, 4));
  });

  it('"Variant parameters": winsToWin and handSize are constant inputs scaled by their largest values', () => {
    const s = game.newState(resolveGameVariant(game, { players: 4, handSize: 11, winsToWin: 5 }));
    game.deal(s, createRng('co-tensor'));
    const a = fieldsOf(s, 0);
    expect(a.winsToWin).toEqual([0.25]);
    expect(a.handSize).toEqual([1]);
    expect(a.handCount).toEqual([0.5, 0.5, 0.5, 0.5]);
  });
});
