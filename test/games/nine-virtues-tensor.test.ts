/**
 * Nine Virtues' observation tensor and action features
 * (`src/games/nine-virtues/tensor.ts`, `features.ts`, the README's
 * "Observation tensor"): what the generic suite (`contract/tensor-checks.ts`) cannot
 * see. The same position seen by two seats gives each its own entries first
 * and the dealer at its offset; hand-built positions give the expected
 * entries at named fields. The action features tell every two legal actions
 * of a decision apart and are the same from every seat of a rotated table.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant, type Variant, type VariantValue } from '../../src/core/variant.js';
import { bidId, callId, killId, swapId } from '../../src/games/nine-virtues/actions.js';
import { nineVirtues as game, type NineVirtuesObservation, type NineVirtuesState, Phase } from '../../src/games/nine-virtues/index.js';
import { type NineVirtuesPosition, placePosition } from '../../src/games/nine-virtues/position.js';

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

/** The features of `action` at observation `o` (of a state of variant `v`), as one array. */
function featureRow(o: NineVirtuesObservation, v: Variant, action: number): number[] {
  const f = game.actionFeatures!;
  const into = new Float32Array(f.size(v));
  f.write(o, v, action, into, 0);
  return Array.from(into);
}

/** The features of `action` at seat `seat`'s view of `s`, as a map from field name to its entries. */
function featuresOf(s: NineVirtuesState, seat: number, action: number): Record<string, number[]> {
  const f = game.actionFeatures!;
  const into = new Float32Array(f.size(s.variant));
  f.write(game.observe(s, seat, game.newObservation(s.variant)), s.variant, action, into, 0);
  return Object.fromEntries(f.layout(s.variant).map((x) => [x.name, Array.from(into.subarray(x.offset, x.offset + x.length))]));
}

/** The legal actions of `s`. */
function legalOf(s: NineVirtuesState): number[] {
  const legal = new Int32Array(game.numDistinctActions(s.variant));
  return Array.from(legal.subarray(0, game.legalActions(s, legal)));
}

/** A one-hot of n entries at index i (all 0 for i < 0). */
const hot = (n: number, i: number): number[] => Array.from({ length: n }, (_, k) => (k === i ? 1 : 0));

/** The hand-built table of the action features' tests: seat 1 holds three 8s and decides after the first lap. */
const TABLE: NineVirtuesPosition = {
  hands: [
    [10, 10, 9, 5, 1, 2],
    [8, 8, 8, 7, 3, 2],
    [6, 6, 4, 4, 3, 10],
    [9, 9, 7, 7, 5, 5],
  ],
  center: [10, 10, 8, 4, 3, 5, 9],
  bids: [[7], [], [8], []],
};

/** A dealt 4-seat game at `table` (default {@link TABLE}): seat 1's turn, seat 0 dealt, turn 4 of the first round (kills allowed). */
function table(given: Record<string, VariantValue> = {}, t: NineVirtuesPosition = TABLE): NineVirtuesState {
  const s = game.newState(resolveGameVariant(game, given));
  game.deal(s, createRng('nv-features'));
  placePosition(s, t);
  s.dealer = 0;
  s.turn = 1;
  s.turnInRound = 4;
  s.phase = Phase.Turn;
  return s;
}

/** Every field of the `give` side (or the `rank` side) of the layout, all 0: the action has no such rank. */
function noSide(prefix: 'give' | 'rank'): Record<string, number[]> {
  const names = game.actionFeatures!.layout({}).filter((f) => f.name.startsWith(prefix));
  return Object.fromEntries(names.map((f) => [f.name, new Array<number>(f.length).fill(0)]));
}

/** `x` as a Float32 entry. */
const f32 = (x: number): number => Math.fround(x);

describe('nine-virtues action features', () => {
  it('are 51 entries at every variant (no field depends on the players)', () => {
    for (const players of [3, 4, 6]) expect(game.actionFeatures!.size(resolveGameVariant(game, { players }))).toBe(51);
  });

  it('"A round", 3, Bid, and "Scoring a round", 3: a bid of 8 moves a center 8 to the bid row; the points at stake follow bidPenalty; an unseen wild 1 keeps the majority open', () => {
    const s = table();
    expect(legalOf(s)).toContain(bidId(8));
    const f = featuresOf(s, 1, bidId(8));
    expect(f).toMatchObject({
      kind: hot(4, 0),
      rank: hot(10, 7),
      give: hot(10, -1),
      rankValue: [f32(0.8)],
      rankHand: [f32(3 / 8)],
      rankHandAfter: [f32(3 / 8)],
      rankBidRow: [f32(1 / 8)],
      rankCenter: [0],
      rankKnown: [0],
      rankOthersBids: [f32(1 / 8)],
      rankOthersKnown: [0],
      // 8 copies: 3 in hand, 1 in the center, 1 in seat 2's bid row: 3 unseen.
      rankUnseen: [f32(3 / 8)],
      // Another hand may hold the 3 unseen 8s and the unseen 1 called 8: 4 > 3.
      rankSafe: [0],
      rankBeaten: [0],
      // Majority 8 + the bid card 8; a wrong bid -8 (face).
      rankWin: [f32(16 / 50)],
      rankLose: [f32(-8 / 50)],
      endsRound: [0],
      ...noSide('give'),
    });
    // Without the wild 1 nobody can hold more than 3 8s: the majority (ties score) and the bid are certain.
    expect(featuresOf(table({ wildOne: false }), 1, bidId(8)).rankSafe).toEqual([1]);
    expect(featuresOf(table({ bidPenalty: 'double' }), 1, bidId(8)).rankLose).toEqual([f32(-16 / 50)]);
    expect(featuresOf(table({ bidPenalty: 'zero' }), 1, bidId(8)).rankLose).toEqual([0]);
    // "A round", 4: bidding the center's last card ends the round's play.
    const last = table({}, { ...TABLE, center: [8] });
    expect(legalOf(last)).toContain(bidId(8));
    expect(featuresOf(last, 1, bidId(8)).endsRound).toEqual([1]);
  });

  it('"A round", 3, Swap: give 2 take 10 moves a 2 to the center and a 10 to the hand, where everybody sees it', () => {
    const s = table();
    expect(legalOf(s)).toContain(swapId(2, 10));
    const f = featuresOf(s, 1, swapId(2, 10));
    expect(f).toEqual({
      kind: hot(4, 1),
      rank: hot(10, 9),
      give: hot(10, 1),
      rankValue: [1],
      rankHand: [0],
      rankHandAfter: [f32(0.1)],
      rankBidRow: [0],
      rankCenter: [f32(0.1)],
      rankKnown: [f32(0.1)],
      rankOthersBids: [0],
      rankOthersKnown: [0],
      rankUnseen: [f32(0.8)],
      rankSafe: [0],
      rankBeaten: [0],
      rankWin: [f32(10 / 50)],
      rankLose: [0],
      giveValue: [f32(0.2)],
      giveHand: [0.5],
      giveHandAfter: [0],
      giveBidRow: [0],
      giveCenter: [0.5],
      giveKnown: [0],
      giveOthersBids: [0],
      giveOthersKnown: [0],
      // The other 2 is seat 0's: unseen by seat 1.
      giveUnseen: [0.5],
      giveSafe: [0],
      giveBeaten: [0],
      giveWin: [0],
      giveLose: [0],
      endsRound: [0],
    });
    // "Public knowledge of hands": giving an 8 the others know of (two taken by swaps) leaves them one.
    s.known[1 * 11 + 8] = 2;
    const g = featuresOf(s, 1, swapId(8, 10));
    expect(g.giveKnown).toEqual([f32(1 / 8)]);
    expect(g.giveHandAfter).toEqual([f32(2 / 8)]);
    expect(g.giveCenter).toEqual([f32(2 / 8)]);
    // A swap never changes the center's count: it cannot end the round.
    expect(featuresOf(table({}, { ...TABLE, center: [10] }), 1, swapId(2, 10)).endsRound).toEqual([0]);
  });

  it('"A round", 3, Kill: killing a 9 another hand is known to hold two of leaves the observer beaten; killing an 8 removes a rank seat 2 bid', () => {
    const s = table();
    s.known[3 * 11 + 9] = 2;
    expect(legalOf(s)).toContain(killId(9));
    expect(featuresOf(s, 1, killId(9))).toEqual({
      kind: hot(4, 2),
      rank: hot(10, 8),
      give: hot(10, -1),
      rankValue: [f32(0.9)],
      rankHand: [0],
      rankHandAfter: [0],
      rankBidRow: [0],
      rankCenter: [0],
      rankKnown: [0],
      rankOthersBids: [0],
      rankOthersKnown: [f32(2 / 9)],
      // 9 copies: 1 in the center, 2 known in seat 3's hand: 6 unseen.
      rankUnseen: [f32(6 / 9)],
      rankSafe: [0],
      rankBeaten: [1],
      rankWin: [0],
      rankLose: [0],
      ...noSide('give'),
      endsRound: [0],
    });
    expect(featuresOf(s, 1, killId(8)).rankOthersBids).toEqual([f32(1 / 8)]);
    expect(featuresOf(s, 1, killId(8)).kind).toEqual(hot(4, 2));
    // "A round", 4-5: the center's last card, or the last turn before the cap of 100 P turns.
    expect(featuresOf(table({}, { ...TABLE, center: [9] }), 1, killId(9)).endsRound).toEqual([1]);
    s.turnInRound = 399;
    expect(featuresOf(s, 1, killId(9)).endsRound).toEqual([1]);
    expect(featuresOf(s, 1, swapId(2, 9)).endsRound).toEqual([1]);
  });

  it('"Scoring a round", 1: calling the 1 as 10 adds a 10 to the hand and takes the 1 out of rank 1; calling it 1 changes nothing', () => {
    const s = table({}, { ...TABLE, center: [] });
    s.phase = Phase.Call;
    s.caller = 0;
    expect(legalOf(s)).toEqual(Array.from({ length: 10 }, (_, r) => callId(r + 1)));
    expect(featuresOf(s, 0, callId(10))).toEqual({
      kind: hot(4, 3),
      rank: hot(10, 9),
      give: hot(10, 0),
      rankValue: [1],
      rankHand: [f32(0.2)],
      rankHandAfter: [f32(0.3)],
      rankBidRow: [0],
      rankCenter: [0],
      rankKnown: [0],
      rankOthersBids: [0],
      rankOthersKnown: [0],
      rankUnseen: [f32(0.8)],
      rankSafe: [0],
      rankBeaten: [0],
      rankWin: [f32(10 / 50)],
      rankLose: [0],
      giveValue: [f32(0.1)],
      giveHand: [1],
      giveHandAfter: [0],
      giveBidRow: [0],
      giveCenter: [0],
      giveKnown: [0],
      giveOthersBids: [0],
      giveOthersKnown: [0],
      giveUnseen: [0],
      // Nobody else can hold a 1: the only one is the caller's.
      giveSafe: [1],
      giveBeaten: [0],
      giveWin: [0],
      giveLose: [0],
      endsRound: [0],
    });
    const one = featuresOf(s, 0, callId(1));
    expect(one).toMatchObject({ rank: hot(10, 0), rankHand: [1], rankHandAfter: [1], rankSafe: [1], rankWin: [f32(1 / 50)], ...noSide('give') });
    // Seat 0 bid a 7 and holds none: calling 7 gives it one, but seat 3 is known to hold two, so the bid loses 7.
    s.known[3 * 11 + 7] = 2;
    const seven = featuresOf(s, 0, callId(7));
    expect(seven.rankHandAfter).toEqual([f32(1 / 7)]);
    expect(seven.rankBeaten).toEqual([1]);
    expect(seven.rankBidRow).toEqual([f32(1 / 7)]);
    expect(seven.rankLose).toEqual([f32(-7 / 50)]);
  });

  it('tell every two legal actions of a decision apart, every entry in [-1, 1] (random games at 3, 4 and 6 players, without the wild 1, with large hands and double penalties)', () => {
    let decisions = 0;
    const variants: Record<string, VariantValue>[] = [
      { players: 3 },
      { players: 4 },
      { players: 6 },
      { players: 4, wildOne: false, killAfterFirstLap: false },
      { players: 3, handSize: 12, centerPerPlayer: 4, bidPenalty: 'double' },
    ];
    for (const given of variants) {
      const v = resolveGameVariant(game, given);
      const legal = new Int32Array(game.numDistinctActions(v));
      const o = game.newObservation(v);
      const into = new Float32Array(game.actionFeatures!.size(v));
      for (let g = 0; g < 4; g++) {
        const s = game.newState(v);
        game.deal(s, createRng(`nv-features-${JSON.stringify(given)}-${g}`));
        const bot = createRng(`nv-features-${JSON.stringify(given)}-${g}/bot`);
        while (!game.isTerminal(s)) {
          const n = game.legalActions(s, legal);
          game.observe(s, game.currentSeat(s), o);
          const seen = new Map<string, number>();
          for (let i = 0; i < n; i++) {
            game.actionFeatures!.write(o, v, legal[i]!, into, 0);
            const out = into.findIndex((x) => !(x >= -1 && x <= 1));
            if (out >= 0) throw new Error(`${JSON.stringify(given)}: action ${legal[i]}'s entry ${out} is ${into[out]}`);
            const key = into.join(',');
            const before = seen.get(key);
            if (before !== undefined) throw new Error(`${JSON.stringify(given)}: actions ${before} and ${legal[i]} have equal features`);
            seen.set(key, legal[i]!);
          }
          decisions++;
          game.apply(s, legal[bot.int(n)]!);
        }
      }
    }
    expect(decisions).toBeGreaterThan(1000);
  });

  it('are seat-relative: the table rotated by k seats gives the same features to the seat k to the left, for every legal action', () => {
    const rotate = <T>(xs: readonly T[], k: number): T[] => xs.map((_, q) => xs[(q - k + xs.length) % xs.length]!);
    const base = table();
    // Seat 3 is known to hold two 9s, seat 1 two 8s (as if taken by swaps).
    base.known[3 * 11 + 9] = 2;
    base.known[1 * 11 + 8] = 2;
    const actions = legalOf(base);
    const a = game.observe(base, 1, game.newObservation(base.variant));
    for (let k = 1; k < 4; k++) {
      const s = table({}, { ...TABLE, hands: rotate(TABLE.hands, k), bids: rotate(TABLE.bids!, k) });
      s.known[((3 + k) % 4) * 11 + 9] = 2;
      s.known[((1 + k) % 4) * 11 + 8] = 2;
      s.turn = (1 + k) % 4;
      expect(legalOf(s)).toEqual(actions);
      const b = game.observe(s, s.turn, game.newObservation(s.variant));
      for (const action of actions) expect(featureRow(b, s.variant, action)).toEqual(featureRow(a, base.variant, action));
    }
  });
});
