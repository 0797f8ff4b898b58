/**
 * Nines Hold'em's observation tensor (`src/games/nines-holdem/tensor.ts`,
 * README "Observation tensor"), beyond what the generic tensor suite
 * checks: seat-relativity (each seat's own cards first, the button as an
 * offset), a hand-built position read field by field, and the terminal
 * observation.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant, type Variant, type VariantValue } from '../../src/core/variant.js';
import { actions, ninesHoldem as game, type NinesHoldemState } from '../../src/games/nines-holdem/index.js';
import { placeCards } from '../../src/games/nines-holdem/position.js';

const { A_CALL, A_RAISE, A_FOLD, A_BET } = actions;
const tensor = game.tensor!;

function fresh(given: Record<string, VariantValue>, seed = 'nh-tensor'): { s: NinesHoldemState; v: Variant } {
  const v = resolveGameVariant(game, given);
  const s = game.newState(v);
  game.deal(s, createRng(seed));
  return { s, v };
}

/** The tensor of `seat`'s view of `s`, field by field (names as in the layout). */
function fieldsOf(s: NinesHoldemState, v: Variant, seat: number): Record<string, number[]> {
  const buf = new Float32Array(tensor.size(v));
  tensor.write(game.observe(s, seat, game.newObservation(v)), v, buf);
  return Object.fromEntries(tensor.layout(v).map((f) => [f.name, Array.from(buf.subarray(f.offset, f.offset + f.length))]));
}

function play(s: NinesHoldemState, moves: [number, number][]): void {
  for (const [seat, a] of moves) {
    expect(game.currentSeat(s)).toBe(seat);
    game.apply(s, a);
  }
}

/** A value's one-hot-by-count vector over 1..13 from `{value: count}`. */
function byValue(counts: Record<number, number>, of: number): number[] {
  return Array.from({ length: 13 }, (_, i) => (counts[i + 1] ?? 0) / of);
}

describe('nines-holdem tensor', () => {
  it('is seat-relative: each seat sees its own hole cards, and the button and the blinds at its offsets ("Dealing and betting")', () => {
    const { s, v } = fresh({ players: 4 });
    placeCards(s, {
      hole: [
        [1, 1],
        [5, 6],
        [9, 13],
        [7, 2],
      ],
      board: [1, 7, 9, 2, 10],
    });
    const a = fieldsOf(s, v, 0);
    const b = fieldsOf(s, v, 2);
    expect(a.hole).toEqual(byValue({ 1: 2 }, 2));
    expect(b.hole).toEqual(byValue({ 9: 1, 13: 1 }, 2));
    // Button on seat 0: offset 0 for seat 0, offset 2 for seat 2; small blind seat 1, big blind seat 2.
    expect(a.button).toEqual([1, 0, 0, 0]);
    expect(b.button).toEqual([0, 0, 1, 0]);
    const cap = 6 * 4 * 2;
    expect(a.contrib).toEqual([0, 1 / cap, 2 / cap, 0].map(Math.fround));
    expect(b.contrib).toEqual([2 / cap, 0, 0, 1 / cap].map(Math.fround));
    // Seat 3 acts first pre-flop: offset 3 from seat 0, offset 1 from seat 2.
    expect(a.toAct).toEqual([0, 0, 0, 1]);
    expect(b.toAct).toEqual([0, 1, 0, 0]);
  });

  it('a flop facing a bet, read field by field: cards by value, pot, the call and its odds, folds, the street', () => {
    const { s, v } = fresh({ players: 4 });
    placeCards(s, {
      hole: [
        [1, 1],
        [5, 6],
        [9, 13],
        [7, 2],
      ],
      board: [1, 7, 9, 2, 10],
    });
    play(s, [
      [3, A_CALL],
      [0, A_RAISE],
      [1, A_FOLD],
      [2, A_CALL],
      [3, A_CALL],
      [2, A_BET],
    ]);
    const f = fieldsOf(s, v, 3);
    expect(f.phase).toEqual([1, 0]);
    expect(f.street).toEqual([0, 1, 0, 0]);
    expect(f.hole).toEqual(byValue({ 7: 1, 2: 1 }, 2));
    expect(f.board).toEqual(byValue({ 1: 1, 7: 1, 9: 1 }, 4));
    // Unseen: 4 of a value less my hole cards and the board (seat 0's aces are not seen).
    expect(f.unseen![0]).toBe(0.75);
    expect(f.unseen![6]).toBe(0.5);
    expect(f.unseen![1]).toBe(0.75);
    expect(f.unseen![12]).toBe(1);
    expect(f.button).toEqual([0, 1, 0, 0]);
    expect(f.toAct).toEqual([1, 0, 0, 0]);
    expect(f.folded).toEqual([0, 0, 1, 0]);
    const cap = 48;
    expect(f.contrib).toEqual([4 / cap, 4 / cap, 1 / cap, 6 / cap].map(Math.fround));
    expect(f.roundBet).toEqual([0, 0, 0, 2 / 16].map(Math.fround));
    expect(f.pot![0]).toBeCloseTo(15 / (4 * cap), 6);
    expect(f.toCall![0]).toBeCloseTo(2 / 16, 6);
    expect(f.potOdds![0]).toBeCloseTo(2 / 17, 6);
    expect(f.bets![0]).toBeCloseTo(1 / 4, 6);
    expect(f.inHand![0]).toBeCloseTo(3 / 4, 6);
    expect(f.handsLeft![0]).toBe(1);
    expect(f.blinds![0]).toBe(0.5);
  });

  it('at the end of the match: phase over, nobody to act, net chips seat-relative and summing to zero', () => {
    const { s, v } = fresh({ players: 3, hands: 2 }, 'nh-end');
    const legal = new Int32Array(5);
    const rng = createRng('nh-end/bot');
    while (!game.isTerminal(s)) game.apply(s, legal[rng.int(game.legalActions(s, legal))]!);
    const f = fieldsOf(s, v, 1);
    expect(f.phase).toEqual([0, 1]);
    expect(f.toAct).toEqual([0, 0, 0]);
    expect(f.toCall).toEqual([0]);
    expect(f.net![0]).toBeCloseTo(s.net[1]! / (2 * 48), 6);
    expect(f.net![1]).toBeCloseTo(s.net[2]! / (2 * 48), 6);
    expect(f.net![0]! + f.net![1]! + f.net![2]!).toBeCloseTo(0, 6);
  });
});
