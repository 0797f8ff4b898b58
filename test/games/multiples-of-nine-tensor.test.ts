/**
 * Multiples of Nine's observation tensor and action features
 * (`src/games/multiples-of-nine/tensor.ts`, `features.ts`, the README's
 * "Observation tensor"): what the generic suite (`contract/tensor-checks.ts`) cannot
 * see. The same position seen by two seats gives each its own entries first
 * and the turn at its offset; hand-built positions give the expected entries
 * at named fields; every legal discard's features name the cards its record
 * entry lists.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { actions, multiplesOfNine as game } from '../../src/games/multiples-of-nine/index.js';
import { type MultiplesOfNinePosition, placePosition } from '../../src/games/multiples-of-nine/position.js';
import { type MultiplesOfNineState, Phase } from '../../src/games/multiples-of-nine/state.js';

const { A_GO_OUT, A_STAY, NUM_ACTIONS } = actions;

/** A dealt game of `hands.length` seats with this position. */
function position(p: MultiplesOfNinePosition): MultiplesOfNineState {
  const s = game.newState(resolveGameVariant(game, { players: p.hands.length }));
  game.deal(s, createRng('m9-tensor'));
  return placePosition(s, p);
}

/** The tensor of seat `seat`'s view of `s`, as a map from field name to its entries. */
function fieldsOf(s: MultiplesOfNineState, seat: number): Record<string, number[]> {
  const t = game.tensor!;
  const into = new Float32Array(t.size(s.variant));
  t.write(game.observe(s, seat, game.newObservation(s.variant)), s.variant, into);
  return Object.fromEntries(t.layout(s.variant).map((f) => [f.name, Array.from(into.subarray(f.offset, f.offset + f.length))]));
}

/** The features of each legal action of the seat to act, by action, as maps from field name to entries. */
function featuresOf(s: MultiplesOfNineState): Map<number, Record<string, number[]>> {
  const f = game.actionFeatures!;
  const obs = game.observe(s, s.turn, game.newObservation(s.variant));
  const legal = new Int32Array(NUM_ACTIONS);
  const n = game.legalActions(s, legal);
  const out = new Map<number, Record<string, number[]>>();
  for (const a of legal.subarray(0, n)) {
    const into = new Float32Array(f.size(s.variant));
    f.write(obs, s.variant, a, into, 0);
    out.set(a, Object.fromEntries(f.layout(s.variant).map((x) => [x.name, Array.from(into.subarray(x.offset, x.offset + x.length))])));
  }
  return out;
}

/** Value counts of a list of values, each divided by 4 (the tensor's scale), values 1..13. */
function byValue(values: number[]): number[] {
  const c = new Array<number>(13).fill(0);
  for (const v of values) c[v - 1]! += 0.25;
  return c;
}

/** A one-hot of length n at i. */
const hot = (n: number, i: number): number[] => Array.from({ length: n }, (_, k) => (k === i ? 1 : 0));

describe('multiples-of-nine tensor', () => {
  it('is 17 P + 70 entries: 104 at the default (2 players), 172 at 6; the action features 31 at every variant', () => {
    for (const [players, size] of [
      [2, 104],
      [3, 121],
      [6, 172],
    ] as const) {
      const v = resolveGameVariant(game, { players });
      expect(game.tensor!.size(v)).toBe(size);
      expect(game.actionFeatures!.size(v)).toBe(31);
    }
  });

  it('is seat-relative: each seat sees its own hand and hand size first, then the seat to its left; the turn at its offset', () => {
    const s = position({
      hands: [
        [4, 5, 6],
        [12, 12, 3],
        [1, 2, 3, 4, 5],
      ],
      pile: [3],
      started: [0, 1],
      turn: 1,
    });
    s.discarded[1 * 14 + 12] = 4;
    const a = fieldsOf(s, 0);
    const c = fieldsOf(s, 2);
    expect(a.hand).toEqual(byValue([4, 5, 6]));
    expect(c.hand).toEqual(byValue([1, 2, 3, 4, 5]));
    expect(a.turn).toEqual(hot(3, 1));
    expect(c.turn).toEqual(hot(3, 2));
    expect(a.handCount).toEqual([3, 3, 5].map((n) => Math.fround(n / 26)));
    expect(c.handCount).toEqual([5, 3, 3].map((n) => Math.fround(n / 26)));
    expect(a.started).toEqual([1, 1, 0]);
    expect(c.started).toEqual([0, 1, 1]);
    // Seat 1 discarded four queens over the game: d / (d + 4) = 0.5, in the field of seat 1's offset.
    expect(a['discarded[seat+1]']![11]).toBe(0.5);
    expect(c['discarded[seat+2]']![11]).toBe(0.5);
    expect(a['discarded[seat]']).toEqual(new Array(13).fill(0));
    expect(a.pile).toEqual(byValue([3]));
    expect(a.pileCount).toEqual([Math.fround(1 / 52)]);
    expect(a.stockCount).toEqual([Math.fround(40 / 52)]);
  });

  it('"Groups and legal discards": outs are the unseen cards whose draw lets the hand split into groups', () => {
    const s = position({
      hands: [
        [4, 5, 6],
        [12, 12, 3],
      ],
      pile: [3],
    });
    const a = fieldsOf(s, 0);
    // 4,5,6 totals 15 (6 mod 9): a 3 makes 3,6 + 4,5; a Q makes 4,5 + 6,Q (18). One 3 is in the pile: 3 unseen; four Qs unseen to seat 0.
    expect(a.handMod9).toEqual(hot(9, 6));
    expect(a.canGoOut).toEqual([0]);
    const outs = new Array<number>(13).fill(0);
    outs[2] = 0.75;
    outs[11] = 1;
    expect(a.outs).toEqual(outs);
    expect(a.unseen![2]).toBe(0.75);
    // Seat 1 sees its own queens: only two are unseen to it, but 12,12,3 (27) already splits.
    const b = fieldsOf(s, 1);
    expect(b.canGoOut).toEqual([1]);
    expect(b.unseen![11]).toBe(0.5);
  });

  it('"Reference examples": Q,Q,3 can go out; 3,3,5,7 (27, three ranks) cannot', () => {
    const s = position({
      hands: [
        [12, 12, 3],
        [3, 3, 5, 7],
      ],
    });
    expect(fieldsOf(s, 0).canGoOut).toEqual([1]);
    expect(fieldsOf(s, 1).canGoOut).toEqual([0]);
    expect(fieldsOf(s, 1).handMod9).toEqual(hot(9, 0));
  });

  it('"Play", 5: at the end the winner is a one-hot offset, the turn empty', () => {
    const s = position({ hands: [[9], [4, 5, 6]], turn: 0, started: [0, 1] });
    game.apply(s, A_GO_OUT);
    expect(s.phase).toBe(Phase.Over);
    const b = fieldsOf(s, 1);
    expect(b.phase).toEqual(hot(3, 2));
    expect(b.winner).toEqual(hot(2, 1));
    expect(b.turn).toEqual([0, 0]);
    expect(fieldsOf(s, 0).winner).toEqual(hot(2, 0));
  });
});

describe('multiples-of-nine action features', () => {
  it("every legal discard's cards are the cards its record entry lists; size, kept and kind follow", () => {
    for (const hand of [
      [6, 3, 9, 5, 13],
      [8, 4, 4, 1, 1, 9, 9],
      [12, 12, 3, 8, 10, 13, 5, 2],
    ]) {
      const s = position({ hands: [[1], hand], turn: 1, started: [0, 1] });
      const features = featuresOf(s);
      expect(features.size).toBeGreaterThan(2);
      for (const [a, f] of features) {
        const entry = game.encodeAction(s, a) as { type: string; cards?: number[] };
        const cards = entry.cards ?? [];
        expect(f.cards, `action ${a}`).toEqual(byValue(cards));
        expect(f.kind).toEqual(hot(3, a === A_STAY ? 0 : a === A_GO_OUT ? 1 : 2));
        expect(f.size).toEqual([Math.fround(cards.length / hand.length)]);
        expect(f.kept).toEqual([Math.fround((hand.length - cards.length) / 26)]);
        expect(cards.reduce((x, y) => x + y, 0) % 9).toBe(0);
      }
    }
  });

  it("keptOuts: the outs of the hand a discard keeps; stay keeps the tensor's outs; going out keeps none", () => {
    const s = position({ hands: [[1], [6, 3, 9, 5, 13]], turn: 1, started: [0, 1] });
    const features = featuresOf(s);
    const outs = fieldsOf(s, 1).outs;
    expect(features.get(A_STAY)!.keptOuts).toEqual(outs);
    expect(features.get(A_GO_OUT)!.keptOuts).toEqual(new Array(13).fill(0));
    expect(features.get(A_GO_OUT)!.size).toEqual([1]);
    // Discarding 5,K keeps 3,6,9 (18): only a 9 lets it go out, and three 9s are unseen.
    const [, f] = [...features].find(([, x]) => x.cards!.join() === byValue([5, 13]).join())!;
    const want = new Array<number>(13).fill(0);
    want[8] = 0.75;
    expect(f.keptOuts).toEqual(want);
  });

  it('throws on an action that is not a listed discard of the hand', () => {
    const s = position({ hands: [[1], [6, 3, 9, 5, 13]], turn: 1, started: [0, 1] });
    const obs = game.observe(s, 1, game.newObservation(s.variant));
    expect(() => game.actionFeatures!.write(obs, s.variant, 60_000, new Float32Array(31), 0)).toThrow(RangeError);
  });
});
