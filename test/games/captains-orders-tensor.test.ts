/**
 * Captain's Orders' observation tensor and action features
 * (`src/games/captains-orders/tensor.ts`, `features.ts`, the README's
 * "Observation tensor"): what the generic suite (`contract/tensor-checks.ts`) cannot
 * see. The same position seen by two seats gives each its own entries first
 * and every absolute seat at its offset; hand-built positions give the
 * expected entries at named fields. The action features tell every two legal
 * actions of a decision apart, name seats by their offsets from the decider,
 * and are the same for the same action toward the same offset from another
 * seat (a rotated observation).
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import {
  A_DECLARE_NO,
  A_DECLARE_YES,
  A_FOLLOW,
  A_GIVE,
  A_PASS,
  askId,
  belayId,
  discardId,
  discoverId,
  followId,
  giveId,
  MAX_SEATS,
  orderId,
  passId,
} from '../../src/games/captains-orders/actions.js';
import { captainsOrders as game } from '../../src/games/captains-orders/index.js';
import type { CaptainsOrdersObservation } from '../../src/games/captains-orders/observation.js';
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

/** The features of `action` at seat `seat`'s view of `s`, as a map from field name to its entries. */
function featuresOf(s: CaptainsOrdersState, seat: number, action: number): Record<string, number[]> {
  const f = game.actionFeatures!;
  const into = new Float32Array(f.size(s.variant));
  f.write(game.observe(s, seat, game.newObservation(s.variant)), s.variant, action, into, 0);
  return Object.fromEntries(f.layout(s.variant).map((x) => [x.name, Array.from(into.subarray(x.offset, x.offset + x.length))]));
}

/** The features of `action` at observation `o`, as one array. */
function featureRow(o: CaptainsOrdersObservation, s: CaptainsOrdersState, action: number): number[] {
  const f = game.actionFeatures!;
  const into = new Float32Array(f.size(s.variant));
  f.write(o, s.variant, action, into, 0);
  return Array.from(into);
}

/** Seat q shifted k seats to the left (-1, "none", stays -1). */
const shift = (q: number, k: number, P: number): number => (q < 0 ? -1 : (q + k) % P);

/**
 * The observation `o` with every seat shifted k seats to the left (seat q's
 * entries become seat q + k's, absolute seats likewise): the same table seen
 * from the seat k to the left of `o`'s observer.
 */
function rotated(o: CaptainsOrdersObservation, k: number, into: CaptainsOrdersObservation): CaptainsOrdersObservation {
  const P = o.players;
  into.seat = shift(o.seat, k, P);
  into.hand.set(o.hand);
  into.discardUp.set(o.discardUp);
  into.ownDown.set(o.ownDown);
  for (let q = 0; q < P; q++) {
    const to = shift(q, k, P);
    into.handCount[to] = o.handCount[q]!;
    into.downCount[to] = o.downCount[q]!;
    into.roundWins[to] = o.roundWins[q]!;
    into.known.set(o.known.subarray(q * 11, q * 11 + 11), to * 11);
  }
  into.orderRank = o.orderRank;
  into.orderOwner = shift(o.orderOwner, k, P);
  into.dealer = shift(o.dealer, k, P);
  into.round = o.round;
  into.turn = shift(o.turn, k, P);
  into.phase = o.phase;
  into.pending = shift(o.pending, k, P);
  into.runout = shift(o.runout, k, P);
  into.lastRank = o.lastRank;
  into.lastTo = shift(o.lastTo, k, P);
  into.lastKind = o.lastKind;
  return into;
}

/** Action `a` with the seat it names shifted k seats to the left (pass, ask, discover; others unchanged). */
function rotatedAction(a: number, k: number, P: number): number {
  if (a >= A_PASS && a < A_FOLLOW) {
    const base = a - ((a - A_PASS) % MAX_SEATS);
    return base + shift((a - A_PASS) % MAX_SEATS, k, P);
  }
  return a;
}

/** Plays random games of `players` seats, calling `check` at every decision with the state, the legal actions and their count. */
function eachDecision(players: number, games: number, check: (s: CaptainsOrdersState, legal: Int32Array, n: number) => void): void {
  const v = resolveGameVariant(game, { players });
  const legal = new Int32Array(game.numDistinctActions(v));
  for (let g = 0; g < games; g++) {
    const s = game.newState(v);
    game.deal(s, createRng(`co-features-${players}-${g}`));
    const bot = createRng(`co-features-${players}-${g}/bot`);
    while (!game.isTerminal(s)) {
      const n = game.legalActions(s, legal);
      check(s, legal, n);
      game.apply(s, legal[bot.int(n)]!);
    }
  }
}

describe('captains-orders action features', () => {
  it('are P + 23 entries: 28 at the default (5 players), 27 at 4, 31 at 8', () => {
    for (const [players, size] of [
      [5, 28],
      [4, 27],
      [8, 31],
    ] as const)
      expect(game.actionFeatures!.size(resolveGameVariant(game, { players }))).toBe(size);
  });

  it('tell every two legal actions of a decision apart (random games at 4, 5 and 8 players)', () => {
    let decisions = 0;
    for (const players of [4, 5, 8])
      eachDecision(players, 15, (s, legal, n) => {
        const o = game.observe(s, game.currentSeat(s), game.newObservation(s.variant));
        const seen = new Map<string, number>();
        for (let i = 0; i < n; i++) {
          const key = featureRow(o, s, legal[i]!).join(',');
          const before = seen.get(key);
          if (before !== undefined) throw new Error(`${players} players: actions ${before} and ${legal[i]} have equal features`);
          seen.set(key, legal[i]!);
        }
        decisions++;
      });
    expect(decisions).toBeGreaterThan(2000);
  });

  it('are seat-relative: the same action toward the same offset gives the same features from every seat (a rotated observation), and the same tensor', () => {
    const t = game.tensor!;
    let compared = 0;
    for (const players of [4, 5, 8])
      eachDecision(players, 3, (s, legal, n) => {
        const o = game.observe(s, game.currentSeat(s), game.newObservation(s.variant));
        const a = new Float32Array(t.size(s.variant));
        const b = new Float32Array(t.size(s.variant));
        t.write(o, s.variant, a);
        for (let k = 1; k < players; k++) {
          const r = rotated(o, k, game.newObservation(s.variant));
          if (r.seat === o.seat) throw new Error('the rotation kept the seat');
          t.write(r, s.variant, b);
          if (a.join() !== b.join()) throw new Error(`${players} players: seat ${o.seat}'s tensor and the one rotated ${k} seats differ`);
          for (let i = 0; i < n; i++) {
            const x = featureRow(o, s, legal[i]!).join();
            const y = featureRow(r, s, rotatedAction(legal[i]!, k, players)).join();
            if (x !== y) throw new Error(`${players} players: action ${legal[i]} from seat ${o.seat} and rotated ${k} seats differ`);
            compared++;
          }
        }
      });
    expect(compared).toBeGreaterThan(10_000);
  });

  it('"A round", 3: pass, ask and discover name their seat by its offset from the decider; order names none', () => {
    const s = position();
    s.orderRank = 0;
    s.orderOwner = -1;
    // Seat 0 decides: seat 2 is 2 to its left. From seat 3 (hand [10, 8, 7, 6, 5, 2]), seat 0 is 2 to its left.
    const pass = featuresOf(s, 0, passId(5, 2));
    expect(pass.kind).toEqual(hot(10, 1));
    expect(pass.target).toEqual(hot(P, 2));
    expect(pass.rank).toEqual(hot(10, 4));
    expect(pass.rankValue).toEqual([0.5]);
    s.turn = 3;
    expect(featuresOf(s, 3, passId(5, 0))).toEqual({ ...pass, lowest: [0] });
    s.turn = 0;
    const ask = featuresOf(s, 0, askId(4));
    expect(ask.kind).toEqual(hot(10, 2));
    expect(ask.target).toEqual(hot(P, 4));
    expect(ask.rank).toEqual(new Array(10).fill(0));
    expect(ask.rankValue).toEqual([0]);
    expect(ask.lowest).toEqual([0]);
    expect(featuresOf(s, 0, discoverId(1)).target).toEqual(hot(P, 1));
    expect(featuresOf(s, 0, discoverId(1)).kind).toEqual(hot(10, 3));
    const order = featuresOf(s, 0, orderId(2));
    expect(order.kind).toEqual(hot(10, 0));
    expect(order.target).toEqual(new Array(P).fill(0));
    expect(order.rank).toEqual(hot(10, 1));
    // "Words": the 2 is seat 0's lowest card (the Captain's); the 3 is not.
    expect(order.lowest).toEqual([1]);
    expect(featuresOf(s, 0, orderId(3)).lowest).toEqual([0]);
    expect(order.lastCard).toEqual([0]);
  });

  it('"A round", 4: a follow names the Order\'s owner, a belay none', () => {
    const s = position();
    // Seat 1's Order of rank 4 stands; seat 3 decides: seat 1 is 3 to its left.
    s.turn = 3;
    const follow = featuresOf(s, 3, followId(5));
    expect(follow.kind).toEqual(hot(10, 4));
    expect(follow.target).toEqual(hot(P, 3));
    expect(follow.rank).toEqual(hot(10, 4));
    const belay = featuresOf(s, 3, belayId(2));
    expect(belay.kind).toEqual(hot(10, 5));
    expect(belay.target).toEqual(new Array(P).fill(0));
    expect(belay.lowest).toEqual([1]);
    expect(featuresOf(s, 3, A_FOLLOW + 9).rank).toEqual(hot(10, 9));
  });

  it('a give names the asker; a discard none; an action that gives up the last card ends the round ("A round", 6)', () => {
    const s = position();
    s.orderRank = 0;
    s.orderOwner = -1;
    // Seat 0 asked seat 3, who gives: seat 0 is 2 to its left.
    s.phase = Phase.Give;
    s.pending = 3;
    const give = featuresOf(s, 3, giveId(7));
    expect(give.kind).toEqual(hot(10, 7));
    expect(give.target).toEqual(hot(P, 2));
    expect(give.lastCard).toEqual([0]);
    expect(featuresOf(s, 3, A_GIVE + 1).rank).toEqual(hot(10, 1));
    s.phase = Phase.Discard;
    s.pending = 0;
    const discard = featuresOf(s, 0, discardId(10));
    expect(discard.kind).toEqual(hot(10, 6));
    expect(discard.target).toEqual(new Array(P).fill(0));
    // Seat 0 down to one card: ordering or passing it is a run-out.
    placeHands(s, [[7], [8, 8, 7, 6, 4], [9, 9, 7, 6, 5, 3], [10, 8, 7, 6, 5, 2], [10, 9, 8, 7, 6, 5, 4]]);
    s.phase = Phase.Turn;
    s.pending = -1;
    expect(featuresOf(s, 0, orderId(7)).lastCard).toEqual([1]);
    expect(featuresOf(s, 0, passId(7, 4)).lastCard).toEqual([1]);
    expect(featuresOf(s, 0, passId(7, 4)).lowest).toEqual([1]);
  });

  it('"Ending a round", run-out: the two declarations differ in kind alone and carry the run-out card\'s rank', () => {
    const s = position();
    s.orderRank = 0;
    s.orderOwner = -1;
    placeHands(s, [[10, 10, 9, 5, 3, 2], [8, 8, 7, 6, 4], [], [10, 8, 7, 6, 5, 2], [10, 9, 8, 7, 6, 5, 4]]);
    s.turn = 2;
    s.phase = Phase.Declare;
    s.runout = 2;
    s.lastRank = 3;
    s.lastTo = 3;
    s.lastKind = LastKind.Pass;
    const no = featuresOf(s, 2, A_DECLARE_NO);
    const yes = featuresOf(s, 2, A_DECLARE_YES);
    expect(no.kind).toEqual(hot(10, 8));
    expect(yes.kind).toEqual(hot(10, 9));
    for (const f of [no, yes]) {
      expect(f.rank).toEqual(hot(10, 2));
      expect(f.rankValue).toEqual([Math.fround(0.3)]);
      expect(f.target).toEqual(new Array(P).fill(0));
      expect(f.lowest).toEqual([0]);
      expect(f.lastCard).toEqual([0]);
    }
  });

  it('throw RangeError on an id outside the layout or naming a seat the variant lacks', () => {
    const s = position();
    const o = game.observe(s, 0, game.newObservation(s.variant));
    const into = new Float32Array(game.actionFeatures!.size(s.variant));
    for (const a of [-1, 148, 1.5, passId(3, 6), askId(7), discoverId(5)])
      expect(() => game.actionFeatures!.write(o, s.variant, a, into, 0), `action ${a}`).toThrow(RangeError);
  });
});
